import { ArrowUp } from 'lucide-react';
import { SCROLL_TOP_THRESHOLD_PX } from '../../lib/public-site-constants';
import { prefersReducedMotion } from '../../lib/use-reduced-motion';
import { useScrolledPast } from '../../lib/use-scrolled-past';

/**
 * Appears after 300 px of scroll (spec section 9) and takes the visitor back to the top. It lives in the sticky
 * navigation, in a slot kept free for it, so it never covers the page (a floating button hid report rows and the
 * footer's copyright on a phone) and nothing moves when it appears.
 */
export function ScrollToTopButton() {
  const visible = useScrolledPast(SCROLL_TOP_THRESHOLD_PX);
  return (
    <span className="inline-flex size-11 shrink-0">
      {visible && (
        <button
          type="button"
          aria-label="Scroll to top"
          title="Back to top"
          onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
          className="inline-flex size-11 items-center justify-center rounded-full bg-brand-700 text-white shadow-sm hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
        >
          <ArrowUp aria-hidden="true" className="size-5" />
        </button>
      )}
    </span>
  );
}

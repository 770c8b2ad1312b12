import { ArrowUp } from 'lucide-react';
import { SCROLL_TOP_THRESHOLD_PX } from '../../lib/public-site-constants';
import { prefersReducedMotion } from '../../lib/use-reduced-motion';
import { useScrolledPast } from '../../lib/use-scrolled-past';

/** Appears after 300 px of scroll (spec section 9) and takes the visitor back to the top. */
export function ScrollToTopButton() {
  const visible = useScrolledPast(SCROLL_TOP_THRESHOLD_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
      className="fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-2 ring-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 sm:right-6 sm:bottom-6"
    >
      <ArrowUp aria-hidden="true" className="size-6" />
    </button>
  );
}

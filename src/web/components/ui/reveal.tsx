import { useEffect, useRef, useState, type ReactNode } from 'react';
import { REVEAL_DEFAULT_DELAY_MS, REVEAL_VISIBILITY_THRESHOLD } from '../../lib/public-site-constants';
import { prefersReducedMotion } from '../../lib/use-reduced-motion';

/**
 * Fades and lifts its content in once 10 % of it is on screen (spec section 9), after `delayMs`.
 * Without IntersectionObserver, or with reduced motion, the content is simply shown.
 */
export function Reveal({ children, delayMs = REVEAL_DEFAULT_DELAY_MS, className = '' }: { children: ReactNode; delayMs?: number; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined' || prefersReducedMotion());
  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_VISIBILITY_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  return (
    <div
      ref={ref}
      data-revealed={shown}
      style={{ transitionDelay: shown ? `${delayMs}ms` : undefined }}
      className={`transition duration-500 ease-out motion-reduce:transition-none ${shown ? 'translate-y-0 opacity-100' : 'translate-y-4 opacity-0'} ${className}`}
    >
      {children}
    </div>
  );
}

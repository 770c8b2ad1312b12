/** True when the visitor asked the system for less motion: no auto-advance, no reveal animation, no smooth scroll. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

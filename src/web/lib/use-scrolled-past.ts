import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
};

/** True once the window has scrolled more than `thresholdPx` (the nav shadow and the scroll-to-top button). */
export function useScrolledPast(thresholdPx: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > thresholdPx,
    () => false,
  );
}

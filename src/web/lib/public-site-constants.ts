/** Business constants of the public site (spec section 9). */

/** The home hero shows 3 slides and moves to the next one every 5 seconds. */
export const HERO_SLIDE_COUNT = 3;
export const HERO_INTERVAL_MS = 5000;

/** The navigation gains a shadow after 10 px of scroll; the scroll-to-top button appears after 300 px. */
export const NAV_SHADOW_THRESHOLD_PX = 10;
export const SCROLL_TOP_THRESHOLD_PX = 300;

/** How It Works reveal: 100 ms between steps, no delay by default, shown once 10 % is visible. */
export const REVEAL_STAGGER_MS = 100;
export const REVEAL_DEFAULT_DELAY_MS = 0;
export const REVEAL_VISIBILITY_THRESHOLD = 0.1;

/** Copyright and founding year. */
export const FOUNDED_YEAR = 2025;

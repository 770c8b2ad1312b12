import { prefersReducedMotion } from './use-reduced-motion';

/** The id of the home page's compact search form, the target of Get Started on /. */
export const SEARCH_FORM_ID = 'search-form';

/** Scrolls the home page's search form into view and focuses its field; false when the page has none. */
export function scrollToSearchForm(): boolean {
  const form = document.getElementById(SEARCH_FORM_ID);
  if (!form) return false;
  form.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'center' });
  form.querySelector('input')?.focus({ preventScroll: true });
  return true;
}

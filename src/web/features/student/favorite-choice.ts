import type { SchoolSuggestion } from '@shared/schemas/equivalencies';

/** A favorite as a school picker's first choice (favorites are kept by name, not by school). */
export const favoriteChoice = (name: string, index: number): SchoolSuggestion => ({
  id: -1 - index,
  key: '',
  name,
  state: null,
  city: null,
  exact: false,
  alsoKnownAs: null,
  hasData: false,
});

/**
 * The schools a picker offers before anything is typed (spec section 9): the search's school options and the
 * transcript destinations, in the spec's order, by key. Any other school is one keystroke away (suggestSchools);
 * these are only the first choices shown, not a limit.
 */
export const FIRST_CHOICES = {
  /** "About 14 current or destination school options." */
  search: ['miami', 'miami-ohio', 'florida', 'fsu', 'ucf', 'fiu', 'usf', 'delaware', 'penn-state', 'ohio-state', 'valencia', 'mdc', 'uw-madison', 'william-mary'],
  /** "Transcript destinations: miami, miami-ohio, florida, fsu, ucf, fiu, delaware, penn-state, ohio-state." */
  destination: ['miami', 'miami-ohio', 'florida', 'fsu', 'ucf', 'fiu', 'delaware', 'penn-state', 'ohio-state'],
} as const satisfies Record<string, readonly string[]>;

export type FirstChoiceList = keyof typeof FIRST_CHOICES;

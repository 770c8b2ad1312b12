/**
 * Academic terms, computed from the date: the one owner of which terms a search offers (Manual Entry's Term list, the
 * server's check of a `term` filter), what "summer" means today (Smart Search's term chip) and which term is running
 * (the equivalency engine's current term). Values have the shape of spec section 9's four constants ('summer-2024',
 * 'fall-2024', 'winter-2025', 'spring-2025'): `season-year`, lower case. Those four were examples of that shape written
 * in 2024, not a list to keep (docs/decisions/170-terms-from-the-date.md).
 *
 * Dates are read in UTC, as the engine always has. Shared by the browser and the server: no Node, DOM or database imports.
 */

export const SEASONS = ['winter', 'spring', 'summer', 'fall'] as const;
export type Season = (typeof SEASONS)[number];

/** 'summer-2027': a season and a four-digit year. */
export type TermValue = `${Season}-${number}`;

export interface TermOption {
  readonly value: TermValue;
  /** 'Summer 2027' */
  readonly label: string;
}

const TERM_VALUE = /^(winter|spring|summer|fall)-(\d{4})$/;

/**
 * The last month (0 = January) of each season: a winter intersession is January, spring runs to May, summer June and
 * July, fall August to December. A term is over once its last month is.
 */
const LAST_MONTH: Record<Season, number> = { winter: 0, spring: 4, summer: 6, fall: 11 };

/** An academic year starts in August with its fall term: Fall Y, Winter Y+1, Spring Y+1, Summer Y+1. */
const ACADEMIC_YEAR_STARTS_IN_MONTH = 7;
const ACADEMIC_YEAR: ReadonlyArray<{ season: Season; yearOffset: number }> = [
  { season: 'fall', yearOffset: 0 },
  { season: 'winter', yearOffset: 1 },
  { season: 'spring', yearOffset: 1 },
  { season: 'summer', yearOffset: 1 },
];

export const termValue = (season: Season, year: number): TermValue => `${season}-${year}`;

/** A well-formed term value ('fall-2026'), or null. */
export function parseTermValue(value: string | null | undefined): { season: Season; year: number } | null {
  const match = TERM_VALUE.exec(value ?? '');
  return match ? { season: match[1] as Season, year: Number(match[2]) } : null;
}

export const isTermValue = (value: unknown): value is TermValue => typeof value === 'string' && TERM_VALUE.test(value);

/** 'summer-2027' → 'Summer 2027'; any well-formed term, offered or not (a saved search may name an old one). */
export function termLabel(value: string): string {
  const term = parseTermValue(value);
  if (!term) return value;
  return `${term.season.charAt(0).toUpperCase()}${term.season.slice(1)} ${term.year}`;
}

/** Whether a term has ended by `today`. */
function isOver(term: { season: Season; year: number }, today: Date): boolean {
  const year = today.getUTCFullYear();
  return term.year < year || (term.year === year && LAST_MONTH[term.season] < today.getUTCMonth());
}

/**
 * The terms a search offers on `today`: the current academic year's and the next one's, in order, without the terms
 * already over (in June the current year's fall, winter and spring are; its summer is running). Always 5 to 8 terms.
 */
export function termOptions(today: Date = new Date()): TermOption[] {
  const month = today.getUTCMonth();
  const currentYearStart = today.getUTCFullYear() - (month < ACADEMIC_YEAR_STARTS_IN_MONTH ? 1 : 0);
  return [currentYearStart, currentYearStart + 1]
    .flatMap((start) => ACADEMIC_YEAR.map(({ season, yearOffset }) => ({ season, year: start + yearOffset })))
    .filter((term) => !isOver(term, today))
    .map((term) => {
      const value = termValue(term.season, term.year);
      return { value, label: termLabel(value) };
    });
}

/**
 * The term a season names on `today` ("summer" in November 2026 → 'summer-2027'): the first offered term of that season,
 * which is the first not yet over (every season is among the offered terms on any date).
 */
export function termForSeason(season: Season, today: Date = new Date()): TermValue {
  const offered = termOptions(today).find((term) => parseTermValue(term.value)?.season === season);
  return offered?.value ?? termValue(season, today.getUTCFullYear() + 1);
}

/** A season of a given year when that term is offered on `today` ("fall 2027" in November 2026); null otherwise ("fall 2031"). */
export function offeredTerm(season: Season, year: number, today: Date = new Date()): TermValue | null {
  const value = termValue(season, year);
  return termOptions(today).some((term) => term.value === value) ? value : null;
}

/**
 * The term running on `today` as the engine counts it: January–May is spring (a winter intersession is too short to
 * plan a transfer around), June–July summer, August–December fall.
 */
export function termInProgress(today: Date = new Date()): { season: Exclude<Season, 'winter'>; year: number } {
  const month = today.getUTCMonth();
  const season = month <= LAST_MONTH.spring ? 'spring' : month <= LAST_MONTH.summer ? 'summer' : 'fall';
  return { season, year: today.getUTCFullYear() };
}

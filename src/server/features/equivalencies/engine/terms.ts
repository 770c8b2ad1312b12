// Terms are written many ways by registrars and by our own filters ('Fall 2020',
// 'fall-2024', 'FA20', '2019FA', 'Spring Quarter 2023', 'Autumn 2021'). Rules carry
// effective ranges, so every spelling must land on one comparable number.
// Within a calendar year the order is Winter < Spring < Summer < Fall: a "Winter 2025"
// term runs in January 2025, before Spring 2025.

import { termInProgress, type Season } from '../../../../shared/terms';

export type { Season };

const SEASON_ORDER: Record<Season, number> = { winter: 0, spring: 1, summer: 2, fall: 3 };

const SEASON_WORDS: Record<string, Season> = {
  WINTER: 'winter', WI: 'winter', WIN: 'winter', WT: 'winter', W: 'winter', J: 'winter', JTERM: 'winter', JANTERM: 'winter', INTERSESSION: 'winter',
  SPRING: 'spring', SP: 'spring', SPR: 'spring', S: 'spring',
  SUMMER: 'summer', SU: 'summer', SUM: 'summer', SS: 'summer', SM: 'summer', U: 'summer',
  FALL: 'fall', FA: 'fall', FL: 'fall', F: 'fall', AUTUMN: 'fall', AU: 'fall', AUT: 'fall',
};

// Words that add nothing to the ordering ("Spring Quarter 2023", "Summer I 2024").
const FILLER = /\b(QUARTER|QTR|SEMESTER|SEM|TERM|SESSION|I{1,3}|[123])\b/g;

export interface ParsedTerm {
  year: number;
  season: Season;
  /** year * 4 + season order: compare terms with < and >. */
  ordinal: number;
}

function fullYear(digits: string): number {
  const value = Number(digits);
  // Two-digit years: course records here start long after 1970 and rules may run a few years ahead.
  return digits.length === 2 ? (value >= 70 ? 1900 + value : 2000 + value) : value;
}

function build(year: number, season: Season): ParsedTerm {
  return { year, season, ordinal: year * 4 + SEASON_ORDER[season] };
}

/** Parses a term spelling; returns null when it cannot be read. */
export function parseTerm(raw: string | null | undefined): ParsedTerm | null {
  if (!raw) return null;
  const text = raw.toUpperCase().replace(/[-_/.,]+/g, ' ').trim();
  if (!text) return null;

  // Season and year written together: FA20, 2019FA, F2020, 20FA
  const compact = text.replace(/\s+/g, ' ');
  const seasonFirst = /^([A-Z]+)\s?(\d{2}|\d{4})$/.exec(compact);
  const yearFirst = /^(\d{4}|\d{2})\s?([A-Z]+)$/.exec(compact);
  for (const [seasonWord, yearDigits] of [
    seasonFirst ? [seasonFirst[1], seasonFirst[2]] : null,
    yearFirst ? [yearFirst[2], yearFirst[1]] : null,
  ].filter((pair): pair is [string, string] => pair !== null && pair[0] !== undefined && pair[1] !== undefined)) {
    const season = SEASON_WORDS[seasonWord];
    if (season) return build(fullYear(yearDigits), season);
  }

  // Longer spellings: "Spring Quarter 2023", "Summer I 2024", "2024 Fall Semester"
  const yearMatch = /\b(\d{4})\b/.exec(text);
  if (!yearMatch?.[1]) return null;
  const words = text.replace(yearMatch[1], ' ').replace(FILLER, ' ').split(/\s+/).filter(Boolean);
  if (words.length !== 1) return null;
  const season = SEASON_WORDS[words[0] ?? ''];
  return season ? build(Number(yearMatch[1]), season) : null;
}

export function formatTerm(term: ParsedTerm): string {
  return `${term.season[0]?.toUpperCase()}${term.season.slice(1)} ${term.year}`;
}

export type TermRangeCheck = 'in-range' | 'before' | 'after' | 'unknown';

/**
 * Where a course's term falls against a rule's effective range. A missing or unreadable
 * course term is 'unknown' and the rule applies; an unreadable bound is treated as open
 * (imports reject unreadable bounds, so this only protects against hand-edited data).
 */
export function checkTermRange(courseTerm: string | null | undefined, from: string | null | undefined, to: string | null | undefined): TermRangeCheck {
  const term = parseTerm(courseTerm);
  if (!term) return 'unknown';
  const start = parseTerm(from);
  const end = parseTerm(to);
  if (start && term.ordinal < start.ordinal) return 'before';
  if (end && term.ordinal > end.ordinal) return 'after';
  return 'in-range';
}

/** "from Fall 2020 to Spring 2023", "from Fall 2020 on", "until Spring 2023". */
export function describeTermRange(from: string | null | undefined, to: string | null | undefined): string {
  const start = parseTerm(from);
  const end = parseTerm(to);
  const startText = start ? formatTerm(start) : from ?? null;
  const endText = end ? formatTerm(end) : to ?? null;
  if (startText && endText) return `from ${startText} to ${endText}`;
  if (startText) return `from ${startText} on`;
  if (endText) return `until ${endText}`;
  return 'at any time';
}

/**
 * "The current term": a student searching today would take a course in the term that is running or about to start
 * (the calendar is src/shared/terms.ts's, termInProgress: January–May Spring, June–July Summer, August–December Fall,
 * by the UTC date). Search cards and the course page judge a rule's effective terms against this term; the transcript
 * report judges them against the term each course was taken in.
 */
export function currentTerm(now: Date = new Date()): ParsedTerm {
  const running = termInProgress(now);
  return build(running.year, running.season);
}

/** The term before this one, as a rule's last term is written: Winter intersessions are skipped (Spring → last Fall). */
export function termBefore(term: ParsedTerm): ParsedTerm {
  if (term.season === 'fall') return build(term.year, 'summer');
  if (term.season === 'summer') return build(term.year, 'spring');
  return build(term.year - 1, 'fall');
}

/**
 * Null when a rule with these effective terms applies to a course taken in `term` (open and unreadable bounds apply);
 * otherwise what a student should be told: "Only for courses taken from Fall 2001 to Spring 2003, not in Fall 2026."
 */
export function ruleTermNote(from: string | null | undefined, to: string | null | undefined, term: ParsedTerm): string | null {
  const check = checkTermRange(formatTerm(term), from, to);
  if (check !== 'before' && check !== 'after') return null;
  return `Only for courses taken ${describeTermRange(from, to)}, not in ${formatTerm(term)}.`;
}

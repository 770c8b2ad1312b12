// One side of a row of a published equivalency table, as schools write it: one course ("HIST 135"), several that
// count together ("ANTHRO 20 + HIST 38", "BIO 101 & BIO 101L"), or words that say nothing transfers ("No Comparable
// Course", "NE", "DNT", "NDC", "No credit"). A code that is none of these is refused rather than guessed: read as one
// code, "ANTHRO 20 + HIST 38" was subject "ANTHRO 20 + HIST", and "HIST 135 C" number "C".

import { splitCourseCode, type SplitCourseCode } from '../../catalogue';

export type NoTransferCode = 'DNT' | 'NDC';

export type PublishedSide =
  | { kind: 'courses'; courses: SplitCourseCode[] }
  /** `code` is what is stored (DNT: does not transfer; NDC: no degree credit); `wording` the file's words. */
  | { kind: 'no-transfer'; code: NoTransferCode; wording: string }
  | { kind: 'invalid'; message: string };

const squeeze = (text: string) => text.toUpperCase().replace(/[^A-Z]/g, '');

const DOES_NOT_TRANSFER = new Set([
  'DNT', 'NE', 'NCC', 'NOCOMPARABLECOURSE', 'NOCOMPARABLE', 'NOCOURSEEQUIVALENT', 'NOEQUIVALENT', 'NOEQUIVALENCY', 'NOEQUIVALENTCOURSE',
  'DOESNOTTRANSFER', 'NOTTRANSFERABLE', 'NONTRANSFERABLE', 'NOTRANSFER', 'NOTACCEPTED',
]);
const NO_DEGREE_CREDIT = new Set(['NDC', 'NOCREDIT', 'NODEGREECREDIT', 'NOTRANSFERCREDIT']);
/** "HIST NE": a subject with "no equivalent" in place of its number. */
const SUBJECT_NOT_EQUIVALENT = /^[A-Z][A-Z&/. -]*\s+NE$/i;

/** Courses joined on one side: "A + B", "A+B", "A & B", "A and B" (a bare "&" inside a subject, "A&S 100", is not a join). */
const JOIN = /\s*\+\s*|\s+&\s+|\s+and\s+/i;

const SUBJECT = /^[A-Z][A-Z&/.' -]*$/;
const NUMBER = /^\d[0-9A-Z.]*$/;
/**
 * A word in place of a number: elective or activity credit ("ENGL EL", "KINS ACT", "GEN CONF", "MATH XXX"). A single
 * letter is not one: "HIST 135 C" is a number with a section letter, not subject "HIST 135".
 */
const WORD_NUMBER = /^[A-Z]{2,8}$/;
/** Wisconsin's elective marker, which follows any department name, digits and all ("Human-2nd EL"). */
const ELECTIVE_MARKER = 'EL';

/** Whether a code is words that mean nothing transfers, and which of the two stored codes they mean. */
export function noTransferCodeOf(raw: string): NoTransferCode | null {
  const squeezed = squeeze(raw);
  if (DOES_NOT_TRANSFER.has(squeezed) || SUBJECT_NOT_EQUIVALENT.test(raw.trim())) return 'DNT';
  if (NO_DEGREE_CREDIT.has(squeezed)) return 'NDC';
  return null;
}

/**
 * A subject of letters then a number starting with a digit ("HIST 135", "BIO 101L"), or a word in its place ("ENGL EL");
 * Wisconsin's "(809) 122" too. Null for anything else: digits in the subject mean the code was not one course.
 */
export function readableCourseCode(raw: string): SplitCourseCode | null {
  const split = splitCourseCode(raw);
  if (!split || !/^[A-Z]/.test(split.subject)) return null;
  if (split.statewideProgram) return split;
  if (split.number === ELECTIVE_MARKER) return split;
  if (!SUBJECT.test(split.subject)) return null;
  return NUMBER.test(split.number) || WORD_NUMBER.test(split.number) ? split : null;
}

const notACode = (what: string): PublishedSide => ({
  kind: 'invalid',
  message: `${what} is not a course code: write a subject and a number such as "HIST 135", and join courses that count together with + or &`,
});

/** Reads one side of a row (see the top of this file). */
export function readPublishedSide(raw: string): PublishedSide {
  const text = raw.trim();
  const noTransfer = noTransferCodeOf(text);
  if (noTransfer) return { kind: 'no-transfer', code: noTransfer, wording: text };
  const parts = text.split(JOIN).map((part) => part.trim());
  if (parts.length === 1) {
    const course = readableCourseCode(text);
    return course ? { kind: 'courses', courses: [course] } : notACode(`"${text}"`);
  }
  const courses: SplitCourseCode[] = [];
  for (const part of parts) {
    // "CHEM 101 & 102": a bare number after a course shares its subject (Louisiana's matrix writes 317 pairs so).
    const previous = courses.at(-1);
    const sharesSubject = previous && !previous.statewideProgram && /^\d/.test(part) && NUMBER.test(part.toUpperCase());
    const course = sharesSubject ? readableCourseCode(`${previous.subject} ${part}`) : part ? readableCourseCode(part) : null;
    if (!course) {
      // "Hum & Arts EL" (Wisconsin) is one subject with an ampersand, not two courses.
      const whole = readableCourseCode(text);
      return whole ? { kind: 'courses', courses: [whole] } : notACode(`"${part}" in "${text}"`);
    }
    courses.push(course);
  }
  return { kind: 'courses', courses };
}

/** A title per course of a joined side, when the title is joined the same way; otherwise the whole title on the first. */
export function titlesFor(title: string, count: number): Array<string | null> {
  if (count === 1) return [title || null];
  const parts = title.split(JOIN).map((part) => part.trim());
  if (parts.length === count && parts.every(Boolean)) return parts;
  return [title || null, ...Array<null>(count - 1).fill(null)];
}

export type CreditUnit = 'quarter' | 'semester';

const UNIT_WORDS: Record<string, CreditUnit> = {
  Q: 'quarter', QTR: 'quarter', QUARTER: 'quarter', QUARTERUNITS: 'quarter', QUARTERUNIT: 'quarter', QUARTERHOURS: 'quarter', QUARTERCREDITS: 'quarter', QU: 'quarter', QH: 'quarter', QTRHRS: 'quarter', QTRUNITS: 'quarter',
  S: 'semester', SEM: 'semester', SEMESTER: 'semester', SEMESTERUNITS: 'semester', SEMESTERUNIT: 'semester', SEMESTERHOURS: 'semester', SEMESTERCREDITS: 'semester', SU: 'semester', SH: 'semester', SEMHRS: 'semester', SEMUNITS: 'semester', SEMESTERCREDITHOURS: 'semester', QUARTERCREDITHOURS: 'quarter',
};
/** Words after a number that name no system: "3 credits", "4 units". */
const PLAIN_UNIT_WORDS = new Set(['UNITS', 'UNIT', 'CREDITS', 'CREDIT', 'CR', 'CRS', 'HOURS', 'HRS', 'HR', 'CREDITHOURS', 'CH']);

/** "quarter", "Qtr", "semester hours" -> the system; undefined when the words name none. */
export function readCreditUnit(raw: string): CreditUnit | undefined {
  return UNIT_WORDS[squeeze(raw)];
}

/**
 * A credits value that may carry its system: "4 quarter units" -> { amount: "4", unit: "quarter" }; "3 credits" -> no
 * unit; "3 bananas" -> `invalidWords`.
 */
export function splitCreditsText(raw: string): { amount: string; unit: CreditUnit | null; invalidWords?: string } {
  const match = /^([\d.]+(?:\s*(?:-|–|to)\s*[\d.]+)?)\s*([A-Za-z][A-Za-z .]*)$/.exec(raw.trim());
  if (!match) return { amount: raw, unit: null };
  const words = match[2]!.trim();
  const unit = readCreditUnit(words);
  if (unit) return { amount: match[1]!, unit };
  if (PLAIN_UNIT_WORDS.has(squeeze(words))) return { amount: match[1]!, unit: null };
  return { amount: raw, unit: null, invalidWords: words };
}

/** "9/1/1999", "1999-09-01" or "1999-09-01T00:00:00" as a calendar date ("1999-09-01"); null for anything else. */
export function calendarDateOf(raw: string): string | null {
  const text = raw.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  const [year, month, day] = us ? [Number(us[3]), Number(us[1]), Number(us[2])] : iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : [NaN, NaN, NaN];
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate())) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "9/1/1999" or "1999-09-01" (TES's EQValidDateStart) as the term it falls in ("Fall 1999"); null for anything else. */
export function termOfDate(raw: string): string | null {
  const date = calendarDateOf(raw);
  if (!date) return null;
  const month = Number(date.slice(5, 7));
  const season = month <= 5 ? 'Spring' : month <= 7 ? 'Summer' : 'Fall';
  return `${season} ${date.slice(0, 4)}`;
}

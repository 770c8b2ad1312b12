/**
 * Recognises course codes in the many forms registrars print them: "ENC 1102", "ENC1102", "ECON-101", "E C E 252",
 * "ACT SCI 300", "M S & E 120", "MATH 1110.01", long PeopleSoft subjects ("AFROAMER 10"), a division glued to the
 * subject ("EN.601.226"), a school suffix on the subject ("MATH-UA 140"), and section or component suffixes that are
 * not part of the course number ("MAC-2311-01", "MATH-UA 140-001", "PHIL 504SEM"). Transfer electives keep their
 * placeholder number ("1XXX", "2xx", "1T02"). A number may carry up to five letters ("1010LGENS"): a tag fused to it is
 * split off document-wide (course-tags.ts), and a number left with more than three letters is not a course.
 */
export { findTerm, type TermMatch } from './terms';

/** Upper-case words that are never a subject, so "TERM 2", "PAGE 1" or "GPA 3" are not read as courses. */
const NOT_SUBJECT = new Set(
  (
    'TERM TERMS TOTAL TOTALS GPA CUM CUMULATIVE PAGE OF FALL SPRING SUMMER WINTER AUTUMN YEAR ID SSN DOB BOX SUITE STE APT ROOM ' +
    'UNITS UNIT HOURS HRS HR CREDITS CREDIT CR EARNED ATTEMPTED ATTEMPT POINTS PTS QPTS QP GRADE PASSED AND THE TO FROM AT IN ' +
    'OVERALL INSTITUTION TRANSFER COURSE COURSES TRANSCRIPT UNOFFICIAL OFFICIAL NAME DATE ZIP PO PHONE FAX TEL STUDENT LEVEL ' +
    'SEMESTER QUARTER SESSION PERIOD ACADEMIC RECORD TOTL CUML AHRS EHRS QHRS GHRS HOURS UG GR NO NUMBER SECTION SEC ' +
    'TEST PROGRAM DEGREE MAJOR MINOR PRINTED ISSUED END STANDING STATUS DEANS DEAN LIST HONORS GOOD CAMPUS SCORE AP IB CLEP ' +
    'QTR SEM CURRENT ATT ERN CMPL ROUTE HWY HIGHWAY STREET AVE BLDG FLOOR UNIT CODE ZONE GRADES REPEAT EXCLUDED INCLUDED ' +
    'CURRENT ADVANCED PLACEMENT EXAM EXAMINATION BIRTH AGE CLASS RANK VOL PART PHASE STEP WEEK DAY BEGINNING'
  ).split(/\s+/),
);

/** Component words printed after a course number that are not part of it ("504SEM", "101 LEC"). */
const COMPONENT = /^(LEC|LAB|SEM|DIS|REC|SEC|STU|IND|CLN|PRA|ACT|ONL|WEB|HYB|LBN|LBS)$/;

const SUBJECT_WORD = /^[A-Z&]{1,8}$/;
const SCHOOL_SUFFIX_SUBJECT = /^[A-Z]{2,6}-[A-Z]{1,3}$/;
/** "AS.110" printed in a Subject column apart from its number. */
const DIVISION_SUBJECT = /^[A-Z]{2}\.\d{3}$/;
/** A course number: digits with letters after them, a decimal number, or a transfer elective ("1XXX", "2xx", "1T02"). */
const NUMBER = /^(?:\d{1,5}[A-Z]{0,5}|\d{2,5}\.\d{1,3}[A-Z]?|\d{1,4}[Xx]{1,3}|\d[Tt]\d{1,2})$/;
/** "ENC1102", "ECON-101", "MAC-2311-01", "CHEM-121L-01", "ENG_101", "BSC1010LGENS". */
const JOINED = /^([A-Z&]{2,8})[-_]?(\d{1,5}[A-Z]{0,5}(?:\.\d{1,3})?|\d{1,4}[Xx]{1,3}|\d[Tt]\d{1,2})(?:-(\d{1,3}[A-Z]?|[A-Z]\d{0,2}))?$/;
/** "EN.601.226": a division, a department number, then the course number. */
const DIVISION = /^([A-Z]{2}\.\d{3})\.(\d{3}[A-Z]?)(?:\.(\d{1,2}))?$/;
const TERM_CODE = /^(FA|SP|SU|WI|SS|SM|AU|WN)\d{2,4}$/;
/** "FL 32802": a state and a ZIP code, unless more of a course row follows. */
const STATES = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(' '),
);

export interface CourseCodeMatch {
  subject: string;
  number: string;
  /** How many of the given words the code used. */
  consumed: number;
  /** A section or component printed with the code ("01", "001", "SEM"), when there was one. */
  section?: string;
}

const cleanWord = (w: string): string => w.replace(/[,;:]+$/, '').replace(/^[([_"“”‘’'«|]+|[)\]]$/g, '');

/** Splits a number's component suffix: "504SEM" → 504 + SEM; "1045C" stays. */
function splitNumber(raw: string): { number: string; section?: string } | null {
  const m = /^(\d{1,5})([A-Z]{3})$/.exec(raw);
  if (m && COMPONENT.test(m[2]!)) return { number: m[1]!, section: m[2]! };
  return NUMBER.test(raw) ? { number: raw.toUpperCase() } : null;
}

/** A section printed after the number as "-01" / "-001" in the same word. */
function splitDashSection(raw: string): { number: string; section?: string } | null {
  const m = /^(\d{1,5}[A-Z]{0,2})-(\d{1,3}|[A-Z]\d{0,2})$/.exec(raw);
  if (m) return { number: m[1]!, section: m[2]! };
  return splitNumber(raw);
}

const withSection = (base: Omit<CourseCodeMatch, 'section'>, section: string | undefined): CourseCodeMatch => (section ? { ...base, section } : base);

/** Reads a course code at the start of `words`. */
export function matchCourseCode(words: readonly string[]): CourseCodeMatch | null {
  const w0 = cleanWord(words[0] ?? '');
  if (!w0 || TERM_CODE.test(w0)) return null;
  const division = DIVISION.exec(w0);
  if (division) return withSection({ subject: division[1]!, number: division[2]!, consumed: 1 }, division[3]);
  const joined = JOINED.exec(w0);
  if (joined && !NOT_SUBJECT.has(joined[1]!)) return withSection({ subject: joined[1]!, number: joined[2]!.toUpperCase(), consumed: 1 }, joined[3]);
  if ((SCHOOL_SUFFIX_SUBJECT.test(w0) || DIVISION_SUBJECT.test(w0)) && words[1]) {
    const n = splitDashSection(cleanWord(words[1]));
    if (n) return withSection({ subject: w0, number: n.number, consumed: 2 }, n.section);
  }
  // subject of 1–4 words ("ENC", "ACT SCI", "E C E", "M S & E") then the number
  for (let n = 1; n <= 4 && n < words.length; n++) {
    const subj = words.slice(0, n).map(cleanWord);
    if (!subj.every((s) => SUBJECT_WORD.test(s) && !NOT_SUBJECT.has(s))) return null;
    const letters = subj.join('').replace(/&/g, '').length;
    if (letters < 2 || letters > 8) continue;
    if (n === 1 && subj[0]!.length === 1) continue;
    if (n > 1 && subj.some((s) => s.length > 4)) return null;
    if (subj.some((s) => s === '&') && n < 3) continue;
    let raw = cleanWord(words[n]!);
    let consumed = n + 1;
    // "ECON - 101"
    if ((raw === '-' || raw === '–') && words[n + 1]) {
      raw = cleanWord(words[n + 1]!);
      consumed++;
    }
    const num = splitDashSection(raw);
    if (!num) continue;
    if (/^\d{4}$/.test(num.number) && n === 1 && /^(FA|SP|SU|WI|AU|SS|SM)$/.test(subj[0]!)) return null;
    if (/^\d{5}$/.test(num.number) && n === 1 && STATES.has(subj[0]!) && !words[consumed]) return null;
    let section = num.section;
    // "PHIL 504 SEM": a component word after the number
    const next = cleanWord(words[consumed] ?? '');
    if (!section && COMPONENT.test(next)) {
      section = next;
      consumed++;
    }
    return withSection({ subject: subj.join(' '), number: num.number, consumed }, section);
  }
  return null;
}

export function startsWithCourseCode(text: string): boolean {
  return matchCourseCode(text.trim().split(/\s+/)) !== null;
}

/** Words a title is made of: not numbers, grades-only or codes. Used to accept a code printed after its title. */
const TITLE_WORD = /^(?:[A-Za-z][A-Za-z'’&:,.()/-]*|[&:/–-])$/;

export interface FoundCourseCode extends CourseCodeMatch {
  /** Index of the code's first word. */
  start: number;
}

/**
 * Finds a course code at the start of `words`, or after a leading title ("Linear Algebra MATH-UA 140-001 4.0 A"):
 * the words before it must read as a title (letters, at least one lower-case word) and at most `maxStart` long. A title
 * in capitals ("INTRO TO ENGR I   ENGR 7A   2.0   A") is accepted when the code begins a cell of its own
 * (`cellStarts[i]`: word i is the first of a table cell) and a number follows the code.
 */
export function findCourseCode(words: readonly string[], maxStart = 10, cellStarts?: readonly boolean[]): FoundCourseCode | null {
  const first = matchCourseCode(words);
  if (first) return { ...first, start: 0 };
  for (let i = 1; i <= Math.min(maxStart, words.length - 2); i++) {
    if (!TITLE_WORD.test(words[i - 1]!)) return null;
    // "Orlando, FL 32802": an address, not a title and a code
    if (words[i - 1]!.endsWith(',')) continue;
    const m = matchCourseCode(words.slice(i));
    if (!m) continue;
    const before = words.slice(0, i);
    const titled = before.some((w) => /[a-z]/.test(w));
    const capsTitle = !titled && cellStarts?.[i] === true && words.slice(i + m.consumed).some((w) => /^\d{1,3}(?:\.\d{1,3})?$/.test(w));
    if (!titled && !capsTitle) continue;
    return { ...m, start: i };
  }
  return null;
}

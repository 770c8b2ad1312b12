/** Recognises course codes ("ENC 1102", "ENC1102", "ECON-101", "E C E 252", "ACT SCI 300", "MATH 1110.01") and term names. */

/** Upper-case words that are never a subject, so "TERM 2", "PAGE 1" or "GPA 3" are not read as courses. */
const NOT_SUBJECT = new Set(
  (
    'TERM TERMS TOTAL TOTALS GPA CUM CUMULATIVE PAGE OF FALL SPRING SUMMER WINTER AUTUMN YEAR ID SSN DOB BOX SUITE STE APT ROOM ' +
    'UNITS UNIT HOURS HRS HR CREDITS CREDIT CR EARNED ATTEMPTED ATTEMPT POINTS PTS QPTS QP GRADE PASSED AND THE TO FROM AT IN ' +
    'OVERALL INSTITUTION TRANSFER COURSE COURSES TRANSCRIPT UNOFFICIAL OFFICIAL NAME DATE ZIP PO PHONE FAX TEL STUDENT LEVEL ' +
    'SEMESTER QUARTER SESSION PERIOD ACADEMIC RECORD TOTL CUML AHRS EHRS QHRS GHRS HOURS UG GR NO NUMBER SECTION SEC ' +
    'TEST PROGRAM DEGREE MAJOR MINOR PRINTED ISSUED END STANDING STATUS DEANS DEAN LIST HONORS GOOD CAMPUS'
  ).split(/\s+/),
);

const SUBJECT_WORD = /^[A-Z&]{1,5}$/;
const NUMBER = /^(?:\d{1,4}[A-Z]{0,3}|\d{3,4}\.\d{1,3}[A-Z]?)$/;
const JOINED = /^([A-Z&]{2,5})[-_]?(\d{1,4}[A-Z]{0,3}(?:\.\d{1,3})?)$/;

export interface CourseCodeMatch {
  subject: string;
  number: string;
  /** How many of the given words the code used. */
  consumed: number;
}

const cleanWord = (w: string): string => w.replace(/[,;:]+$/, '');

/** Reads a course code at the start of `words`. */
export function matchCourseCode(words: readonly string[]): CourseCodeMatch | null {
  const w0 = cleanWord(words[0] ?? '');
  const joined = JOINED.exec(w0);
  if (joined && !NOT_SUBJECT.has(joined[1]!)) {
    // "ECON-101" or "ENC1102"; a 4-digit year glued to letters ("FA2022") is a term, not a course
    if (/^(FA|SP|SU|WI|SS|SM|AU)\d{2,4}$/.test(w0)) return null;
    return { subject: joined[1]!, number: joined[2]!, consumed: 1 };
  }
  // subject of 1–3 words ("ENC", "ACT SCI", "E C E") then the number
  for (let n = 1; n <= 3 && n < words.length; n++) {
    const subj = words.slice(0, n).map(cleanWord);
    if (!subj.every((s) => SUBJECT_WORD.test(s) && !NOT_SUBJECT.has(s))) return null;
    const letters = subj.join('').length;
    if (letters < 2 || letters > 8) continue;
    if (n > 1 && subj.some((s) => s.length > 4)) return null;
    let num = cleanWord(words[n]!);
    let consumed = n + 1;
    // "ECON - 101"
    if ((num === '-' || num === '–') && words[n + 1]) {
      num = cleanWord(words[n + 1]!);
      consumed++;
    }
    if (NUMBER.test(num)) {
      if (/^\d{4}$/.test(num) && n === 1 && /^(FA|SP|SU|WI|AU|SS|SM)$/.test(subj[0]!)) return null;
      return { subject: subj.join(' '), number: num, consumed };
    }
  }
  return null;
}

export function startsWithCourseCode(text: string): boolean {
  return matchCourseCode(text.trim().split(/\s+/)) !== null;
}

const SEASONS: Record<string, string> = {
  fall: 'Fall',
  autumn: 'Fall',
  spring: 'Spring',
  summer: 'Summer',
  winter: 'Winter',
  fa: 'Fall',
  au: 'Fall',
  sp: 'Spring',
  su: 'Summer',
  sm: 'Summer',
  ss: 'Summer',
  wi: 'Winter',
  wn: 'Winter',
};

export interface TermMatch {
  term: string;
  index: number;
  length: number;
}

const SEASON = '(fall|autumn|spring|summer|winter)';
const KIND = '(?:\\s+(?:semester|quarter|term|session|sem|qtr))?';
const PART = '(?:\\s+(?:i{1,3}|[123ab]))?';

const PATTERNS: { re: RegExp; make: (m: RegExpExecArray) => string }[] = [
  // 2022-2023 Spring  /  2022-23 Fall Semester
  {
    re: new RegExp(`\\b(\\d{4})\\s*[-–/]\\s*(\\d{2,4})\\s+${SEASON}\\b${KIND}${PART}`, 'i'),
    make: (m) => {
      const season = SEASONS[m[3]!.toLowerCase()]!;
      const y1 = Number(m[1]);
      return `${season} ${season === 'Fall' ? y1 : y1 + 1}`;
    },
  },
  // Fall 2022, Fall Semester 2022, Spring Quarter 2023, Summer I 2023, Fall, 2022, Fall '22
  {
    re: new RegExp(`\\b${SEASON}${KIND}${PART}\\s*,?\\s*(\\d{4}|'\\d{2})\\b`, 'i'),
    make: (m) => `${SEASONS[m[1]!.toLowerCase()]} ${m[2]!.startsWith("'") ? 2000 + Number(m[2]!.slice(1)) : m[2]}`,
  },
  // 2022 Fall, 2022 Fall Term, 2022/Spring
  {
    re: new RegExp(`\\b(\\d{4})\\s*[-/]?\\s*${SEASON}\\b`, 'i'),
    make: (m) => `${SEASONS[m[2]!.toLowerCase()]} ${m[1]}`,
  },
  // FA22, SP 2023, FA'22
  {
    re: /\b(FA|SP|SU|SM|SS|WI|WN|AU)\s?'?(\d{2}|\d{4})\b/,
    make: (m) => `${SEASONS[m[1]!.toLowerCase()]} ${m[2]!.length === 2 ? 2000 + Number(m[2]) : m[2]}`,
  },
  // 2022 FA, 2023 SP
  {
    re: /\b(\d{4})\s+(FA|SP|SU|SM|WI|AU)\b/,
    make: (m) => `${SEASONS[m[2]!.toLowerCase()]} ${m[1]}`,
  },
  // 22FA, 2022FA
  {
    re: /\b(\d{2}|\d{4})(FA|SP|SU|WI)\b/,
    make: (m) => `${SEASONS[m[2]!.toLowerCase()]} ${m[1]!.length === 2 ? 2000 + Number(m[1]) : m[1]}`,
  },
];

/** Finds a term name in text and returns it as "Season YYYY". */
export function findTerm(text: string): TermMatch | null {
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (m) {
      const year = Number(/\d{4}/.exec(p.make(m))?.[0]);
      if (year < 1950 || year > 2100) continue;
      return { term: p.make(m), index: m.index, length: m[0].length };
    }
  }
  return null;
}

/** Grade tokens and their normal form: letter grades, half steps, transfer and pass/fail marks, and in-progress marks. */

const LETTER = /^[A-D][+-]?$|^[EF]$/;
const HALF_STEP = /^(AB|BC|CD|DE)$/;
const TRANSFER_LETTER = /^T[A-D][+-]?$/;
const OTHER = new Set([
  'P', 'S', 'U', 'W', 'I', 'IP', 'T', 'TR', 'TCR', 'NC', 'CR', 'NR', 'WF', 'WP', 'WU', 'WD', 'WX', 'UW', 'AU', 'X', 'Z', 'NG', 'N', 'INC',
  'AF', 'FN', 'IF', 'FX', 'XF', 'NP', 'SP', 'PR', 'TP', 'TS', 'EX', 'AP', 'IB', 'CLEP', 'Y', 'Q', 'NS', 'DEF', 'HP', 'H', 'LP', 'WN', 'RD',
  // test credit (TE), credit by examination (K), absent from the final (ABS), excused withdrawal (EW)
  'TE', 'K', 'ABS', 'EW',
]);
const WITHDRAWN = new Set(['W', 'WD', 'WF', 'WP', 'WU', 'WX', 'UW', 'AF', 'FN', 'WN', 'EW']);

/** Upper-cases and turns unicode minus, en dash, em dash and similar into "-". */
export function normaliseGradeText(raw: string): string {
  return raw
    .trim()
    .toUpperCase()
    .replace(/[\u2212\u2010\u2011\u2012\u2013\u2014\u2015\uFE63\uFF0D]/g, '-')
    .replace(/\uFF0B/g, '+')
    .replace(/\s+/g, '');
}

const IN_PROGRESS = new Set(['IP', 'INPROGRESS', 'INPROG', 'INP', 'IPR', 'INPRG', 'REG', 'ENR', 'ENROLLED', 'CURRENT', '***', '**', '*']);

/** Normal form of a grade token, or null when the token is not a grade. */
export function normaliseGrade(raw: string): string | null {
  const text = normaliseGradeText(raw);
  if (IN_PROGRESS.has(text)) return 'IP';
  const g = text.replace(/^\*+(?=[A-Z])/, '').replace(/(?<=[A-Z+-])\*+$/, '');
  if (!g) return null;
  if (IN_PROGRESS.has(g)) return 'IP';
  if (LETTER.test(g) || HALF_STEP.test(g) || TRANSFER_LETTER.test(g) || OTHER.has(g)) return g;
  return null;
}

export function isGradeToken(raw: string): boolean {
  return normaliseGrade(raw) !== null;
}

/** A grade printed as a number: percentages (0–100), 0.0–4.3 with one decimal, or 1–7 scales. */
export function isNumericGrade(raw: string): boolean {
  return /^(100|\d{1,2})$/.test(raw) || /^[0-4]\.\d$/.test(raw);
}

export function isWithdrawn(grade: string | null): boolean {
  return grade !== null && WITHDRAWN.has(grade);
}

const POINTS: Record<string, number> = {
  'A+': 4, A: 4, 'A-': 3.7, 'B+': 3.3, B: 3, 'B-': 2.7, 'C+': 2.3, C: 2, 'C-': 1.7, 'D+': 1.3, D: 1, 'D-': 0.7, F: 0, E: 0,
  AB: 3.5, BC: 2.5, CD: 1.5, DE: 0.5,
};

/** Grade points per credit on the usual 4-point scale, or null for grades that carry none. */
export function gradePoints(grade: string | null): number | null {
  return grade !== null && grade in POINTS ? POINTS[grade]! : null;
}


/**
 * Which grades earn no credit, decided here once: the transcript reader (earned credits of a row it reads) and the
 * equivalency engine (a course with such a grade does not transfer, whatever the rule) both call `earnsNoCredit`, so a
 * grade cannot earn credit in one and none in the other. docs/decisions/110-verdict-classes.md.
 *
 * Withdrawals (W and every variant, UW, AF, WN, EW), incompletes (I, INC), failures (F, E, FN, FA, FX, XF, IF), unsatisfactory
 * and no-credit marks (U, NC, NP), not reported (NR), audits (AU: attended without credit), an absence from the final
 * (ABS) and X (no credit or incomplete, by school) never earn credit. A grade is compared in its written form, upper-cased without spaces.
 */

/** Each grade that earns no credit, with the words a student reads for it ("… can't transfer: <words>."). */
const NO_CREDIT_WORDS: Readonly<Record<string, string>> = {
  W: 'a withdrawal (W) does not earn credit',
  WD: 'a withdrawal does not earn credit',
  WF: 'a withdrawal while failing does not earn credit',
  WP: 'a withdrawal does not earn credit',
  WU: 'a withdrawal does not earn credit',
  WX: 'a withdrawal does not earn credit',
  WN: 'a withdrawal for not attending does not earn credit',
  EW: 'an excused withdrawal (EW) does not earn credit',
  UW: 'an unofficial withdrawal (UW) does not earn credit',
  AF: 'a withdrawal for absences (AF) does not earn credit',
  I: 'an incomplete (I) cannot transfer until your school posts a final grade',
  INC: 'an incomplete cannot transfer until your school posts a final grade',
  F: 'a grade of F does not earn credit',
  E: 'a grade of E (a fail) does not earn credit',
  FN: 'a fail for not attending (FN) does not earn credit',
  FA: 'a fail for absences (FA) does not earn credit',
  FX: 'a grade of FX (a fail) does not earn credit',
  XF: 'a grade of XF (a fail) does not earn credit',
  IF: 'an incomplete that became a fail (IF) does not earn credit',
  U: 'an unsatisfactory (U) grade does not earn credit',
  NC: 'a no-credit (NC) grade does not earn credit',
  NP: 'a no-pass (NP) grade does not earn credit',
  NR: 'no grade was reported (NR), so there is no credit to transfer yet',
  AU: 'an audited course does not earn credit',
  ABS: 'an absence from the final examination (ABS) does not earn credit',
  X: 'a grade of X does not earn credit',
};

/** A grade as written ("w", " AU ") in the form the policy compares: upper-case, no spaces. */
function gradeKey(grade: string): string {
  return grade.toUpperCase().replace(/\s+/g, '');
}

/** True for a grade after which no credit is earned, at any school. A missing grade (planning ahead) earns what it will. */
export function earnsNoCredit(grade: string | null | undefined): boolean {
  return grade !== null && grade !== undefined && Object.hasOwn(NO_CREDIT_WORDS, gradeKey(grade));
}

/** Why a grade earns no credit, in a student's words; null for a grade that does earn credit. */
export function noCreditWords(grade: string | null | undefined): string | null {
  if (!earnsNoCredit(grade)) return null;
  return NO_CREDIT_WORDS[gradeKey(grade!)]!;
}

// Grades as the engine checks them against a rule, so that the engine, the appeal screens and the docs agree:
// - Letter grades order A+ > A > A- > B+ > … > D- > F.
// - Pass-type grades (P, S, CR) and T (already-transferred credit) prove a pass but not how
//   well: they satisfy a minimum of C or lower; for a stricter minimum the registrar has to
//   look, so the course needs evaluation rather than being refused outright.
// - Which grades never earn credit (W and its variants, I, U, F, NC, NP, NR, AU…) is the one grade policy
//   (src/shared/grades/grade-policy.ts), which the transcript reader calls too.
// - IP (in progress) cannot be decided yet.
// - A missing grade means "planning ahead": the rule's minimum is shown but not checked.

import { earnsNoCredit } from '../../../../shared/grades/grade-policy';

const LETTER_ORDER = ['F', 'D-', 'D', 'D+', 'C-', 'C', 'C+', 'B-', 'B', 'B+', 'A-', 'A', 'A+'] as const;
type LetterGrade = (typeof LETTER_ORDER)[number];

const PASS_GRADES = new Set(['P', 'S', 'CR', 'T', 'TR', 'PASS']);
const IN_PROGRESS_GRADES = new Set(['IP', 'INP', 'INPROGRESS', 'PENDING', 'CURRENT']);
/** Highest minimum a pass-type grade is taken to meet. */
const PASS_MEETS_UP_TO: LetterGrade = 'C';

export type GradeKind = 'letter' | 'pass' | 'no-credit' | 'in-progress' | 'missing' | 'unknown';

export interface ReadGrade {
  kind: GradeKind;
  /** Upper-case, spaces removed, e.g. "B+". */
  value: string;
}

export function readGrade(raw: string | null | undefined): ReadGrade {
  const value = (raw ?? '').toUpperCase().replace(/[\s\-_]+(?=[A-Z])/g, '').replace(/\s+/g, '');
  if (!value) return { kind: 'missing', value };
  if (IN_PROGRESS_GRADES.has(value)) return { kind: 'in-progress', value };
  if (earnsNoCredit(value)) return { kind: 'no-credit', value };
  if (PASS_GRADES.has(value)) return { kind: 'pass', value };
  if ((LETTER_ORDER as readonly string[]).includes(value)) return { kind: 'letter', value };
  return { kind: 'unknown', value };
}

/** Position in the A+ … F order (higher is better), or null when not a letter grade. */
export function letterRank(grade: string): number | null {
  const index = (LETTER_ORDER as readonly string[]).indexOf(grade.toUpperCase().replace(/\s+/g, ''));
  return index < 0 ? null : index;
}

export type GradeCheck =
  | { outcome: 'meets' }
  | { outcome: 'below-minimum'; grade: string; minimum: string }
  | { outcome: 'no-credit'; grade: string }
  | { outcome: 'in-progress'; grade: string }
  | { outcome: 'needs-review'; grade: string; why: string };

/** Checks a grade against a rule's minimum (null minimum: any passing grade). */
export function checkGrade(rawGrade: string | null | undefined, rawMinimum: string | null | undefined): GradeCheck {
  const grade = readGrade(rawGrade);
  const minimum = rawMinimum ? rawMinimum.toUpperCase().replace(/\s+/g, '') : null;
  switch (grade.kind) {
    case 'missing':
      return { outcome: 'meets' };
    case 'in-progress':
      return { outcome: 'in-progress', grade: grade.value };
    case 'no-credit':
      return { outcome: 'no-credit', grade: grade.value };
    case 'unknown':
      return { outcome: 'needs-review', grade: grade.value, why: `we could not read the grade "${grade.value}"` };
    case 'pass': {
      const minRank = minimum ? letterRank(minimum) : null;
      if (minRank === null || minRank <= (letterRank(PASS_MEETS_UP_TO) ?? 0)) return { outcome: 'meets' };
      return { outcome: 'needs-review', grade: grade.value, why: `a ${grade.value} grade does not show whether you earned the ${minimum} this course needs` };
    }
    case 'letter': {
      const rank = letterRank(grade.value) ?? 0;
      if (rank === 0) return { outcome: 'no-credit', grade: grade.value };
      const minRank = minimum ? letterRank(minimum) : null;
      if (minRank !== null && rank < minRank) return { outcome: 'below-minimum', grade: grade.value, minimum: minimum ?? '' };
      return { outcome: 'meets' };
    }
  }
}

/** True when the text is a grade this module understands as a minimum (letters only). */
export function isValidMinimumGrade(raw: string): boolean {
  return letterRank(raw) !== null && letterRank(raw) !== 0;
}

/**
 * The grade a decision is made on: a course the transcript lists in progress without a grade counts as "IP", so it is
 * not taken as earned (the engine answers Needs Review with what finishing it will give).
 */
export function gradeForDecision(grade: string | null, inProgress: boolean): string | null {
  return grade ?? (inProgress ? 'IP' : null);
}

// What a student sees of the suggestions for a course no rule decides. A registrar sees every suggestion with its
// confidence; a student only those whose confidence was measured to be right most of the time, and never the same
// destination course on two rows that are not the same course (a small catalogue otherwise offers its one economics
// course for every row).

import { codeKey } from '../../catalogue';
import { titleSimilarity } from './text-similarity';
import type { CourseRef, SuggestedCandidate } from './types';

/**
 * Chosen on the tuning split of the Wisconsin rules so that at least 90 % of the rows showing a suggestion show the
 * true course; the test split's figure is in docs/BENCHMARKS.md ("Suggestion ranking").
 */
export const STUDENT_CONFIDENCE_THRESHOLD = 0.69;

/**
 * The registrar's floor (issue 38): a pair's suggestions below it are "no good suggestion" in the evaluation queue, the
 * candidates folded away. Chosen on the tuning halves (scripts/eval-suggest.ts) as the lowest confidence at which the
 * first suggestion is the course the school named at least 95 % of the time; the locked halves' figure is in
 * docs/benchmarks/equivalency-engine.md.
 */
export const REGISTRAR_SUGGESTION_FLOOR = 0.93;

/** True when a suggestion is good enough to offer a registrar as one to approve. */
export function isGoodForRegistrars(candidate: { confidence?: number }): boolean {
  return typeof candidate.confidence === 'number' && candidate.confidence >= REGISTRAR_SUGGESTION_FLOOR;
}

/** True when a suggestion may be shown to a student (reports stored before confidences existed have none: hidden). */
export function isShownToStudents<Candidate extends { confidence?: number }>(candidate: Candidate): candidate is Candidate & { confidence: number } {
  return typeof candidate.confidence === 'number' && candidate.confidence >= STUDENT_CONFIDENCE_THRESHOLD;
}

/** Two transcript rows that may fairly share a suggestion: the same code, or titles alike (an honors section, a retake). */
function sameCourse(a: CourseRef, b: CourseRef): boolean {
  return codeKey(a) === codeKey(b) || titleSimilarity(a.title, b.title) >= 0.7;
}

/**
 * Each row's suggestions that a student may see: above the threshold, and a destination course suggested for rows that
 * are different courses only on the row where it is most confident.
 */
export function suggestionsForStudents<Row extends { course: CourseRef; candidates: SuggestedCandidate[] }>(rows: Row[]): SuggestedCandidate[][] {
  const shown = rows.map((row) => row.candidates.filter(isShownToStudents));
  const claims = new Map<string, Array<{ row: number; confidence: number }>>();
  shown.forEach((candidates, row) => {
    for (const candidate of candidates) {
      const key = codeKey(candidate);
      claims.set(key, [...(claims.get(key) ?? []), { row, confidence: candidate.confidence }]);
    }
  });
  return shown.map((candidates, row) =>
    candidates.filter((candidate) => {
      const rivals = claims.get(codeKey(candidate)) ?? [];
      const best = rivals.reduce((winner, rival) => (rival.confidence > winner.confidence ? rival : winner));
      return best.row === row || sameCourse(rows[row]!.course, rows[best.row]!.course);
    }),
  );
}

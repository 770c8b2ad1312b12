import { describe, expect, it } from 'vitest';
import { isShownToStudents, STUDENT_CONFIDENCE_THRESHOLD, suggestionsForStudents } from './student-suggestions';
import type { CourseRef, SuggestedCandidate } from './types';

const suggestion = (code: string, confidence: number): SuggestedCandidate => {
  const [subject = '', number = ''] = code.split(' ');
  return {
    subject, number, title: code, score: confidence, confidence, why: [],
    evidence: { statewideNumber: null, sameCode: false, peerSchools: 0, linkedCourses: 0, transfersElsewhereAs: null, titleSimilarity: 0, descriptionSimilarity: null, credits: { yours: null, candidate: null }, level: { yours: null, candidate: null } },
  };
};
const row = (code: string, title: string, candidates: SuggestedCandidate[]) => {
  const [subject = '', number = ''] = code.split(' ');
  return { course: { subject, number, title } satisfies CourseRef, candidates };
};
const SURE = Math.min(1, STUDENT_CONFIDENCE_THRESHOLD + 0.1);

describe('isShownToStudents', () => {
  it('shows a suggestion from the measured confidence up, and never one stored without a confidence', () => {
    expect(isShownToStudents({ confidence: STUDENT_CONFIDENCE_THRESHOLD })).toBe(true);
    expect(isShownToStudents({ confidence: STUDENT_CONFIDENCE_THRESHOLD - 0.001 })).toBe(false);
    const storedBeforeConfidences: { score: number; confidence?: number } = { score: 0.14 };
    expect(isShownToStudents(storedBeforeConfidences)).toBe(false);
  });
  it('is a confidence that was measured to be right most of the time', () => {
    expect(STUDENT_CONFIDENCE_THRESHOLD).toBeGreaterThan(0.5);
  });
});

describe('suggestionsForStudents', () => {
  it('drops what is below the threshold', () => {
    expect(suggestionsForStudents([row('HIST 150', 'World History', [suggestion('HIST 101', SURE), suggestion('HIST 102', 0.1)])])).toEqual([[suggestion('HIST 101', SURE)]]);
  });

  it('keeps one destination course on the row it fits best when the rows are different courses', () => {
    const shown = suggestionsForStudents([
      row('ENC 1102', 'Freshman Composition II', [suggestion('ECO 211', SURE)]),
      row('ECO 2013', 'Principles of Economics - Macro', [suggestion('ECO 211', 0.99)]),
      row('MAC 2312', 'Calculus with Analytic Geometry II', [suggestion('ECO 211', SURE)]),
    ]);
    expect(shown.map((candidates) => candidates.map((candidate) => candidate.number))).toEqual([[], ['211'], []]);
  });

  it('lets the same course twice (an honors section, a retake) share it', () => {
    const shown = suggestionsForStudents([
      row('ECO 2013', 'Principles of Economics - Macro', [suggestion('ECO 211', 0.99)]),
      row('ECO 2013H', 'Principles of Economics - Macro - Honors', [suggestion('ECO 211', SURE)]),
    ]);
    expect(shown.map((candidates) => candidates.length)).toEqual([1, 1]);
  });
});

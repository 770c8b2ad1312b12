// What a school gives for an AP, IB or CLEP score: the rule with the highest minimum the score reaches. A school that
// lists the exam but not at this score, or does not list it, gives nothing, and the student is told which.

import type { ExamType } from '../../../../shared/schemas/programs';

export interface ExamCreditRule {
  examType: ExamType;
  exam: string;
  minScore: number;
  credits: number;
  /** Course codes at the school; none = elective credit. */
  courses: string[];
  notes: string | null;
  doubtful: string | null;
}

export interface ExamScoreTaken {
  examType: ExamType;
  exam: string;
  score: number;
}

export type ExamCreditAward =
  | { score: ExamScoreTaken; label: string; rule: ExamCreditRule }
  | { score: ExamScoreTaken; label: string; rule: null; reason: string };

/** The exam's name compared without case or repeated spaces (the database's exam_key). */
export const examKey = (exam: string) => exam.trim().replace(/\s+/g, ' ').toLowerCase();

/** The exam as the school's rules spell it (else as the student typed it), with the score: "AP Biology (score 5)". */
export const examLabel = (score: ExamScoreTaken, spelling = score.exam) => `${score.examType} ${spelling.trim().replace(/\s+/g, ' ')} (score ${score.score})`;

export function awardExamCredit(scores: ExamScoreTaken[], rules: ExamCreditRule[], schoolName: string): ExamCreditAward[] {
  const byExam = new Map<string, ExamCreditRule[]>();
  for (const rule of rules) {
    const key = `${rule.examType}|${examKey(rule.exam)}`;
    const list = byExam.get(key) ?? [];
    list.push(rule);
    byExam.set(key, list);
  }
  return scores.map((score) => {
    const listed = byExam.get(`${score.examType}|${examKey(score.exam)}`) ?? [];
    const label = examLabel(score, listed[0]?.exam);
    const reached = listed.filter((rule) => score.score >= rule.minScore).sort((a, b) => b.minScore - a.minScore);
    const rule = reached[0];
    if (rule) return { score, label, rule };
    if (listed.length === 0) return { score, label, rule: null, reason: `${schoolName} lists no credit for ${score.examType} ${score.exam.trim().replace(/\s+/g, ' ')}.` };
    const lowest = Math.min(...listed.map((candidate) => candidate.minScore));
    return { score, label, rule: null, reason: `${schoolName} gives credit for ${score.examType} ${listed[0]!.exam} from a score of ${lowest}; yours is ${score.score}.` };
  });
}

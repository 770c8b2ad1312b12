/**
 * A transcript row as everything after the reader takes it, mapped in one place: the analysis and its re-decisions,
 * the report, Compare, degree progress, an appeal's evidence. Numbers are numbers (the database client parses numeric
 * columns on both databases), and what a course is worth is its credits, else those earned (`courseCredits`): a W or
 * an F earns 0 but is still a 3-credit course not accepted, which every total counts.
 */
import { gradeForDecision, type SourceCourseTaken } from '../equivalencies';
import type { ReadRow } from './reader/types';
import type { TranscriptRowRecord } from './transcripts.queries';

/**
 * A course the student took, as deciding it and counting it need it: a row as the reader reads it, or a stored row
 * through `takenCourseOf` (`credits` is what the course is worth: its credits, else those earned, else 0).
 */
export type TakenCourse = Pick<ReadRow, 'subject' | 'number' | 'title' | 'credits' | 'earned' | 'grade' | 'term' | 'transferSection' | 'inProgress'>;

/** The stored row's columns a taken course is read from. */
export type StoredCourseColumns = Pick<TranscriptRowRecord, 'subject' | 'number' | 'title' | 'credits' | 'earned' | 'grade' | 'term' | 'in_progress'> &
  Partial<Pick<TranscriptRowRecord, 'in_transfer_section'>>;

/** What a course is worth: its credits, else those earned, else 0. */
export const courseCredits = (row: { credits: number | null; earned: number | null }): number => row.credits ?? row.earned ?? 0;

/** The one mapper from a stored transcript row. */
export function takenCourseOf(row: StoredCourseColumns): TakenCourse {
  return {
    subject: row.subject,
    number: row.number,
    title: row.title,
    credits: courseCredits(row),
    earned: row.earned,
    grade: row.grade,
    term: row.term,
    transferSection: row.in_transfer_section ?? false,
    inProgress: row.in_progress,
  };
}

/** The course as the engine decides it: the grade as it counts (a course still in progress has none yet). */
export function engineCourseOf(course: TakenCourse): SourceCourseTaken {
  return {
    subject: course.subject,
    number: course.number,
    title: course.title,
    credits: course.credits,
    grade: gradeForDecision(course.grade, course.inProgress),
    term: course.term,
  };
}

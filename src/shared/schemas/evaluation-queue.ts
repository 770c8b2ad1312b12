import { z } from 'zod';
import { MAX_DATABASE_INTEGER } from './database-integers';

/**
 * The registrar's evaluation queue (issue 25, docs/decisions/080-evaluation-queue.md): every course no rule decides is
 * demand for a pair (the sending school's course, the destination school). The API contract for the admin route and
 * the admin page.
 */

export const EVALUATION_QUEUE_PAGE_SIZE = 20;

export const evaluationQueueQuerySchema = z.object({
  page: z.coerce.number('page must be a number').int('page must be a whole number').min(1, 'page starts at 1').max(10_000, 'page must be at most 10,000').default(1),
  /** One pair only (Rule health's "Decide it in the queue"): its key, `${fromInstitutionId}:${toInstitutionId}:${codeKey}`. */
  pair: z
    .string()
    .regex(/^\d{1,9}:\d{1,9}:[a-z0-9.]{1,60}$/, 'pair must be a queue pair key such as 4:9:eco2013')
    .optional(),
});

export interface QueueSuggestion {
  subject: string;
  number: string;
  title: string;
  /** Measured probability (0..1) that this is the course the destination would name. */
  confidence: number;
  /** Plain-language signals behind the confidence, strongest first. */
  why: string[];
  /**
   * At or above the confidence a registrar can approve on (the suggestion owner's measured floor): below it the page says
   * "no good suggestion" and keeps the candidates folded.
   */
  good: boolean;
  evidence: {
    statewideNumber: string | null;
    sameCode: boolean;
    peerSchools: number;
    transfersElsewhereAs: string | null;
    titleSimilarity: number;
    descriptionSimilarity: number | null;
    credits: { yours: number | null; candidate: number | null };
    level: { yours: number | null; candidate: number | null };
  };
}

export interface QueuePair {
  /** Stable id of the pair: `${fromInstitutionId}:${toInstitutionId}:${codeKey}`. */
  key: string;
  fromInstitution: { id: number; name: string };
  toInstitution: { id: number; name: string };
  course: { subject: string; number: string; title: string; credits: number | null };
  students: number;
  openAppeals: number;
  /** When the oldest report needing this course was analysed. */
  oldestAt: string;
  /** Left for later by a registrar: ranked after the pairs nobody has looked at. */
  dismissed: boolean;
  /** The best three suggestions, for the registrar; never shown to a student as a transfer. */
  suggestions: QueueSuggestion[];
}

export interface EvaluationQueuePage {
  pairs: QueuePair[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** When the pairs were last put in order (in the background); their counts are read when the page is. */
  rankedAt: string | null;
  /** Of the pairs decided with suggestions on offer, how many took one as offered. */
  accepted: { decided: number; acceptedAsOffered: number };
}

const courseCodePart = (what: string) =>
  z.string().trim().min(1, `Enter the destination course's ${what}`).max(20, `Use at most 20 characters for the ${what}`);

const pairFields = {
  fromInstitutionId: z.number().int().positive().max(MAX_DATABASE_INTEGER, 'must be a school id'),
  toInstitutionId: z.number().int().positive().max(MAX_DATABASE_INTEGER, 'must be a school id'),
  subject: z.string().trim().min(1).max(20),
  number: z.string().trim().min(1).max(20),
};

const studentMessage = z.string().trim().max(2_000, 'Use at most 2,000 characters').optional();

export const evaluationDecisionSchema = z.discriminatedUnion('action', [
  z.object({
    ...pairFields,
    action: z.literal('approve'),
    target: z.object({ subject: courseCodePart('subject'), number: courseCodePart('number'), title: z.string().trim().max(200).optional() }),
    studentMessage,
  }),
  z.object({
    ...pairFields,
    action: z.literal('no-transfer'),
    reason: z.string().trim().min(1, 'Say why the course does not transfer: the student will read it').max(1_000, 'Use at most 1,000 characters'),
    studentMessage,
  }),
  z.object({ ...pairFields, action: z.literal('dismiss') }),
]);
export type EvaluationDecision = z.infer<typeof evaluationDecisionSchema>;

/** The clerk's form: approve a suggestion, type another course, or say it does not transfer. */
export const anotherCourseFormSchema = z.object({
  subject: courseCodePart('subject'),
  number: courseCodePart('number'),
  title: z.string().trim().max(200, 'Use at most 200 characters').optional(),
});

export interface EvaluationDecisionResult {
  decisionId: number;
  ruleId: number | null;
  /** The background job that re-decides the reports (the appeals and the students' e-mails wait for the undo minute). */
  jobId: number | null;
  /** Reports that list the course undecided: each changes when the job has run. */
  reports: number;
  /** The rule written, in the registrar's words; null when the pair was left for later. */
  rule: { from: string; source: string; to: string; target: string | null; reason: string | null } | null;
  /** Open appeals on the course the decision resolves (once the minute to undo it has passed). */
  appealsToResolve: number;
  /** Until when the decision can be taken back (ISO time); null when it cannot (left for later, or a rule that existed before). */
  undoUntil: string | null;
}

export interface EvaluationUndoResult {
  decisionId: number;
  /** Reports decided again without the rule (in the background). */
  reports: number;
  jobId: number | null;
}

/**
 * A file a student says is a transcript though the reader found no courses in it (issue 40): the registrar reads it
 * by hand. `fileUrl` opens it (an admin's read of a student's transcript, recorded as a disclosure).
 */
export interface UnreadableTranscript {
  id: string;
  student: { id: string; name: string; email: string };
  fileName: string;
  size: number | null;
  /** The school the student asked about. */
  destination: { id: number; name: string } | null;
  /** When the student said it is a transcript. */
  keptAt: string;
  fileUrl: string;
}

/** `GET /api/admin/evaluation-queue/unreadable`: the oldest 50 not yet read, and how many there are. */
export interface UnreadableTranscriptList {
  transcripts: UnreadableTranscript[];
  total: number;
}

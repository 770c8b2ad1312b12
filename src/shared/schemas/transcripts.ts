/**
 * The transcript analysis and search-screen appeal API contract (spec sections 3, 4 and 7):
 * `POST /api/transcripts`, `POST /api/transcripts/:id/analyze`, `GET /api/transcripts/:id`, `POST /api/appeals`.
 */
// zod/mini: the search page's transcript tab loads this module; mini keeps it small on a phone (see search.ts).
import * as z from 'zod/mini';
import { MAX_DATABASE_INTEGER } from './database-integers';
import { fileNameField } from './file-name';
import type { VerdictClass } from './verdict-class';

/** Upper bound for one transcript upload (the declared size and the bytes actually sent). */
export const MAX_TRANSCRIPT_BYTES = 20 * 1024 * 1024;
export const MAX_TRANSCRIPT_PAGES = 30;
/** What the search screen accepts (spec section 5). */
export const TRANSCRIPT_ACCEPT = '.pdf,.jpg,.jpeg,.png';
export const TRANSCRIPT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type TranscriptContentType = (typeof TRANSCRIPT_CONTENT_TYPES)[number];
/** Header a signed-out visitor sends to read the transcript they uploaded. */
export const TRANSCRIPT_TOKEN_HEADER = 'x-transcript-token';

const EXTENSION_TYPES: Record<string, TranscriptContentType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The content type a file should have, from its declared type or (when the browser gave none) its name; null when unsupported. */
export function transcriptContentType(fileName: string, fileType: string): TranscriptContentType | null {
  const declared = fileType.trim().toLowerCase();
  if (declared === 'image/jpg' || declared === 'image/pjpeg') return 'image/jpeg';
  if ((TRANSCRIPT_CONTENT_TYPES as readonly string[]).includes(declared)) return declared as TranscriptContentType;
  if (declared !== '' && declared !== 'application/octet-stream') return null;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? null;
}

/** A destination: an institution id (0 = none chosen yet) or a key from the destination list ('fsu'). */
const institutionIdField = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value)),
  z.int({ error: 'must be a school id' }).check(z.minimum(0), z.maximum(MAX_DATABASE_INTEGER)),
);
const institutionKeyField = z.string().check(z.trim(), z.minLength(1, 'must name a school'), z.maxLength(100));

export const createTranscriptSchema = z.object({
  fileName: fileNameField('fileName', { required: true }),
  fileType: z.pipe(z.transform((value: unknown) => value ?? ''), z.string().check(z.maxLength(100))),
  size: z.int({ error: 'must be the file size in bytes' }).check(z.minimum(0)),
  toInstitutionId: z.nullish(institutionIdField),
  toInstitution: z.nullish(institutionKeyField),
});

export const analyzeTranscriptSchema = z.object({
  toInstitutionId: z.nullish(institutionIdField),
  toInstitution: z.nullish(institutionKeyField),
});

export interface CreateTranscriptResponse {
  id: string;
  upload: { url: string; method: 'PUT'; headers: Record<string, string> };
  /** Only for a signed-out visitor: send it as `x-transcript-token` to read the result. Shown once. */
  accessToken?: string;
}

export type TranscriptRowStatus = 'DIRECT' | 'NEEDS_EVAL' | 'NO_TRANSFER';
export type TranscriptStatus = 'awaiting_upload' | 'queued' | 'reading' | 'matching' | 'done' | 'failed' | 'saved';

/** Badge text of a row status (spec section 4): anything but DIRECT and NEEDS_EVAL reads 'No Transfer'. */
export function transcriptStatusLabel(status: string | null | undefined): 'Direct Transfer' | 'Needs Review' | 'No Transfer' {
  if (status === 'DIRECT') return 'Direct Transfer';
  if (status === 'NEEDS_EVAL') return 'Needs Review';
  return 'No Transfer';
}

/** Transcript row from the server (spec section 3). */
export interface TranscriptRowDto {
  subject: string;
  number: string;
  title: string;
  earned: number | null;
  grade: string | null;
  status: TranscriptRowStatus;
  to_equivalency_id: number | null;
}

/** A suggested destination course for a Needs Review row: a suggestion, never a transfer decision. */
export interface CandidateDto {
  subject: string;
  number: string;
  title: string;
  score: number;
  /** Measured probability (0..1) that this is the course the school would name; only confident ones are sent. */
  confidence: number;
  why: string[];
}

/** How the student changed a row the reader read: fixed, added (the reader missed it) or removed (a wrong row). */
export type RowCorrection = 'edited' | 'added' | 'removed';

/** The transcript row an appeal was made from, as it stood then (with the student's correction, if any). */
export interface AppealCourseRow {
  credits: number | null;
  grade: string | null;
  term: string | null;
  correction: 'edited' | 'added' | null;
  asRead: RowAsRead | null;
}

/** A course as the student can write it in "What we read". */
export interface TranscriptCourseFields {
  subject: string;
  number: string;
  title: string;
  credits: number;
  grade: string | null;
  term: string | null;
}

/** The reader's row as it was read, kept when the student fixed it. */
export type RowAsRead = Omit<TranscriptCourseFields, 'credits'> & { credits: number | null };

/** Credits converted between a quarter and a semester school for the report (both numbers, so the row can show them). */
export interface CreditConversionDto {
  from: 'quarter' | 'semester';
  to: 'quarter' | 'semester';
  originalCredits: number;
  convertedCredits: number;
}

/** One row of "What we read": every row the reader found and every change the student made, removed ones included. */
export interface ReadRowDto extends TranscriptCourseFields {
  id: string;
  /** Where the row is on the transcript: "What we read" lists the kept and the removed rows in this order. */
  position: number;
  correction: RowCorrection | null;
  /** What the reader read, when the student fixed the row. */
  asRead: RowAsRead | null;
}

const courseText = (field: string, max: number) => z.string().check(z.trim(), z.minLength(1, `${field} is required`), z.maxLength(max, `must be at most ${max} characters`));
const optionalText = (max: number) =>
  z.pipe(
    z.transform((value: unknown) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value)),
    z.nullable(z.string().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`))),
  );
const courseFields = {
  subject: z.pipe(courseText('the subject', 12), z.transform((value: string) => value.toUpperCase())),
  number: z.pipe(courseText('the course number', 12), z.transform((value: string) => value.toUpperCase())),
  title: z.pipe(z.transform((value: unknown) => value ?? ''), z.string().check(z.trim(), z.maxLength(200, 'must be at most 200 characters'))),
  credits: z.number({ error: 'must be a number of credits such as 3' }).check(z.minimum(0, 'cannot be negative'), z.maximum(99, 'must be below 100')),
  grade: z.pipe(optionalText(10), z.transform((value: string | null) => value?.toUpperCase() ?? null)),
  term: optionalText(40),
};

/** Body of `POST /api/transcripts/:id/rows`: a course the reader missed. */
export const addTranscriptRowSchema = z.object(courseFields);
export type AddTranscriptRowInput = z.input<typeof addTranscriptRowSchema>;

/**
 * Body of `PUT /api/transcripts/:id/school`: the school that issued the transcript, as the student chose it in the
 * school picker (its key) when the page did not say, or said wrong.
 */
export const chooseIssuingSchoolSchema = z.object({ institution: institutionKeyField });
export type ChooseIssuingSchoolInput = z.input<typeof chooseIssuingSchoolSchema>;

/** Body of `PATCH /api/transcripts/:id/rows/:rowId`: the fields the student fixed, or `removed` to drop or restore the row. */
export const correctTranscriptRowSchema = z.object({
  subject: z.optional(courseFields.subject),
  number: z.optional(courseFields.number),
  title: z.optional(courseFields.title),
  credits: z.optional(courseFields.credits),
  grade: z.optional(courseFields.grade),
  term: z.optional(courseFields.term),
  removed: z.optional(z.boolean()),
});
export type CorrectTranscriptRowInput = z.input<typeof correctTranscriptRowSchema>;

/** Body of `PUT /api/transcripts/:id/calendar`: the student says how the transcript's credits are counted. */
export const transcriptCalendarSchema = z.object({
  calendar: z.enum(['quarter', 'semester'], { error: 'must be "quarter" or "semester"' }),
});
export type TranscriptCalendarInput = z.input<typeof transcriptCalendarSchema>;

/** Quarter or semester credits on the transcript, and how we know (issue 36). */
export interface TranscriptCalendarDto {
  /** The calendar the report was decided with; null while the student has not answered the question. */
  value: 'quarter' | 'semester' | null;
  /** Where it came from: the transcript's own page, the issuing school's directory entry, or the student's answer. */
  source: 'page' | 'school' | 'student' | null;
  /** What the page said ("Fall Quarter 2022"), when the page said. */
  evidence: string | null;
  /** Neither the page nor a known school said: the report asks the student one question, and converts nothing yet. */
  askStudent: boolean;
  /** The destination's own calendar, for the question's explanation. */
  destination: 'quarter' | 'semester' | null;
}

/**
 * One course of a report, sent once: the spec's "Transcript row from the server" (subject, number, title, earned,
 * grade, status, to_equivalency_id) with what the screen shows of it (spec section 3's result item: the status's
 * label, the original course), the plain-words reason and suggestions.
 */
export interface TranscriptResultItem extends TranscriptRowDto {
  id: string;
  /** Where the row is on the transcript (see ReadRowDto). */
  position: number;
  original: string;
  originalSchool: string;
  transfers: boolean;
  transfersTo: string | null;
  credits: number;
  /** The grade earns no credit at any school (F, W, I, …), by the equivalency engine's one grade rule. */
  gradeEarnsNoCredit: boolean;
  term: string | null;
  statusLabel: 'Direct Transfer' | 'Needs Review' | 'No Transfer';
  /** What the student gets (verdict-class.ts): the row's badge; always one of its status's classes. */
  verdictClass: VerdictClass;
  reason: string;
  candidates: CandidateDto[];
  /** The student fixed or added this row: the report says so, and so does what admins see. */
  correction: 'edited' | 'added' | null;
  /** What the reader read, when the student fixed the row. */
  asRead: RowAsRead | null;
  /** Set when the credits were converted between a quarter and a semester school. */
  creditConversion: CreditConversionDto | null;
  /**
   * For a row no rule decides: the same course under another subject at the student's school (a cross-listing) that a
   * rule on file transfers to the destination. What is on file for the other code, never this row's decision.
   */
  crossListed: { courseNumber: string; transfersTo: string } | null;
}

export interface TranscriptSummary {
  courses: number;
  directTransfers: number;
  totalCredits: number;
  creditsTransferring: number;
}

/**
 * The reader found no courses in a student's file (issue 40). 'asked': the student has not yet said whether it is a
 * transcript; it is not counted among their transcripts, and unless they say it is, it is discarded at `discardsAt`.
 * 'kept': they said it is; the registrar reads it by hand (the evaluation queue).
 */
export type NoCoursesFound = { state: 'asked'; discardsAt: string } | { state: 'kept' };

/** How long a student has to say whether a file the reader found no courses in is a transcript. */
export const NO_COURSES_ANSWER_DAYS = 7;

export interface TranscriptResponse {
  id: string;
  source: 'pdf-text' | 'ocr' | null;
  error: string | null;
  status: TranscriptStatus;
  progress: number;
  fileName: string;
  detectedInstitution: { id: number; name: string } | null;
  /** The school name printed on the transcript, even when we do not know it. */
  institutionName: string | null;
  destination: { id: number; key: string; name: string } | null;
  summary: TranscriptSummary | null;
  /** Quarter or semester credits; null on reports analysed before this was recorded (and on the simulated sample). */
  calendar: TranscriptCalendarDto | null;
  /** Every course the student kept, decided (the spec's rows, each with what the screen shows of it). */
  rows: TranscriptResultItem[];
  /** The rows the student removed from what the reader read: "What we read" lists them with `rows`, to restore. */
  removedRows: ReadRowDto[];
  /** Null for a signed-out visitor (their transcript is deleted after this time). */
  expiresAt: string | null;
  /** A signed-in student's file the reader found no courses in: asked whether it is a transcript, or kept as one. */
  noCourses: NoCoursesFound | null;
}

/**
 * "What we read": the reader's rows with the student's corrections, the kept and the removed ones, in the
 * transcript's order: a report's two lists put together (each row is sent once).
 */
export function whatWeRead(report: Pick<TranscriptResponse, 'rows' | 'removedRows'>): ReadRowDto[] {
  const kept = report.rows.map(({ id, position, subject, number, title, credits, grade, term, correction, asRead }): ReadRowDto => ({ id, position, subject, number, title, credits, grade, term, correction, asRead }));
  return [...kept, ...report.removedRows].sort((a, b) => a.position - b.position);
}

/** Body of `POST /api/appeals` from the search screen (spec section 3): no length or presence check on the note. */
export const searchAppealSchema = z.object({
  transcriptId: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100)),
  subject: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(20)),
  number: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(20)),
  institutionId: z.nullish(institutionIdField),
  toInstitutionId: z.nullish(z.union([institutionIdField, institutionKeyField])),
  note: z.pipe(z.transform((value: unknown) => value ?? ''), z.string().check(z.maxLength(5000, 'must be at most 5000 characters'))),
});
export type SearchAppealInput = z.input<typeof searchAppealSchema>;

export interface SearchAppealResponse {
  appeal: { id: string; status: 'submitted'; createdAt: string };
}

/** The student area's API contract (spec sections 3, 5 and 7): `/api/student/*`. */
import { z } from 'zod';
import { fileNameField } from './file-name';
import type { SavedSearchRecord } from './saved-search';
import type { AppealDecision, AppealStatus } from './appeal-status';
import type { VerdictClass } from './verdict-class';
import type { NoCoursesFound } from './transcripts';

const text = (max: number) => z.preprocess((value) => value ?? '', z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`));
/** `missing` says what to enter in plain words: the server's refusal reaches the student as written (field names are dropped). */
const requiredText = (max: number, missing: string) =>
  z.preprocess((value) => value ?? '', z.string({ error: 'must be text' }).trim().min(1, missing).max(max, `use at most ${max.toLocaleString('en-US')} characters`));

export const MAX_FAVORITES = 50;
export const SYLLABUS_MAX_BYTES = 10 * 1024 * 1024;
/** A syllabus PDF is stored for staff, not read by the transcript reader (30 pages); this bounds what staff are sent. */
export const SYLLABUS_MAX_PAGES = 100;
export const TRANSCRIPT_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'heic'] as const;
export const SYLLABUS_EXTENSIONS = ['pdf', 'doc', 'docx', 'png', 'jpg', 'jpeg'] as const;

/** Splits 'A, B,,c' into trimmed, non-empty names without case-insensitive duplicates (spec section 5). */
export function splitSchoolList(value: string | string[]): string[] {
  const parts = (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean);
  const seen = new Set<string>();
  return parts.filter((part) => {
    const key = part.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const profileInputSchema = z.object({
  fullName: text(200),
  currentSchool: text(200),
  intendedMajor: text(200),
  targetSchools: z
    .preprocess((value) => value ?? [], z.union([z.string().max(5000), z.array(z.string().max(200)).max(MAX_FAVORITES)]))
    .transform((value) => splitSchoolList(value))
    .refine((list) => list.length <= MAX_FAVORITES, `at most ${MAX_FAVORITES} schools`)
    .refine((list) => list.every((school) => school.length <= 200), 'each school must be at most 200 characters'),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

export const addFavoritesSchema = z.object({ schools: requiredText(5000, 'enter at least one school name') });

export const createUploadUrlSchema = z.object({
  filename: fileNameField('filename', { required: true }),
  contentType: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value : 'application/octet-stream'),
    z.string().trim().max(100).regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type like application/pdf'),
  ),
  purpose: z.preprocess((value) => value ?? 'transcript', z.enum(['transcript', 'syllabus'], { error: "must be 'transcript' or 'syllabus'" })),
});

const storedFileRefSchema = z.object({
  key: z.string({ error: 'is required' }).trim().regex(/^(transcripts|syllabi)\/[0-9a-f-]{36}$/, 'must be a key from create-upload-url'),
  url: z.string().max(2000).nullish(),
  name: fileNameField('name', { required: false }),
  size: z.number().nonnegative().nullish(),
});

export const saveTranscriptSchema = storedFileRefSchema;

export const submitAppealSchema = z.object({
  courseName: requiredText(200, 'enter the course name'),
  courseCode: requiredText(50, 'enter the course code, such as ECO 2013'),
  currentSchool: text(200),
  targetSchool: requiredText(200, 'enter the school you are transferring to'),
  notes: requiredText(5000, 'tell the school why this course should count'),
  syllabusLink: z.preprocess(
    (value) => value ?? '',
    z.string().trim().max(2000).refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'enter the syllabus link as a web address starting with http:// or https://, or leave it empty'),
  ),
  syllabusFile: storedFileRefSchema.nullish(),
  // The client's copy of who it is; the server keeps its own (never trusted).
  student: z.unknown().optional(),
});
export type SubmitAppealInput = z.input<typeof submitAppealSchema>;
/** The appeal form as the server reads it (validated, trimmed). */
export type SubmitAppeal = z.output<typeof submitAppealSchema>;

export const compareQuerySchema = z.object({
  a: requiredText(200, 'choose the first school to compare'),
  b: requiredText(200, 'choose the second school to compare'),
});

export const deleteAccountSchema = z.object({
  confirm: z.literal('DELETE', { error: 'type DELETE to confirm' }),
});

export type { AppealStatus } from './appeal-status';

export interface StudentTranscript {
  id: string;
  key: string | null;
  url: string | null;
  name: string;
  size: number | null;
  uploadedAt: string;
  status: string;
  /** Where it was uploaded: the search screen's Transcript Upload or the profile. */
  uploadedFrom: 'search' | 'profile';
  /** The school it was last analysed for; null before any analysis. */
  destination: string | null;
  /** Set when the reader found no courses in the file (src/shared/schemas/transcripts.ts, NoCoursesFound). */
  noCourses: NoCoursesFound | null;
}

export interface StudentAppealSummary {
  id: string;
  courseName: string;
  createdAt: string;
  status: AppealStatus;
  targetSchool: string;
  /** A resolved appeal's decision, and the transfer office's latest message to the student. */
  decision: AppealDecision | null;
  studentMessage: string | null;
  /** An admin changed it after the student last looked at their appeal center. */
  changedSinceLastVisit: boolean;
}

/** What became of the appeal for one row of the student's transcript report (the newest one for that course). */
export interface ReportRowAppeal {
  rowId: string;
  appeal: { id: string; status: AppealStatus; decision: AppealDecision | null; studentMessage: string | null; createdAt: string };
  /** Denied: the student may appeal again with new evidence. Open or approved: no second appeal. */
  canAppealAgain: boolean;
  /**
   * The office approved it and the report's row still does not transfer (no rule was written that re-decided it): the
   * student's answer is the appeal's, not the engine's. Decided by the server (listReportRowAppeals).
   */
  grantedOnAppeal: boolean;
}

export interface FavoriteSchool {
  id: string;
  school: string;
}

export interface StudentMe {
  role: 'student';
  roles: string[];
  email: string;
  profile: { fullName: string; currentSchool: string; intendedMajor: string; targetSchools: string[] };
  favorites: FavoriteSchool[];
  transcripts: StudentTranscript[];
  appeals: StudentAppealSummary[];
  savedSearches: SavedSearchRecord[];
}

export interface AppealEvent {
  at: string;
  from: AppealStatus | null;
  to: AppealStatus;
  decision: string | null;
  studentMessage: string | null;
}

export interface StudentAppeal {
  id: string;
  courseName: string;
  courseCode: string;
  currentSchool: string;
  targetSchool: string;
  notes: string;
  syllabusLink: string | null;
  syllabusFile: { key: string; name: string; size: number | null } | null;
  student: { name: string; email: string; major: string; currentSchool: string };
  status: AppealStatus;
  decision: string | null;
  studentMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StudentAppealDetail extends StudentAppeal {
  timeline: AppealEvent[];
}

export interface CompareCourse {
  subject: string;
  number: string;
  title: string;
  credits: number;
  status: 'DIRECT' | 'NEEDS_EVAL' | 'NO_TRANSFER';
  /** What the student gets there (its badge); `status` is its class's status. */
  verdictClass: VerdictClass;
  transfersTo: string | null;
  creditsAwarded: number;
}

export interface CompareSchool {
  query: string;
  school: { id: number; name: string };
  courses: CompareCourse[];
  credits: { total: number; direct: number; review: number; none: number };
  /** Share of the transcript's credits accepted directly, 0..1. */
  acceptedShare: number;
}

export interface CompareResponse {
  transcript: { id: string; name: string; fromSchool: string | null } | null;
  schools: CompareSchool[];
}

export interface Announcement {
  id: string;
  title: string;
  body: string;
  createdAt: string;
}

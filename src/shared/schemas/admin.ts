import { z } from 'zod';
import { MAX_DATABASE_INTEGER } from './database-integers';
import { APPEAL_DECISIONS, APPEAL_STATUSES, type AppealDecision, type AppealStatus } from './appeal-status';
import type { AppealCourseRow } from './transcripts';
import type { VerdictClass } from './verdict-class';

/** The admin area's API contract (spec sections 3, 4 and 7): used by the admin routes and the admin pages. */

export { APPEAL_DECISIONS, APPEAL_STATUSES, statusLabel, type AppealDecision, type AppealStatus } from './appeal-status';

export const ADMIN_PAGE_SIZE = 50;

const searchText = z.string().trim().max(200, 'Use at most 200 characters').optional();
const cursor = z.string().max(200).optional();

export const APPEAL_SORTS = ['due', 'newest', 'school'] as const;
export type AppealSort = (typeof APPEAL_SORTS)[number];

export const adminAppealListQuerySchema = z.object({
  // An empty status means every appeal (spec section 4); 'pending' means not yet resolved (submitted or in review),
  // the hub's "Pending appeals" figure.
  status: z.union([z.enum(APPEAL_STATUSES), z.literal(''), z.literal('pending')]).optional(),
  q: searchText,
  cursor,
  /** 'due': oldest first (the due date follows the submission); 'newest'; 'school': by destination, oldest first within it. */
  sort: z.enum(APPEAL_SORTS).optional(),
  /** Only appeals to this destination school, named as the list shows it. */
  school: z.string().trim().max(200, 'Use at most 200 characters').optional(),
});
export type AdminAppealListQuery = z.infer<typeof adminAppealListQuerySchema>;
export type AppealListStatus = NonNullable<AdminAppealListQuery['status']>;

export const adminAppealCountsQuerySchema = z.object({ school: z.string().trim().max(200, 'Use at most 200 characters').optional() });

/** The queue's figures: appeals per status (in one school when asked) and the destination schools appeals go to. */
export interface AdminAppealCounts {
  byStatus: Record<AppealStatus, number>;
  schools: string[];
}

/** Bulk "Mark in review": the submitted appeals among these move on; the rest are left as they are and listed. */
export const markAppealsInReviewSchema = z.object({
  appealIds: z.array(z.uuid('Each appeal id must be an appeal id')).min(1, 'Choose at least one appeal').max(100, 'Choose at most 100 appeals at a time'),
});
export interface MarkAppealsInReviewResult {
  updated: AdminAppeal[];
  skipped: Array<{ id: string; reason: string }>;
}

export const adminStudentListQuerySchema = z.object({ q: searchText, cursor });

/** One reference-data set on the admin overview (`npm run data:list` shows the same). */
export const referenceSetStatusSchema = z.object({
  name: z.string(),
  title: z.string(),
  rows: z.number(),
  unit: z.string(),
  /** 'waiting': a load under way will get to it (the demo's first start names every set it loads at once). */
  state: z.enum(['loaded', 'loading', 'waiting', 'not-loaded', 'failed']),
  /** While loading: how far, 0-100. */
  percent: z.number().nullable(),
  /** What a loaded set stored, in words ("107,796 rules, 3,826 courses, 27 schools"). */
  stored: z.string().nullable(),
  message: z.string().nullable(),
});
export type ReferenceSetStatus = z.infer<typeof referenceSetStatusSchema>;

export const adminStatsSchema = z.object({
  students: z.number(),
  transcripts: z.number(),
  pendingAppeals: z.number(),
  resolvedAppeals: z.number(),
  /** The reference data (catalogues, statewide inventories, transfer rules), while and once loaded. */
  referenceData: z.object({ loading: z.boolean(), sets: z.array(referenceSetStatusSchema) }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export interface AppealStudent {
  name: string;
  email: string;
  major: string;
  currentSchool: string;
}

export interface SyllabusFile {
  key: string;
  url: string;
  name: string;
  size: number | null;
}

/** The full appeal record (spec section 3), plus the review fields Crosswalk keeps. */
export interface AdminAppeal {
  id: string;
  userId: string;
  courseName: string;
  courseCode: string;
  currentSchool: string;
  targetSchool: string;
  notes: string;
  syllabusLink: string | null;
  syllabusFile: SyllabusFile | null;
  student: AppealStudent;
  status: AppealStatus;
  decision: AppealDecision | null;
  studentMessage: string | null;
  createdRuleId: number | null;
  createdAt: string;
  updatedAt: string;
  adminNotes: string;
  version: number;
  /** The transcript row appealed, as it stood then; says when the student corrected what the reader read. */
  courseRow: AppealCourseRow | null;
  /** The submission date plus 3 business days (appealDueDate). */
  dueAt: string;
}

export interface AppealEvent {
  id: number;
  actorName: string | null;
  fromStatus: string | null;
  toStatus: string;
  decision: string | null;
  notes: string | null;
  studentMessage: string | null;
  createdAt: string;
}

/** The transcript row an appeal is about, as the engine decided it when the report was made. */
export interface AppealEvidenceRow {
  subject: string;
  number: string;
  title: string;
  grade: string | null;
  term: string | null;
  credits: number | null;
  status: 'DIRECT' | 'NEEDS_EVAL' | 'NO_TRANSFER';
  /** What the student's report says they get (its badge there, and here). */
  verdictClass: VerdictClass;
  /** The engine's reason in its words ("needs at least a C"). */
  reason: string;
  /** What the course becomes at the destination, if anything. */
  transfersTo: string | null;
  /** The equivalency rule the engine used, if one decided the row. */
  ruleId: number | null;
  /** Likely equivalents the engine suggested when no rule decided it (guesses, shown as such). */
  suggestions: Array<{ subject: string; number: string; title: string; score: number; why: string[] }>;
  /** True when the row was found by course code on the student's newest report, not sent with the appeal. */
  matchedByCode: boolean;
}

/**
 * A student's own correction of the row (grade, credits, term…): the hook for transcript corrections, which are being
 * added separately. Null until that feature records corrections; the panel shows them when present.
 */
export interface AppealStudentCorrection {
  /** `what` in the clerk's words ('Grade', 'Credits'), never a column name: the panel shows it as written. */
  changes: Array<{ what: string; from: string | null; to: string | null }>;
  note: string | null;
  correctedAt: string;
}

/** Everything the clerk needs to decide an appeal, one click from the decision. */
export interface AppealEvidence {
  row: AppealEvidenceRow | null;
  correction: AppealStudentCorrection | null;
  transcript: {
    id: string;
    fileName: string;
    /** The file as uploaded (an audited disclosure), or null when it is no longer stored. */
    fileUrl: string | null;
    fromSchool: string | null;
    toSchool: string | null;
    summary: { courses: number; directTransfers: number; totalCredits: number; creditsTransferring: number } | null;
    analysedAt: string;
  } | null;
}

export interface AdminAppealDetail {
  appeal: AdminAppeal;
  history: AppealEvent[];
  evidence: AppealEvidence;
}

export interface AdminAppealList {
  appeals: AdminAppeal[];
  nextCursor: string | null;
}

const trimmedOptional = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).optional();

export const createRuleFromAppealSchema = z.object({
  targetSubject: z.string().trim().min(1, 'Enter the target course subject').max(20, 'Use at most 20 characters'),
  targetNumber: z.string().trim().min(1, 'Enter the target course number').max(20, 'Use at most 20 characters'),
  targetTitle: trimmedOptional(200),
  credits: z.number().min(0, 'Credits cannot be negative').max(99, 'Credits must be below 100').nullable().optional(),
});
export type CreateRuleFromAppeal = z.infer<typeof createRuleFromAppealSchema>;

/** Spec section 7's body (userId, appealId, status, adminNotes) plus the review fields. */
export const updateAppealSchema = z.object({
  userId: z.string().min(1, 'userId is required').max(100),
  appealId: z.uuid('appealId must be an appeal id'),
  status: z.enum(APPEAL_STATUSES, 'status must be submitted, in_review or resolved'),
  adminNotes: z.string().max(10_000, 'Use at most 10,000 characters').default(''),
  decision: z.enum(APPEAL_DECISIONS, 'decision must be approved or denied').nullable().optional(),
  studentMessage: z.string().trim().max(5_000, 'Use at most 5,000 characters').nullable().optional(),
  expectedVersion: z.number().int().positive().max(MAX_DATABASE_INTEGER, 'must be a version number').optional(),
  createRule: createRuleFromAppealSchema.nullable().optional(),
});
export type UpdateAppealInput = z.infer<typeof updateAppealSchema>;

export interface AdminStudent {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  profile: { fullName: string; currentSchool: string; intendedMajor: string; targetSchools: string[] };
  transcripts: Array<{ id: string; name: string; size: number | null; url: string | null; uploadedAt: string }>;
  transcriptCount: number;
  appeals: Array<{ id: string; courseName: string; status: AppealStatus; createdAt: string; targetSchool: string }>;
  appealCount: number;
}

export interface AdminStudentList {
  students: AdminStudent[];
  total: number;
  nextCursor: string | null;
}

export const announcementInputSchema = z.object({
  title: z.string().trim().min(1, 'Enter a title').max(200, 'Use at most 200 characters'),
  body: z.string().trim().min(1, 'Enter the announcement text').max(5_000, 'Use at most 5,000 characters'),
  published: z.boolean().optional(),
});

export interface Announcement {
  id: string;
  title: string;
  body: string;
  published: boolean;
  authorName: string | null;
  createdAt: string;
}

export const PARTNERS = ['studentu'] as const;
export type PartnerKey = (typeof PARTNERS)[number];

export interface PartnerStatus {
  partner: PartnerKey;
  name: string;
  status: 'connected' | 'disconnected';
  connectedAt: string | null;
  /** Illustrative numbers until a partner is really connected; the page labels them as demo figures. */
  figures: { label: string; value: string }[];
  figuresAreDemo: boolean;
}

export interface SchoolOverview {
  id: number;
  key: string;
  name: string;
  state: string | null;
  kind: string;
  courseCount: number;
  rulesFrom: number;
  rulesTo: number;
}

export interface PathwayOverview {
  fromId: number;
  fromName: string;
  toId: number;
  toName: string;
  ruleCount: number;
  transferringCount: number;
  appealRuleCount: number;
}

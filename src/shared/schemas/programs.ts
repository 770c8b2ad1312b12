/**
 * The degree-progress API contract (issue 24): programs and their requirements, the admin CSV imports, the exam scores
 * a student adds, and which requirement each transferred course fills. Shared by the routes and the pages.
 */
import { z } from 'zod';
import type { VerdictClass } from './verdict-class';
import { MAX_DATABASE_INTEGER } from './database-integers';

export const PROGRAM_KINDS = ['degree', 'major', 'minor', 'general-education', 'pre-professional', 'other'] as const;
export type ProgramKind = (typeof PROGRAM_KINDS)[number];
export const EXAM_TYPES = ['AP', 'IB', 'CLEP'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];
/** The score scales: AP 1-5, IB 1-7, CLEP 20-80. */
export const EXAM_SCORE_RANGE: Record<ExamType, { min: number; max: number }> = { AP: { min: 1, max: 5 }, IB: { min: 1, max: 7 }, CLEP: { min: 20, max: 80 } };
export const MAX_EXAM_SCORES = 40;
/** The CSV kinds the admin import reads, told apart by their header. */
export const PROGRAM_IMPORT_KINDS = ['programs', 'requirements', 'attributes', 'exam-rules'] as const;
export type ProgramImportKind = (typeof PROGRAM_IMPORT_KINDS)[number];
export const MAX_PROGRAM_IMPORT_BYTES = 20 * 1024 * 1024;

const positiveId = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z.number({ error: `must be a ${label} number such as 7` }).int().min(1).max(MAX_DATABASE_INTEGER),
  );
const flag = z.preprocess(
  (value) => (value === undefined || value === '' ? false : value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value),
  z.boolean({ error: 'must be 1 or 0' }),
);
const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), z.string().trim().max(max).nullable().optional());

/**
 * `GET /api/programs?school=KEY|ID[&major=…][&term=…]`: a school's programs (its own and its state's statewide ones) and
 * the one to show first, for the intended major or, failing that, the term the student started (the earliest `term`).
 */
export const programListQuerySchema = z.object({
  school: z.string({ error: 'name the school' }).trim().min(1, 'name the school').max(200),
  major: z.string().trim().max(200).optional(),
  term: z.array(z.string().trim().max(40)).max(60).optional(),
});

/** `GET /api/student/transcripts/:id/programs?school=…[&major=…]`: the same list, the terms read from the transcript. */
export const transcriptProgramsQuerySchema = z.object({
  school: z.string({ error: 'name the school' }).trim().min(1, 'name the school').max(200),
  major: z.string().trim().max(200).optional(),
});

export interface ProgramListResponse {
  school: { id: number; name: string };
  programs: ProgramSummary[];
  suggestedProgramId: number | null;
  /** Why that one: named like the intended major, the version for the term the student started, or the first major. */
  suggestedBecause: 'major' | 'entering-term' | 'first' | null;
}

/** `GET /api/admin/programs?q=`. */
export const adminProgramListQuerySchema = z.object({
  q: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(200).optional()),
});

/** `POST /api/admin/programs/import?dryRun=1&kind=…` (kind is read from the header when left out). */
export const programImportQuerySchema = z.object({
  dryRun: flag,
  kind: z.enum(PROGRAM_IMPORT_KINDS, { error: `must be one of ${PROGRAM_IMPORT_KINDS.join(', ')}` }).optional(),
});

export const programExportQuerySchema = z.object({
  kind: z.enum(PROGRAM_IMPORT_KINDS, { error: `must be one of ${PROGRAM_IMPORT_KINDS.join(', ')}` }),
});

/** `PATCH /api/admin/programs/:id`: the program's own fields (requirements change through the CSV). */
export const programUpdateSchema = z
  .object({
    name: z.string().trim().min(2, 'must be at least 2 characters').max(300),
    degree: optionalText(200),
    catalogYear: optionalText(200),
    totalCredits: z.preprocess((value) => (value === '' ? null : value), z.number({ error: 'must be a number of credits' }).positive().max(1000).nullable()),
    kind: z.enum(PROGRAM_KINDS, { error: `must be one of ${PROGRAM_KINDS.join(', ')}` }),
    notes: optionalText(4000),
    dataNote: optionalText(4000),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'send at least one field to change', path: ['(body)'] });
export type ProgramUpdateInput = z.input<typeof programUpdateSchema>;
export type ProgramUpdate = z.output<typeof programUpdateSchema>;

export const examScoreSchema = z
  .object({
    examType: z.enum(EXAM_TYPES, { error: 'must be AP, IB or CLEP' }),
    exam: z.string({ error: 'name the exam' }).trim().min(1, 'name the exam').max(200),
    score: z.number({ error: 'must be a number' }),
  })
  .superRefine((value, context) => {
    const range = EXAM_SCORE_RANGE[value.examType];
    if (range && (value.score < range.min || value.score > range.max || !Number.isInteger(value.score))) {
      context.addIssue({ code: 'custom', path: ['score'], message: `${value.examType} scores are whole numbers from ${range.min} to ${range.max}` });
    }
  });
export type ExamScoreInput = z.input<typeof examScoreSchema>;

/** `PUT /api/student/exam-scores`: the whole list (what the form shows is what is kept). */
export const examScoresBodySchema = z.object({
  scores: z.array(examScoreSchema).max(MAX_EXAM_SCORES, `at most ${MAX_EXAM_SCORES} exam scores`),
});

/** `GET /api/student/transcripts/:id/progress?program=ID[&school=ID]` (school: where to check a statewide program; else the program's own school). */
export const progressQuerySchema = z.object({ program: positiveId('program'), school: positiveId('school').optional() });

/** `GET /api/student/transcripts/:id/degree-compare?target=SCHOOL:PROGRAM&target=…`: two or three columns. */
export const degreeCompareQuerySchema = z.object({
  target: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,10}:\d{1,10}$/, 'each target is SCHOOL_ID:PROGRAM_ID, such as 4:17')
        .transform((value) => {
          const [school, program] = value.split(':').map(Number);
          return { schoolId: school!, programId: program! };
        }),
      { error: 'name two or three targets' },
    )
    .min(2, 'compare at least two targets')
    .max(3, 'compare at most three targets'),
});

export interface ProgramSummary {
  id: number;
  code: string;
  name: string;
  degree: string | null;
  catalogYear: string | null;
  totalCredits: number | null;
  kind: ProgramKind;
  /** The school it belongs to, or null for a statewide program. */
  school: { id: number; name: string } | null;
  statewide: string | null;
  enteringFrom: string | null;
  enteringTo: string | null;
  includes: string[];
  dataNote: string | null;
  requirementCount: number;
}

export const REQUIREMENT_KINDS = ['gen_ed', 'major', 'prerequisite', 'elective', 'minor', 'other'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

/** One requirement as stored: `code` is unique in its program; `parentCode` names another of the same program. */
export interface RequirementFields {
  code: string;
  parentCode: string | null;
  name: string;
  kind: RequirementKind;
  /** 'all' of the children, or at least `childrenRequired` of them ('n-of'); null for a plain list of options. */
  groupRule: 'all' | 'n-of' | null;
  childrenRequired: number | null;
  minCourses: number | null;
  minCredits: number | null;
  /** At most this many credits count here. */
  maxCredits: number | null;
  options: string[];
  minGrade: string | null;
  /** A course counted here may count toward another requirement too. */
  doubleCount: boolean;
  /** Whether AP/IB/CLEP credit may count here. */
  examCredit: boolean;
  notes: string | null;
  /** Why the source data is doubtful here; never shown to a student as fact. */
  doubtful: string | null;
}

export interface ProgramRequirementRecord extends RequirementFields {
  /** The options in words ("any 3000-level HIST course"). */
  optionsText: string[];
}

export interface ProgramDetail extends ProgramSummary {
  notes: string | null;
  sourceUrl: string | null;
  requirements: ProgramRequirementRecord[];
}

export interface ProgramImportError {
  line: number;
  column?: string;
  message: string;
}

export type ProgramImportAction = 'insert' | 'update' | 'unchanged' | 'remove';

export interface ProgramImportPreviewRow {
  line: number | null;
  action: ProgramImportAction;
  /** What the row is, in words ("The Ohio State University · OSU-CSE · R2.1 Software II"). */
  label: string;
}

export interface ProgramImportResult {
  saved: boolean;
  dryRun: boolean;
  kind: ProgramImportKind | null;
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Requirements (or attributes) a program's new list no longer has, removed with it. */
  removed: number;
  errors: ProgramImportError[];
  errorCount: number;
  preview?: ProgramImportPreviewRow[];
  ms: number;
}

export type RequirementStatus = 'complete' | 'partial' | 'not-started' | 'unchecked';

export interface DegreeRequirement {
  id: string;
  name: string;
  kind: string;
  status: RequirementStatus;
  /** False for the options of an "n of" group that the student's courses do not use (another option advances more). */
  chosen: boolean;
  appliedCredits: number;
  appliedCourses: number;
  remainingCredits: number | null;
  remainingCourses: number | null;
  optionsText: string[];
  notes: string | null;
  /** Why Crosswalk cannot check this requirement (or only part of it) at this school. */
  cannotCheck: string | null;
  /** Why the data of this requirement is doubtful; with it, nothing here is shown as fact. */
  doubtful: string | null;
  /** False when this requirement, anything counted below it, or a credit counted in it is doubtful. */
  verified: boolean;
  /** The student's courses counted here (codes as on the transcript; exams by name). */
  courses: string[];
  children: DegreeRequirement[];
}

export type CourseOutcome = 'counts' | 'elective' | 'none';

export interface DegreeCourse {
  /** The transcript row's position, or null for exam credit. */
  rowIndex: number | null;
  code: string;
  title: string;
  credits: number;
  source: 'transcript' | 'exam';
  outcome: CourseOutcome;
  /** What the transfer gives at the school (its badge); null for exam credit. */
  verdictClass: VerdictClass | null;
  /** True for courses the destination has not decided yet (they count as nothing until it does). */
  pending: boolean;
  countsToward: Array<{ id: string; name: string }>;
  /** What it becomes at the school, e.g. "ENC 1101 + ENC 1101L". */
  becomes: string | null;
  why: string;
  verified: boolean;
}

export interface DegreeTotals {
  /** Credits that count toward a requirement. */
  countingCredits: number;
  /** Credits that transfer but fill no requirement (elective credit only). */
  electiveCredits: number;
  /** Credits that do not transfer. */
  lostCredits: number;
  /** Credits the school has yet to decide on. */
  pendingCredits: number;
  requirementsTotal: number;
  requirementsComplete: number;
  /** The program's total less what counts and what transfers as elective credit, when the total is known. */
  creditsStillNeeded: number | null;
}

export interface DegreeProgress {
  school: { id: number; name: string };
  program: ProgramSummary;
  requirements: DegreeRequirement[];
  courses: DegreeCourse[];
  totals: DegreeTotals;
}

export interface DegreeProgressResponse {
  transcript: { id: string; name: string; fromSchool: string | null };
  progress: DegreeProgress;
}

export interface DegreeCompareResponse {
  transcript: { id: string; name: string; fromSchool: string | null };
  columns: DegreeProgress[];
}

export interface ExamScore {
  id: string;
  examType: ExamType;
  exam: string;
  score: number;
}

export interface ExamCatalogEntry {
  examType: ExamType;
  exam: string;
}

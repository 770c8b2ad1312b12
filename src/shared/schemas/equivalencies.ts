/**
 * The equivalency-data API contract (admin area): the rules CSV import and export, institutions, and the transfer
 * data overview. Shared by the routes and the admin pages.
 */
import { z } from 'zod';

/** Largest rules CSV the import accepts (the request body, in bytes). */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

const flag = z.preprocess(
  (value) => (value === undefined || value === '' ? false : value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value),
  z.boolean({ error: 'must be 1 or 0' }),
);

/**
 * Crosswalk's columns of a rules file (the SPEC's six "expected" columns first); how published headers map to them:
 * engine/import-columns.ts. A file cannot do without ESSENTIAL_IMPORT_COLUMNS only: most published tables give codes
 * and no titles or credits (titles then come from the schools' catalogues, decision 152).
 */
export const EXPECTED_IMPORT_COLUMNS = ['source_code', 'source_name', 'target_university', 'target_code', 'target_name', 'credits'] as const;
export const ESSENTIAL_IMPORT_COLUMNS = ['source_code', 'target_university', 'target_code'] as const;
export const OPTIONAL_IMPORT_COLUMNS = ['source_university', 'source_credits', 'min_grade', 'effective_from', 'effective_to', 'group', 'notes', 'credit_unit', 'equivalency_type', 'approved_by', 'approved_on'] as const;
/** A course code given in two columns (ATAIN: prefix and number). */
export const SPLIT_CODE_IMPORT_COLUMNS = ['source_subject', 'source_number', 'target_subject', 'target_number'] as const;
export const IMPORT_COLUMNS = [...EXPECTED_IMPORT_COLUMNS, ...OPTIONAL_IMPORT_COLUMNS, ...SPLIT_CODE_IMPORT_COLUMNS] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

const jsonParam = (value: unknown) => {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return Symbol('not JSON');
  }
};

/** Crosswalk's column -> the file's header: `{"source_code":"from_course_code",…}`. */
export const columnMappingSchema = z.partialRecord(z.enum(IMPORT_COLUMNS, { error: `names a column Crosswalk does not have; use ${IMPORT_COLUMNS.join(', ')}` }), z.string().trim().min(1).max(200), {
  error: 'must be a JSON object from Crosswalk\'s column names to the file\'s, such as {"source_code":"from_course_code"}',
});
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/** Query of `POST /api/admin/equivalencies/import`. */
export const equivalencyImportQuerySchema = z.object({
  dryRun: flag,
  /** Key, name or alias of the school the courses come from, used when the file has no source_university column. */
  sourceUniversity: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).max(200).optional()),
  mapping: z.preprocess(jsonParam, columnMappingSchema.optional()),
  /** Schools the file names that no one has entered, which the clerk confirmed may be added (a JSON array of names). */
  newSchools: z.preprocess(
    jsonParam,
    z.array(z.string().trim().min(1).max(200), { error: 'must be a JSON array of school names, such as ["Lake Valley College"]' }).max(500).optional(),
  ),
});

export interface ImportError {
  line: number;
  column?: string;
  message: string;
}

export type ImportAction = 'insert' | 'update' | 'unchanged';

/** One rule of a dry run's preview: what the file says and what saving it would do. */
export interface ImportPreviewRow {
  line: number;
  action: ImportAction;
  sourceUniversity: string;
  source: string;
  targetUniversity: string;
  target: string;
  credits: string;
  transfers: boolean;
  /** For a changed rule: what saving changes in the stored one ("credits 3 → 4"). */
  changes?: string[];
  /** Who approved the rule and when, as the table says ("J. Smith, 2024-05-01"); absent when it does not. */
  approval?: string;
}

export interface ImportColumnsReport {
  /** 'tes' (a TES import file), 'atain' (an ATAIN/CourseWise equivalency CSV) or 'crosswalk' (any other table). */
  layout: 'crosswalk' | 'tes' | 'atain';
  headers: string[];
  mapped: Partial<Record<ImportColumn, string>>;
  unused: string[];
  /** The columns a file cannot do without (ESSENTIAL_IMPORT_COLUMNS: titles and credits are optional). */
  required: ImportColumn[];
  missing: ImportColumn[];
}

export interface EquivalencyImportResult {
  /** Whether anything was stored (false for dry runs and for files with errors). */
  saved: boolean;
  /** Courses the file names without a title that took their school's catalogue title (decision 152). */
  titlesFromCatalogue: number;
  /** Courses without a title in the file or in their school's catalogue: shown by their codes. */
  coursesWithoutTitle: number;
  dryRun: boolean;
  rows: number;
  rules: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Schools the file names that were not known: created by the import (dry runs: would be). */
  institutionsCreated: string[];
  /** The first errors in file order (at most 1,000); `errorCount` counts them all. */
  errors: ImportError[];
  errorCount: number;
  /** Dry runs only: the first rules of the file. */
  preview?: ImportPreviewRow[];
  /** How the header was read: the file's headers, which one each Crosswalk column is read from, what nothing reads. */
  columns?: ImportColumnsReport | null;
  ms: number;
}

const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), z.string().trim().max(max).nullable().optional());

/** Body of `POST /api/admin/institutions` (all fields) and `PATCH /api/admin/institutions/:id` (any of them). */
export const institutionFieldsSchema = z.object({
  name: z.string().trim().min(2, 'must be at least 2 characters').max(200),
  key: z
    .string()
    .trim()
    .toLowerCase()
    .min(2, 'must be at least 2 characters')
    .max(60)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'use lower-case letters, digits and dashes, such as uw-madison'),
  state: z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim().toUpperCase()) : value),
    z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code such as FL').nullable(),
  ),
  control: z.enum(['public', 'private'], { error: 'must be public or private' }),
  kind: z.enum(['university', 'college', 'community-college', 'technical-college'], {
    error: 'must be university, college, community-college or technical-college',
  }),
  calendar: z.enum(['semester', 'quarter'], { error: 'must be semester or quarter' }),
  floridaStatewideNumbering: z.boolean({ error: 'must be true or false' }),
  website: optionalText(300),
  aliases: z.array(z.string().trim().min(1).max(200)).max(50, 'at most 50 aliases'),
});
export const institutionCreateSchema = institutionFieldsSchema.extend({
  state: institutionFieldsSchema.shape.state.optional().default(null),
  control: institutionFieldsSchema.shape.control.default('public'),
  kind: institutionFieldsSchema.shape.kind.default('university'),
  calendar: institutionFieldsSchema.shape.calendar.default('semester'),
  floridaStatewideNumbering: institutionFieldsSchema.shape.floridaStatewideNumbering.default(false),
  aliases: institutionFieldsSchema.shape.aliases.default([]),
});
export type InstitutionCreateInput = z.input<typeof institutionCreateSchema>;
export const institutionUpdateSchema = institutionFieldsSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'send at least one field to change', path: ['(body)'] });
export type InstitutionUpdateInput = z.input<typeof institutionUpdateSchema>;

export const institutionListQuerySchema = z.object({
  q: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(200).optional()),
});

/** `GET /api/schools?q=`: the schools a student may pick (favorites), found by name, key or alias. */
export const schoolSearchQuerySchema = z.object({ q: z.string().trim().min(1, 'type part of a school name').max(200) });

export interface SchoolSuggestion {
  id: number;
  name: string;
  state: string | null;
  /** The text names this school exactly (its name, key or an alias, ignoring case and punctuation). */
  exact: boolean;
}

export interface SchoolSearchResponse {
  schools: SchoolSuggestion[];
}

export interface InstitutionRecord {
  id: number;
  key: string;
  name: string;
  state: string | null;
  control: 'public' | 'private';
  kind: 'university' | 'college' | 'community-college' | 'technical-college';
  calendar: 'semester' | 'quarter';
  floridaStatewideNumbering: boolean;
  website: string | null;
  aliases: string[];
  courseCount: number;
  ruleCount: number;
}

export interface InstitutionListResponse {
  institutions: InstitutionRecord[];
}

export interface TransferDataOverview {
  institutions: number;
  courses: number;
  rules: number;
  rulesByOrigin: Array<{ origin: string; count: number }>;
  rulesTransferring: number;
  transcriptsAnalysed: number;
  transcriptRows: number;
  transcriptRowsByOutcome: Array<{ outcome: 'DIRECT' | 'NEEDS_EVAL' | 'NO_TRANSFER' | 'NOT_DECIDED'; count: number }>;
  appealsByStatus: Array<{ status: string; count: number }>;
  appealDecisions: Array<{ decision: string; count: number }>;
  topDestinations: Array<{ name: string; rules: number }>;
}

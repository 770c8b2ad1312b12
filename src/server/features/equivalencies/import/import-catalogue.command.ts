/**
 * The catalogue import: a CSV of courses (institution, subject, number, title, credits, description) upserted by
 * school, subject and number. One transaction: nothing is kept when a row is wrong.
 */
import type { EquivalencyImportResult, ImportError } from '../../../../shared/schemas/equivalencies';
import type { Database, Queryable } from '../../../db/client';
import { createCsvRowParser, delimiterOfHeader } from '../engine/csv-row-parser';
import { recogniseHeader } from '../engine/import-columns';
import { LimitedErrorList } from '../engine/limited-error-list';
import { upsertCatalogueCourses, type CatalogueCourse } from '../../catalogue';
import { keptOnlyIfClean, MAX_REPORTED_ERRORS, textChunks, type CsvInput } from './csv-input';
import { ImportSchools } from './import-schools';

export const CATALOG_COLUMNS = ['institution', 'subject', 'number', 'title', 'credits', 'description'] as const;
const REQUIRED_COLUMNS = ['institution', 'subject', 'number', 'title'] as const;

/**
 * Which kind of file a header line names: a catalogue CSV, or a rules table (Crosswalk's own columns, or a published
 * table whose course-code header the rules import recognises: cc_course, sending_course, TES's SendCourseCode1…).
 */
export function detectCsvKind(headerLine: string): 'rules' | 'catalog' | null {
  const line = headerLine.replace(/^\ufeff/, '').trim();
  const names = line.split(delimiterOfHeader(line)).map((name) => name.trim().replace(/^"|"$/g, ''));
  const lower = names.map((name) => name.toLowerCase());
  if (lower.includes('institution') && lower.includes('subject') && lower.includes('number')) return 'catalog';
  if (names.some((name) => CODE_COLUMNS.has(recogniseHeader(name) ?? ''))) return 'rules';
  return null;
}
const CODE_COLUMNS = new Set(['source_code', 'target_code', 'source_subject', 'target_subject']);

/** What a catalogue import answers: a rules import's counts, without rules, dry runs or a preview. */
export type CatalogImportResult = Omit<EquivalencyImportResult, 'dryRun' | 'rules' | 'preview' | 'titlesFromCatalogue' | 'coursesWithoutTitle'>;

/**
 * Upserts catalogue courses by (institution, subject, number); one transaction, nothing kept when a row is wrong.
 * `keepExisting` adds courses not yet on file and leaves catalogue courses as they are (reference data derived from
 * another source, such as a statewide inventory, must not overwrite a school's own catalogue); a course only a rule
 * named becomes a catalogue course.
 */
export async function importCatalogCsv({
  db,
  input,
  batchSize = 5000,
  keepExisting = false,
}: {
  db: Database;
  input: CsvInput;
  batchSize?: number;
  keepExisting?: boolean;
}): Promise<CatalogImportResult> {
  const started = Date.now();
  const errors = new LimitedErrorList<ImportError>(MAX_REPORTED_ERRORS);
  const counts = { rows: 0, inserted: 0, updated: 0, unchanged: 0 };
  let created: string[] = [];
  const saved = await keptOnlyIfClean(db, async (tx) => {
    const schools = new ImportSchools(tx);
    created = schools.created;
    await readCatalogue(tx, input, { schools, errors, counts, batchSize, keepExisting });
    return errors.count === 0;
  });
  return {
    saved,
    ...counts,
    ...(saved ? {} : { inserted: 0, updated: 0, unchanged: 0 }),
    institutionsCreated: saved ? created : [],
    errors: errors.sorted(),
    errorCount: errors.count,
    ms: Date.now() - started,
  };
}

async function readCatalogue(
  tx: Queryable,
  input: CsvInput,
  run: {
    schools: ImportSchools;
    errors: LimitedErrorList<ImportError>;
    counts: { rows: number; inserted: number; updated: number; unchanged: number };
    batchSize: number;
    keepExisting: boolean;
  },
) {
  const { schools, errors, counts } = run;
  const parser = createCsvRowParser();
  let index: Record<string, number> | null = null;
  // By school, subject and number: a course a file lists twice (the UF catalogue lists 842 under two departments)
  // is one course, the later row winning as it would from a later batch. One statement may not write a row twice.
  let batch = new Map<string, CatalogueCourse>();
  const flush = async () => {
    if (batch.size > 0 && errors.count === 0) {
      const { inserted, updated } = await upsertCatalogueCourses(tx, [...batch.values()], { keepExisting: run.keepExisting });
      counts.inserted += inserted;
      counts.updated += updated;
      counts.unchanged += batch.size - inserted - updated;
    }
    batch = new Map();
  };
  const handle = async (fields: string[], line: number) => {
    if (!index) {
      const names = fields.map((name) => name.trim().toLowerCase());
      index = Object.fromEntries(names.map((name, position) => [name, position]));
      for (const required of REQUIRED_COLUMNS) {
        if (!(required in index)) errors.push({ line, column: required, message: `required column "${required}" is missing` });
      }
      return;
    }
    counts.rows += 1;
    const value = (name: string) => (index && index[name] !== undefined ? (fields[index[name]!] ?? '').trim() : '');
    const [institution, subject, number, title, credits, description] = CATALOG_COLUMNS.map(value);
    for (const [name, text] of [['institution', institution], ['subject', subject], ['number', number], ['title', title]] as const) {
      if (!text) errors.push({ line, column: name, message: 'is empty' });
    }
    if (!institution || !subject || !number || !title) return;
    // The catalogue import may create every school it names (ImportSchools' default), so there is always one.
    const school = await schools.resolve(institution);
    if (!school) return;
    const numeric = credits && /^\d+(\.\d+)?$/.test(credits) ? Number(credits) : null;
    if (numeric !== null && numeric >= 1000) errors.push({ line, column: 'credits', message: `"${credits}" is too large` });
    batch.set(`${school.id}|${subject}|${number}`, { institutionId: school.id, subject, number, title, credits: numeric, creditsText: credits || null, description: description || null });
    if (batch.size >= run.batchSize) await flush();
  };
  const take = async (rows: Array<{ fields: string[]; line: number; error?: string }>) => {
    for (const row of rows) {
      if (row.error) errors.push({ line: row.line, message: row.error });
      else await handle(row.fields, row.line);
    }
  };
  for await (const chunk of textChunks(input)) await take(parser.push(chunk));
  await take(parser.end());
  if (!index) errors.push({ line: 1, message: 'the file is empty; the first line must name the columns' });
  await flush();
}

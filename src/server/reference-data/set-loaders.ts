/**
 * How a reference set is written: through the same code as the admin pages (the rules import and the catalogue import
 * of the equivalencies feature, and its Universities Management verbs for schools), so a set loaded here is exactly
 * what an admin's upload of the same rows would store, and loading it again changes nothing.
 */
import type { ImportError } from '../../shared/schemas/equivalencies';
import type { Database } from '../db/client';
import { importCatalogCsv, importEquivalencyCsv, type CsvInput, type ImportActor } from '../features/equivalencies';
import { addInstitutionAliases, changeInstitution, createInstitution, findInstitution, findInstitutionById, normalizeSchoolName, resolveSchoolName } from '../features/institutions';
import { csvPieces, csvStream } from './csv-pieces';
import type { ReferenceFiles } from './reference-files';
import { letOthersRun } from '../jobs/let-others-run';

export interface ReferenceSetContext {
  db: Database;
  files: ReferenceFiles;
  /** Who the audit log names for the rules a set writes. */
  actor: ImportActor;
  /**
   * Commit every this many rows (the server: other requests wait for a transaction on the embedded database, so each
   * is kept short). Unset: each file in one transaction, all or nothing (the commands).
   */
  rowsPerTransaction?: { rules: number; courses: number };
  /** How far the set has got, in rows of its source. */
  progress(done: number, total: number): void;
  /** Stops a long load between transactions (the server stopping): what is committed stays, the set is not marked loaded. */
  signal?: AbortSignal;
  /** Awaited after each transaction of a load in pieces: the server waits here for the requests it is answering. */
  betweenTransactions?: () => Promise<void>;
}

export interface WrittenCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ReferenceSetOutcome {
  /** What the set wrote, by kind ('schools', 'courses', 'rules'; a programs set adds its own). */
  written: Record<string, WrittenCounts>;
  errorCount: number;
  /** The first errors, by line of the rows the set sent. */
  errors: ImportError[];
  /** What the source holds that the set could not store, in words. */
  notes: string[];
}

export const emptyOutcome = (): ReferenceSetOutcome => ({ written: {}, errorCount: 0, errors: [], notes: [] });

function add(outcome: ReferenceSetOutcome, what: string, counts: WrittenCounts) {
  const before = outcome.written[what] ?? { inserted: 0, updated: 0, unchanged: 0 };
  outcome.written[what] = { inserted: before.inserted + counts.inserted, updated: before.updated + counts.updated, unchanged: before.unchanged + counts.unchanged };
}

type Rows = Iterable<string[]> | AsyncIterable<string[]>;

interface RowsToImport {
  header: readonly string[];
  rows: Rows;
  /** Rows in all, for progress. */
  total: number;
  /** Rows already counted by earlier steps of the same set, for progress. */
  offset?: number;
}

/** What both imports report, as far as a set's outcome needs it. */
interface ImportCounts extends WrittenCounts {
  errorCount: number;
  errors: ImportError[];
}

/**
 * Sends rows through one of the imports: as one stream (one transaction) or, with `rowsPerPiece`, in pieces of about
 * that many rows, each its own import, giving the event loop and the server's requests a turn between them.
 */
async function importRows(
  context: ReferenceSetContext,
  outcome: ReferenceSetOutcome,
  { header, rows, total, offset = 0 }: RowsToImport,
  { what, rowsPerPiece, groupColumn = -1, run }: { what: string; rowsPerPiece: number | undefined; groupColumn?: number; run: (input: CsvInput) => Promise<ImportCounts> },
): Promise<void> {
  let done = offset;
  const onRow = () => {
    done += 1;
    if (done % 500 === 0) context.progress(done, total);
  };
  const record = (result: ImportCounts, firstLine: number) => {
    add(outcome, what, result);
    outcome.errorCount += result.errorCount;
    outcome.errors.push(...result.errors.slice(0, 20).map((error) => ({ ...error, line: error.line + firstLine - 1 })));
  };
  if (!rowsPerPiece) record(await run(csvStream(header, rows, onRow)), 1);
  else {
    let line = 1;
    for await (const piece of csvPieces(header, rows, { rowsPerPiece, groupColumn, onRow })) {
      context.signal?.throwIfAborted();
      record(await run(piece.text), line);
      line += piece.rows;
      if (outcome.errorCount > 0) break;
      await letOthersRun();
      await context.betweenTransactions?.();
    }
  }
  context.progress(done, total);
}

/** Sends rows through the rules import (importEquivalencyCsv); a rule's rows share a `group` and stay together. */
export async function importRuleRows(context: ReferenceSetContext, outcome: ReferenceSetOutcome, rows: RowsToImport): Promise<void> {
  await importRows(context, outcome, rows, {
    what: 'rules',
    rowsPerPiece: context.rowsPerTransaction?.rules,
    groupColumn: rows.header.indexOf('group'),
    run: (input) => importEquivalencyCsv({ db: context.db, input, actor: context.actor }),
  });
}

/** Sends rows through the catalogue import (importCatalogCsv); `keepExisting` leaves courses on file as they are. */
export async function importCourseRows(context: ReferenceSetContext, outcome: ReferenceSetOutcome, rows: RowsToImport & { keepExisting?: boolean }): Promise<void> {
  await importRows(context, outcome, rows, {
    what: 'courses',
    rowsPerPiece: context.rowsPerTransaction?.courses,
    run: (input) => importCatalogCsv({ db: context.db, input, keepExisting: rows.keepExisting ?? false }),
  });
}

/** A school a set needs, described as the Universities Management page would create it. */
export interface SchoolFacts {
  name: string;
  /** Other names it may already be on file under (earlier names, short forms). */
  alsoKnownAs?: string[];
  key?: string;
  state: string;
  control: 'public' | 'private';
  kind: 'university' | 'college' | 'community-college' | 'technical-college';
  floridaStatewideNumbering?: boolean;
  /** Names to add as aliases when the school is created (those another school already uses are left out). */
  aliases?: string[];
}

const keyFromName = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/**
 * The school on file a set means: by its name or another name it goes by exactly, else (the federal directory loaded)
 * by the name resolved in the set's state ("Madison Area Tech. College" is Madison Area Technical College, "LSU
 * Alexandria" Louisiana State University-Alexandria). `foundBy` is the exact name, null when resolved.
 */
async function findSetSchool(context: ReferenceSetContext, school: SchoolFacts) {
  const names = [school.name, ...(school.alsoKnownAs ?? [])];
  for (const name of names) {
    const found = await findInstitution(context.db, name);
    if (found) return { found, foundBy: name as string | null };
  }
  for (const name of names) {
    const resolved = (await resolveSchoolName(context.db, name, { states: [school.state] })).school;
    if (resolved && (resolved.state === null || resolved.state === school.state)) return { found: await findInstitutionById(context.db, resolved.id), foundBy: null };
  }
  return { found: null, foundBy: null };
}

/**
 * Finds each school (findSetSchool), or creates it (createInstitution, audited as an admin's would be). A school on
 * file keeps what an admin gave it: only a missing state and the statewide-numbering flag a set asserts are added, and
 * the set's name of it as an alias when it was found by another. Returns each school's key by the name the set gave it.
 */
export async function ensureSchools(context: ReferenceSetContext, outcome: ReferenceSetOutcome, schools: readonly SchoolFacts[]): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  for (const school of schools) {
    await letOthersRun();
    const { found, foundBy } = await findSetSchool(context, school);
    if (found) {
      // Still called by another name the set says it goes by (the Wisconsin rules file names UW-Madison so): it takes
      // the set's full name, and its old name stays an alias, so a later set that looks it up by either finds it. A
      // school found another way (the directory's) keeps its name and learns the set's.
      const renamed =
        normalizeSchoolName(found.name) !== normalizeSchoolName(school.name) &&
        (school.alsoKnownAs ?? []).some((name) => normalizeSchoolName(name) === normalizeSchoolName(found.name));
      const learned = await addInstitutionAliases({ db: context.db, id: found.id, aliases: [...(foundBy === null ? [school.name] : []), ...(school.aliases ?? [])], actor: context.actor });
      const changes = {
        ...(renamed ? { name: school.name } : {}),
        ...(found.state === null ? { state: school.state } : {}),
        ...(school.floridaStatewideNumbering && !found.floridaStatewideNumbering ? { floridaStatewideNumbering: true } : {}),
      };
      if (Object.keys(changes).length > 0) await changeInstitution({ db: context.db, id: found.id, input: changes, actor: context.actor });
      if (learned || Object.keys(changes).length > 0) counts.updated += 1;
      else counts.unchanged += 1;
      keys.set(school.name, found.key);
      continue;
    }
    const aliases: string[] = [];
    for (const alias of school.aliases ?? []) if (!(await findInstitution(context.db, alias))) aliases.push(alias);
    let key = school.key ?? keyFromName(school.name);
    for (let attempt = 2; (await findInstitution(context.db, key)) !== null; attempt++) key = `${school.key ?? keyFromName(school.name)}-${attempt}`;
    const created = await createInstitution({
      db: context.db,
      input: {
        name: school.name,
        key,
        state: school.state,
        control: school.control,
        kind: school.kind,
        floridaStatewideNumbering: school.floridaStatewideNumbering ?? false,
        aliases,
      },
      actor: context.actor,
    });
    counts.inserted += 1;
    keys.set(school.name, created.key);
  }
  add(outcome, 'schools', counts);
  return keys;
}

/**
 * The one code path that writes equivalency rules from a CSV: the admin upload, `npm run import`, the demo seed and the
 * benchmark all call importEquivalencyCsv. The whole file is one transaction: with any error, or for a dry run, it is
 * rolled back and nothing stored changes. Rows are parsed as they stream in and written in batches, so memory stays
 * flat however long the file is.
 */
import type {
  EquivalencyImportResult,
  ImportAction,
  ImportError,
  ImportPreviewRow,
} from '../../../shared/schemas/equivalencies';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import {
  createCsvRowParser,
  createRulesCsvImporter,
  formatRulesAsCsv,
  type ParsedRuleDraft,
} from './engine/csv-import-format';
import {
  createInstitutionFromImport,
  deleteRuleCourses,
  insertRuleCourses,
  findStoredRuleContents,
  findStoredRules,
  beginBulkRuleWrite,
  RuleIdReserve,
  endBulkRuleWrite,
  RuleBatchColumns,
  listRulesForExport,
  lockInstitutionAgainstDeletion,
  lockRuleImports,
  preferIndexLookups,
  updateChangedRules,
  writeRuleBatchInOneStatement,
  writeRuleBatchWithCopy,
  prepareRuleBatch,
  pairsWithStoredRules,
  RuleCopyBatch,
  type PreparedRuleBatch,
  type ExportRuleRow,
  type RuleWriteRow,
} from './equivalency-import.queries';
import { findInstitution } from './equivalency.queries';
import {
  describeCourses,
  describeRuleChanges,
  describeCredits,
  normalizeInstitutionAlias,
  readCreditRange,
  storedRuleIdentity,
} from './rule-identity';
import { LimitedErrorList } from './engine/limited-error-list';
import { createLineByIdentity } from './rule-identity-table';

export type CsvInput = string | AsyncIterable<string | Uint8Array>;

export interface ImportActor {
  id: string | null;
  email: string | null;
  ipAddress?: string;
}

export const MAX_REPORTED_ERRORS = 1000;
const TEXT_SLICE = 1 << 20;

/**
 * On the embedded database the rules import parses ~32 KB (~300 rows) at a time and lets the event loop run in between:
 * on the server, whose embedded database shares the thread, other requests get their turn. In `npm run import`, where
 * the database works on its own thread, this took 300,000 rows from 21.4-23.2 s to 18.0-18.8 s while each batch waited
 * for answers between its statements; since new rules are sent without waiting (writeRuleBatchWithCopy) it makes no
 * difference there (15.1-17.6 s against 15.6-16.9 s, alternating runs). On PostgreSQL (one statement a batch) the
 * yields only cost, 14.2-15.3 s against 9.6-13.0, so reads stay whole.
 */
const EMBEDDED_IMPORT_SLICE = 1 << 15;

const letEventsRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Turns a string or a byte/text stream into text chunks; with `slice`, at most that long, yielding to events between. */
async function* textChunks(input: CsvInput, slice?: number): AsyncGenerator<string> {
  async function* pieces(text: string): AsyncGenerator<string> {
    if (!slice) {
      yield text;
      return;
    }
    for (let start = 0; start < text.length; start += slice) {
      if (start > 0) await letEventsRun();
      yield text.slice(start, start + slice);
    }
  }
  if (typeof input === 'string') {
    for (let start = 0; start < input.length; start += TEXT_SLICE) yield* pieces(input.slice(start, start + TEXT_SLICE));
    return;
  }
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of input) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text) yield* pieces(text);
  }
  const rest = decoder.decode();
  if (rest) yield* pieces(rest);
}

/** The rule row of a classified draft, as the new-rule and changed-rule writes store it. */
function asRuleRow({ draft, from, to, fingerprint, contentHash }: { draft: ParsedRuleDraft; from: { id: number }; to: { id: number }; fingerprint: string; contentHash: string }): RuleWriteRow {
  return {
    fromInstitutionId: from.id,
    toInstitutionId: to.id,
    transfers: draft.transfers,
    creditsAwarded: draft.creditsAwarded,
    minGrade: draft.minGrade,
    effectiveFrom: draft.effectiveFrom,
    effectiveTo: draft.effectiveTo,
    notes: draft.notes,
    fingerprint,
    contentHash,
  };
}

/** Thrown inside the transaction to roll it back (dry runs, files with errors); never leaves this module. */
class RollBack extends Error {}

interface ResolvedSchool {
  id: number;
  name: string;
}

/**
 * Rules written per statement. A few batches are in memory at once (up to two sent and not yet stored, the next one
 * prepared meanwhile), and what they allocate lives long enough to reach V8's old generation, where it piles up until
 * a full collection: at 5,000 a 1,000,000-row import peaked ~65 MB higher than at 1,000, and was no faster on either
 * database (docs/BENCHMARKS.md).
 */
const RULE_BATCH_SIZE = 1000;

/**
 * Imports a rules CSV (columns in engine/csv-import-format.ts). `sourceUniversity` (key, name or alias) is the school
 * the courses come from when the file has no source_university column or leaves it empty.
 */
export async function importEquivalencyCsv({
  db,
  input,
  actor,
  dryRun = false,
  sourceUniversity,
  previewLimit = 200,
  batchSize = RULE_BATCH_SIZE,
}: {
  db: Database;
  input: CsvInput;
  actor: ImportActor;
  dryRun?: boolean;
  sourceUniversity?: string;
  previewLimit?: number;
  batchSize?: number;
}): Promise<EquivalencyImportResult> {
  const started = Date.now();
  const importer = createRulesCsvImporter({ identity: false, maxErrors: MAX_REPORTED_ERRORS });
  // Errors found here rather than by the CSV reader: unknown schools, repeated rules.
  const ownErrors = new LimitedErrorList<ImportError>(MAX_REPORTED_ERRORS);
  const counts = { inserted: 0, updated: 0, unchanged: 0, rules: 0, rows: 0 };
  const institutionsCreated: string[] = [];
  const preview: ImportPreviewRow[] = [];
  let reportedErrors: ImportError[] = [];
  let errorCount = 0;

  const run = async (tx: Queryable) => {
    await lockRuleImports(tx);
    await preferIndexLookups(tx);
    const bulk = await beginBulkRuleWrite(tx);
    // With foreign-key checks off, a school another session deletes mid-import would leave rules pointing nowhere.
    const findSchool = async (name: string) => {
      const found = await findInstitution(tx, name);
      if (found && bulk && db.kind === 'postgres' && !(await lockInstitutionAgainstDeletion(tx, found.id))) return null;
      return found;
    };
    const schools = new Map<string, ResolvedSchool>();
    let defaultSource: ResolvedSchool | null = null;
    if (sourceUniversity) {
      const found = await findSchool(sourceUniversity);
      if (found) defaultSource = { id: found.id, name: found.name };
      else ownErrors.push({ line: 1, column: 'source_university', message: `the chosen source school "${sourceUniversity}" is not known` });
    }
    // Identity of every rule seen so far (53-bit numbers in typed arrays: ~24 MB for a million rules) -> its first line.
    const seen = createLineByIdentity();
    let importerErrors = 0;

    // By the name as written first (one map lookup per row), then by its normalised alias (one query per spelling).
    const schoolsByName = new Map<string, ResolvedSchool>();
    const resolveSchool = async (name: string): Promise<ResolvedSchool> => {
      const known = schoolsByName.get(name);
      if (known) return known;
      const normalized = normalizeInstitutionAlias(name);
      let school = schools.get(normalized) ?? null;
      if (!school) {
        const found = await findSchool(name);
        if (found) school = { id: found.id, name: found.name };
        else {
          const created = await createInstitutionFromImport(tx, name);
          institutionsCreated.push(created.name);
          school = { id: created.id, name: created.name };
        }
        schools.set(normalized, school);
      }
      schoolsByName.set(name, school);
      return school;
    };

    type BatchItem = { draft: ParsedRuleDraft; from: ResolvedSchool; to: ResolvedSchool; fingerprint: string; contentHash: string };
    // How new rules go in (equivalency-import.queries.ts). On the embedded database, whose work is most of an import's,
    // with COPY: a third less of it. On PostgreSQL in one statement a batch: COPY takes a third less of the server's
    // time there too, but each of its statements waits for this process to read on, busy parsing (300,000 rows:
    // 16.0-17.4 s against 13.3-13.7 s, alternating runs).
    const writeWithCopy = db.kind === 'embedded';
    type PreparedBatch = { items: BatchItem[]; mayBeStored: boolean };
    // Whether each pair of schools (`from:to`) had rules stored when this import first met it (pairsWithStoredRules).
    const pairHadRules = new Map<string, boolean>();
    const pairKey = (item: BatchItem) => `${item.from.id}:${item.to.id}`;
    // Once the file has an error nothing will be kept: keep reading to report every error, but stop writing.
    const writing = () => importerErrors + ownErrors.count === 0;

    /** Schools, identity and repeats of one batch: this process's work, done while the previous batch is stored. */
    const prepareBatch = async (drafts: ParsedRuleDraft[]): Promise<PreparedBatch> => {
      const items: BatchItem[] = [];
      for (const draft of drafts) {
        const line = draft.lines[0] ?? 0;
        let from: ResolvedSchool | null;
        if (draft.sourceUniversity) from = await resolveSchool(draft.sourceUniversity);
        else {
          from = defaultSource;
          if (!from && !sourceUniversity) {
            ownErrors.push({ line, column: 'source_university', message: 'is empty and no source school was chosen for the file' });
          }
        }
        const to = await resolveSchool(draft.targetUniversity);
        if (!from) continue;
        if (from.id === to.id) {
          ownErrors.push({ line, column: 'target_university', message: `"${draft.targetUniversity}" is the same school as the source` });
          continue;
        }
        const { fingerprint, contentHash } = storedRuleIdentity(from.id, to.id, draft);
        const identity = Number.parseInt(fingerprint, 16);
        const firstLine = seen.get(identity);
        if (firstLine !== undefined) {
          ownErrors.push({ line, column: 'source_code', message: `repeats the rule on line ${firstLine} (same schools and course codes); remove one or give them a group` });
          continue;
        }
        seen.set(identity, line);
        items.push({ draft, from, to, fingerprint, contentHash });
      }
      counts.rules += items.length;
      // A dry run looks every rule up anyway.
      if (dryRun) return { items, mayBeStored: true };
      const unknownPairs = new Map<string, BatchItem>();
      for (const item of items) {
        const key = pairKey(item);
        if (!pairHadRules.has(key)) unknownPairs.set(key, item);
      }
      if (unknownPairs.size > 0) {
        const pairs = [...unknownPairs.values()];
        const stored = await pairsWithStoredRules(tx, pairs.map((item) => item.from.id), pairs.map((item) => item.to.id));
        for (const key of unknownPairs.keys()) pairHadRules.set(key, stored.has(key));
      }
      return { items, mayBeStored: items.some((item) => pairHadRules.get(pairKey(item))) };
    };

    /** A dry run: what each rule would do, for the counts and the preview; nothing is written. */
    const classifyBatch = async (items: BatchItem[]) => {
      const stored = await findStoredRules(tx, items.map((item) => item.fingerprint));
      // Changed rules in the preview say what changes: their stored content, read once for the batch.
      const changedInPreview: Array<{ row: ImportPreviewRow; storedId: number; draft: ParsedRuleDraft }> = [];
      for (const item of items) {
        const state = stored.get(item.fingerprint);
        const action: ImportAction = !state ? 'insert' : state.contentHash === item.contentHash ? 'unchanged' : 'update';
        counts[action === 'insert' ? 'inserted' : action === 'update' ? 'updated' : 'unchanged'] += 1;
        if (preview.length < previewLimit) {
          const row: ImportPreviewRow = {
            line: item.draft.lines[0] ?? 0,
            action,
            sourceUniversity: item.from.name,
            source: describeCourses(item.draft.sources),
            targetUniversity: item.to.name,
            target: describeCourses(item.draft.targets),
            credits: describeCredits(item.draft),
            transfers: item.draft.transfers,
          };
          preview.push(row);
          if (action === 'update' && state) changedInPreview.push({ row, storedId: state.id, draft: item.draft });
        }
      }
      const contents = await findStoredRuleContents(tx, changedInPreview.map(({ storedId }) => storedId));
      for (const { row, storedId, draft } of changedInPreview) {
        const before = contents.get(storedId);
        if (before) row.changes = describeRuleChanges(before, draft);
      }
    };

    // Share of the last batch's rules that were already stored. A file imported again is mostly unchanged rules: then
    // a lookup by fingerprint first, and rows built only for what differs, is cheaper than building every rule's rows.
    let storedShare = 0;

    type NewRuleRows = { copy: RuleCopyBatch } | { statement: PreparedRuleBatch };
    const newRuleRowsOf = (items: BatchItem[]): NewRuleRows => {
      const rows = writeWithCopy ? new RuleCopyBatch(actor.id) : new RuleBatchColumns();
      for (const item of items) rows.add(asRuleRow(item), item.draft.sources, item.draft.targets);
      return rows instanceof RuleCopyBatch ? { copy: rows } : { statement: prepareRuleBatch(rows) };
    };
    const idReserve = new RuleIdReserve(tx);
    const writeNewRules = async (rows: NewRuleRows, mayBeStored: boolean) =>
      'copy' in rows
        ? writeRuleBatchWithCopy(tx, rows.copy, { mayBeStored, reserve: idReserve })
        : { ...(await writeRuleBatchInOneStatement(tx, rows.statement, actor.id, { mayBeStored })), written: Promise.resolve() };
    /** While the previous batch is stored: the batch's rows, unless this batch will be looked up first. */
    const prepareWrite = ({ items }: PreparedBatch) => (!dryRun && storedShare <= 0.5 ? newRuleRowsOf(items) : null);

    /**
     * A real import: stored rules found and new ones written by writeNewRules; changed ones rewritten. Returns once
     * the batch is sent; `written` settles when the database has stored it.
     */
    const storeBatch = async ({ items, mayBeStored }: PreparedBatch, prepared: NewRuleRows | null): Promise<{ written: Promise<void> }> => {
      const done = { written: Promise.resolve() };
      if (dryRun) {
        await classifyBatch(items);
        return done;
      }
      if (!writing() || items.length === 0) return done;
      let rows = prepared;
      if (storedShare > 0.5) {
        const stored = await findStoredRules(tx, items.map((item) => item.fingerprint));
        rows = newRuleRowsOf(items.filter((item) => stored.get(item.fingerprint)?.contentHash !== item.contentHash));
      }
      const { inserted, changed, written } = await writeNewRules(rows ?? newRuleRowsOf(items), mayBeStored);
      counts.inserted += inserted;
      counts.updated += changed.length;
      counts.unchanged += items.length - inserted - changed.length;
      storedShare = (items.length - inserted) / items.length;
      if (changed.length === 0) return { written };
      await written;
      const byFingerprint = new Map(items.map((item) => [item.fingerprint, item]));
      const edited = new RuleBatchColumns();
      for (const { fingerprint } of changed) {
        const item = byFingerprint.get(fingerprint)!;
        edited.add(asRuleRow(item), item.draft.sources, item.draft.targets);
      }
      if ((await updateChangedRules(tx, edited)) !== edited.size) throw new Error('a changed rule was deleted during the import');
      const ruleIds = changed.map(({ id }) => id);
      await deleteRuleCourses(tx, ruleIds);
      await insertRuleCourses(tx, edited, ruleIds);
      return done;
    };

    // Storing batch k overlaps reading and preparing batch k+1: on PostgreSQL the server works while this process
    // parses and hashes. A batch is sent once the one before it has been sent; with COPY (writeRuleBatchWithCopy) it can
    // then wait in the database's queue behind the one being stored, so the database goes straight from one to the
    // next. At most two batches are sent and not yet stored (their drafts and the next batch's are all that is held).
    // The first failure is rethrown at the next await.
    let sending: Promise<void> = Promise.resolve();
    let unwritten: Array<Promise<void>> = [];
    let inFlightError: unknown = null;
    const noteFailure = (error: unknown) => {
      inFlightError ??= error;
    };
    const settleSending = async () => {
      await sending;
      if (inFlightError) throw inFlightError;
    };
    const startBatch = async (batch: ParsedRuleDraft[]) => {
      if (batch.length === 0) return;
      let ready: PreparedBatch;
      try {
        ready = await prepareBatch(batch);
      } catch (error) {
        // A school lookup queued behind a failed batch fails too: report the batch's own error.
        await settle().catch(() => undefined);
        throw inFlightError ?? error;
      }
      const rows = prepareWrite(ready);
      await settleSending();
      if (unwritten.length >= 2) {
        await unwritten.shift();
        if (inFlightError) throw inFlightError;
      }
      sending = storeBatch(ready, rows).then(
        ({ written }) => {
          unwritten.push(written.catch(noteFailure));
        },
        noteFailure,
      );
    };
    const settle = async () => {
      await settleSending();
      const waiting = unwritten;
      unwritten = [];
      await Promise.all(waiting);
      if (inFlightError) throw inFlightError;
    };

    let pending: ParsedRuleDraft[] = [];
    for await (const chunk of textChunks(input, db.kind === 'embedded' ? EMBEDDED_IMPORT_SLICE : undefined)) {
      importer.push(chunk);
      const ready = importer.drain();
      importerErrors = ready.errorCount;
      for (const draft of ready.rules) pending.push(draft);
      if (pending.length >= batchSize) {
        const batch = pending;
        pending = [];
        await startBatch(batch);
      }
    }
    const end = importer.end();
    await settle();
    importerErrors = end.errorCount;
    for (const draft of end.rules) pending.push(draft);
    for (let start = 0; start < pending.length; start += batchSize) await startBatch(pending.slice(start, start + batchSize));
    await settle();
    counts.rows = end.rowCount;
    reportedErrors = [...end.errors, ...ownErrors.sorted()].sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_ERRORS);
    errorCount = end.errorCount + ownErrors.count;
    if (errorCount > 0 || dryRun) throw new RollBack();
    if (bulk) await endBulkRuleWrite(tx);
    await recordAudit(tx, {
      actor: { id: actor.id, email: actor.email },
      action: 'equivalency_rules_imported',
      subjectType: 'equivalency_rules',
      details: { rows: counts.rows, rules: counts.rules, inserted: counts.inserted, updated: counts.updated, unchanged: counts.unchanged, institutionsCreated },
      ipAddress: actor.ipAddress,
    });
  };

  let saved = false;
  try {
    await db.transaction(run);
    saved = true;
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  const failed = errorCount > 0;
  return {
    saved,
    dryRun,
    rows: counts.rows,
    rules: counts.rules,
    // A refused file stored nothing: a real import reports no changes, a dry run what the valid rows would do.
    inserted: failed && !dryRun ? 0 : counts.inserted,
    updated: failed && !dryRun ? 0 : counts.updated,
    unchanged: failed && !dryRun ? 0 : counts.unchanged,
    institutionsCreated: failed && !dryRun ? [] : institutionsCreated,
    errors: reportedErrors,
    errorCount,
    ...(dryRun ? { preview } : {}),
    ms: Date.now() - started,
  };
}

/** A stored rule back in the import's draft shape, so formatRulesAsCsv writes exactly what imports back unchanged. */
export function draftFromStoredRule(row: ExportRuleRow): ParsedRuleDraft {
  const num = (value: number | string | null) => (value === null || value === undefined ? null : Number(value));
  return {
    sourceUniversity: row.from_name,
    targetUniversity: row.to_name,
    sources: row.sources.map((source) => ({ subject: source.subject, number: source.number, title: source.title, credits: num(source.credits) })),
    targets: row.targets.map((target) => ({
      subject: target.subject,
      number: target.number,
      title: target.title,
      credits: num(target.credits),
      creditRange: readCreditRange(target.credits_text),
      isElective: target.is_elective,
    })),
    transfers: row.transfers,
    creditsAwarded: num(row.credits_awarded),
    minGrade: row.min_grade,
    effectiveFrom: row.effective_from_term,
    effectiveTo: row.effective_to_term,
    group: null,
    notes: row.notes,
    fingerprint: '',
    contentHash: '',
    lines: [],
  };
}

/**
 * Every rule as CSV in the import's columns (with source_university), a page at a time: importing the result back
 * changes nothing. Rules without sources or targets cannot be written as rows and are skipped.
 */
export async function* exportEquivalencyCsv({ db, pageSize = 2000 }: { db: Queryable; pageSize?: number }): AsyncGenerator<string> {
  let afterId = 0;
  let first = true;
  for (;;) {
    const rows = await listRulesForExport(db, afterId, pageSize);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.id;
    // Generated group names must not repeat across pages: name them after the rule instead.
    const drafts = rows
      .filter((row) => row.sources.length > 0 && row.targets.length > 0)
      .map((row) => {
        const draft = draftFromStoredRule(row);
        return { ...draft, group: Math.max(draft.sources.length, draft.targets.length) > 1 ? `rule-${row.id}` : null };
      });
    const csv = formatRulesAsCsv(drafts);
    yield first ? csv : csv.slice(csv.indexOf('\n') + 1);
    first = false;
  }
  if (first) yield formatRulesAsCsv([]);
}

// ---------------------------------------------------------------------------
// Catalogue CSV (institution, subject, number, title, credits, description)
// ---------------------------------------------------------------------------

export const CATALOG_COLUMNS = ['institution', 'subject', 'number', 'title', 'credits', 'description'] as const;

/** Which kind of file a header line names: a rules CSV or a catalogue CSV. */
export function detectCsvKind(headerLine: string): 'rules' | 'catalog' | null {
  const names = headerLine.replace(/^\ufeff/, '').trim().toLowerCase().split(',').map((name) => name.trim().replace(/^"|"$/g, ''));
  if (names.includes('target_code') || names.includes('source_code')) return 'rules';
  if (names.includes('institution') && names.includes('subject') && names.includes('number')) return 'catalog';
  return null;
}

export interface CatalogImportResult {
  saved: boolean;
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  institutionsCreated: string[];
  errors: ImportError[];
  errorCount: number;
  ms: number;
}

/**
 * Upserts catalogue courses by (institution, subject, number); one transaction, nothing kept when a row is wrong.
 * `keepExisting` adds only courses not yet on file and leaves the others as they are (reference data derived from
 * another source, such as a statewide inventory, must not overwrite a school's own catalogue).
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
  const parser = createCsvRowParser();
  const errors = new LimitedErrorList<ImportError>(MAX_REPORTED_ERRORS);
  const counts = { rows: 0, inserted: 0, updated: 0, unchanged: 0 };
  const institutionsCreated: string[] = [];
  let saved = false;
  try {
    await db.transaction(async (tx) => {
      const schools = new Map<string, number>();
      let index: Record<string, number> | null = null;
      // By school, subject and number: a course a file lists twice (the UF catalogue lists 842 under two departments)
      // is one course, the later row winning as it would from a later batch. One statement may not write a row twice.
      let batch = new Map<string, unknown[]>();
      const flush = async () => {
        if (batch.size === 0 || errors.count > 0) {
          batch = new Map();
          return;
        }
        const rows = [...batch.values()];
        const columns = [0, 1, 2, 3, 4, 5, 6].map((column) => rows.map((row) => row[column] ?? null));
        const written = await tx.query<{ inserted: boolean }>(
          `insert into courses (institution_id, subject, number, title, credits, credits_text, description)
           select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::text[], $7::text[])
           on conflict (institution_id, subject, number) ${
             keepExisting
               ? 'do nothing'
               : `do update set
             title = excluded.title, credits = excluded.credits, credits_text = excluded.credits_text,
             description = excluded.description, updated_at = now()
           where (courses.title, courses.credits, courses.credits_text, courses.description)
                 is distinct from (excluded.title, excluded.credits, excluded.credits_text, excluded.description)`
           }
           returning (xmax = 0) as inserted`,
          columns,
        );
        const inserted = written.filter((row) => row.inserted).length;
        counts.inserted += inserted;
        counts.updated += written.length - inserted;
        counts.unchanged += rows.length - written.length;
        batch = new Map();
      };
      const handle = async (fields: string[], line: number) => {
        if (!index) {
          const names = fields.map((name) => name.trim().toLowerCase());
          index = Object.fromEntries(names.map((name, position) => [name, position]));
          for (const required of ['institution', 'subject', 'number', 'title']) {
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
        let institutionId = schools.get(normalizeInstitutionAlias(institution));
        if (institutionId === undefined) {
          const found = await findInstitution(tx, institution);
          if (found) institutionId = found.id;
          else {
            const created = await createInstitutionFromImport(tx, institution);
            institutionsCreated.push(created.name);
            institutionId = created.id;
          }
          schools.set(normalizeInstitutionAlias(institution), institutionId);
        }
        const numeric = credits && /^\d+(\.\d+)?$/.test(credits) ? Number(credits) : null;
        if (numeric !== null && numeric >= 1000) errors.push({ line, column: 'credits', message: `"${credits}" is too large` });
        batch.set(`${institutionId}|${subject}|${number}`, [institutionId, subject, number, title, numeric, credits || null, description || null]);
        if (batch.size >= batchSize) await flush();
      };
      for await (const chunk of textChunks(input)) {
        for (const row of parser.push(chunk)) {
          if (row.error) errors.push({ line: row.line, message: row.error });
          else await handle(row.fields, row.line);
        }
      }
      for (const row of parser.end()) {
        if (row.error) errors.push({ line: row.line, message: row.error });
        else await handle(row.fields, row.line);
      }
      if (!index) errors.push({ line: 1, message: 'the file is empty; the first line must name the columns' });
      await flush();
      if (errors.count > 0) throw new RollBack();
    });
    saved = true;
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return {
    saved,
    ...counts,
    ...(saved ? {} : { inserted: 0, updated: 0, unchanged: 0 }),
    institutionsCreated: saved ? institutionsCreated : [],
    errors: errors.sorted(),
    errorCount: errors.count,
    ms: Date.now() - started,
  };
}

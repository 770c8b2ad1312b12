/**
 * The one code path that writes equivalency rules from a CSV: the admin upload, `npm run import`, the demo seed and
 * the benchmark all call importEquivalencyCsv. The whole file is one transaction: with any error, or for a dry run, it
 * is rolled back and nothing stored changes. Rows are parsed as they stream in and written in batches, so memory stays
 * flat however long the file is.
 */
import type { EquivalencyImportResult, ImportAction, ImportError, ImportPreviewRow } from '../../../../shared/schemas/equivalencies';
import { recordAudit } from '../../../audit/audit-log';
import type { Database, Queryable } from '../../../db/client';
import { createRulesCsvImporter, type ColumnMapping, type ColumnPlan, type CreditUnit, type ParsedRuleDraft, type RulesCsvImporter } from '../engine/csv-import-format';
import { generalEducationCodesInNotes } from '../engine/general-education-codes';
import { LimitedErrorList } from '../engine/limited-error-list';
import type { RuleClass } from '../engine/verdict-class';
import { catalogueTitles, codeKey } from '../../catalogue';
import { describeApproval, describeCourses, describeCredits, describeRuleChanges, storedRuleIdentity } from '../rule-identity';
import { createLineByIdentity } from '../rule-identity-table';
import { keptOnlyIfClean, MAX_REPORTED_ERRORS, textChunks, type CsvInput } from './csv-input';
import { findRememberedMapping, rememberMapping } from './column-mappings.queries';
import { ImportSchools, type ImportedSchool, type NewSchoolPolicy } from './import-schools';
import { createNewRuleWriter, rewriteChangedRules, ruleWriterFor, type EncodedRuleBatch, type NewRuleWriter, type RuleToStore, type RuleWriterKind } from './rule-writers';
import { beginBulkRuleWrite, endBulkRuleWrite, findStoredRuleContents, findStoredRules, lockRuleImports, pairsWithStoredRules, preferIndexLookups, setRuleUnitsAndCodes, type StoredRuleState } from './rule-write.queries';
import { SendQueue } from './send-queue';

export interface ImportActor {
  id: string | null;
  email: string | null;
  ipAddress?: string;
}

/**
 * On the embedded database the rules import parses ~32 KB (~300 rows) at a time and lets the event loop run in between:
 * on the server, whose embedded database shares the thread, other requests get their turn. In `npm run import`, where
 * the database works on its own thread, this took 300,000 rows from 21.4-23.2 s to 18.0-18.8 s while each batch waited
 * for answers between its statements; since new rules are sent without waiting (the COPY writer) it makes no
 * difference there (15.1-17.6 s against 15.6-16.9 s, alternating runs). On PostgreSQL (one statement a batch) the
 * yields only cost, 14.2-15.3 s against 9.6-13.0, so reads stay whole.
 */
const EMBEDDED_IMPORT_SLICE = 1 << 15;

/**
 * Rules written per statement. A few batches are in memory at once (up to two sent and not yet stored, the next one
 * prepared meanwhile), and what they allocate lives long enough to reach V8's old generation, where it piles up until
 * a full collection: at 5,000 a 1,000,000-row import peaked ~65 MB higher than at 1,000, and was no faster on either
 * database (docs/BENCHMARKS.md).
 */
const RULE_BATCH_SIZE = 1000;

/** A draft with its schools and identity, ready to preview or store. */
interface ClassifiedRule {
  draft: ParsedRuleDraft;
  from: ImportedSchool;
  to: ImportedSchool;
  fingerprint: string;
  contentHash: string;
}

interface PreparedBatch {
  items: ClassifiedRule[];
  /** False when no pair of schools in the batch had rules stored: none of its rules can be stored yet. */
  mayBeStored: boolean;
}

const toStore = ({ draft, from, to, fingerprint, contentHash }: ClassifiedRule): RuleToStore => ({
  row: {
    fromInstitutionId: from.id,
    toInstitutionId: to.id,
    transfers: draft.transfers,
    creditsAwarded: draft.creditsAwarded,
    minGrade: draft.minGrade,
    effectiveFrom: draft.effectiveFrom,
    effectiveTo: draft.effectiveTo,
    notes: draft.notes,
    creditUnit: draft.creditUnit,
    statedClass: draft.statedClass,
    approvedBy: draft.approvedBy,
    approvedOn: draft.approvedOn,
    fingerprint,
    contentHash,
  },
  sources: draft.sources,
  targets: draft.targets,
});

/**
 * Imports a rules CSV (columns in engine/csv-import-format.ts). `sourceUniversity` (key, name or alias) is the school
 * the courses come from when the file has no source_university column or leaves it empty. `mapping` names the file's
 * header for Crosswalk's columns; saved with a chosen source school, it is remembered for that school's next file.
 * `newSchools`: which schools no one has entered may be created (a dry run may create any: it is rolled back and its
 * result lists them; the admin page sends back the names the clerk confirmed). `writer` is for the import benchmark
 * only: by default each database gets its own (rule-writers.ts).
 */
export async function importEquivalencyCsv({
  db,
  input,
  actor,
  dryRun = false,
  sourceUniversity,
  previewLimit = 200,
  batchSize = RULE_BATCH_SIZE,
  writer = ruleWriterFor(db),
  mapping,
  newSchools = 'all',
}: {
  db: Database;
  input: CsvInput;
  actor: ImportActor;
  dryRun?: boolean;
  sourceUniversity?: string;
  previewLimit?: number;
  batchSize?: number;
  writer?: RuleWriterKind;
  mapping?: ColumnMapping;
  newSchools?: NewSchoolPolicy;
}): Promise<EquivalencyImportResult> {
  const started = Date.now();
  const run = new RulesImport({ db, actor, dryRun, sourceUniversity, previewLimit, batchSize, writer, mapping, newSchools });
  const saved = await keptOnlyIfClean(db, (tx) => run.execute(tx, input));
  return run.result(saved, Date.now() - started);
}

class RulesImport {
  private readonly counts = { inserted: 0, updated: 0, unchanged: 0, rules: 0, rows: 0 };
  /** Courses the file names without a title: titled from a school's catalogue, or left blank (no catalogue lists them). */
  private readonly titles = { fromCatalogue: 0, blank: 0 };
  private importer: RulesCsvImporter | null = null;
  private columns: ColumnPlan | null = null;
  private rememberedMapping: ColumnMapping = {};
  /** Unknown schools the import may not create, each reported once. */
  private readonly refusedSchools = new Set<string>();
  /** Errors found here rather than by the CSV reader: unknown schools, repeated rules. */
  private readonly ownErrors = new LimitedErrorList<ImportError>(MAX_REPORTED_ERRORS);
  private readonly preview: ImportPreviewRow[] = [];
  /** Identity of every rule seen so far (53-bit numbers in typed arrays: ~24 MB for a million rules) -> its first line. */
  private readonly seen = createLineByIdentity();
  /**
   * The content hash of every rule seen so far -> its first line: a row a published table repeats word for word (Delgado
   * → UNO's repeats seven) is the same rule, read once; only the same courses saying something else are an error.
   */
  private readonly seenContent = createLineByIdentity();
  /** Whether each pair of schools (`from:to`) had rules stored when this import first met it (pairsWithStoredRules). */
  private readonly pairHadRules = new Map<string, boolean>();
  private importerErrors = 0;
  private reportedErrors: ImportError[] = [];
  private errorCount = 0;
  /**
   * Share of the last batch's rules that were already stored. A file imported again is mostly unchanged rules: then a
   * lookup by fingerprint first, and rows built only for what differs, is cheaper than building every rule's rows.
   */
  private storedShare = 0;
  private schools: ImportSchools | null = null;
  private defaultSource: ImportedSchool | null = null;

  constructor(
    private readonly options: {
      db: Database;
      actor: ImportActor;
      dryRun: boolean;
      sourceUniversity?: string;
      previewLimit: number;
      batchSize: number;
      writer: RuleWriterKind;
      mapping?: ColumnMapping;
      newSchools: NewSchoolPolicy;
    },
  ) {}

  /** A school the file or the chosen source names; an unknown one the import may not create is an error, once. */
  private async school(name: string, line: number, column: 'source_university' | 'target_university'): Promise<ImportedSchool | null> {
    const school = await this.schools!.resolve(name);
    if (!school && !this.refusedSchools.has(name)) {
      this.refusedSchools.add(name);
      this.ownErrors.push({ line, column, message: `"${name}" is not a school on file; check the spelling (or add it as an alias on Universities), or check the file again and confirm it as a new school` });
    }
    return school;
  }

  /** Reads and stores the whole file in `tx`; true when it may be kept. */
  async execute(tx: Queryable, input: CsvInput): Promise<boolean> {
    const { db, dryRun, sourceUniversity, batchSize } = this.options;
    await lockRuleImports(tx);
    await preferIndexLookups(tx);
    const bulk = await beginBulkRuleWrite(tx);
    const schools = new ImportSchools(tx, bulk && db.kind === 'postgres', dryRun ? 'all' : this.options.newSchools);
    this.schools = schools;
    if (sourceUniversity) {
      this.defaultSource = await this.school(sourceUniversity, 1, 'source_university');
      if (this.defaultSource) this.rememberedMapping = await findRememberedMapping(tx, this.defaultSource.id);
    }
    const importer = createRulesCsvImporter({ identity: false, maxErrors: MAX_REPORTED_ERRORS, mapping: this.options.mapping, rememberedMapping: this.rememberedMapping });
    this.importer = importer;
    const writer = createNewRuleWriter(tx, this.options.writer, { actorId: this.options.actor.id, origin: 'csv' });
    const queue = new SendQueue();
    const startBatch = async (drafts: ParsedRuleDraft[]) => {
      if (drafts.length === 0) return;
      let ready: PreparedBatch;
      try {
        ready = await this.prepareBatch(tx, drafts);
      } catch (error) {
        throw await queue.firstFailureOr(error);
      }
      const encoded = !dryRun && this.storedShare <= 0.5 ? this.encode(writer, ready.items) : null;
      await queue.send(() => this.storeBatch(tx, writer, ready, encoded));
    };

    let pending: ParsedRuleDraft[] = [];
    for await (const chunk of textChunks(input, db.kind === 'embedded' ? EMBEDDED_IMPORT_SLICE : undefined)) {
      importer.push(chunk);
      const ready = importer.drain();
      this.importerErrors = ready.errorCount;
      for (const draft of ready.rules) pending.push(draft);
      if (pending.length >= batchSize) {
        const batch = pending;
        pending = [];
        await startBatch(batch);
      }
    }
    const end = importer.end();
    this.columns = end.columns;
    await queue.settle();
    this.importerErrors = end.errorCount;
    for (const draft of end.rules) pending.push(draft);
    for (let start = 0; start < pending.length; start += batchSize) await startBatch(pending.slice(start, start + batchSize));
    await queue.settle();
    this.counts.rows = end.rowCount;
    this.reportedErrors = [...end.errors, ...this.ownErrors.sorted()].sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_ERRORS);
    this.errorCount = end.errorCount + this.ownErrors.count;
    if (this.errorCount > 0 || dryRun) return false;
    if (bulk) await endBulkRuleWrite(tx);
    if (this.defaultSource && this.options.mapping && Object.keys(this.options.mapping).length > 0) {
      await rememberMapping(tx, this.defaultSource.id, { ...this.rememberedMapping, ...this.options.mapping }, this.options.actor.id);
    }
    const { actor } = this.options;
    const { rows, rules, inserted, updated, unchanged } = this.counts;
    await recordAudit(tx, {
      actor: { id: actor.id, email: actor.email },
      action: 'equivalency_rules_imported',
      subjectType: 'equivalency_rules',
      // How the file was read, so a wrong mapping can be traced to the import that used it.
      details: { rows, rules, inserted, updated, unchanged, institutionsCreated: schools.created, layout: this.columns?.layout ?? null, ...(this.options.mapping ? { mapping: this.options.mapping } : {}) },
      ipAddress: actor.ipAddress,
    });
    return true;
  }

  /** Once the file has an error nothing will be kept: reading goes on to report every error, but writing stops. */
  private writing() {
    return this.importerErrors + this.ownErrors.count === 0;
  }

  /** Schools, identity and repeats of one batch: this process's work, done while the previous batch is stored. */
  private async prepareBatch(tx: Queryable, drafts: ParsedRuleDraft[]): Promise<PreparedBatch> {
    const items: ClassifiedRule[] = [];
    const resolved: Array<{ draft: ParsedRuleDraft; from: ImportedSchool; to: ImportedSchool; line: number }> = [];
    for (const draft of drafts) {
      const line = draft.lines[0] ?? 0;
      let from: ImportedSchool | null;
      if (draft.sourceUniversity) from = await this.school(draft.sourceUniversity, line, 'source_university');
      else {
        from = this.defaultSource;
        if (!from && !this.options.sourceUniversity) {
          this.ownErrors.push({ line, column: 'source_university', message: 'is empty and no source school was chosen for the file' });
        }
      }
      const to = await this.school(draft.targetUniversity, line, 'target_university');
      if (!from || !to) continue;
      if (from.id === to.id) {
        this.ownErrors.push({ line, column: 'target_university', message: `"${draft.targetUniversity}" is the same school as the source` });
        continue;
      }
      resolved.push({ draft, from, to, line });
    }
    await this.titleFromCatalogues(tx, resolved);
    for (const { draft, from, to, line } of resolved) {
      const { fingerprint, contentHash } = storedRuleIdentity(from.id, to.id, draft);
      const identity = Number.parseInt(fingerprint, 16);
      const firstLine = this.seen.get(identity);
      if (firstLine !== undefined && this.seenContent.get(Number.parseInt(contentHash, 16)) !== undefined) continue;
      if (firstLine !== undefined) {
        this.ownErrors.push({ line, column: 'source_code', message: `repeats the rule on line ${firstLine} (same schools and course codes); remove one or give them a group` });
        continue;
      }
      this.seen.set(identity, line);
      this.seenContent.set(Number.parseInt(contentHash, 16), line);
      items.push({ draft, from, to, fingerprint, contentHash });
    }
    this.counts.rules += items.length;
    // A dry run looks every rule up anyway.
    if (this.options.dryRun) return { items, mayBeStored: true };
    return { items, mayBeStored: await this.mayBeStored(tx, items) };
  }

  /**
   * Most published tables name courses by code only: a course the file gives no title takes its school's catalogue
   * title, before the rule's identity is computed (so the same file imports back unchanged); one no catalogue lists
   * stays blank, and the preview counts both. One statement a batch, and none when every course has a title.
   */
  private async titleFromCatalogues(tx: Queryable, rules: Array<{ draft: ParsedRuleDraft; from: ImportedSchool; to: ImportedSchool }>): Promise<void> {
    const untitled: Array<{ course: { subject: string; number: string; title: string | null }; institutionId: number }> = [];
    for (const { draft, from, to } of rules) {
      for (const course of draft.sources) if (!course.title) untitled.push({ course, institutionId: from.id });
      // A target that is no course ("does not transfer") has its wording for a title already.
      for (const course of draft.targets) if (!course.title && course.number) untitled.push({ course, institutionId: to.id });
    }
    if (untitled.length === 0) return;
    const found = await catalogueTitles(tx, untitled.map(({ course, institutionId }) => ({ institutionId, codeKey: codeKey({ subject: course.subject, number: course.number }) })));
    untitled.forEach(({ course }, index) => {
      const title = found[index] ?? null;
      course.title = title;
      if (title) this.titles.fromCatalogue += 1;
      else this.titles.blank += 1;
    });
  }

  private async mayBeStored(tx: Queryable, items: ClassifiedRule[]): Promise<boolean> {
    const pairKey = (item: ClassifiedRule) => `${item.from.id}:${item.to.id}`;
    const unknownPairs = new Map<string, ClassifiedRule>();
    for (const item of items) {
      const key = pairKey(item);
      if (!this.pairHadRules.has(key)) unknownPairs.set(key, item);
    }
    if (unknownPairs.size > 0) {
      const pairs = [...unknownPairs.values()];
      const stored = await pairsWithStoredRules(tx, pairs.map((item) => item.from.id), pairs.map((item) => item.to.id));
      for (const key of unknownPairs.keys()) this.pairHadRules.set(key, stored.has(key));
    }
    return items.some((item) => this.pairHadRules.get(pairKey(item)));
  }

  private encode(writer: NewRuleWriter, items: ClassifiedRule[]): EncodedRuleBatch {
    return writer.encode(items.map(toStore));
  }

  /**
   * A real import: stored rules found and new ones written by the writer; changed ones rewritten. Returns once the
   * batch is sent; `written` settles when the database has stored it. A dry run only previews.
   */
  private async storeBatch(tx: Queryable, writer: NewRuleWriter, { items, mayBeStored }: PreparedBatch, encoded: EncodedRuleBatch | null): Promise<{ written: Promise<void> }> {
    const done = { written: Promise.resolve() };
    if (this.options.dryRun) {
      await this.previewBatch(tx, items);
      return done;
    }
    if (!this.writing() || items.length === 0) return done;
    let batch = encoded;
    let stored: Map<string, StoredRuleState> | null = null;
    if (this.storedShare > 0.5) {
      stored = await findStoredRules(tx, items.map((item) => item.fingerprint));
      const found = stored;
      batch = this.encode(writer, items.filter((item) => found.get(item.fingerprint)?.contentHash !== item.contentHash));
    }
    const { inserted, changed, written } = await (batch ?? this.encode(writer, items)).send({ mayBeStored });
    this.counts.inserted += inserted;
    this.counts.updated += changed.length;
    this.counts.unchanged += items.length - inserted - changed.length;
    this.storedShare = (items.length - inserted) / items.length;
    const changedFingerprints = new Set(changed.map((rule) => rule.fingerprint));
    // The writers store each rule they write with its codes; a stored rule they leave alone (unchanged) may lack them
    // (stored before they were read): where the batch could hold such rules, they are set too, and written only if
    // they differ. A batch of rules between schools that had none holds none; a looked-up batch says which differ.
    const extras: Array<{ fingerprint: string; creditUnit: CreditUnit | null; statedClass: RuleClass | null; approvedBy: string | null; approvedOn: string | null; generalEducationCodes: string[] }> = [];
    for (const item of items) {
      const { draft } = item;
      const named = draft.creditUnit !== null || draft.statedClass !== null || draft.approvedBy !== null || draft.approvedOn !== null || changedFingerprints.has(item.fingerprint);
      if (!named && !mayBeStored) continue;
      const codes = generalEducationCodesInNotes(item.draft.notes);
      const state = stored?.get(item.fingerprint);
      const mayLackCodes = codes.length > 0 && (stored === null || (state !== undefined && state.generalEducationCodes !== codes.join(',')));
      if (named || mayLackCodes) extras.push({ fingerprint: item.fingerprint, creditUnit: draft.creditUnit, statedClass: draft.statedClass, approvedBy: draft.approvedBy, approvedOn: draft.approvedOn, generalEducationCodes: codes });
    }
    const setExtras = () => setRuleUnitsAndCodes(tx, extras);
    if (changed.length === 0) return { written: extras.length === 0 ? written : written.then(setExtras) };
    await written;
    const byFingerprint = new Map(items.map((item) => [item.fingerprint, item]));
    await rewriteChangedRules(
      tx,
      changed.map(({ id, fingerprint }) => ({ id, rule: toStore(byFingerprint.get(fingerprint)!) })),
    );
    await setExtras();
    return done;
  }

  /** A dry run: what each rule would do, for the counts and the preview; nothing is written. */
  private async previewBatch(tx: Queryable, items: ClassifiedRule[]): Promise<void> {
    const stored = await findStoredRules(tx, items.map((item) => item.fingerprint));
    // Changed rules in the preview say what changes: their stored content, read once for the batch.
    const changedInPreview: Array<{ row: ImportPreviewRow; storedId: number; draft: ParsedRuleDraft }> = [];
    for (const item of items) {
      const state = stored.get(item.fingerprint);
      const action: ImportAction = !state ? 'insert' : state.contentHash === item.contentHash ? 'unchanged' : 'update';
      this.counts[action === 'insert' ? 'inserted' : action === 'update' ? 'updated' : 'unchanged'] += 1;
      if (this.preview.length < this.options.previewLimit) {
        const row: ImportPreviewRow = {
          line: item.draft.lines[0] ?? 0,
          action,
          sourceUniversity: item.from.name,
          source: describeCourses(item.draft.sources),
          targetUniversity: item.to.name,
          target: describeCourses(item.draft.targets),
          credits: describeCredits(item.draft),
          transfers: item.draft.transfers,
          ...(describeApproval(item.draft) ? { approval: describeApproval(item.draft)! } : {}),
        };
        this.preview.push(row);
        if (action === 'update' && state) changedInPreview.push({ row, storedId: state.id, draft: item.draft });
      }
    }
    const contents = await findStoredRuleContents(tx, changedInPreview.map(({ storedId }) => storedId));
    for (const { row, storedId, draft } of changedInPreview) {
      const before = contents.get(storedId);
      if (before) row.changes = describeRuleChanges(before, draft);
    }
  }

  result(saved: boolean, ms: number): EquivalencyImportResult {
    const { dryRun } = this.options;
    const failed = this.errorCount > 0;
    // A refused file stored nothing: a real import reports no changes, a dry run what the valid rows would do.
    const stored = !failed || dryRun;
    return {
      saved,
      dryRun,
      rows: this.counts.rows,
      rules: this.counts.rules,
      inserted: stored ? this.counts.inserted : 0,
      updated: stored ? this.counts.updated : 0,
      unchanged: stored ? this.counts.unchanged : 0,
      institutionsCreated: stored ? (this.schools?.created ?? []) : [],
      titlesFromCatalogue: this.titles.fromCatalogue,
      coursesWithoutTitle: this.titles.blank,
      errors: this.reportedErrors,
      errorCount: this.errorCount,
      columns: this.columns && {
        layout: this.columns.layout,
        headers: this.columns.headers,
        mapped: this.columns.mapped,
        unused: this.columns.unused,
        required: this.columns.required,
        missing: this.columns.missing,
      },
      ...(dryRun ? { preview: this.preview } : {}),
      ms,
    };
  }
}

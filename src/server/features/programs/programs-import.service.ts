/**
 * The one code path that writes programs, requirements, course attributes and exam credit rules from CSV: the admin
 * upload, the reference-data loaders and the tests. Several files may go in one import (a loader's programs, then their
 * requirements…); all of them are one transaction. Any error in any file, or a dry run, rolls it back: nothing stored
 * changes. A dry run goes through the very same writes and counts, so its preview is what saving would do.
 */
import type { ProgramImportAction, ProgramImportError, ProgramImportKind, ProgramImportPreviewRow, ProgramImportResult } from '../../../shared/schemas/programs';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import { codeKey, formatCourseCode } from '../catalogue';
import { findInstitution } from '../institutions';
import { examKey } from './engine/exam-credit';
import { checkRequirementRows } from './engine/requirement-tree';
import {
  formatProgramCsv,
  parseProgramCsv,
  STATEWIDE_FLORIDA,
  type AttributeDraft,
  type ExamRuleDraft,
  type ProgramDraft,
  type RequirementDraft,
} from './program-csv';
import { examRuleContentHash, programContentHash, requirementContentHash } from './program-identity';
import * as q from './programs-import.queries';
import { listRequirementRows } from './programs.queries';
import type { ProgramsActor } from './programs.service';

export interface ProgramCsvFile {
  text: string;
  /** Read from the header when not given. */
  kind?: ProgramImportKind;
  /** Named in errors when an import has several files. */
  name?: string;
}

const MAX_REPORTED_ERRORS = 1000;
const MAX_PREVIEW_ROWS = 200;

/** Thrown inside the transaction to roll it back (dry runs, files with errors); never leaves this module. */
class RollBack extends Error {}

class ImportRun {
  readonly errors: ProgramImportError[] = [];
  readonly preview: ProgramImportPreviewRow[] = [];
  readonly counts = { inserted: 0, updated: 0, unchanged: 0, removed: 0 };
  private readonly schools = new Map<string, q.ProgramScope | null>();
  prefix = '';

  constructor(readonly tx: Queryable) {}

  error(line: number, column: string | undefined, message: string) {
    this.errors.push({ line, ...(column ? { column } : {}), message: `${this.prefix}${message}` });
  }

  record(action: ProgramImportAction, line: number | null, label: string) {
    if (action === 'insert') this.counts.inserted += 1;
    else if (action === 'update') this.counts.updated += 1;
    else if (action === 'unchanged') this.counts.unchanged += 1;
    else this.counts.removed += 1;
    if (this.preview.length < MAX_PREVIEW_ROWS) this.preview.push({ line, action, label });
  }

  /** A school by key, name or alias; 'statewide:FL' where statewide programs are allowed. */
  async scope(school: string, line: number, allowStatewide: boolean): Promise<q.ProgramScope | null> {
    if (school.trim().toLowerCase() === STATEWIDE_FLORIDA.toLowerCase()) {
      if (allowStatewide) return { institutionId: null, statewide: 'FL' };
      this.error(line, 'school', `${STATEWIDE_FLORIDA} is for statewide programs; name the school`);
      return null;
    }
    const key = school.trim().toLowerCase();
    if (!this.schools.has(key)) {
      const found = await findInstitution(this.tx, school);
      this.schools.set(key, found ? { institutionId: found.id, statewide: null } : null);
    }
    const scope = this.schools.get(key) ?? null;
    if (!scope) this.error(line, 'school', `no school named "${school}": add it on the Universities page (or give the name it is known by there)`);
    return scope;
  }
}

async function importPrograms(run: ImportRun, drafts: ProgramDraft[]) {
  const includes: Array<{ draft: ProgramDraft; scope: q.ProgramScope }> = [];
  for (const draft of drafts) {
    const scope = await run.scope(draft.school, draft.line, true);
    if (!scope) continue;
    const hash = programContentHash(draft);
    const stored = await q.findProgramIdentity(run.tx, scope, draft.code);
    const label = `${draft.school} · ${draft.code} ${draft.name}`;
    if (!stored) {
      await q.insertProgram(run.tx, scope, draft, hash);
      run.record('insert', draft.line, label);
    } else if (stored.content_hash !== hash) {
      await q.updateProgram(run.tx, stored.id, draft, hash);
      run.record('update', draft.line, label);
    } else run.record('unchanged', draft.line, label);
    if (draft.includes.length > 0) includes.push({ draft, scope });
  }
  // Checked once every program of the file is in: a program may include one written further down.
  for (const { draft, scope } of includes) {
    const missing = await q.missingProgramCodes(run.tx, scope, draft.includes);
    if (missing.length > 0) run.error(draft.line, 'includes', `no program ${missing.join(', ')} at ${draft.school}`);
  }
}

async function importRequirements(run: ImportRun, drafts: RequirementDraft[]) {
  const groups = new Map<string, RequirementDraft[]>();
  for (const draft of drafts) {
    const key = `${draft.school.trim().toLowerCase()}|${draft.programCode}`;
    groups.set(key, [...(groups.get(key) ?? []), draft]);
  }
  for (const rows of groups.values()) {
    const first = rows[0]!;
    const scope = await run.scope(first.school, first.line, true);
    if (!scope) continue;
    const program = await q.findProgramIdentity(run.tx, scope, first.programCode);
    if (!program) {
      run.error(first.line, 'program_code', `no program ${first.programCode} at ${first.school}: load it in a programs file first`);
      continue;
    }
    const problems = checkRequirementRows(rows);
    for (const problem of problems) run.error(rows[problem.index]!.line, problem.column, problem.message);
    if (problems.length > 0) continue;
    const stored = await q.listRequirementHashes(run.tx, program.id);
    const written = rows.map((spec, position) => ({ spec, contentHash: requirementContentHash(spec, position) }));
    let changed = false;
    written.forEach(({ spec, contentHash }) => {
      const before = stored.get(spec.code);
      const action: ProgramImportAction = before === undefined ? 'insert' : before === contentHash ? 'unchanged' : 'update';
      if (action !== 'unchanged') changed = true;
      run.record(action, (spec as RequirementDraft).line, `${first.programCode} · ${spec.code} ${spec.name}`);
    });
    const kept = new Set(rows.map((row) => row.code));
    for (const code of stored.keys()) {
      if (kept.has(code)) continue;
      changed = true;
      run.record('remove', null, `${first.programCode} · ${code} (not in the file: removed)`);
    }
    if (changed) await q.replaceRequirements(run.tx, program.id, written);
  }
}

async function importAttributes(run: ImportRun, drafts: AttributeDraft[]) {
  const bySchool = new Map<string, AttributeDraft[]>();
  for (const draft of drafts) bySchool.set(draft.school.trim().toLowerCase(), [...(bySchool.get(draft.school.trim().toLowerCase()) ?? []), draft]);
  for (const rows of bySchool.values()) {
    const scope = await run.scope(rows[0]!.school, rows[0]!.line, false);
    if (!scope || scope.institutionId === null) continue;
    const stored = await q.loadAttributeSets(run.tx, scope.institutionId, rows.map((row) => codeKey(row)));
    const changed: AttributeDraft[] = [];
    for (const row of rows) {
      const before = stored.get(codeKey(row));
      const after = [...row.attributes].sort();
      const action: ProgramImportAction = before === undefined ? 'insert' : before.join('|') === after.join('|') ? 'unchanged' : 'update';
      if (action !== 'unchanged') changed.push(row);
      run.record(action, row.line, `${row.school} · ${formatCourseCode(row)}: ${after.join(', ') || '(none)'}`);
    }
    await q.replaceAttributes(run.tx, scope.institutionId, changed);
  }
}

async function importExamRules(run: ImportRun, drafts: ExamRuleDraft[]) {
  const bySchool = new Map<string, ExamRuleDraft[]>();
  for (const draft of drafts) bySchool.set(draft.school.trim().toLowerCase(), [...(bySchool.get(draft.school.trim().toLowerCase()) ?? []), draft]);
  for (const rows of bySchool.values()) {
    const scope = await run.scope(rows[0]!.school, rows[0]!.line, false);
    if (!scope || scope.institutionId === null) continue;
    const keyOf = (rule: ExamRuleDraft) => `${rule.examType}|${examKey(rule.exam)}`;
    const keys = [...new Set(rows.map(keyOf))];
    const stored = await q.loadExamRuleHashes(run.tx, scope.institutionId, keys);
    const changedKeys = new Set<string>();
    const written = rows.map((rule) => ({ ...rule, contentHash: examRuleContentHash(rule) }));
    for (const rule of written) {
      const before = stored.get(keyOf(rule))?.get(rule.minScore);
      const action: ProgramImportAction = before === undefined ? 'insert' : before === rule.contentHash ? 'unchanged' : 'update';
      if (action !== 'unchanged') changedKeys.add(keyOf(rule));
      run.record(action, rule.line, `${rule.school} · ${rule.examType} ${rule.exam} from ${rule.minScore}: ${rule.credits} credits${rule.courses.length > 0 ? ` (${rule.courses.join(', ')})` : ''}`);
    }
    for (const [key, scores] of stored) {
      for (const minScore of scores.keys()) {
        if (written.some((rule) => keyOf(rule) === key && rule.minScore === minScore)) continue;
        changedKeys.add(key);
        run.record('remove', null, `${rows[0]!.school} · ${key.replace('|', ' ')} from ${minScore} (not in the file: removed)`);
      }
    }
    if (changedKeys.size > 0) await q.replaceExamRules(run.tx, scope.institutionId, [...changedKeys], written.filter((rule) => changedKeys.has(keyOf(rule))));
  }
}

export async function importProgramData({
  db,
  files,
  actor,
  dryRun = false,
}: {
  db: Database;
  files: ProgramCsvFile[];
  actor: ProgramsActor;
  dryRun?: boolean;
}): Promise<ProgramImportResult> {
  const started = Date.now();
  let result: Omit<ProgramImportResult, 'saved' | 'ms'> | null = null;
  try {
    await db.transaction(async (tx) => {
      await q.lockProgramImports(tx);
      const run = new ImportRun(tx);
      let rows = 0;
      const kinds: ProgramImportKind[] = [];
      for (const file of files) {
        run.prefix = files.length > 1 ? `${file.name ?? file.kind ?? 'file'}: ` : '';
        const parsed = parseProgramCsv(file.text, file.kind);
        rows += parsed.rows;
        if (parsed.kind) kinds.push(parsed.kind);
        for (const error of parsed.errors) run.error(error.line, error.column, error.message);
        if (!parsed.content) continue;
        switch (parsed.content.kind) {
          case 'programs':
            await importPrograms(run, parsed.content.drafts);
            break;
          case 'requirements':
            await importRequirements(run, parsed.content.drafts);
            break;
          case 'attributes':
            await importAttributes(run, parsed.content.drafts);
            break;
          case 'exam-rules':
            await importExamRules(run, parsed.content.drafts);
            break;
        }
      }
      const errors = [...run.errors].sort((a, b) => a.line - b.line);
      result = {
        dryRun,
        kind: kinds.length === 1 ? kinds[0]! : null,
        rows,
        ...run.counts,
        errors: errors.slice(0, MAX_REPORTED_ERRORS),
        errorCount: errors.length,
        ...(dryRun || errors.length > 0 ? { preview: run.preview } : {}),
      };
      if (errors.length > 0 || dryRun) throw new RollBack();
      await recordAudit(tx, {
        actor: { id: actor.id, email: actor.email },
        action: 'programs_imported',
        subjectType: 'programs',
        details: { kinds, rows, ...run.counts },
        ipAddress: actor.ipAddress,
      });
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  const done = result as Omit<ProgramImportResult, 'saved' | 'ms'> | null;
  if (!done) throw new Error('program import finished without a result');
  return { ...done, saved: !dryRun && done.errorCount === 0, ms: Date.now() - started };
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

/** Everything stored of one kind, in its import columns: importing it back changes nothing. */
export async function exportProgramCsv({ db, kind }: { db: Queryable; kind: ProgramImportKind }): Promise<string> {
  switch (kind) {
    case 'programs':
      return formatProgramCsv(
        kind,
        (await q.listProgramsForExport(db)).map((row) => ({
          school: row.school,
          program_code: row.code,
          program_name: row.name,
          degree: row.degree,
          catalog_year: row.catalog_year,
          total_credits: num(row.total_credits),
          kind: row.kind,
          entering_from: row.entering_from,
          entering_to: row.entering_to,
          includes: row.includes.join(' | '),
          notes: row.notes,
          data_note: row.data_note,
          source_url: row.source_url,
        })),
      );
    case 'requirements': {
      const programs = new Map((await q.listProgramsForExport(db)).map((program) => [program.id, program]));
      const rows = await listRequirementRows(db, [...programs.keys()]);
      return formatProgramCsv(
        kind,
        rows.map((row) => ({
          school: programs.get(row.program_id)!.school,
          program_code: programs.get(row.program_id)!.code,
          requirement_id: row.code,
          parent_id: row.parent_code,
          name: row.name,
          kind: row.kind,
          group: row.group_rule,
          children_required: row.children_required,
          min_courses: row.min_courses,
          min_credits: num(row.min_credits),
          max_credits: num(row.max_credits),
          options: row.options.join(' | '),
          min_grade: row.min_grade,
          double_count: row.double_count,
          exam_credit: row.exam_credit,
          notes: row.notes,
          doubtful: row.doubtful,
        })),
      );
    }
    case 'attributes':
      return formatProgramCsv(
        kind,
        (await q.listAttributesForExport(db)).map((row) => ({ school: row.school, course_code: formatCourseCode(row), attributes: row.attributes.join(' | ') })),
      );
    case 'exam-rules':
      return formatProgramCsv(
        kind,
        (await q.listExamRulesForExport(db)).map((row) => ({
          school: row.school,
          exam_type: row.exam_type,
          exam: row.exam,
          min_score: num(row.min_score),
          credits: num(row.credits),
          courses: row.courses.join(' | '),
          notes: row.notes,
          doubtful: row.doubtful,
        })),
      );
  }
}

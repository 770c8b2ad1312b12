// The equivalency import CSV (the admin "Course Data Upload" page and bulk loads).
// Expected columns: source_code, source_name, target_university, target_code,
// target_name, credits; only source_code, target_university and target_code are required
// (titles and credits are often not published; decision 152). Optional: source_university,
// source_credits, min_grade, effective_from, effective_to, group, notes (conditions the
// student reads), credit_unit, equivalency_type (what the rule gives when the table says:
// readStatedClass), approved_by and approved_on (who approved the rule and when, kept with
// it, shown to the clerk and exported). Headers may come in any order
// and as schools publish them (`from_course_code`, `Receiving Course`, TES and ATAIN
// layouts; import-columns.ts), or be mapped by the caller. When a required column is
// missing, every header nothing reads is reported with it: it is usually the one meant.
// A side may name several courses ("A + B", "A & B") or say nothing transfers ("No
// Comparable Course", "NE"); a code that is neither is an error (published-course-codes.ts).
//
// One row is one source course → one target course. Rows that share a `group` value (and
// the same source and target universities) form one rule: several sources make a
// many-to-one rule (lecture + lab), several targets a one-to-many rule (a course plus
// elective credit). A target's `credits` is what that target awards; a rule's credits are
// the sum over its distinct targets. Credits may be a range ("1.00-3.00", variable-credit
// courses in the Wisconsin data): the rule then awards what the student actually earned.
//
// Every draft has a `fingerprint` naming WHICH rule it is (universities + codes) and a
// `contentHash` covering everything else, so a re-import can tell new, changed and
// unchanged rules apart. The module is pure (no Node APIs) so the browser can validate a
// pasted CSV before upload.

import { codeKey, formatCourseCode, ruleIdentityCourseKey, type SplitCourseCode } from '../../catalogue';
import { createCsvRowParser, delimiterOfHeader, formatCsvLine, type CsvRow, type CsvRowParser } from './csv-row-parser';
import { ALL_COLUMNS, EXPECTED_COLUMNS, OPTIONAL_COLUMNS, planColumns, type Column, type ColumnMapping, type ColumnPlan } from './import-columns';
import { calendarDateOf, readCreditUnit, readPublishedSide, splitCreditsText, termOfDate, titlesFor, type CreditUnit } from './published-course-codes';
import { isValidMinimumGrade } from './grades';
import { parseTerm } from './terms';
import { LimitedErrorList } from './limited-error-list';
import { isElectiveTarget, nonTransferTargetKind, readStatedClass, STATED_CLASS_WORDS, type RuleClass } from './verdict-class';

export { createCsvRowParser, type CsvRow, type CsvRowParser } from './csv-row-parser';

export { EXPECTED_COLUMNS, OPTIONAL_COLUMNS, type Column, type ColumnMapping, type ColumnPlan } from './import-columns';
export type { CreditUnit } from './published-course-codes';
const NON_EMPTY_COLUMNS = ['source_code', 'target_code', 'target_university'] as const;

/** Column order used for export. */
export const EXPORT_COLUMNS = ['source_university', 'source_code', 'source_name', 'source_credits', 'target_university', 'target_code', 'target_name', 'credits', 'min_grade', 'effective_from', 'effective_to', 'group', 'notes', 'credit_unit', 'equivalency_type', 'approved_by', 'approved_on'] as const;
type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export interface CsvImportError {
  line: number;
  column?: string;
  message: string;
}

export interface CreditRange {
  min: number;
  max: number;
}

export interface DraftSourceCourse {
  subject: string;
  number: string;
  title: string | null;
  credits: number | null;
}

export interface DraftTargetCourse extends DraftSourceCourse {
  isElective: boolean;
  /** Set instead of credits for variable-credit rows ("1.00-3.00"). */
  creditRange: CreditRange | null;
}

export interface ParsedRuleDraft {
  sourceUniversity: string | null;
  targetUniversity: string;
  sources: DraftSourceCourse[];
  targets: DraftTargetCourse[];
  /** False when every target is NDC (no degree credit) or DNT (does not transfer). */
  transfers: boolean;
  /** Sum of the targets' credits; null when any target has a credit range or none. */
  creditsAwarded: number | null;
  /** The system the credits are counted in, when the file says ("4 quarter units"); null when it does not. */
  creditUnit: CreditUnit | null;
  /** What the rule gives, when the file says (its equivalency_type column); null: inferred from the targets. */
  statedClass: RuleClass | null;
  minGrade: string | null;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  group: string | null;
  notes: string | null;
  /** Who approved the rule at the receiving school, and on which day ("2024-05-01"), when the table says. */
  approvedBy: string | null;
  approvedOn: string | null;
  /** Identity: normalised universities and course codes. */
  fingerprint: string;
  /** Identity plus every value, to tell an unchanged re-import from an edited one. */
  contentHash: string;
  /** CSV lines the draft came from. */
  lines: number[];
}

export interface ParseRulesCsvResult {
  rules: ParsedRuleDraft[];
  /** By line; the first `maxErrors` of them (see RulesCsvImporterOptions). */
  errors: CsvImportError[];
  /** How many errors the file has in all. */
  errorCount: number;
  rowCount: number;
  /** How the header was read (null for an empty file). */
  columns: ColumnPlan | null;
}

/**
 * 53-bit string hash (cyrb53), stable across runs and platforms, no crypto API needed, fed piece by piece: hashing the
 * pieces of a text one after another gives exactly stableHash of the whole text, without building it (the rules
 * import hashes each rule's content as JSON it never writes out: rule-identity.ts).
 */
export class StableHasher {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  text(text: string): this {
    let h1 = this.h1;
    let h2 = this.h2;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
    return this;
  }

  /** As JSON.stringify(value) would write it (null and undefined as `null`), without allocating for plain strings. */
  json(value: string | number | boolean | null | undefined): this {
    if (value === null || value === undefined) return this.text('null');
    if (typeof value !== 'string' || !PLAIN_JSON_STRING.test(value)) return this.text(JSON.stringify(value));
    return this.text('"').text(value).text('"');
  }

  digest(): string {
    let h1 = this.h1;
    let h2 = this.h2;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
  }
}

/** A string JSON.stringify writes as itself between quotes: no quote, backslash, control character or surrogate. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const PLAIN_JSON_STRING = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

export function stableHash(text: string): string {
  return new StableHasher().text(text).digest();
}

function normaliseUniversity(name: string | null): string {
  return (name ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
}

export function ruleFingerprint(draft: Pick<ParsedRuleDraft, 'sourceUniversity' | 'targetUniversity' | 'sources' | 'targets'>): string {
  const sources = draft.sources.map(ruleIdentityCourseKey).sort().join('+');
  const targets = draft.targets.map(ruleIdentityCourseKey).sort().join('+');
  return stableHash(`${normaliseUniversity(draft.sourceUniversity)}|${sources}|${normaliseUniversity(draft.targetUniversity)}|${targets}`);
}

function contentHashOf(draft: Omit<ParsedRuleDraft, 'contentHash' | 'lines'>): string {
  const body = {
    fingerprint: draft.fingerprint,
    sources: [...draft.sources].sort((a, b) => ruleIdentityCourseKey(a).localeCompare(ruleIdentityCourseKey(b))),
    targets: [...draft.targets].sort((a, b) => ruleIdentityCourseKey(a).localeCompare(ruleIdentityCourseKey(b))),
    minGrade: draft.minGrade, effectiveFrom: draft.effectiveFrom, effectiveTo: draft.effectiveTo, notes: draft.notes, transfers: draft.transfers,
    ...(draft.creditUnit ? { creditUnit: draft.creditUnit } : {}),
    ...(draft.statedClass ? { statedClass: draft.statedClass } : {}),
    ...(draft.approvedBy ? { approvedBy: draft.approvedBy } : {}),
    ...(draft.approvedOn ? { approvedOn: draft.approvedOn } : {}),
  };
  return stableHash(JSON.stringify(body));
}

/** A class a table states that gives no credit: such a rule does not transfer, whatever its targets name. */
const refusingClass = (statedClass: RuleClass | null) => statedClass === 'not-degree-credit' || statedClass === 'no-credit' || statedClass === 'does-not-transfer';

type CreditsValue = { kind: 'empty' } | { kind: 'fixed'; value: number } | { kind: 'range'; range: CreditRange } | { kind: 'invalid' } | { kind: 'too-large' };

/** An approver is a name or an office, not a note. */
const MAX_APPROVER_LENGTH = 200;

/** Credits are stored as numeric(5, 2). */
export const MAX_CREDITS = 999.99;

const NUMBER = /^\d+(\.\d+)?$|^\.\d+$/;
const EMPTY_CREDITS: CreditsValue = { kind: 'empty' };

function readCredits(raw: string, allowRange: boolean): CreditsValue {
  const text = raw.trim();
  if (!text) return EMPTY_CREDITS;
  if (NUMBER.test(text)) return Number(text) > MAX_CREDITS ? { kind: 'too-large' } : { kind: 'fixed', value: Number(text) };
  const range = /^(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(\d+(?:\.\d+)?)$/.exec(text);
  if (allowRange && range) {
    const min = Number(range[1]);
    const max = Number(range[2]);
    if (max > MAX_CREDITS) return { kind: 'too-large' };
    if (min <= max) return min === max ? { kind: 'fixed', value: min } : { kind: 'range', range: { min, max } };
  }
  return { kind: 'invalid' };
}

interface ValidRow {
  line: number;
  values: Record<Column, string>;
  sources: DraftSourceCourse[];
  targets: DraftTargetCourse[];
  /** The row's credits when it names several targets: what the rule awards for them together. */
  rowCredits: number | null;
  creditUnit: CreditUnit | null;
  statedClass: RuleClass | null;
}

interface GroupAccumulator {
  rows: ValidRow[];
}

export interface RulesCsvImporter {
  push(chunk: string): void;
  /**
   * Drafts of the ungrouped rows read so far (each is a rule on its own), handed over and forgotten, so a
   * million-row file never sits in memory; grouped rows wait for end(). `errorCount` counts errors so far.
   */
  drain(): { rules: ParsedRuleDraft[]; errorCount: number };
  end(): ParseRulesCsvResult;
}

export interface RulesCsvImporterOptions {
  /**
   * Compute each draft's `fingerprint` and `contentHash` (default true). The server's import sets it to false: it
   * builds its own identity from the resolved school ids (rule-identity.ts), so hashing twice per row is wasted work.
   */
  identity?: boolean;
  /** Keep only the first this many errors by line (all are counted). Default: keep every one. */
  maxErrors?: number;
  /** Crosswalk's column -> the file's header, for headers no known name matches (or to override one). */
  mapping?: ColumnMapping;
  /** The mapping last used for the sending school: applied where this file has the headers it names. */
  rememberedMapping?: ColumnMapping;
}

/** The course codes of one side, from a whole-code column (several when numbered, TES) or subject and number columns. */
function sideCode(codes: string[], subject: string, number: string): string {
  const given = codes.filter(Boolean);
  if (given.length > 0) return given.join(' + ');
  return subject || number ? `${subject} ${number}`.trim() : '';
}

const fieldText = (field: string | undefined) => (field ?? '').trim();
/** A TES import file writes NULL in an empty field (anywhere else "NULL" is text: a title may say it). */
const tesFieldText = (field: string | undefined) => {
  const value = fieldText(field);
  return value === 'NULL' ? '' : value;
};

/** Streaming importer: feed chunks, then end() groups rows into rule drafts. */
export function createRulesCsvImporter({ identity = true, maxErrors, mapping, rememberedMapping }: RulesCsvImporterOptions = {}): RulesCsvImporter {
  // Made once the header line has arrived, with the separator it uses (commas, or TES's pipes).
  let parser: CsvRowParser | null = null;
  let beforeHeader = '';
  const errors = new LimitedErrorList<CsvImportError>(maxErrors);
  // Insertion order keeps export → import stable and errors in file order.
  const groups = new Map<string, GroupAccumulator>();
  // Rows without a group are rules on their own (nearly every row of a real file): no map entry, no key to build.
  let ungrouped: ValidRow[] = [];
  let header: string[] | null = null;
  let headerFailed = false;
  let plan: ColumnPlan | null = null;
  let columnIndex: Partial<Record<Column, number[]>> = {};
  let rowCount = 0;

  const readHeader = (row: CsvRow) => {
    header = row.fields;
    plan = planColumns(row.fields, mapping, rememberedMapping);
    columnIndex = plan.indexes;
    for (const problem of plan.problems) errors.push({ line: row.line, ...problem });
    for (const required of plan.missing) errors.push({ line: row.line, column: required, message: `required column "${required}" is missing` });
    // A missing column is most often one with another name: say which headers nothing reads, for the clerk to map.
    if (plan.missing.length > 0) {
      for (const unused of plan.unused) {
        errors.push({ line: row.line, column: unused, message: `unknown column "${unused}"; map it to one of ${[...EXPECTED_COLUMNS, ...OPTIONAL_COLUMNS].join(', ')}, or leave it unused` });
      }
    }
    headerFailed = plan.missing.length > 0 || plan.problems.length > 0;
  };

  const readRow = (row: CsvRow) => {
    rowCount += 1;
    const line = row.line;
    const errorsBefore = errors.count;
    if (row.error) errors.push({ line, message: row.error });
    if (header && row.fields.length !== header.length) errors.push({ line, message: `expected ${header.length} fields, found ${row.fields.length}` });
    const values = {} as Record<Column, string>;
    const fieldValue = plan?.layout === 'tes' ? tesFieldText : fieldText;
    let sourceCodes: string[] | null = null;
    let targetCodes: string[] | null = null;
    for (const column of ALL_COLUMNS) {
      const indexes = columnIndex[column];
      values[column] = indexes === undefined ? '' : fieldValue(row.fields[indexes[0]!]);
      if (indexes && indexes.length > 1) {
        const all = indexes.map((index) => fieldValue(row.fields[index]));
        if (column === 'source_code') sourceCodes = all;
        else targetCodes = all;
      }
    }
    if (sourceCodes || !values.source_code) values.source_code = sideCode(sourceCodes ?? [values.source_code], values.source_subject, values.source_number);
    if (targetCodes || !values.target_code) values.target_code = sideCode(targetCodes ?? [values.target_code], values.target_subject, values.target_number);
    for (const column of NON_EMPTY_COLUMNS) {
      if (!values[column]) errors.push({ line, column, message: 'is empty' });
    }
    const sourceSide = values.source_code ? readPublishedSide(values.source_code) : null;
    const targetSide = values.target_code ? readPublishedSide(values.target_code) : null;
    if (sourceSide?.kind === 'invalid') errors.push({ line, column: 'source_code', message: sourceSide.message });
    if (sourceSide?.kind === 'no-transfer') errors.push({ line, column: 'source_code', message: `"${values.source_code}" names no sending course; a rule needs the course a student took` });
    if (targetSide?.kind === 'invalid') errors.push({ line, column: 'target_code', message: targetSide.message });

    let creditUnit: CreditUnit | null = null;
    if (values.credit_unit) {
      creditUnit = readCreditUnit(values.credit_unit) ?? null;
      if (!creditUnit) errors.push({ line, column: 'credit_unit', message: `"${values.credit_unit}" is neither quarter nor semester` });
    }
    const creditsText = splitCreditsText(values.credits);
    const sourceCreditsText = splitCreditsText(values.source_credits);
    for (const [column, text] of [['credits', creditsText], ['source_credits', sourceCreditsText]] as const) {
      if (!text.unit) continue;
      if (creditUnit && text.unit !== creditUnit) errors.push({ line, column, message: `"${values[column]}" says ${text.unit} units but the row says ${creditUnit}` });
      creditUnit ??= text.unit;
    }
    let statedClass: RuleClass | null = null;
    if (values.equivalency_type) {
      statedClass = readStatedClass(values.equivalency_type);
      if (!statedClass) errors.push({ line, column: 'equivalency_type', message: `"${values.equivalency_type}" is not a kind of transfer Crosswalk knows: write ${STATED_CLASS_WORDS}` });
    }
    const credits = readCredits(creditsText.amount, true);
    const sourceCredits = values.source_credits ? readCredits(sourceCreditsText.amount, false) : EMPTY_CREDITS;
    for (const [column, value] of [['credits', credits], ['source_credits', sourceCredits]] as const) {
      const problem = value.kind === 'invalid' ? 'is not a number' : value.kind === 'too-large' ? `is more than ${MAX_CREDITS}` : null;
      if (problem) errors.push({ line, column, message: `"${values[column]}" ${problem}` });
    }
    if (values.approved_on) {
      const day = calendarDateOf(values.approved_on);
      if (day) values.approved_on = day;
      else errors.push({ line, column: 'approved_on', message: `"${values.approved_on}" is not a date such as 2024-05-01 or 5/1/2024` });
    }
    if (values.approved_by.length > MAX_APPROVER_LENGTH) errors.push({ line, column: 'approved_by', message: `is longer than ${MAX_APPROVER_LENGTH} characters` });
    if (values.min_grade && !isValidMinimumGrade(values.min_grade)) errors.push({ line, column: 'min_grade', message: `"${values.min_grade}" is not a letter grade (A+ … D-)` });
    for (const column of ['effective_from', 'effective_to'] as const) values[column] = termOfDate(values[column]) ?? values[column];
    const from = values.effective_from ? parseTerm(values.effective_from) : null;
    const to = values.effective_to ? parseTerm(values.effective_to) : null;
    if (values.effective_from && !from) errors.push({ line, column: 'effective_from', message: `"${values.effective_from}" is not a term such as "Fall 2020"` });
    if (values.effective_to && !to) errors.push({ line, column: 'effective_to', message: `"${values.effective_to}" is not a term such as "Spring 2024"` });
    if (from && to && from.ordinal > to.ordinal) errors.push({ line, column: 'effective_to', message: `"${values.effective_to}" is before effective_from "${values.effective_from}"` });

    if (errors.count > errorsBefore || sourceSide?.kind !== 'courses' || !targetSide || targetSide.kind === 'invalid') return;
    const sourceTitles = titlesFor(values.source_name, sourceSide.courses.length);
    const oneSource = sourceSide.courses.length === 1;
    const sources = sourceSide.courses.map((code, index): DraftSourceCourse => ({
      subject: code.subject,
      number: code.number,
      title: sourceTitles[index] ?? null,
      credits: oneSource && sourceCredits.kind === 'fixed' ? sourceCredits.value : null,
    }));
    const targetCourses: Array<Pick<SplitCourseCode, 'subject' | 'number'>> =
      targetSide.kind === 'courses' ? targetSide.courses : [{ subject: targetSide.code, number: '' }];
    const targetTitles = targetSide.kind === 'courses' ? titlesFor(values.target_name, targetCourses.length) : [values.target_name || targetSide.wording];
    const oneTarget = targetCourses.length === 1;
    const targets = targetCourses.map((code, index): DraftTargetCourse => ({
      subject: code.subject,
      number: code.number,
      title: targetTitles[index] ?? null,
      credits: oneTarget && credits.kind === 'fixed' ? credits.value : null,
      creditRange: oneTarget && credits.kind === 'range' ? credits.range : null,
      isElective: isElectiveTarget(code),
    }));
    if (!oneTarget && values.group) {
      errors.push({ line, column: 'group', message: 'a row naming several target courses is a rule of its own; leave group empty or give each target its own row' });
      return;
    }
    const validRow: ValidRow = { line, values, sources, targets, rowCredits: !oneTarget && credits.kind === 'fixed' ? credits.value : null, creditUnit, statedClass };
    if (!values.group) {
      ungrouped.push(validRow);
      return;
    }
    const groupKey = `${values.group}|${normaliseUniversity(values.source_university)}|${normaliseUniversity(values.target_university)}`;
    const group = groups.get(groupKey);
    if (group) group.rows.push(validRow);
    else groups.set(groupKey, { rows: [validRow] });
  };

  const handleRows = (rows: CsvRow[]) => {
    for (const row of rows) {
      if (!header) readHeader(row);
      else if (!headerFailed) readRow(row);
    }
  };

  const pushText = (chunk: string) => {
    if (parser) return handleRows(parser.push(chunk));
    beforeHeader += chunk;
    const lineEnd = beforeHeader.search(/[\r\n]/);
    if (lineEnd < 0) return;
    parser = createCsvRowParser(delimiterOfHeader(beforeHeader.slice(0, lineEnd)));
    const text = beforeHeader;
    beforeHeader = '';
    handleRows(parser.push(text));
  };

  const finishDraft = (base: Omit<ParsedRuleDraft, 'contentHash' | 'lines'>, lines: number[]): ParsedRuleDraft => {
    const draft = base as ParsedRuleDraft;
    draft.lines = lines;
    if (!identity) {
      draft.contentHash = '';
      return draft;
    }
    draft.fingerprint = ruleFingerprint(base);
    draft.contentHash = contentHashOf(base);
    return draft;
  };

  // One row, one rule (nearly every row of a real file): nothing to merge or compare.
  const buildSingleDraft = (row: ValidRow): ParsedRuleDraft => {
    const { values, sources, targets } = row;
    const awarded = targets.length === 1 ? targets[0]!.credits : row.rowCredits;
    return finishDraft(
      {
        sourceUniversity: values.source_university || null,
        targetUniversity: values.target_university,
        sources,
        targets,
        transfers: nonTransferTargetKind(targets[0]!) === null && !refusingClass(row.statedClass),
        creditsAwarded: awarded === null ? null : Math.round(awarded * 100) / 100,
        creditUnit: row.creditUnit,
        statedClass: row.statedClass,
        minGrade: values.min_grade ? values.min_grade.toUpperCase() : null,
        effectiveFrom: values.effective_from || null,
        effectiveTo: values.effective_to || null,
        group: values.group || null,
        notes: values.notes || null,
        approvedBy: values.approved_by || null,
        approvedOn: values.approved_on || null,
        fingerprint: '',
      },
      [row.line],
    );
  };

  const buildDraft = (group: GroupAccumulator): ParsedRuleDraft | null => {
    if (group.rows.length === 1) return buildSingleDraft(group.rows[0]!);
    const first = group.rows[0]!;
    const lines = group.rows.map((row) => row.line);
    const sources = new Map<string, DraftSourceCourse>();
    const targets = new Map<string, DraftTargetCourse>();
    let ok = true;
    const conflict = (row: ValidRow, column: Column, message: string) => {
      errors.push({ line: row.line, column, message });
      ok = false;
    };
    for (const row of group.rows) {
      for (const column of ['min_grade', 'effective_from', 'effective_to', 'credit_unit', 'equivalency_type', 'approved_by', 'approved_on'] as const) {
        if (row.values[column].toUpperCase() !== first.values[column].toUpperCase()) {
          conflict(row, column, `"${row.values[column]}" differs from line ${first.line} ("${first.values[column]}") in group "${first.values.group}"`);
        }
      }
      for (const source of row.sources) {
        const sourceKey = codeKey(source);
        const knownSource = sources.get(sourceKey);
        if (!knownSource) sources.set(sourceKey, source);
        else if (row.values.source_credits && knownSource.credits !== source.credits) conflict(row, 'source_credits', `${formatCourseCode(source)} has different credits than earlier in group "${first.values.group}"`);
      }
      const target = row.targets[0]!;
      const targetKey = codeKey(target);
      const knownTarget = targets.get(targetKey);
      if (!knownTarget) targets.set(targetKey, target);
      else if (knownTarget.credits !== target.credits || JSON.stringify(knownTarget.creditRange) !== JSON.stringify(target.creditRange)) {
        conflict(row, 'credits', `${formatCourseCode(target)} has different credits than earlier in group "${first.values.group}"`);
      }
    }
    const targetList = [...targets.values()];
    const blockers = targetList.filter((target) => nonTransferTargetKind(target) !== null);
    if (blockers.length > 0 && blockers.length < targetList.length) {
      conflict(first, 'target_code', `group "${first.values.group}" mixes ${formatCourseCode(blockers[0]!)} (does not transfer) with courses that do`);
    }
    if (!ok) return null;

    const creditsAwarded = targetList.some((target) => target.credits === null)
      ? null
      : Math.round(targetList.reduce((sum, target) => sum + (target.credits ?? 0), 0) * 100) / 100;
    if (creditsAwarded !== null && creditsAwarded > MAX_CREDITS) {
      errors.push({ line: first.line, column: 'credits', message: `group "${first.values.group}" awards ${creditsAwarded} credits, more than ${MAX_CREDITS}` });
      return null;
    }
    const notes = [...new Set(group.rows.map((row) => row.values.notes).filter(Boolean))].join('; ') || null;
    const base = {
      sourceUniversity: first.values.source_university || null,
      targetUniversity: first.values.target_university,
      sources: [...sources.values()],
      targets: targetList,
      transfers: blockers.length === 0 && !refusingClass(first.statedClass),
      creditsAwarded,
      creditUnit: first.creditUnit,
      statedClass: first.statedClass,
      minGrade: first.values.min_grade ? first.values.min_grade.toUpperCase() : null,
      effectiveFrom: first.values.effective_from || null,
      effectiveTo: first.values.effective_to || null,
      group: first.values.group || null,
      notes,
      approvedBy: first.values.approved_by || null,
      approvedOn: first.values.approved_on || null,
      fingerprint: '',
    };
    return finishDraft(base, lines);
  };

  return {
    push(chunk: string) {
      pushText(chunk);
    },
    drain() {
      const rules = ungrouped.map(buildSingleDraft);
      ungrouped = [];
      return { rules, errorCount: errors.count };
    },
    end(): ParseRulesCsvResult {
      if (!parser) {
        parser = createCsvRowParser(delimiterOfHeader(beforeHeader));
        handleRows(parser.push(beforeHeader));
        beforeHeader = '';
      }
      handleRows(parser.end());
      if (!header) errors.push({ line: 1, message: 'the file is empty; the first line must name the columns' });
      const rules = ungrouped.map(buildSingleDraft);
      ungrouped = [];
      for (const group of groups.values()) {
        const draft = buildDraft(group);
        if (draft) rules.push(draft);
      }
      return { rules, errors: errors.sorted(), errorCount: errors.count, rowCount, columns: plan };
    },
  };
}

/** Parses a whole CSV text (see createRulesCsvImporter for files too big to hold). */
export function parseRulesCsv(text: string): ParseRulesCsvResult {
  const importer = createRulesCsvImporter();
  importer.push(text);
  return importer.end();
}

/** "line 7, credits: "three" is not a number" — for showing errors as text. */
export function formatImportError(error: CsvImportError): string {
  return `line ${error.line}${error.column ? `, ${error.column}` : ''}: ${error.message}`;
}

function formatNumber(value: number | null): string {
  return value === null ? '' : String(value);
}

function formatTargetCredits(target: DraftTargetCourse): string {
  if (target.creditRange) return `${target.creditRange.min}-${target.creditRange.max}`;
  return formatNumber(target.credits);
}

/**
 * Writes drafts back in the import format; importing the result yields the same drafts.
 * A rule with several sources or targets is written as several rows sharing a group, each
 * source and target appearing at least once.
 */
export function formatRulesAsCsv(rules: ParsedRuleDraft[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  const usedGroups = new Set(rules.map((rule) => rule.group).filter((group): group is string => group !== null));
  let generated = 0;
  for (const rule of rules) {
    const rowCount = Math.max(rule.sources.length, rule.targets.length);
    let group = rule.group;
    if (!group && rowCount > 1) {
      do generated += 1; while (usedGroups.has(`rule-${generated}`));
      group = `rule-${generated}`;
      usedGroups.add(group);
    }
    for (let i = 0; i < rowCount; i += 1) {
      const source = rule.sources[i % rule.sources.length]!;
      const target = rule.targets[i % rule.targets.length]!;
      const values: Record<ExportColumn, string> = {
        source_university: rule.sourceUniversity ?? '',
        source_code: formatCourseCode(source),
        source_name: source.title ?? '',
        source_credits: formatNumber(source.credits),
        target_university: rule.targetUniversity,
        target_code: formatCourseCode(target),
        target_name: target.title ?? '',
        credits: formatTargetCredits(target),
        min_grade: rule.minGrade ?? '',
        effective_from: rule.effectiveFrom ?? '',
        effective_to: rule.effectiveTo ?? '',
        group: group ?? '',
        notes: i === 0 ? rule.notes ?? '' : '',
        credit_unit: rule.creditUnit ?? '',
        equivalency_type: rule.statedClass ?? '',
        approved_by: rule.approvedBy ?? '',
        approved_on: rule.approvedOn ?? '',
      };
      lines.push(formatCsvLine(EXPORT_COLUMNS.map((column) => values[column])));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

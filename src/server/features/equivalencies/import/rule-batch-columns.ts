/**
 * A batch of rules as parallel arrays, one per column, and those columns as PostgreSQL array literals: how the
 * one-statement writer sends new rules (rule-writers.ts) and how changed rules are rewritten on both databases.
 */
import { generalEducationCodesInNotes } from '../engine/general-education-codes';
import { formatCreditRange, type RuleContent, type RuleSettings } from '../rule-identity';

export interface RuleWriteRow extends RuleSettings {
  fromInstitutionId: number;
  toInstitutionId: number;
  fingerprint: string;
  contentHash: string;
}

/** One column of a batch, sent as a `$n::type[]` parameter. */
type ArrayColumn = ReadonlyArray<string | number | boolean | null>;

/**
 * The rules of one batch as parallel arrays, one per column, filled row by row by the import: new rules on PostgreSQL
 * (prepareRuleBatch turns them into the array literals writeRuleBatchInOneStatement unnests) and changed rules on both
 * databases (updateChangedRules, insertRuleCourses). Sources and targets name their rule by its place in the batch
 * (1-based). New rules on the embedded database go in with COPY instead: RuleCopyBatch.
 */
export class RuleBatchColumns {
  readonly from: number[] = [];
  readonly to: number[] = [];
  readonly transfers: boolean[] = [];
  readonly creditsAwarded: Array<number | null> = [];
  readonly minGrade: Array<string | null> = [];
  readonly effectiveFrom: Array<string | null> = [];
  readonly effectiveTo: Array<string | null> = [];
  readonly notes: Array<string | null> = [];
  readonly fingerprint: string[] = [];
  readonly contentHash: string[] = [];
  /**
   * The general-education codes each rule's notes state (generalEducationCodesInNotes), joined by commas (which a code
   * never holds): one text a rule, as a ragged array of arrays cannot be a parameter. Empty for none.
   */
  readonly generalEducationCodes: string[] = [];
  readonly sources = { rule: [] as number[], position: [] as number[], subject: [] as string[], number: [] as string[], title: [] as Array<string | null>, credits: [] as Array<number | null> };
  readonly targets = {
    rule: [] as number[],
    position: [] as number[],
    subject: [] as string[],
    number: [] as string[],
    title: [] as Array<string | null>,
    credits: [] as Array<number | null>,
    creditsText: [] as Array<string | null>,
    isElective: [] as boolean[],
  };

  get size(): number {
    return this.fingerprint.length;
  }

  /** The rule columns in the order the statements below unnest them ($1 … $10). */
  get ruleArrays(): ArrayColumn[] {
    return [this.from, this.to, this.transfers, this.creditsAwarded, this.minGrade, this.effectiveFrom, this.effectiveTo, this.notes, this.fingerprint, this.contentHash];
  }

  add(rule: RuleWriteRow, sources: RuleContent['sources'], targets: RuleContent['targets']): void {
    this.from.push(rule.fromInstitutionId);
    this.to.push(rule.toInstitutionId);
    this.transfers.push(rule.transfers);
    this.creditsAwarded.push(rule.creditsAwarded);
    this.minGrade.push(rule.minGrade);
    this.effectiveFrom.push(rule.effectiveFrom);
    this.effectiveTo.push(rule.effectiveTo);
    this.notes.push(rule.notes);
    this.fingerprint.push(rule.fingerprint);
    this.contentHash.push(rule.contentHash);
    this.generalEducationCodes.push(generalEducationCodesInNotes(rule.notes).join(','));
    const place = this.fingerprint.length;
    for (let position = 0; position < sources.length; position++) {
      const source = sources[position]!;
      this.sources.rule.push(place);
      this.sources.position.push(position);
      this.sources.subject.push(source.subject);
      this.sources.number.push(source.number);
      this.sources.title.push(source.title);
      this.sources.credits.push(source.credits);
    }
    for (let position = 0; position < targets.length; position++) {
      const target = targets[position]!;
      this.targets.rule.push(place);
      this.targets.position.push(position);
      this.targets.subject.push(target.subject);
      this.targets.number.push(target.number);
      this.targets.title.push(target.title);
      this.targets.credits.push(target.credits);
      this.targets.creditsText.push(formatCreditRange(target.creditRange));
      this.targets.isElective.push(target.isElective);
    }
  }
}

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;
/** In JSON text: an escape JSON and an array literal read differently (a control character, \u…), or a false alarm. */
const JSON_ONLY_ESCAPE = /\\[bfnrtu]/;

/**
 * A PostgreSQL array literal (`{"a",null,"b \\"c\\""}`, `{1,2}`, `{true,false}`) for a `$n::type[]` parameter. Built here,
 * while the previous batch is still being written, rather than by the driver as the statement is sent: on PostgreSQL
 * the server would otherwise wait for it, and both drivers escape every string with two regular expressions.
 *
 * JSON.stringify writes the same text for strings, numbers, booleans and nulls as an array literal reads, except for the
 * escapes JSON alone has (JSON writes a line break as `\n`, which an array literal reads as the letter n): a column
 * with none is one native call, where building the literal element by element allocated ~1.9 KB a rule (a fifth of
 * an import's garbage).
 */
export function arrayLiteral(values: ArrayColumn): string {
  const json = JSON.stringify(values);
  if (!JSON_ONLY_ESCAPE.test(json)) return `{${json.slice(1, -1)}}`;
  let literal = '{';
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (index > 0) literal += ',';
    if (value === null || value === undefined) literal += 'NULL';
    else if (typeof value === 'string') literal += `"${NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, '\\$&') : value}"`;
    else if (typeof value === 'boolean') literal += value ? 't' : 'f';
    else literal += String(value);
  }
  return `${literal}}`;
}

/** A batch's columns as the array literals writeRuleBatchInOneStatement sends ($1 … $10, then $12 … $25, then $28). */
export interface PreparedRuleBatch {
  size: number;
  sourceCount: number;
  targetCount: number;
  literals: string[];
}

export function prepareRuleBatch(rules: RuleBatchColumns): PreparedRuleBatch {
  const { sources, targets } = rules;
  const columns: ArrayColumn[] = [
    ...rules.ruleArrays,
    sources.rule, sources.position, sources.subject, sources.number, sources.title, sources.credits,
    targets.rule, targets.position, targets.subject, targets.number, targets.title, targets.credits, targets.creditsText, targets.isElective,
    rules.generalEducationCodes,
  ];
  return { size: rules.size, sourceCount: sources.rule.length, targetCount: targets.rule.length, literals: columns.map(arrayLiteral) };
}


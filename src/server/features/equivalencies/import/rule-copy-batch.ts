/** A batch of new rules as rows of COPY's text format: how the COPY writer sends them (rule-writers.ts). */
import { copyRow } from '../../../db/copy-format';
import { formatCreditRange, type RuleContent } from '../rule-identity';
import { generalEducationCodesInNotes } from '../engine/general-education-codes';
import { arrayLiteral, type RuleWriteRow } from './rule-batch-columns';
import type { RuleAuthor } from './rule-writers';

/**
 * The new rules of one batch as rows of COPY's text format (see Queryable.copyFrom), built row by row by the import
 * while the previous batch is stored. Each row is kept without its rule id, which writeRuleBatchWithCopy prepends once
 * it has taken ids for the rules that are not stored yet. Sources and targets name their rule by its place in the batch.
 */
export class RuleCopyBatch {
  readonly fingerprints: string[] = [];
  readonly contentHashes: string[] = [];
  /** Each rule's row after its id: from, to, transfers … content hash, origin, created by, general-education codes. */
  readonly ruleRows: string[] = [];
  readonly sourcePlaces: number[] = [];
  /** Each source's row after its rule id: position, school, subject, number, title, credits. */
  readonly sourceRows: string[] = [];
  readonly targetPlaces: number[] = [];
  /** Each target's row after its rule id: position, subject, number, title, credits, credits as written, elective. */
  readonly targetRows: string[] = [];

  constructor(private readonly author: RuleAuthor) {}

  get size(): number {
    return this.fingerprints.length;
  }

  add(rule: RuleWriteRow, sources: RuleContent['sources'], targets: RuleContent['targets']): void {
    const place = this.fingerprints.length;
    const codes = generalEducationCodesInNotes(rule.notes);
    this.fingerprints.push(rule.fingerprint);
    this.contentHashes.push(rule.contentHash);
    this.ruleRows.push(
      copyRow([
        rule.fromInstitutionId, rule.toInstitutionId, rule.transfers, rule.creditsAwarded, rule.minGrade, rule.effectiveFrom,
        rule.effectiveTo, rule.notes, rule.fingerprint, rule.contentHash, this.author.origin, this.author.actorId,
        codes.length > 0 ? arrayLiteral(codes) : null,
      ]),
    );
    sources.forEach((source, position) => {
      this.sourcePlaces.push(place);
      this.sourceRows.push(copyRow([position, rule.fromInstitutionId, source.subject, source.number, source.title, source.credits]));
    });
    targets.forEach((target, position) => {
      this.targetPlaces.push(place);
      this.targetRows.push(
        copyRow([position, target.subject, target.number, target.title, target.credits, formatCreditRange(target.creditRange), target.isElective]),
      );
    });
  }
}

export const RULE_COPY_COLUMNS = [
  'id', 'from_institution_id', 'to_institution_id', 'transfers', 'credits_awarded', 'min_grade', 'effective_from_term',
  'effective_to_term', 'notes', 'fingerprint', 'content_hash', 'origin', 'created_by', 'gen_ed_codes',
] as const;
export const SOURCE_COPY_COLUMNS = ['rule_id', 'position', 'from_institution_id', 'subject', 'number', 'title', 'credits'] as const;
export const TARGET_COPY_COLUMNS = ['rule_id', 'position', 'subject', 'number', 'title', 'credits', 'credits_text', 'is_elective'] as const;


/**
 * One rule a registrar decides in the evaluation queue (docs/decisions/080-evaluation-queue.md), written by the one rule
 * writer the imports use (rule-writers.ts) with origin 'admin': a course that transfers as a destination course, or one
 * that does not transfer with the reason the student will read.
 */
import type { Database, Queryable } from '../../../db/client';
import { isElectiveTarget } from '../engine/verdict-class';
import { storedRuleIdentity, type RuleContent } from '../rule-identity';
import { findStoredRules, lockRuleImports } from './rule-write.queries';
import { createNewRuleWriter, rewriteChangedRules, ruleWriterFor, type RuleToStore } from './rule-writers';

export interface RegistrarRule {
  fromInstitutionId: number;
  toInstitutionId: number;
  source: { subject: string; number: string; title: string | null; credits: number | null };
  /** The destination course, or null: the course does not transfer. */
  target: { subject: string; number: string; title: string | null } | null;
  /** Shown to the student with the decision (for a course that does not transfer: why). */
  notes: string | null;
  actorId: string;
}

/**
 * Writes the rule in the caller's transaction: its id, and whether it is new (false when a stored rule with the same
 * schools and courses was rewritten, which taking the decision back must not delete).
 */
export async function writeRegistrarRule(tx: Queryable, db: Pick<Database, 'kind'>, rule: RegistrarRule): Promise<{ id: number; created: boolean }> {
  const content: RuleContent = {
    sources: [rule.source],
    targets: rule.target ? [{ ...rule.target, credits: null, isElective: isElectiveTarget(rule.target), creditRange: null }] : [],
    transfers: rule.target !== null,
    minGrade: null,
    effectiveFrom: null,
    effectiveTo: null,
    notes: rule.notes,
  };
  const identity = storedRuleIdentity(rule.fromInstitutionId, rule.toInstitutionId, content);
  const toStore: RuleToStore = {
    row: {
      fromInstitutionId: rule.fromInstitutionId,
      toInstitutionId: rule.toInstitutionId,
      transfers: content.transfers,
      creditsAwarded: null,
      minGrade: null,
      effectiveFrom: null,
      effectiveTo: null,
      notes: rule.notes,
      // The credits are the student's own, in the sending school's units, as the engine converts them.
      creditUnit: null,
      // What the rule gives is inferred from its target (a course, or none: does not transfer).
      statedClass: null,
      // A published table's approval; the registrar's own is the rule's author (created_by) and the audit log.
      approvedBy: null,
      approvedOn: null,
      ...identity,
    },
    sources: content.sources,
    targets: content.targets,
  };
  // Imports and registrars write rules one at a time, so a fingerprint is never inserted twice.
  await lockRuleImports(tx);
  const sent = await createNewRuleWriter(tx, ruleWriterFor(db), { actorId: rule.actorId, origin: 'admin' }).encode([toStore]).send({ mayBeStored: true });
  await sent.written;
  const changed = sent.changed[0];
  if (changed) await rewriteChangedRules(tx, [{ id: changed.id, rule: toStore }]);
  const stored = (await findStoredRules(tx, [identity.fingerprint])).get(identity.fingerprint);
  if (!stored) throw new Error('the registrar rule was not stored');
  return { id: stored.id, created: sent.inserted === 1 };
}

/**
 * A registrar's edits of stored rules outside an import (Rule health's one-click fixes, issue 38): removing rules, and
 * setting the terms a rule applies in. Each is audited (equivalency_rule_changed), and a changed rule's content hash is
 * its new content's, so a later import of a file that still says otherwise is seen as a change, never as unchanged.
 */
import { recordAudit } from '../../audit/audit-log';
import type { Queryable } from '../../db/client';
import { findStoredRuleContents } from './import/rule-write.queries';
import { readCreditRange, storedRuleContentHash } from './rule-identity';

export interface RuleEditor {
  id: string;
  email: string;
  ipAddress: string;
}

/** Removes these rules (any origin); returns how many there were. */
export async function deleteRules(tx: Queryable, ruleIds: number[], editor: RuleEditor, why: string): Promise<number> {
  if (ruleIds.length === 0) return 0;
  const rows = await tx.query<{ id: number }>(`delete from equivalency_rules where id = any($1::int[]) returning id`, [ruleIds]);
  for (const { id } of rows) {
    await recordAudit(tx, { actor: { id: editor.id, email: editor.email }, action: 'equivalency_rule_changed', subjectType: 'equivalency_rule', subjectId: String(id), details: { change: 'deleted', why }, ipAddress: editor.ipAddress });
  }
  return rows.length;
}

/** Sets the first and/or last term a rule applies in (null clears one); false when the rule is gone. */
export async function setRuleTerms(
  tx: Queryable,
  ruleId: number,
  terms: { effectiveFrom?: string | null; effectiveTo?: string | null },
  editor: RuleEditor,
  why: string,
): Promise<boolean> {
  const [stored] = await tx.query<{ fingerprint: string }>(`select fingerprint from equivalency_rules where id = $1 for update`, [ruleId]);
  const before = (await findStoredRuleContents(tx, [ruleId])).get(ruleId);
  if (!stored || !before) return false;
  const effectiveFrom = terms.effectiveFrom === undefined ? before.effectiveFrom : terms.effectiveFrom;
  const effectiveTo = terms.effectiveTo === undefined ? before.effectiveTo : terms.effectiveTo;
  const contentHash = storedRuleContentHash(stored.fingerprint, {
    sources: before.sources,
    targets: before.targets.map((target) => ({ ...target, creditRange: readCreditRange(target.creditsText) })),
    transfers: before.transfers,
    minGrade: before.minGrade,
    effectiveFrom,
    effectiveTo,
    notes: before.notes,
    creditUnit: before.creditUnit,
  });
  await tx.query(`update equivalency_rules set effective_from_term = $2, effective_to_term = $3, content_hash = $4, updated_at = now() where id = $1`, [
    ruleId,
    effectiveFrom,
    effectiveTo,
    contentHash,
  ]);
  await recordAudit(tx, {
    actor: { id: editor.id, email: editor.email },
    action: 'equivalency_rule_changed',
    subjectType: 'equivalency_rule',
    subjectId: String(ruleId),
    details: { change: 'terms', why, before: { effectiveFrom: before.effectiveFrom, effectiveTo: before.effectiveTo }, after: { effectiveFrom, effectiveTo } },
    ipAddress: editor.ipAddress,
  });
  return true;
}

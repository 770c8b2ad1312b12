/**
 * The rules export: every stored rule as CSV in the import's columns (with source_university), a page at a time, so
 * that importing the result back changes nothing.
 */
import type { Queryable } from '../../../db/client';
import { formatRulesAsCsv, type ParsedRuleDraft } from '../engine/csv-import-format';
import { engineRule } from '../equivalency.queries';
import { readCreditRange } from '../rule-identity';
import { listRulesForExport, type ExportRuleRow } from './rule-export.queries';

/** A stored rule back in the import's draft shape, so formatRulesAsCsv writes exactly what imports back unchanged. */
export function draftFromStoredRule(row: ExportRuleRow): ParsedRuleDraft {
  const rule = engineRule(row);
  return {
    sourceUniversity: row.from_name,
    targetUniversity: row.to_name,
    sources: rule.sources,
    targets: rule.targets.map((target, index) => ({ ...target, creditRange: readCreditRange(row.targets[index]?.credits_text ?? null) })),
    transfers: rule.transfers,
    creditsAwarded: rule.creditsAwarded,
    creditUnit: rule.creditUnit ?? null,
    statedClass: rule.statedClass ?? null,
    approvedBy: rule.approvedBy ?? null,
    approvedOn: rule.approvedOn ?? null,
    minGrade: rule.minGrade,
    effectiveFrom: rule.effectiveFromTerm,
    effectiveTo: rule.effectiveToTerm,
    group: null,
    notes: rule.notes,
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


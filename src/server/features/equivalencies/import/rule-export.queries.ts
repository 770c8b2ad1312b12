/** SQL of the rules export: every stored rule with its courses, a page at a time. */
import type { Queryable } from '../../../db/client';
import { RULE_COLUMNS, type StoredRuleRow } from '../equivalency.queries';

export interface ExportRuleRow extends StoredRuleRow {
  from_name: string;
  to_name: string;
}

/** One page of rules, in id order, with their courses (keyset pagination: the export streams any number of rules). */
export async function listRulesForExport(db: Queryable, afterId: number, limit: number): Promise<ExportRuleRow[]> {
  return db.query<ExportRuleRow>(
    `select ${RULE_COLUMNS}, fi.name as from_name, ti.name as to_name
       from equivalency_rules r
       join institutions fi on fi.id = r.from_institution_id
       join institutions ti on ti.id = r.to_institution_id
      where r.id > $1
      order by r.id
      limit $2`,
    [afterId, limit],
  );
}

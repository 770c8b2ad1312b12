/** SQL of the rules export: every stored rule with its courses, a page at a time. */
import type { Queryable } from '../../../db/client';

export interface ExportRuleRow {
  id: number;
  from_name: string;
  to_name: string;
  transfers: boolean;
  credits_awarded: number | null;
  min_grade: string | null;
  effective_from_term: string | null;
  effective_to_term: string | null;
  notes: string | null;
  sources: Array<{ subject: string; number: string; title: string | null; credits: number | string | null }>;
  targets: Array<{ subject: string; number: string; title: string | null; credits: number | string | null; credits_text: string | null; is_elective: boolean }>;
}

/** One page of rules, in id order, with their courses (keyset pagination: the export streams any number of rules). */
export async function listRulesForExport(db: Queryable, afterId: number, limit: number): Promise<ExportRuleRow[]> {
  return db.query<ExportRuleRow>(
    `select r.id, fi.name as from_name, ti.name as to_name, r.transfers, r.credits_awarded, r.min_grade,
            r.effective_from_term, r.effective_to_term, r.notes,
            coalesce((select json_agg(json_build_object('subject', s.subject, 'number', s.number, 'title', s.title, 'credits', s.credits) order by s.position)
                        from equivalency_rule_sources s where s.rule_id = r.id), '[]'::json) as sources,
            coalesce((select json_agg(json_build_object('subject', t.subject, 'number', t.number, 'title', t.title, 'credits', t.credits,
                                                        'credits_text', t.credits_text, 'is_elective', t.is_elective) order by t.position)
                        from equivalency_rule_targets t where t.rule_id = r.id), '[]'::json) as targets
       from equivalency_rules r
       join institutions fi on fi.id = r.from_institution_id
       join institutions ti on ti.id = r.to_institution_id
      where r.id > $1
      order by r.id
      limit $2`,
    [afterId, limit],
  );
}

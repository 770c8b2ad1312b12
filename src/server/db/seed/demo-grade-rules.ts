import type { Queryable } from '../client';

/**
 * Demo rules with a minimum grade, so a transcript report shows every outcome with the demo data: Florida's
 * Gordon Rule writing courses count only with a C or better, so a D in ENC 1101 does not transfer as ENC 1101.
 */
const GRADE_RULES = [
  { from: 'fiu', to: 'fsu', subject: 'ENC', number: '1101', title: 'Writing and Rhetoric I', targetTitle: 'Freshman Composition and Rhetoric', credits: 3, minGrade: 'C' },
  { from: 'valencia', to: 'fsu', subject: 'ENC', number: '1101', title: 'Freshman Composition I', targetTitle: 'Freshman Composition and Rhetoric', credits: 3, minGrade: 'C' },
] as const;

export async function seedDemoGradeRules(tx: Queryable): Promise<void> {
  const rows = await tx.query<{ id: number; key: string }>(`select id, key from institutions where key = any($1::text[])`, [['fiu', 'fsu', 'valencia']]);
  const ids = new Map(rows.map((row) => [row.key, row.id]));
  for (const rule of GRADE_RULES) {
    const from = ids.get(rule.from);
    const to = ids.get(rule.to);
    if (from === undefined || to === undefined) continue;
    const [created] = await tx.query<{ id: number }>(
      `insert into equivalency_rules (from_institution_id, to_institution_id, transfers, credits_awarded, min_grade, origin, fingerprint, notes)
       values ($1, $2, true, $3, $4, 'seed', $5, 'Demo rule: C or better (Gordon Rule)') on conflict (fingerprint) do nothing returning id`,
      [from, to, rule.credits, rule.minGrade, `${rule.from}|${rule.subject}${rule.number}>${rule.to}|${rule.subject}${rule.number}|min-${rule.minGrade}`.toLowerCase()],
    );
    if (!created) continue;
    await tx.query(
      `insert into equivalency_rule_sources (rule_id, position, from_institution_id, subject, number, title, credits) values ($1, 0, $2, $3, $4, $5, $6)`,
      [created.id, from, rule.subject, rule.number, rule.title, rule.credits],
    );
    await tx.query(`insert into equivalency_rule_targets (rule_id, position, subject, number, title, credits) values ($1, 0, $2, $3, $4, $5)`, [
      created.id,
      rule.subject,
      rule.number,
      rule.targetTitle,
      rule.credits,
    ]);
  }
}

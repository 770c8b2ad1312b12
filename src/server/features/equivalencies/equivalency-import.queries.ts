/**
 * SQL of the rules import and export: one statement per batch with unnest() of typed arrays, the same on PGlite and
 * PostgreSQL 15, so a million rules cost a few hundred statements rather than millions.
 */
import type { Queryable } from '../../db/client';
import { institutionKeyFromName, normalizeInstitutionAlias } from './rule-identity';

export interface StoredRuleState {
  id: number;
  contentHash: string | null;
}

export async function findStoredRules(tx: Queryable, fingerprints: string[]): Promise<Map<string, StoredRuleState>> {
  if (fingerprints.length === 0) return new Map();
  const rows = await tx.query<{ id: number; fingerprint: string; content_hash: string | null }>(
    `select id, fingerprint, content_hash from equivalency_rules where fingerprint = any($1::text[])`,
    [fingerprints],
  );
  return new Map(rows.map((row) => [row.fingerprint, { id: row.id, contentHash: row.content_hash }]));
}

export interface RuleUpsertRow {
  fromInstitutionId: number;
  toInstitutionId: number;
  transfers: boolean;
  creditsAwarded: number | null;
  minGrade: string | null;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  notes: string | null;
  fingerprint: string;
  contentHash: string;
}

/** Inserts new rules and rewrites changed ones (by fingerprint); returns each rule's id. */
export async function upsertRules(tx: Queryable, rows: RuleUpsertRow[], actorId: string | null): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const result = await tx.query<{ id: number; fingerprint: string }>(
    `insert into equivalency_rules (from_institution_id, to_institution_id, transfers, credits_awarded, min_grade,
                                    effective_from_term, effective_to_term, notes, fingerprint, content_hash, origin, created_by)
     select f, t, tr, cr, mg, ef, et, n, fp, ch, 'csv', $11
       from unnest($1::int[], $2::int[], $3::boolean[], $4::numeric[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
            as u(f, t, tr, cr, mg, ef, et, n, fp, ch)
     on conflict (fingerprint) do update set
       transfers = excluded.transfers, credits_awarded = excluded.credits_awarded, min_grade = excluded.min_grade,
       effective_from_term = excluded.effective_from_term, effective_to_term = excluded.effective_to_term,
       notes = excluded.notes, content_hash = excluded.content_hash, updated_at = now()
     returning id, fingerprint`,
    [
      rows.map((row) => row.fromInstitutionId),
      rows.map((row) => row.toInstitutionId),
      rows.map((row) => row.transfers),
      rows.map((row) => row.creditsAwarded),
      rows.map((row) => row.minGrade),
      rows.map((row) => row.effectiveFrom),
      rows.map((row) => row.effectiveTo),
      rows.map((row) => row.notes),
      rows.map((row) => row.fingerprint),
      rows.map((row) => row.contentHash),
      actorId,
    ],
  );
  return new Map(result.map((row) => [row.fingerprint, row.id]));
}

/** An updated rule's courses are written again from the file. */
export async function deleteRuleCourses(tx: Queryable, ruleIds: number[]): Promise<void> {
  if (ruleIds.length === 0) return;
  await tx.query(`delete from equivalency_rule_sources where rule_id = any($1::int[])`, [ruleIds]);
  await tx.query(`delete from equivalency_rule_targets where rule_id = any($1::int[])`, [ruleIds]);
}

export interface RuleSourceRow {
  ruleId: number;
  position: number;
  fromInstitutionId: number;
  subject: string;
  number: string;
  title: string | null;
  credits: number | null;
}

export async function insertRuleSources(tx: Queryable, rows: RuleSourceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into equivalency_rule_sources (rule_id, position, from_institution_id, subject, number, title, credits)
     select * from unnest($1::int[], $2::smallint[], $3::int[], $4::text[], $5::text[], $6::text[], $7::numeric[])`,
    [
      rows.map((row) => row.ruleId),
      rows.map((row) => row.position),
      rows.map((row) => row.fromInstitutionId),
      rows.map((row) => row.subject),
      rows.map((row) => row.number),
      rows.map((row) => row.title),
      rows.map((row) => row.credits),
    ],
  );
}

export interface RuleTargetRow {
  ruleId: number;
  position: number;
  subject: string;
  number: string;
  title: string | null;
  credits: number | null;
  creditsText: string | null;
  isElective: boolean;
}

export async function insertRuleTargets(tx: Queryable, rows: RuleTargetRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into equivalency_rule_targets (rule_id, position, subject, number, title, credits, credits_text, is_elective)
     select * from unnest($1::int[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::text[], $8::boolean[])`,
    [
      rows.map((row) => row.ruleId),
      rows.map((row) => row.position),
      rows.map((row) => row.subject),
      rows.map((row) => row.number),
      rows.map((row) => row.title),
      rows.map((row) => row.credits),
      rows.map((row) => row.creditsText),
      rows.map((row) => row.isElective),
    ],
  );
}

/**
 * A school an import names that nobody has entered yet: created with a key made from its name (made unique) and the
 * name kept as an alias, so the next file that spells it the same way finds it.
 */
export async function createInstitutionFromImport(tx: Queryable, name: string): Promise<{ id: number; key: string; name: string }> {
  const base = institutionKeyFromName(name);
  const kind = /technical|tech\.|\btech\b/i.test(name) ? 'technical-college' : /community college/i.test(name) ? 'community-college' : /college/i.test(name) ? 'college' : 'university';
  for (let attempt = 1; attempt < 100; attempt++) {
    const key = attempt === 1 ? base : `${base}-${attempt}`;
    const [row] = await tx.query<{ id: number }>(
      `insert into institutions (key, name, kind) values ($1, $2, $3) on conflict (key) do nothing returning id`,
      [key, name.trim(), kind],
    );
    if (!row) continue;
    await tx.query(
      `insert into institution_aliases (alias_normalized, alias, institution_id) values ($1, $2, $3) on conflict (alias_normalized) do nothing`,
      [normalizeInstitutionAlias(name), name.trim(), row.id],
    );
    return { id: row.id, key, name: name.trim() };
  }
  throw new Error(`Could not find a free key for ${name}`);
}

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

/**
 * Rule health's SQL (docs/decisions/151-rule-health.md). The check reads the rules, their courses and the catalogues,
 * and writes only its own table, rule_health_findings; rules change only through equivalencies' commands.
 */
import type { Database, Queryable } from '../../db/client';
import { letOthersRun } from '../../jobs/let-others-run';
import { likePattern } from '../../db/keyset-cursor';
import { codeKeySql } from '../catalogue';
import { ruleJsonSql, type StoredRuleRow } from '../equivalencies';
import type { RuleHealthKind } from '../../../shared/schemas/rule-health';

export interface FindingToStore {
  kind: RuleHealthKind;
  ruleId: number | null;
  group: string | null;
  fromInstitutionId: number;
  toInstitutionId: number;
  codeKey: string | null;
  detail: string;
  students: number | null;
}

/** A course code in the one normalised form the rules' sources and the catalogue use. */

/** Schools with a catalogue (courses it lists itself, not only courses its rules name): the only ones a course can be missing from. */
const CATALOGUE_SCHOOLS = `select distinct institution_id as id from courses where known_from = 'catalogue'`;

/**
 * The rules in batches of whole school pairs (about `rulesPerBatch` rules each): the check reads one batch per statement,
 * so on the embedded database, which runs one statement at a time, other people's requests are answered between them
 * instead of waiting for a scan of every rule (233,000 in the demo: half a minute).
 */
export interface RuleBatch {
  fromIds: number[];
  toIds: number[];
}

export async function ruleBatches(db: Queryable, rulesPerBatch: number): Promise<RuleBatch[]> {
  const pairs = await db.query<{ from_id: number; to_id: number; rules: number }>(
    `select from_institution_id as from_id, to_institution_id as to_id, count(*)::int as rules from equivalency_rules group by 1, 2 order by 1, 2`,
  );
  const batches: RuleBatch[] = [];
  let current: RuleBatch = { fromIds: [], toIds: [] };
  let size = 0;
  for (const pair of pairs) {
    if (size > 0 && size + pair.rules > rulesPerBatch) {
      batches.push(current);
      current = { fromIds: [], toIds: [] };
      size = 0;
    }
    current.fromIds.push(pair.from_id);
    current.toIds.push(pair.to_id);
    size += pair.rules;
  }
  if (size > 0) batches.push(current);
  return batches;
}

/** The condition "rule r is in the batch" ($1, $2: the batch's school pairs). */
const IN_BATCH = `(r.from_institution_id, r.to_institution_id) in (select * from unnest($1::int[], $2::int[]))`;
const batchValues = (batch: RuleBatch) => [batch.fromIds, batch.toIds];

export interface RuleGroupMember {
  id: number;
  from_institution_id: number;
  to_institution_id: number;
  origin: string;
  sources_key: string;
  targets_key: string;
  transfers: boolean;
  effective_from_term: string | null;
  effective_to_term: string | null;
}

/**
 * Rules that may conflict: several rules of one origin (one authority, with the same courses on the sending side)
 * from one school's course to one destination, naming different courses or one transferring and one not. Whether
 * their terms overlap is for the caller to judge (the engine's term rules).
 */
export async function listRuleGroupsWithDifferentTargets(db: Queryable, batch: RuleBatch): Promise<RuleGroupMember[]> {
  return db.query<RuleGroupMember>(
    `with keyed as (
       select r.id, r.from_institution_id, r.to_institution_id, r.origin, r.transfers, r.effective_from_term, r.effective_to_term,
              (select string_agg(s.code_key, '+' order by s.code_key) from equivalency_rule_sources s where s.rule_id = r.id) as sources_key,
              coalesce((select string_agg(${codeKeySql('t.subject', 't.number')}, '+' order by ${codeKeySql('t.subject', 't.number')}) from equivalency_rule_targets t where t.rule_id = r.id), '') as targets_key
         from equivalency_rules r
        where ${IN_BATCH}
     ), groups as (
       select from_institution_id, to_institution_id, origin, sources_key
         from keyed group by 1, 2, 3, 4
       having count(distinct targets_key || ':' || transfers::text) > 1
     )
     select k.* from keyed k join groups g using (from_institution_id, to_institution_id, origin, sources_key)
      order by k.from_institution_id, k.to_institution_id, k.sources_key, k.id`,
    batchValues(batch),
  );
}

/** Rules naming a destination course its catalogue does not list (the destination has a catalogue). */
export async function listRulesWithMissingTargets(db: Queryable, batch: RuleBatch): Promise<Array<{ id: number; from_id: number; to_id: number; code_key: string; course: string }>> {
  return db.query(
    `with catalogue_schools as (${CATALOGUE_SCHOOLS})
     select r.id, r.from_institution_id as from_id, r.to_institution_id as to_id,
            min((select s.code_key from equivalency_rule_sources s where s.rule_id = r.id and s.position = 0)) as code_key,
            string_agg(t.subject || ' ' || t.number, ' + ' order by t.position) as course
       from equivalency_rules r
       join catalogue_schools cs on cs.id = r.to_institution_id
       join equivalency_rule_targets t on t.rule_id = r.id and not t.is_elective
      where r.transfers and ${IN_BATCH}
        and not exists (select 1 from courses c where c.institution_id = r.to_institution_id and c.code_key = ${codeKeySql('t.subject', 't.number')} and c.known_from = 'catalogue')
      group by r.id
      order by r.id`,
    batchValues(batch),
  );
}

/** Rules for a sending course its school's catalogue does not list (the school has a catalogue). */
export async function listRulesWithMissingSources(db: Queryable, batch: RuleBatch): Promise<Array<{ id: number; from_id: number; to_id: number; code_key: string; course: string }>> {
  return db.query(
    `with catalogue_schools as (${CATALOGUE_SCHOOLS})
     select r.id, r.from_institution_id as from_id, r.to_institution_id as to_id, min(s.code_key) as code_key,
            string_agg(s.subject || ' ' || s.number, ' + ' order by s.position) as course
       from equivalency_rules r
       join catalogue_schools cs on cs.id = r.from_institution_id
       join equivalency_rule_sources s on s.rule_id = r.id
      where ${IN_BATCH}
        and not exists (select 1 from courses c where c.institution_id = r.from_institution_id and c.code_key = s.code_key and c.known_from = 'catalogue')
      group by r.id
      order by r.id`,
    batchValues(batch),
  );
}

/** Rules with a last term, or without a first one: the caller reads the terms. */
export async function listRuleTerms(db: Queryable, batch: RuleBatch): Promise<Array<{ id: number; from_id: number; to_id: number; code_key: string; from_term: string | null; to_term: string | null }>> {
  return db.query(
    `select r.id, r.from_institution_id as from_id, r.to_institution_id as to_id, r.effective_from_term as from_term, r.effective_to_term as to_term,
            (select s.code_key from equivalency_rule_sources s where s.rule_id = r.id order by s.position limit 1) as code_key
       from equivalency_rules r
      where (r.effective_to_term is not null or r.effective_from_term is null) and ${IN_BATCH}
      order by r.id`,
    batchValues(batch),
  );
}

/**
 * Replaces every finding with a new check's. The new ones are written beside the shown ones (rule_health_findings_next,
 * migration 0190), a few thousand per statement, and the two tables swap names in one short transaction: the page never
 * sees half a check, and nobody waits while 200,000 findings are written.
 */
export async function replaceFindings(db: Database, findings: FindingToStore[]): Promise<void> {
  await db.query(`truncate rule_health_findings_next`);
  const CHUNK = 5_000;
  for (let start = 0; start < findings.length; start += CHUNK) {
    const chunk = findings.slice(start, start + CHUNK);
    await db.query(
      `insert into rule_health_findings_next (kind, rule_id, group_key, from_institution_id, to_institution_id, code_key, detail, students)
       select * from unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::int[])`,
      [
        chunk.map((finding) => finding.kind),
        chunk.map((finding) => finding.ruleId),
        chunk.map((finding) => finding.group),
        chunk.map((finding) => finding.fromInstitutionId),
        chunk.map((finding) => finding.toInstitutionId),
        chunk.map((finding) => finding.codeKey),
        chunk.map((finding) => finding.detail),
        chunk.map((finding) => finding.students),
      ],
    );
    await letOthersRun();
  }
  await db.transaction(async (tx) => {
    await tx.query(`alter table rule_health_findings rename to rule_health_findings_shown_before`);
    await tx.query(`alter table rule_health_findings_next rename to rule_health_findings`);
    await tx.query(`alter table rule_health_findings_shown_before rename to rule_health_findings_next`);
    await tx.query(
      `insert into app_meta (key, value, updated_at) values ('rule_health_checked_at', now()::text, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
    );
  });
  await db.query(`truncate rule_health_findings_next`);
}

/** Each list's size now: conflicts by course (group), the rest by finding. */
export async function countFindings(db: Queryable): Promise<Array<{ kind: RuleHealthKind; count: number }>> {
  return db.query(`select kind, case when kind = 'conflict' then count(distinct group_key) else count(*) end::int as count from rule_health_findings group by kind`);
}

export async function findingsCheckedAt(db: Queryable): Promise<Date | null> {
  const [row] = await db.query<{ updated_at: Date }>(`select updated_at from app_meta where key = 'rule_health_checked_at'`);
  return row ? new Date(row.updated_at) : null;
}

export interface FindingRow {
  id: number;
  kind: RuleHealthKind;
  rule_id: number | null;
  group_key: string | null;
  from_name: string;
  to_name: string;
  from_institution_id: number;
  to_institution_id: number;
  code_key: string | null;
  detail: string;
  students: number | null;
  rule: StoredRuleRow | null;
  created_at: Date | null;
}

const FINDING_COLUMNS = `f.id::int as id, f.kind, f.rule_id, f.group_key, fi.name as from_name, ti.name as to_name, f.from_institution_id, f.to_institution_id,
  f.code_key, f.detail, f.students, case when r.id is null then null else ${ruleJsonSql('r')} end as rule, r.created_at`;
const FINDING_JOINS = `join institutions fi on fi.id = f.from_institution_id join institutions ti on ti.id = f.to_institution_id
  left join equivalency_rules r on r.id = f.rule_id`;

/** One list's findings after the cursor, in the order found (a conflict's rules together); `school` narrows by name. */
export async function listFindings(db: Queryable, input: { kind: RuleHealthKind; after: number; limit: number; school?: string }): Promise<FindingRow[]> {
  const school = input.school ? likePattern(input.school.toLowerCase()) : null;
  return db.query<FindingRow>(
    `select ${FINDING_COLUMNS} from rule_health_findings f ${FINDING_JOINS}
      where f.kind = $1 and f.id > $2 and ($4::text is null or lower(fi.name) like $4 or lower(ti.name) like $4)
      order by f.id limit $3`,
    [input.kind, input.after, input.limit, school],
  );
}

export async function findFinding(db: Queryable, id: number): Promise<FindingRow | null> {
  const [row] = await db.query<FindingRow>(`select ${FINDING_COLUMNS} from rule_health_findings f ${FINDING_JOINS} where f.id = $1`, [id]);
  return row ?? null;
}

/** The rules of one conflict. */
export async function listGroupRuleIds(db: Queryable, group: string): Promise<number[]> {
  const rows = await db.query<{ rule_id: number }>(`select rule_id from rule_health_findings where group_key = $1 and rule_id is not null`, [group]);
  return rows.map((row) => row.rule_id);
}

/** A fixed finding leaves its list at once (the next check would drop it too). */
export async function deleteFindings(db: Queryable, input: { ids?: number[]; group?: string; ruleIds?: number[] }): Promise<void> {
  await db.query(`delete from rule_health_findings where id = any($1::bigint[]) or group_key = $2 or rule_id = any($3::int[])`, [input.ids ?? [], input.group ?? null, input.ruleIds ?? []]);
}

export async function checkQueued(db: Queryable, kind: string): Promise<boolean> {
  const [row] = await db.query<{ queued: boolean }>(`select exists (select 1 from jobs where kind = $1 and status in ('queued', 'running')) as queued`, [kind]);
  return row?.queued ?? false;
}

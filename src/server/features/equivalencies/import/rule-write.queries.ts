/**
 * SQL of the rules import, for PGlite and PostgreSQL 15: a few statements per batch of 1,000 rules (new rules in one
 * statement of unnested arrays, or with COPY; changed ones with unnested arrays), so a million rules cost thousands of
 * statements, not millions. Which writer sends new rules is rule-writers.ts.
 */
import type { Queryable } from '../../../db/client';
import { engineRule, RULE_COLUMNS, type StoredRuleRow } from '../equivalency.queries';
import type { ComparableRule } from '../rule-identity';
import type { PreparedRuleBatch, RuleBatchColumns } from './rule-batch-columns';
import { RULE_COPY_COLUMNS, SOURCE_COPY_COLUMNS, TARGET_COPY_COLUMNS, type RuleCopyBatch } from './rule-copy-batch';
import type { RuleAuthor } from './rule-writers';

export interface StoredRuleState {
  id: number;
  contentHash: string | null;
  /** The general-education codes stored with the rule, joined by commas ('' for none), as RuleBatchColumns joins them. */
  generalEducationCodes: string;
}

export async function findStoredRules(tx: Queryable, fingerprints: string[]): Promise<Map<string, StoredRuleState>> {
  if (fingerprints.length === 0) return new Map();
  const rows = await tx.query<{ id: number; fingerprint: string; content_hash: string | null; gen_ed_codes: string[] | null }>(
    `select id, fingerprint, content_hash, gen_ed_codes from equivalency_rules where fingerprint = any($1::text[])`,
    [fingerprints],
  );
  return new Map(rows.map((row) => [row.fingerprint, { id: row.id, contentHash: row.content_hash, generalEducationCodes: (row.gen_ed_codes ?? []).join(',') }]));
}

/** Stored rules as the import file would say them, for a preview that shows what saving changes. */
export async function findStoredRuleContents(tx: Queryable, ids: number[]): Promise<Map<number, ComparableRule>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.query<StoredRuleRow>(`select ${RULE_COLUMNS} from equivalency_rules r where r.id = any($1::int[])`, [ids]);
  return new Map(
    rows.map((row) => {
      const rule = engineRule(row);
      return [
        row.id,
        {
          transfers: rule.transfers,
          creditsAwarded: rule.creditsAwarded,
          minGrade: rule.minGrade,
          effectiveFrom: rule.effectiveFromTerm,
          effectiveTo: rule.effectiveToTerm,
          notes: rule.notes,
          creditUnit: rule.creditUnit ?? null,
          statedClass: rule.statedClass ?? null,
          approvedBy: rule.approvedBy ?? null,
          approvedOn: rule.approvedOn ?? null,
          sources: rule.sources,
          targets: rule.targets.map((target, index) => ({ ...target, creditsText: row.targets[index]?.credits_text ?? null })),
        },
      ];
    }),
  );
}

/**
 * One batch of a real import on PostgreSQL, in ONE statement: the batch's rules are compared with the stored ones by
 * fingerprint, the new ones get their ids from the rules' sequence and are inserted with their sources and targets
 * (which find their rule by its place in the batch: a join on integers, not a sort of fingerprints), and the stored
 * ones whose content hash differs come back for the caller to update. No round trip to classify first, so the server
 * goes from one batch to the next while this process prepares the following one. A plain insert (no `on conflict`
 * speculative insertion): the caller holds the import lock and has removed repeats. With `mayBeStored` false (no pair of
 * schools in the batch had rules: pairsWithStoredRules) the lookup by fingerprint is skipped.
 */
export async function writeRuleBatchInOneStatement(
  tx: Queryable,
  rules: PreparedRuleBatch,
  author: RuleAuthor,
  options: { mayBeStored: boolean },
): Promise<{ inserted: number; changed: Array<{ id: number; fingerprint: string }> }> {
  if (rules.size === 0) return { inserted: 0, changed: [] };
  const [row] = await tx.query<{ inserted: number; sources: number; targets: number; courses_without_rule: number; changed: Array<{ id: number; fingerprint: string }> }>(
    `with batch as (
       select * from unnest($1::int[], $2::int[], $3::boolean[], $4::numeric[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $28::text[])
              with ordinality as u(f, t, tr, cr, mg, ef, et, n, fp, ch, gc, place)
     ), stored as (
       select r.id, r.fingerprint, r.content_hash from equivalency_rules r where $26::boolean and r.fingerprint = any($9::text[])
     ), new_rules as materialized (
       select nextval('equivalency_rules_id_seq') as id, b.* from batch b
        where not exists (select 1 from stored s where s.fingerprint = b.fp)
     ), inserted_rules as (
       insert into equivalency_rules (id, from_institution_id, to_institution_id, transfers, credits_awarded, min_grade,
                                      effective_from_term, effective_to_term, notes, fingerprint, content_hash, origin, created_by,
                                      gen_ed_codes)
       overriding system value
       select id, f, t, tr, cr, mg, ef, et, n, fp, ch, $27::text, $11, string_to_array(nullif(gc, ''), ',') from new_rules
       returning 1
     ), batch_sources as (
       select * from unnest($12::int[], $13::smallint[], $14::text[], $15::text[], $16::text[], $17::numeric[]) as s(place, pos, subj, num, title, cr)
     ), new_sources as (
       insert into equivalency_rule_sources (rule_id, position, from_institution_id, subject, number, title, credits)
       select r.id, s.pos, r.f, s.subj, s.num, s.title, s.cr
         from batch_sources s join new_rules r on r.place = s.place
       returning 1
     ), batch_targets as (
       select * from unnest($18::int[], $19::smallint[], $20::text[], $21::text[], $22::text[], $23::numeric[], $24::text[], $25::boolean[])
              as t(place, pos, subj, num, title, cr, ct, el)
     ), new_targets as (
       insert into equivalency_rule_targets (rule_id, position, subject, number, title, credits, credits_text, is_elective)
       select r.id, t.pos, t.subj, t.num, t.title, t.cr, t.ct, t.el
         from batch_targets t join new_rules r on r.place = t.place
       returning 1
     )
     select (select count(*) from inserted_rules)::int as inserted,
            (select count(*) from new_sources)::int as sources,
            (select count(*) from new_targets)::int as targets,
            ((select count(*) from batch_sources where place not between 1 and cardinality($9::text[]))
              + (select count(*) from batch_targets where place not between 1 and cardinality($9::text[])))::int as courses_without_rule,
            coalesce((select json_agg(json_build_object('id', s.id, 'fingerprint', s.fingerprint))
                        from stored s join batch b on b.fp = s.fingerprint
                       where s.content_hash is distinct from b.ch), '[]'::json) as changed`,
    [...rules.literals.slice(0, 10), author.actorId, ...rules.literals.slice(10, 24), options.mayBeStored, author.origin, rules.literals[24]],
  );
  if (!row) throw new Error('rule batch returned nothing');
  // Every course must belong to a rule of the batch, and when every rule was new every course must have been written:
  // this is also what makes the skipped foreign-key triggers safe (beginBulkRuleWrite).
  const allNew = row.inserted === rules.size;
  if (row.courses_without_rule !== 0 || (allNew && (row.sources !== rules.sourceCount || row.targets !== rules.targetCount))) {
    throw new Error(`rule batch written incompletely: ${JSON.stringify({ ...row, changed: row.changed.length })}`);
  }
  return { inserted: row.inserted, changed: row.changed };
}

/**
 * Rule ids taken from the rules' sequence ahead of need, many per statement, for batches of rules that cannot be stored
 * yet (writeRuleBatchWithCopy): such a batch then goes to the database without waiting for an answer first. The next
 * ids are asked for while a batch's worth are still left, so the answer is usually there before they are needed. Ids
 * taken and not used (at the end of an import, or when it is rolled back) are gaps in the sequence, as after any
 * rolled-back insert.
 */
export class RuleIdReserve {
  private ids: number[] = [];
  private next = 0;
  private refill: Promise<number[]> | null = null;

  constructor(
    private readonly tx: Queryable,
    private readonly perStatement = 10_000,
  ) {}

  async take(count: number): Promise<number[]> {
    while (this.ids.length - this.next < count) {
      this.requestMore();
      const more = await this.refill!;
      this.refill = null;
      if (more.length === 0) throw new Error('the rules sequence gave no ids');
      this.ids = [...this.ids.slice(this.next), ...more];
      this.next = 0;
    }
    const taken = this.ids.slice(this.next, this.next + count);
    this.next += count;
    if (this.ids.length - this.next < count) this.requestMore();
    return taken;
  }

  private requestMore() {
    if (this.refill) return;
    this.refill = this.tx
      .query<{ ids: number[] }>(`select array(select nextval('equivalency_rules_id_seq')::int from generate_series(1, $1::int)) as ids`, [this.perStatement])
      .then(([row]) => row?.ids ?? []);
    // A failed refill is reported by the take that waits for it; until then it must not count as unhandled.
    this.refill.catch(() => undefined);
  }
}

/**
 * One batch of a real import on the embedded database, with COPY (rules, then their sources and targets: three
 * statements whatever the batch's size). COPY costs about a third less database time than inserting unnested arrays
 * (2 CPUs, 300,000 rules: PGlite 11.9 s against 19.5, PostgreSQL 8.1 against 11.2). The caller holds the import lock
 * and has removed repeats, so no other import adds one of these fingerprints in between.
 *
 * When no rule of the batch can be stored yet (`mayBeStored` false: see pairsWithStoredRules), the ids come from the
 * reserve and the three COPYs are sent together, without waiting for an answer in between: the database's thread goes
 * from one to the next, and from one batch to the next, while this thread reads on. Otherwise one statement first finds
 * which rules are stored (by fingerprint) and takes ids for the others, and the stored rules whose content hash differs
 * come back for the caller to update. That statement answers with arrays, not rows: PGlite turns 1,000 one-column rows
 * into JavaScript in ~13 ms, an array of 1,000 in ~1.
 *
 * Returns once the batch has been sent; `written` settles when the database has stored it.
 */
export async function writeRuleBatchWithCopy(
  tx: Queryable,
  batch: RuleCopyBatch,
  options: { mayBeStored: boolean; reserve: RuleIdReserve },
): Promise<{ inserted: number; changed: Array<{ id: number; fingerprint: string }>; written: Promise<void> }> {
  if (batch.size === 0) return { inserted: 0, changed: [], written: Promise.resolve() };
  const stored = new Map<string, { id: number; contentHash: string | null }>();
  let newIds: number[];
  if (options.mayBeStored) {
    const [answer] = await tx.query<{ stored_ids: number[]; stored_fingerprints: string[]; stored_hashes: Array<string | null>; new_ids: number[] }>(
      `with stored as materialized (
         select id, fingerprint, content_hash from equivalency_rules where fingerprint = any($1::text[])
       )
       select array(select id from stored order by id) as stored_ids,
              array(select fingerprint from stored order by id) as stored_fingerprints,
              array(select content_hash from stored order by id) as stored_hashes,
              array(select nextval('equivalency_rules_id_seq')::int
                      from generate_series(1, $2::int - (select count(*)::int from stored))) as new_ids`,
      [batch.fingerprints, batch.size],
    );
    if (!answer) throw new Error('taking rule ids returned nothing');
    newIds = answer.new_ids;
    answer.stored_fingerprints.forEach((fingerprint, index) => {
      stored.set(fingerprint, { id: answer.stored_ids[index]!, contentHash: answer.stored_hashes[index] ?? null });
    });
  } else {
    newIds = await options.reserve.take(batch.size);
  }
  // The id each new rule gets, by its place in the batch (0 for a stored rule).
  const idByPlace = new Int32Array(batch.size);
  const changed: Array<{ id: number; fingerprint: string }> = [];
  let rules = '';
  for (let place = 0, next = 0; place < batch.size; place++) {
    const fingerprint = batch.fingerprints[place]!;
    const state = stored.get(fingerprint);
    if (state) {
      if (state.contentHash !== batch.contentHashes[place]) changed.push({ id: state.id, fingerprint });
      continue;
    }
    const id = newIds[next++];
    if (id === undefined) throw new Error('fewer rule ids than new rules');
    idByPlace[place] = id;
    rules += `${id}\t${batch.ruleRows[place]}`;
  }
  if (rules === '') return { inserted: 0, changed, written: Promise.resolve() };
  const courses = (places: number[], rowsAfterId: string[]) => {
    let text = '';
    for (let index = 0; index < places.length; index++) {
      const id = idByPlace[places[index]!]!;
      if (id !== 0) text += `${id}\t${rowsAfterId[index]}`;
    }
    return text;
  };
  const sources = courses(batch.sourcePlaces, batch.sourceRows);
  const targets = courses(batch.targetPlaces, batch.targetRows);
  // Sent in this order on the transaction's one connection, so a rule is always stored before its courses.
  const loads = [tx.copyFrom('equivalency_rules', RULE_COPY_COLUMNS, rules)];
  if (sources) loads.push(tx.copyFrom('equivalency_rule_sources', SOURCE_COPY_COLUMNS, sources));
  if (targets) loads.push(tx.copyFrom('equivalency_rule_targets', TARGET_COPY_COLUMNS, targets));
  const written = Promise.all(loads).then(() => undefined);
  written.catch(() => undefined); // reported by whoever awaits `written`
  return { inserted: idByPlace.filter((id) => id !== 0).length, changed, written };
}

/**
 * Turns off, for the rest of the import's transaction, the per-row triggers on the rule tables: the foreign-key checks
 * (~5 per rule, a third to half of the import's database time) and the search-version statement triggers. This is
 * what pg_restore's --disable-triggers does, and it needs the same right: `session_replication_role` can be set by a
 * superuser (PGlite's only user), or on PostgreSQL 15+ by a role granted `SET ON PARAMETER session_replication_role`.
 * Without it the import runs with the checks on (slower, same result): returns whether they are off.
 *
 * The import keeps the references true itself: every source and target is inserted by the statement that inserts its
 * rule (writeRuleBatchInOneStatement checks the counts), or by the COPY right after its rule's, with the id the import
 * took for it (writeRuleBatchWithCopy), or joins a changed rule the same transaction has just updated (so locked);
 * and on PostgreSQL, where other sessions could delete a school mid-import, every school the import writes rules for is
 * locked against deletion (lockInstitutionAgainstDeletion), as the skipped foreign-key checks would have locked it.
 * Indexes and unique constraints are enforced as always. endBulkRuleWrite turns triggers back on and moves the search
 * catalogue version on, as the skipped triggers would have.
 */
export async function beginBulkRuleWrite(tx: Queryable): Promise<boolean> {
  await tx.query(`savepoint bulk_rule_write`);
  try {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(`release savepoint bulk_rule_write`);
    return true;
  } catch {
    // Permission denied: the transaction is aborted until it rolls back to the savepoint.
    await tx.query(`rollback to savepoint bulk_rule_write`);
    await tx.query(`release savepoint bulk_rule_write`);
    return false;
  }
}

export async function endBulkRuleWrite(tx: Queryable): Promise<void> {
  await tx.query(`set local session_replication_role = origin`);
  await tx.query(`select nextval('search_catalogue_version')`);
}

/**
 * Stored rules whose content changed: the rule row is rewritten in place. Returns how many were found: fewer than
 * asked means another session deleted one since the batch found it.
 */
export async function updateChangedRules(tx: Queryable, rules: RuleBatchColumns): Promise<number> {
  if (rules.size === 0) return 0;
  const result = await tx.query<{ id: number }>(
    `update equivalency_rules r set
       transfers = u.tr, credits_awarded = u.cr, min_grade = u.mg, effective_from_term = u.ef, effective_to_term = u.et,
       notes = u.n, content_hash = u.ch, gen_ed_codes = string_to_array(nullif(u.gc, ''), ','), updated_at = now()
       from unnest($1::int[], $2::int[], $3::boolean[], $4::numeric[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
            as u(f, t, tr, cr, mg, ef, et, n, fp, ch, gc)
      where r.fingerprint = u.fp
     returning r.id`,
    [...rules.ruleArrays, rules.generalEducationCodes],
  );
  return result.length;
}

/**
 * Which of these pairs of schools (from[k] → to[k]) have rules stored: a new rule between two schools that had none
 * when the import began cannot be stored already (the import removes repeats within its file), so its batch needs no
 * lookup by fingerprint. One query for many pairs; a pair checked after this import wrote to it just says yes.
 */
export async function pairsWithStoredRules(tx: Queryable, from: number[], to: number[]): Promise<Set<string>> {
  if (from.length === 0) return new Set();
  const [answer] = await tx.query<{ pairs: string[] }>(
    `select array(select p.f || ':' || p.t from unnest($1::int[], $2::int[]) as p(f, t)
                   where exists (select 1 from equivalency_rules r where r.from_institution_id = p.f and r.to_institution_id = p.t)) as pairs`,
    [from, to],
  );
  return new Set(answer?.pairs ?? []);
}

/**
 * Serialises rule imports (until the transaction ends): each one classifies its rules against what is stored, which a
 * concurrent import could change under it. Other readers and writers of the rule tables are not blocked.
 */
export async function lockRuleImports(tx: Queryable): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('crosswalk:equivalency-import'))`);
}

/**
 * Each batch looks its rules up by fingerprint, 1,000 at a time (`fingerprint = any(…)`). With the statistics of a
 * table the import is filling, the planner answers that with a scan of every stored rule, a cost that grows with the
 * table (measured with batches of 5,000: ~40 ms a batch at 200,000 rules, ~200 ms at 1,000,000, where the unique index
 * answered in ~20). For the rest of the import's transaction only, it uses the indexes.
 *
 * With sequential scans priced out, every small query of the transaction looks expensive enough (cost > jit_above_cost)
 * for PostgreSQL to compile it to machine code first: ~70 ms for each school name looked up (findInstitution), 3.4 s
 * of a 300,000-row import naming 50 schools. JIT is off for the transaction too (PGlite has none; the setting exists).
 */
export async function preferIndexLookups(tx: Queryable): Promise<void> {
  await tx.query(`set local enable_seqscan = off`);
  await tx.query(`set local jit = off`);
}

/** An updated rule's courses are written again from the file. */
export async function deleteRuleCourses(tx: Queryable, ruleIds: number[]): Promise<void> {
  if (ruleIds.length === 0) return;
  await tx.query(`delete from equivalency_rule_sources where rule_id = any($1::int[])`, [ruleIds]);
  await tx.query(`delete from equivalency_rule_targets where rule_id = any($1::int[])`, [ruleIds]);
}

/**
 * The courses of rules already stored (changed ones, whose courses deleteRuleCourses has just removed), from the same
 * columns updateChangedRules takes: `ruleIds[k]` is the id of the rule in place k + 1.
 */
export async function insertRuleCourses(tx: Queryable, rules: RuleBatchColumns, ruleIds: number[]): Promise<void> {
  const { sources, targets } = rules;
  if (sources.rule.length > 0) {
    await tx.query(
      `insert into equivalency_rule_sources (rule_id, position, from_institution_id, subject, number, title, credits)
       select ($1::int[])[s.place], s.pos, ($2::int[])[s.place], s.subj, s.num, s.title, s.cr
         from unnest($3::int[], $4::smallint[], $5::text[], $6::text[], $7::text[], $8::numeric[]) as s(place, pos, subj, num, title, cr)`,
      [ruleIds, rules.from, sources.rule, sources.position, sources.subject, sources.number, sources.title, sources.credits],
    );
  }
  if (targets.rule.length > 0) {
    await tx.query(
      `insert into equivalency_rule_targets (rule_id, position, subject, number, title, credits, credits_text, is_elective)
       select ($1::int[])[t.place], t.pos, t.subj, t.num, t.title, t.cr, t.ct, t.el
         from unnest($2::int[], $3::smallint[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::text[], $9::boolean[])
              as t(place, pos, subj, num, title, cr, ct, el)`,
      [ruleIds, targets.rule, targets.position, targets.subject, targets.number, targets.title, targets.credits, targets.creditsText, targets.isElective],
    );
  }
}


/**
 * Quarter or semester units and the stated class (migration 0110) for rules of a batch, by fingerprint: the rules whose
 * file named them, and changed rules (which may have lost them). Few rules carry either, so the writers send neither
 * and this one statement follows.
 * It also sets the general-education codes the notes state, which the writers store with every rule they write: for
 * a rule stored before the codes were read (migration 0085), whose content is unchanged so that no writer rewrites it.
 */
export async function setRuleUnitsAndCodes(
  tx: Queryable,
  rules: Array<{ fingerprint: string; creditUnit: string | null; statedClass: string | null; approvedBy: string | null; approvedOn: string | null; generalEducationCodes: string[] }>,
): Promise<void> {
  if (rules.length === 0) return;
  await tx.query(
    `update equivalency_rules r set credit_unit = u.unit, stated_class = u.stated_class, gen_ed_codes = u.codes, approved_by = u.approved_by, approved_on = u.approved_on
       from (select fingerprint, unit, stated_class, approved_by, approved_on, case when codes = '' then null else string_to_array(codes, ',') end as codes
               from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) as t(fingerprint, unit, codes, stated_class, approved_by, approved_on)) as u
      where r.fingerprint = u.fingerprint
        and (r.credit_unit is distinct from u.unit or r.stated_class is distinct from u.stated_class or r.gen_ed_codes is distinct from u.codes
             or r.approved_by is distinct from u.approved_by or r.approved_on is distinct from u.approved_on)`,
    // The codes of a rule as one text: a code never holds a comma (the notes separate codes with them).
    [
      rules.map((rule) => rule.fingerprint),
      rules.map((rule) => rule.creditUnit),
      rules.map((rule) => rule.generalEducationCodes.join(',')),
      rules.map((rule) => rule.statedClass),
      rules.map((rule) => rule.approvedBy),
      rules.map((rule) => rule.approvedOn),
    ],
  );
}

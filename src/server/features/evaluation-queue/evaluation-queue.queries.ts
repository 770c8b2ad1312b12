/**
 * The evaluation queue's SQL. The queue reads the reports' undecided rows (transcripts), open appeals (appeals) and the
 * schools to rank pairs, and writes only its own table, evaluation_decisions; rules, reports and appeals change through
 * their owners' entries (docs/decisions/080-evaluation-queue.md).
 */
import type { Database, Queryable } from '../../db/client';
import { codeKeySql, otherCodeKeysSql } from '../catalogue';
import { mayBeDecidedByRuleOrStatewideSql } from '../equivalencies';

export interface PairKey {
  fromInstitutionId: number;
  toInstitutionId: number;
  codeKey: string;
}

/** A pair's course as its reports list it (the suggestion owner's input). */
export interface RankedCourse {
  subject: string;
  number: string;
  title: string;
  credits: number | null;
}

export type RankedPair = PairKey & { place: number; course: RankedCourse };

export interface QueuePairRow {
  from_id: number;
  from_name: string;
  to_id: number;
  to_name: string;
  code_key: string;
  subject: string;
  number: string;
  title: string;
  credits: number | null;
  students: number;
  open_appeals: number;
  oldest_at: Date | string;
  dismissed: boolean;
}


/**
 * The undecided rows of kept reports that wait for a registrar, grouped by pair (the partial index
 * transcript_rows_undecided holds only undecided rows). Not waiting: a row a rule already answers (a course in progress
 * or with an unreadable grade, whose rule is known), and a course still in progress, which waits until it is graded
 * unless an open appeal names it. Students are people: a student's reports count once, and a signed-out visitor's
 * uploads from one browser count once (http/visitor-browser.ts); a visitor with no browser id is one report.
 */
const DEMAND = `
  select t.detected_institution_id as from_id, t.to_institution_id as to_id, r.code_key,
         min(r.subject) as subject, min(r.number) as number, max(r.title) as title, max(r.credits)::float8 as credits,
         count(distinct coalesce(t.user_id, 'browser:' || t.visitor_browser_hash, t.id::text))::int as students,
         min(coalesce(t.analyzed_at, t.created_at)) as oldest_at,
         count(distinct a.id)::int as row_appeals
    from transcript_rows r
    join transcripts t on t.id = r.transcript_id
    left join appeals a on a.transcript_row_id = r.id and a.status <> 'resolved'
   where r.status = 'NEEDS_EVAL' and r.rule_id is null and not r.removed_by_student
     and t.detected_institution_id is not null and t.to_institution_id is not null
     and t.status in ('done', 'saved') and (t.expires_at is null or t.expires_at > now())
     and (not r.in_progress or a.id is not null
          or exists (select 1 from appeals fa
                      where fa.status <> 'resolved' and fa.transcript_row_id is null and fa.from_institution_id = t.detected_institution_id
                        and fa.to_institution_id = t.to_institution_id and fa.code_key = r.code_key))`;

/** Open appeals filed from the form (no report row), naming both schools and the course; `only` narrows to some pairs. */
const formAppeals = (only = '') => `
  select from_id, to_id, code_key, count(*)::int as form_appeals
    from (select from_institution_id as from_id, to_institution_id as to_id, code_key
            from appeals
           where status <> 'resolved' and transcript_row_id is null and from_institution_id is not null and to_institution_id is not null) a
   ${only ? `where (from_id, to_id, code_key) in (${only})` : ''}
   group by 1, 2, 3`;

/** Each pair's latest decision: a dismissal ranks it last; a rule (while it exists) takes it off the queue. */
const LATEST_DECISION = `
  select distinct on (from_institution_id, to_institution_id, code_key) from_institution_id, to_institution_id, code_key, action, rule_id
    from evaluation_decisions
   order by from_institution_id, to_institution_id, code_key, decided_at desc, id desc`;

/**
 * Ranks every pair again, off the request thread (the ranking job): pairs left for later last; then those with an
 * open appeal, most students, oldest report. Replaces the ranking in one transaction, so a page never sees half of it.
 */
export async function rankQueuePairs(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`delete from evaluation_queue_ranking`);
    const [row] = await tx.query<{ pairs: number }>(
      `with demand as (${DEMAND} group by 1, 2, 3),
            form_appeals as (${formAppeals()}),
            latest as (${LATEST_DECISION}),
            ranked as (
              insert into evaluation_queue_ranking (place, from_institution_id, to_institution_id, code_key, subject, number, title, credits, oldest_at, dismissed)
              select row_number() over (
                       order by coalesce(l.action = 'dismissed', false), (d.row_appeals + coalesce(f.form_appeals, 0)) > 0 desc, d.students desc,
                                d.oldest_at, d.from_id, d.to_id, d.code_key),
                     d.from_id, d.to_id, d.code_key, d.subject, d.number, d.title, d.credits, d.oldest_at, coalesce(l.action = 'dismissed', false)
                from demand d
                left join form_appeals f on (f.from_id, f.to_id, f.code_key) = (d.from_id, d.to_id, d.code_key)
                left join latest l on (l.from_institution_id, l.to_institution_id, l.code_key) = (d.from_id, d.to_id, d.code_key)
               where l.action is null or l.action = 'dismissed' or l.rule_id is null
              returning 1)
       select count(*)::int as pairs from ranked`,
    );
    await tx.query(
      `insert into app_meta (key, value, updated_at) values ('evaluation_queue_ranked_at', now()::text, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
    );
    return row?.pairs ?? 0;
  });
}

/** When the pairs were last ranked; null before the first ranking. */
export async function queueRankedAt(db: Queryable): Promise<Date | null> {
  const [row] = await db.query<{ updated_at: Date }>(`select updated_at from app_meta where key = 'evaluation_queue_ranked_at'`);
  return row ? new Date(row.updated_at) : null;
}

/**
 * The ranked pairs in places (afterPlace, afterPlace + limit], in rank order, by the place's index (a range, not an
 * offset: a deep page costs what the first does). A place of a pair decided since the ranking stays empty until the
 * next ranking, so the pages after it do not shift under a registrar meanwhile.
 */
export async function listRankedPairs(db: Queryable, range: { afterPlace: number; limit: number }): Promise<RankedPair[]> {
  const rows = await db.query<{ place: number; from_institution_id: number; to_institution_id: number; code_key: string } & RankedCourse>(
    `select place, from_institution_id, to_institution_id, code_key, subject, number, title, credits::float8 as credits
       from evaluation_queue_ranking where place > $1 and place <= $1 + $2 order by place`,
    [range.afterPlace, range.limit],
  );
  return rows.map((row) => ({
    place: row.place,
    fromInstitutionId: row.from_institution_id,
    toInstitutionId: row.to_institution_id,
    codeKey: row.code_key,
    course: { subject: row.subject, number: row.number, title: row.title, credits: row.credits },
  }));
}

/** Whether any pair is ranked after this place (the page's "more" link). */
export async function rankedAfter(db: Queryable, place: number): Promise<boolean> {
  const [row] = await db.query<{ more: boolean }>(`select exists (select 1 from evaluation_queue_ranking where place > $1) as more`, [place]);
  return row?.more ?? false;
}

export interface StoredSuggestions {
  course: string;
  catalogueVersion: string;
  suggestions: unknown;
  /** When the computation started (the database's clock). */
  computedAt: Date;
}

const pairArrays = (pairs: PairKey[]) => [pairs.map((pair) => pair.fromInstitutionId), pairs.map((pair) => pair.toInstitutionId), pairs.map((pair) => pair.codeKey)];
export const pairKeyText = (pair: PairKey) => `${pair.fromInstitutionId}:${pair.toInstitutionId}:${pair.codeKey}`;

/** The stored suggestions of these pairs, by pairKeyText, whatever version they were computed at. */
export async function readStoredSuggestions(db: Queryable, pairs: PairKey[]): Promise<Map<string, StoredSuggestions>> {
  if (pairs.length === 0) return new Map();
  const rows = await db.query<{ from_institution_id: number; to_institution_id: number; code_key: string; course: string; catalogue_version: string; suggestions: unknown; computed_at: Date }>(
    `select s.from_institution_id, s.to_institution_id, s.code_key, s.course, s.catalogue_version, s.suggestions, s.computed_at
       from unnest($1::int[], $2::int[], $3::text[]) as page(from_id, to_id, code_key)
       join evaluation_pair_suggestions s on (s.from_institution_id, s.to_institution_id, s.code_key) = (page.from_id, page.to_id, page.code_key)`,
    pairArrays(pairs),
  );
  return new Map(
    rows.map((row) => [
      pairKeyText({ fromInstitutionId: row.from_institution_id, toInstitutionId: row.to_institution_id, codeKey: row.code_key }),
      { course: row.course, catalogueVersion: row.catalogue_version, suggestions: row.suggestions, computedAt: new Date(row.computed_at) },
    ]),
  );
}

/** Stores pairs' suggestions computed at a catalogue version, replacing what each pair had. */
export async function storeSuggestions(db: Queryable, rows: Array<PairKey & StoredSuggestions>): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into evaluation_pair_suggestions (from_institution_id, to_institution_id, code_key, course, catalogue_version, suggestions, computed_at)
     select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[])
     on conflict (from_institution_id, to_institution_id, code_key) do update
       set course = excluded.course, catalogue_version = excluded.catalogue_version, suggestions = excluded.suggestions, computed_at = excluded.computed_at`,
    [
      ...pairArrays(rows),
      rows.map((row) => row.course),
      rows.map((row) => row.catalogueVersion),
      rows.map((row) => JSON.stringify(row.suggestions)),
      rows.map((row) => row.computedAt.toISOString()),
    ],
  );
}

/**
 * PostgreSQL: the database's clock now, and from when answers computed at this catalogue version are trusted: 10 s after
 * it was first seen here. The version moves on with a writer's statement, before its transaction commits, so an answer
 * computed in between read the old catalogue under the new version; decision 005 bounds the same race by 10 s.
 */
export async function catalogueVersionSeen(db: Queryable, version: string): Promise<{ now: Date; trustedFrom: Date }> {
  const [row] = await db.query<{ now: Date; trusted_from: Date }>(
    `with seen as (
       insert into app_meta (key, value, updated_at) values ('evaluation_suggestions_version', $1, now())
       on conflict (key) do update set value = excluded.value, updated_at = now() where app_meta.value is distinct from excluded.value
       returning updated_at)
     select now() as now,
            coalesce((select updated_at from seen), (select updated_at from app_meta where key = 'evaluation_suggestions_version')) + interval '10 seconds' as trusted_from`,
    [version],
  );
  return { now: new Date(row!.now), trustedFrom: new Date(row!.trusted_from) };
}

/** Suggestions of pairs no longer ranked (decided, or no student waits any more) are dropped with each ranking. */
export async function forgetUnrankedSuggestions(db: Queryable): Promise<void> {
  await db.query(
    `delete from evaluation_pair_suggestions s
      where not exists (select 1 from evaluation_queue_ranking r
                         where (r.from_institution_id, r.to_institution_id, r.code_key) = (s.from_institution_id, s.to_institution_id, s.code_key))`,
  );
}

/**
 * The page's pairs counted now (students, open appeals, whether left for later), from the undecided rows' index: a
 * pair decided since the ranking has no undecided row left and is not returned.
 */
export async function countPairsNow(db: Queryable, pairs: PairKey[]): Promise<QueuePairRow[]> {
  if (pairs.length === 0) return [];
  return db.query<QueuePairRow>(
    `with page(from_id, to_id, code_key) as (select * from unnest($1::int[], $2::int[], $3::text[])),
          demand as (${DEMAND} and (t.detected_institution_id, t.to_institution_id, r.code_key) in (select * from page) group by 1, 2, 3),
          form_appeals as (${formAppeals('select * from page')}),
          latest as (${LATEST_DECISION})
     select d.from_id, fi.name as from_name, d.to_id, ti.name as to_name, d.code_key, d.subject, d.number, d.title, d.credits,
            d.students, (d.row_appeals + coalesce(f.form_appeals, 0))::int as open_appeals, d.oldest_at,
            coalesce(l.action = 'dismissed', false) as dismissed
       from demand d
       join institutions fi on fi.id = d.from_id
       join institutions ti on ti.id = d.to_id
       left join form_appeals f on (f.from_id, f.to_id, f.code_key) = (d.from_id, d.to_id, d.code_key)
       left join latest l on (l.from_institution_id, l.to_institution_id, l.code_key) = (d.from_id, d.to_id, d.code_key)
      where l.action is null or l.action = 'dismissed' or l.rule_id is null`,
    pairArrays(pairs),
  );
}

/** A decided pair leaves the ranking at once (the next ranking would drop it too). */
export async function removeRankedPair(tx: Queryable, pair: PairKey): Promise<void> {
  await tx.query(`delete from evaluation_queue_ranking where from_institution_id = $1 and to_institution_id = $2 and code_key = $3`, [
    pair.fromInstitutionId,
    pair.toInstitutionId,
    pair.codeKey,
  ]);
}

/** True when a ranking job is already waiting: one is enough, however many reports were analysed meanwhile. */
export async function rankingJobQueued(db: Queryable, kind: string): Promise<boolean> {
  const [row] = await db.query<{ queued: boolean }>(`select exists (select 1 from jobs where kind = $1 and status = 'queued') as queued`, [kind]);
  return row?.queued ?? false;
}

/** One pair's course as its reports list it, or null when no kept report has it undecided. */
export async function findUndecidedPair(db: Queryable, pair: PairKey): Promise<RankedCourse | null> {
  const [row] = await db.query<RankedCourse>(
    `select min(r.subject) as subject, min(r.number) as number, max(r.title) as title, max(r.credits)::float8 as credits
       from transcript_rows r join transcripts t on t.id = r.transcript_id
      where r.status = 'NEEDS_EVAL' and not r.removed_by_student and r.code_key = $3 and t.detected_institution_id = $1 and t.to_institution_id = $2
        and t.status in ('done', 'saved') and (t.expires_at is null or t.expires_at > now())
     having count(*) > 0`,
    [pair.fromInstitutionId, pair.toInstitutionId, pair.codeKey],
  );
  return row ?? null;
}

export interface DecisionRow {
  id: number;
  from_institution_id: number;
  to_institution_id: number;
  code_key: string;
  subject: string;
  number: string;
  action: 'approved' | 'another-course' | 'no-transfer' | 'dismissed';
  rule_id: number | null;
  target: string | null;
  reason: string | null;
  decided_by: string | null;
  undone_at: Date | null;
}

export async function insertDecision(
  tx: Queryable,
  decision: PairKey & {
    subject: string;
    number: string;
    action: DecisionRow['action'];
    ruleId: number | null;
    target: string | null;
    suggestionRank: number | null;
    suggestionsOffered: number;
    reason: string | null;
    decidedBy: string;
    /** How long the decision may be taken back; null: it may not. */
    undoSeconds: number | null;
  },
): Promise<{ id: number; undoUntil: Date | null; names: { from: string; to: string } }> {
  const [row] = await tx.query<{ id: number; undo_until: Date | null; from_name: string; to_name: string }>(
    `with decided as (
       insert into evaluation_decisions (from_institution_id, to_institution_id, code_key, subject, number, action, rule_id, target,
                                         suggestion_rank, suggestions_offered, reason, decided_by, undo_until)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() + make_interval(secs => $13))
       returning id, undo_until, from_institution_id, to_institution_id)
     select d.id, d.undo_until, fi.name as from_name, ti.name as to_name
       from decided d join institutions fi on fi.id = d.from_institution_id join institutions ti on ti.id = d.to_institution_id`,
    [
      decision.fromInstitutionId,
      decision.toInstitutionId,
      decision.codeKey,
      decision.subject,
      decision.number,
      decision.action,
      decision.ruleId,
      decision.target,
      decision.suggestionRank,
      decision.suggestionsOffered,
      decision.reason,
      decision.decidedBy,
      decision.undoSeconds,
    ],
  );
  return { id: Number(row!.id), undoUntil: row!.undo_until ? new Date(row!.undo_until) : null, names: { from: row!.from_name, to: row!.to_name } };
}

/** The decision's background jobs: the re-decision of the reports, and the appeals and e-mails after the undo minute. */
export async function setDecisionJobs(db: Queryable, decisionId: number, jobs: { jobId: number; notifyJobId: number }): Promise<void> {
  await db.query(`update evaluation_decisions set job_id = $2, notify_job_id = $3 where id = $1`, [decisionId, jobs.jobId, jobs.notifyJobId]);
}

export interface UndoneDecision extends PairKeyRow {
  id: number;
  subject: string;
  number: string;
  rule_id: number | null;
  job_id: number | null;
  notify_job_id: number | null;
}
interface PairKeyRow {
  from_institution_id: number;
  to_institution_id: number;
  code_key: string;
}

/** Marks a decision undone if its minute has not passed (the database's clock) and nobody undid it yet; else null. */
export async function markDecisionUndone(tx: Queryable, decisionId: number, undoneBy: string): Promise<UndoneDecision | null> {
  const [row] = await tx.query<UndoneDecision>(
    `update evaluation_decisions set undone_at = now(), undone_by = $2
      where id = $1 and undone_at is null and undo_until > now()
      returning id::int as id, from_institution_id, to_institution_id, code_key, subject, number, rule_id, job_id::int as job_id, notify_job_id::int as notify_job_id`,
    [decisionId, undoneBy],
  );
  return row ?? null;
}

/**
 * The reports an undone decision changed, to decide again without its rule: those its re-decision job was given, and any
 * report a rule now missing left with the course answered (the rule's deletion cleared the rows' link to it).
 */
export async function findDecidedReportIds(db: Queryable, decision: UndoneDecision): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select jsonb_array_elements_text(j.payload -> 'transcriptIds') as id from jobs j where j.id = $1
     union
     select distinct t.id::text from transcript_rows r join transcripts t on t.id = r.transcript_id
      where r.code_key = $4 and r.status <> 'NEEDS_EVAL' and r.rule_id is null
        and t.detected_institution_id = $2 and t.to_institution_id = $3`,
    [decision.job_id ?? 0, decision.from_institution_id, decision.to_institution_id, decision.code_key],
  );
  return rows.map((row) => row.id);
}

export async function findDecision(db: Queryable, id: number): Promise<DecisionRow | null> {
  const [row] = await db.query<DecisionRow>(
    `select id::int as id, from_institution_id, to_institution_id, code_key, subject, number, action, rule_id, target, reason, decided_by, undone_at
       from evaluation_decisions where id = $1`,
    [id],
  );
  return row ?? null;
}

/** Adds to what the decision's background work did (the re-decision, then the appeals and e-mails). */
export async function saveDecisionOutcome(db: Queryable, id: number, outcome: Record<string, unknown>): Promise<void> {
  await db.query(`update evaluation_decisions set outcome = coalesce(outcome, '{}'::jsonb) || $2::jsonb where id = $1`, [id, JSON.stringify(outcome)]);
}

/** Of the pairs decided with suggestions on offer, how many took one as offered (issue 25: recorded and shown). */
export async function countSuggestionsAccepted(db: Queryable): Promise<{ decided: number; accepted_as_offered: number }> {
  const [row] = await db.query<{ decided: number; accepted_as_offered: number }>(
    `select count(*)::int as decided, count(suggestion_rank)::int as accepted_as_offered
       from evaluation_decisions where action <> 'dismissed' and suggestions_offered > 0 and undone_at is null`,
  );
  return row ?? { decided: 0, accepted_as_offered: 0 };
}

/** The pairs most students wait on (left for later or not), most first: what Rule health lists as asked and uncovered. */
export async function listMostAskedPairs(db: Queryable, limit: number): Promise<Array<{ from_id: number; to_id: number; code_key: string; subject: string; number: string; title: string; students: number }>> {
  return db.query(
    `with demand as (${DEMAND} group by 1, 2, 3),
          latest as (${LATEST_DECISION})
     select d.from_id, d.to_id, d.code_key, d.subject, d.number, d.title, d.students
       from demand d
       left join latest l on (l.from_institution_id, l.to_institution_id, l.code_key) = (d.from_id, d.to_id, d.code_key)
      where l.action is null or l.action = 'dismissed' or l.rule_id is null
      order by d.students desc, d.oldest_at, d.from_id, d.to_id, d.code_key
      limit $1`,
    [limit],
  );
}

/** The students a decision tells, with their addresses as they are now. */
export async function findStudents(db: Queryable, userIds: string[]): Promise<Array<{ id: string; email: string; name: string | null }>> {
  if (userIds.length === 0) return [];
  return db.query<{ id: string; email: string; name: string | null }>(`select id, email, name from "user" where id = any($1::text[])`, [userIds]);
}

/**
 * The reports that list undecided a course a rule or statewide numbering may decide now (equivalencies'
 * mayBeDecidedByRuleOrStatewideSql), or may now give a cross-listed answer, or hold one whose listing has ended: what
 * the catalogue has changed under since they were analysed. Grouped by pair first, so each pair is checked once.
 */
export async function listReportsPerhapsDecidedNow(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `with undecided as (
       select t.id as transcript_id, t.detected_institution_id as from_id, t.to_institution_id as to_id, r.code_key, r.cross_listed
         from transcript_rows r join transcripts t on t.id = r.transcript_id
        where r.status = 'NEEDS_EVAL' and not r.removed_by_student and t.detected_institution_id is not null and t.to_institution_id is not null
          and t.status in ('done', 'saved') and (t.expires_at is null or t.expires_at > now())
     ), asked as (
       select transcript_id, from_id, to_id, code_key from undecided
       union
       -- A row with no cross-listed answer yet, under its course's other codes: a rule for one of them gives it one
       -- (decision 192); once stored, the report is not decided again for it.
       select u.transcript_id, u.from_id, u.to_id, other.code_key
         from undecided u join courses c on c.institution_id = u.from_id and c.code_key = u.code_key,
              lateral (${otherCodeKeysSql('c')}) other
        where u.cross_listed is null
     ), pairs as (
       select distinct from_id, to_id, code_key from asked
     ), decidable as (
       select * from pairs p where ${mayBeDecidedByRuleOrStatewideSql('p.from_id', 'p.to_id', 'p.code_key')}
     )
     select distinct a.transcript_id::text as id from asked a join decidable d on (d.from_id, d.to_id, d.code_key) = (a.from_id, a.to_id, a.code_key)
     union
     -- A stored cross-listed answer whose listing has ended (a changed description split the course): decided again,
     -- the answer goes, so the report never says "also listed as" a code that no longer is.
     select u.transcript_id::text from undecided u
      where u.cross_listed is not null
        and not exists (select 1 from courses c, lateral (${otherCodeKeysSql('c')}) other
                         where c.institution_id = u.from_id and c.code_key = u.code_key
                           and other.code_key = ${codeKeySql(`(u.cross_listed->>'courseNumber')`, `''`)})`,
  );
  return rows.map((row) => row.id);
}

/** The catalogue version the queue last checked its reports against (null before the first check). */
export async function catalogueVersionChecked(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ value: string }>(`select value from app_meta where key = 'evaluation_queue_catalogue_checked'`);
  return row?.value ?? null;
}

export async function markCatalogueVersionChecked(db: Queryable, version: string): Promise<void> {
  await db.query(
    `insert into app_meta (key, value, updated_at) values ('evaluation_queue_catalogue_checked', $1, now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [version],
  );
}

/** The registrar who decided, as the appeals' updates record their actor. */
export async function findDecider(db: Queryable, userId: string): Promise<{ id: string; email: string; name: string; role: string | null } | null> {
  const [row] = await db.query<{ id: string; email: string; name: string; role: string | null }>(`select id, email, name, role from "user" where id = $1`, [userId]);
  return row ?? null;
}

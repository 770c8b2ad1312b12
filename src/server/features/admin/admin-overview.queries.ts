/**
 * The admin area's figures: the hub's running totals, the Transfer Data Overview, and the schools and pathways
 * overviews. Reports across the product's tables, read-only.
 */
import type { AppealStatus, PathwayOverview, SchoolOverview } from '../../../shared/schemas/admin';
import type { TransferDataOverview } from '../../../shared/schemas/equivalencies';
import type { Queryable } from '../../db/client';

/**
 * The hub's figures, from the running totals kept by migration 0009's triggers (one row per change, summed here and
 * folded by compactAdminCounts). Pending appeals are those not yet resolved (submitted or in review): the clerks'
 * open work, and what the appeals list shows with its "Pending" filter.
 */
export async function readAdminStats(db: Queryable) {
  const total = await readRunningTotals(db);
  return {
    students: total('students'),
    transcripts: total('transcripts'),
    pendingAppeals: total('appeals_submitted') + total('appeals_in_review'),
    resolvedAppeals: total('appeals_resolved'),
  };
}

/** Each running total by name (0 for one never counted). */
async function readRunningTotals(db: Queryable): Promise<(name: string) => number> {
  const rows = await db.query<{ name: string; total: number }>(`select name, sum(delta)::int as total from admin_count_deltas group by name`);
  return (name: string) => Number(rows.find((row) => row.name === name)?.total ?? 0);
}

/** Every appeal counted by status, from the running totals: what the clerk's queue shows beside its filters. */
export async function readAppealTotalsByStatus(db: Queryable): Promise<Record<AppealStatus, number>> {
  const total = await readRunningTotals(db);
  return { submitted: total('appeals_submitted'), in_review: total('appeals_in_review'), resolved: total('appeals_resolved') };
}

/** Folds the figures' change rows into one row per figure (a periodic task), so the stats read stays a few rows. */
export async function compactAdminCounts(db: Queryable): Promise<void> {
  await db.query(
    `with folded as (delete from admin_count_deltas returning name, delta)
     insert into admin_count_deltas (name, delta) select name, sum(delta) from folded group by name`,
  );
}

interface OverviewRow {
  institutions: number;
  courses: number;
  rules: number;
  rules_transferring: number;
  transcripts_analysed: number;
  transcript_rows: number;
}

async function readOverviewCounts(db: Queryable): Promise<OverviewRow> {
  const [row] = await db.query<OverviewRow>(
    `select (select count(*) from institutions)::int as institutions,
            (select count(*) from courses)::int as courses,
            (select count(*) from equivalency_rules)::int as rules,
            (select count(*) from equivalency_rules where transfers)::int as rules_transferring,
            (select count(*) from transcripts where status in ('done', 'saved'))::int as transcripts_analysed,
            (select count(*) from transcript_rows)::int as transcript_rows`,
  );
  if (!row) throw new Error('overview query returned nothing');
  return row;
}

async function countBy(db: Queryable, sql: string): Promise<Array<{ label: string; count: number }>> {
  return db.query<{ label: string; count: number }>(sql);
}

const RULES_BY_ORIGIN = `select origin as label, count(*)::int as count from equivalency_rules group by origin order by count desc`;
const TRANSCRIPT_ROWS_BY_OUTCOME = `select coalesce(status, 'NOT_DECIDED') as label, count(*)::int as count from transcript_rows group by 1 order by 2 desc`;
const APPEALS_BY_STATUS = `select status as label, count(*)::int as count from appeals group by status order by count desc`;
const APPEAL_DECISIONS = `select decision as label, count(*)::int as count from appeals where decision is not null group by decision order by count desc`;
const TOP_DESTINATIONS = `select i.name as label, count(*)::int as count from equivalency_rules r join institutions i on i.id = r.to_institution_id
  group by i.name order by count desc, i.name limit 10`;

const asCounts = <K extends string>(rows: Array<{ label: string; count: number }>, key: K) =>
  rows.map((row) => ({ [key]: row.label, count: Number(row.count) }) as { [P in K]: string } & { count: number });

export async function readTransferDataOverview(db: Queryable): Promise<TransferDataOverview> {
  const [counts, byOrigin, byOutcome, byStatus, decisions, destinations] = await Promise.all([
    readOverviewCounts(db),
    countBy(db, RULES_BY_ORIGIN),
    countBy(db, TRANSCRIPT_ROWS_BY_OUTCOME),
    countBy(db, APPEALS_BY_STATUS),
    countBy(db, APPEAL_DECISIONS),
    countBy(db, TOP_DESTINATIONS),
  ]);
  return {
    institutions: Number(counts.institutions),
    courses: Number(counts.courses),
    rules: Number(counts.rules),
    rulesTransferring: Number(counts.rules_transferring),
    rulesByOrigin: asCounts(byOrigin, 'origin'),
    transcriptsAnalysed: Number(counts.transcripts_analysed),
    transcriptRows: Number(counts.transcript_rows),
    transcriptRowsByOutcome: asCounts(byOutcome, 'outcome') as TransferDataOverview['transcriptRowsByOutcome'],
    appealsByStatus: asCounts(byStatus, 'status'),
    appealDecisions: asCounts(decisions, 'decision'),
    topDestinations: destinations.map((row) => ({ name: row.label, rules: Number(row.count) })),
  };
}

/** Every school with its catalogue size and how many equivalency rules start or end there. */
export async function listSchoolsOverview(db: Queryable): Promise<SchoolOverview[]> {
  const rows = await db.query<{ id: number; key: string; name: string; state: string | null; kind: string; course_count: number; rules_from: number; rules_to: number }>(
    `select i.id, i.key, i.name, i.state, i.kind,
            (select count(*) from courses c where c.institution_id = i.id)::int as course_count,
            (select count(*) from equivalency_rules r where r.from_institution_id = i.id)::int as rules_from,
            (select count(*) from equivalency_rules r where r.to_institution_id = i.id)::int as rules_to
       from institutions i
      order by rules_to desc, rules_from desc, i.name
      limit 500`,
  );
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    state: row.state ? row.state.trim() : null,
    kind: row.kind,
    courseCount: Number(row.course_count),
    rulesFrom: Number(row.rules_from),
    rulesTo: Number(row.rules_to),
  }));
}

/** The transfer pathways (school to school) with the most equivalency rules. */
export async function listPathways(db: Queryable): Promise<PathwayOverview[]> {
  const rows = await db.query<{ from_id: number; from_name: string; to_id: number; to_name: string; rule_count: number; transferring: number; from_appeals: number }>(
    `select r.from_institution_id as from_id, fi.name as from_name, r.to_institution_id as to_id, ti.name as to_name,
            count(*)::int as rule_count,
            count(*) filter (where r.transfers)::int as transferring,
            count(*) filter (where r.origin = 'appeal')::int as from_appeals
       from equivalency_rules r
       join institutions fi on fi.id = r.from_institution_id
       join institutions ti on ti.id = r.to_institution_id
      group by r.from_institution_id, fi.name, r.to_institution_id, ti.name
      order by rule_count desc, fi.name, ti.name
      limit 50`,
  );
  return rows.map((row) => ({
    fromId: row.from_id,
    fromName: row.from_name,
    toId: row.to_id,
    toName: row.to_name,
    ruleCount: Number(row.rule_count),
    transferringCount: Number(row.transferring),
    appealRuleCount: Number(row.from_appeals),
  }));
}

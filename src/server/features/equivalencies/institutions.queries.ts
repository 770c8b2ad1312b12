/** SQL for the admin's Universities Management and Transfer Data Overview. */
import type { Queryable } from '../../db/client';

export interface InstitutionAdminRow {
  id: number;
  key: string;
  name: string;
  state: string | null;
  control: 'public' | 'private';
  kind: 'university' | 'college' | 'community-college' | 'technical-college';
  calendar: 'semester' | 'quarter';
  florida_statewide_numbering: boolean;
  website: string | null;
  aliases: string[];
  course_count: number;
  rule_count: number;
}

const INSTITUTION_COLUMNS = `i.id, i.key, i.name, i.state, i.control, i.kind, i.calendar, i.florida_statewide_numbering, i.website,
  coalesce((select array_agg(a.alias order by a.alias) from institution_aliases a where a.institution_id = i.id), '{}') as aliases,
  (select count(*) from courses c where c.institution_id = i.id)::int as course_count,
  (select count(*) from equivalency_rules r where r.from_institution_id = i.id or r.to_institution_id = i.id)::int as rule_count`;

export async function listInstitutionRows(db: Queryable, search: string | null): Promise<InstitutionAdminRow[]> {
  return db.query<InstitutionAdminRow>(
    `select ${INSTITUTION_COLUMNS} from institutions i
      where $1::text is null or i.name ilike '%' || $1 || '%' or i.key ilike '%' || $1 || '%'
         or exists (select 1 from institution_aliases a where a.institution_id = i.id and a.alias ilike '%' || $1 || '%')
      order by i.name limit 1000`,
    [search],
  );
}

/**
 * Up to `limit` schools for a picker: the school the text names exactly first, then names that start with it, then any
 * name, key or alias that contains it. `normalized` is the text as normalizeInstitutionAlias writes aliases.
 */
export async function searchSchoolRows(db: Queryable, text: string, normalized: string, limit: number) {
  return db.query<{ id: number; name: string; state: string | null; exact: boolean }>(
    `select i.id, i.name, i.state,
            (i.key = lower($1) or lower(regexp_replace(replace(i.name, '&', 'and'), '[^A-Za-z0-9]', '', 'g')) = $2
              or exists (select 1 from institution_aliases a where a.institution_id = i.id and a.alias_normalized = $2)) as exact
       from institutions i
      where i.name ilike '%' || $1 || '%' or i.key = lower($1)
         or exists (select 1 from institution_aliases a where a.institution_id = i.id and (a.alias ilike '%' || $1 || '%' or a.alias_normalized = $2))
      order by exact desc, (i.name ilike $1 || '%') desc, i.name
      limit $3`,
    [text, normalized, limit],
  );
}

export async function findInstitutionRow(db: Queryable, id: number): Promise<InstitutionAdminRow | null> {
  const [row] = await db.query<InstitutionAdminRow>(`select ${INSTITUTION_COLUMNS} from institutions i where i.id = $1`, [id]);
  return row ?? null;
}

export interface InstitutionValues {
  key: string;
  name: string;
  state: string | null;
  control: string;
  kind: string;
  calendar: string;
  floridaStatewideNumbering: boolean;
  website: string | null;
}

/** Null when the key is taken. */
export async function insertInstitution(tx: Queryable, values: InstitutionValues): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `insert into institutions (key, name, state, control, kind, calendar, florida_statewide_numbering, website)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (key) do nothing returning id`,
    [values.key, values.name, values.state, values.control, values.kind, values.calendar, values.floridaStatewideNumbering, values.website],
  );
  return row?.id ?? null;
}

export async function updateInstitution(tx: Queryable, id: number, values: InstitutionValues): Promise<void> {
  await tx.query(
    `update institutions set key = $2, name = $3, state = $4, control = $5, kind = $6, calendar = $7,
            florida_statewide_numbering = $8, website = $9, updated_at = now()
      where id = $1`,
    [id, values.key, values.name, values.state, values.control, values.kind, values.calendar, values.floridaStatewideNumbering, values.website],
  );
}

export async function isKeyTaken(tx: Queryable, key: string, exceptId: number | null): Promise<boolean> {
  const rows = await tx.query(`select 1 from institutions where key = $1 and id <> coalesce($2::int, -1)`, [key, exceptId]);
  return rows.length > 0;
}

/** Which of these normalised aliases belong to another school. */
export async function aliasesOwnedElsewhere(tx: Queryable, normalized: string[], institutionId: number | null): Promise<Array<{ alias: string; owner: string }>> {
  if (normalized.length === 0) return [];
  return tx.query<{ alias: string; owner: string }>(
    `select a.alias, i.name as owner from institution_aliases a join institutions i on i.id = a.institution_id
      where a.alias_normalized = any($1::text[]) and a.institution_id <> coalesce($2::int, -1)`,
    [normalized, institutionId],
  );
}

/** Replaces a school's aliases with these (normalised, as written). */
export async function replaceAliases(tx: Queryable, institutionId: number, aliases: Array<{ normalized: string; alias: string }>): Promise<void> {
  await tx.query(`delete from institution_aliases where institution_id = $1`, [institutionId]);
  if (aliases.length === 0) return;
  await tx.query(
    `insert into institution_aliases (alias_normalized, alias, institution_id)
     select n, a, $3 from unnest($1::text[], $2::text[]) as u(n, a) on conflict (alias_normalized) do nothing`,
    [aliases.map((alias) => alias.normalized), aliases.map((alias) => alias.alias), institutionId],
  );
}

export interface OverviewRow {
  institutions: number;
  courses: number;
  rules: number;
  rules_transferring: number;
  transcripts_analysed: number;
  transcript_rows: number;
}

export async function readOverviewCounts(db: Queryable): Promise<OverviewRow> {
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

export async function countBy(db: Queryable, sql: string): Promise<Array<{ label: string; count: number }>> {
  return db.query<{ label: string; count: number }>(sql);
}

export const RULES_BY_ORIGIN = `select origin as label, count(*)::int as count from equivalency_rules group by origin order by count desc`;
export const TRANSCRIPT_ROWS_BY_OUTCOME = `select coalesce(status, 'NOT_DECIDED') as label, count(*)::int as count from transcript_rows group by 1 order by 2 desc`;
export const APPEALS_BY_STATUS = `select status as label, count(*)::int as count from appeals group by status order by count desc`;
export const APPEAL_DECISIONS = `select decision as label, count(*)::int as count from appeals where decision is not null group by decision order by count desc`;
export const TOP_DESTINATIONS = `select i.name as label, count(*)::int as count from equivalency_rules r join institutions i on i.id = r.to_institution_id
  group by i.name order by count desc, i.name limit 10`;

/**
 * The schools' SQL: looking a school up by key or alias, creating one an import names, and the admin's Universities
 * Management. Aliases are compared in their normalised form only (normalizeSchoolName), never normalised here.
 */
import type { InstitutionRecord } from '../../../shared/schemas/equivalencies';
import type { Queryable } from '../../db/client';

/** What the rest of the product knows of a school: the engine decides transfers with it, search and reports name it. */
export interface InstitutionInfo {
  id: number;
  key: string;
  name: string;
  state: string | null;
  calendar: 'semester' | 'quarter';
  floridaStatewideNumbering: boolean;
}

export interface InstitutionInfoRow {
  id: number;
  key: string;
  name: string;
  state: string | null;
  calendar: 'semester' | 'quarter';
  florida_statewide_numbering: boolean;
}

const INFO_COLUMNS = `i.id, i.key, i.name, i.state, i.calendar, i.florida_statewide_numbering`;

/** The school `alias` (a row of institutions) as one JSON value, for queries that carry schools inside other rows. */
export const institutionJsonSql = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'key', ${alias}.key, 'name', ${alias}.name, 'state', ${alias}.state, 'calendar', ${alias}.calendar, 'florida_statewide_numbering', ${alias}.florida_statewide_numbering)`;

export const toInstitutionInfo = (row: InstitutionInfoRow): InstitutionInfo => ({
  id: row.id,
  key: row.key,
  name: row.name,
  state: row.state?.trim() ?? null,
  calendar: row.calendar,
  floridaStatewideNumbering: row.florida_statewide_numbering,
});

/** A school by its key. */
export async function findInstitutionByKey(db: Queryable, key: string): Promise<InstitutionInfo | null> {
  const [row] = await db.query<InstitutionInfoRow>(`select ${INFO_COLUMNS} from institutions i where i.key = $1`, [key]);
  return row ? toInstitutionInfo(row) : null;
}

export async function loadInstitutions(db: Queryable, ids: number[]): Promise<Map<number, InstitutionInfo>> {
  const rows = await db.query<InstitutionInfoRow>(`select ${INFO_COLUMNS} from institutions i where i.id = any($1::int[])`, [ids]);
  return new Map(rows.map((row) => [row.id, toInstitutionInfo(row)]));
}

/**
 * Institution ids for several keys or normalised aliases at once (course code prefixes such as 'U DEL'). A form several
 * schools share names none of them (it never decides alone); a key always names its school.
 */
export async function findInstitutionIdsByAlias(db: Queryable, aliasesNormalized: string[]): Promise<Map<string, number>> {
  if (aliasesNormalized.length === 0) return new Map();
  const rows = await db.query<{ alias: string; id: number }>(
    `select a.alias_normalized as alias, min(a.institution_id) as id from institution_aliases a where a.alias_normalized = any($1::text[])
      group by a.alias_normalized having count(*) = 1
     union all
     select i.key, i.id from institutions i where i.key = any($1::text[])`,
    [aliasesNormalized],
  );
  return new Map(rows.map((row) => [row.alias, row.id]));
}

/** Other schools in Florida's statewide course numbering. */
export async function listStatewideNumberingInstitutions(db: Queryable, exceptInstitutionId: number): Promise<InstitutionInfo[]> {
  const rows = await db.query<InstitutionInfoRow>(
    `select ${INFO_COLUMNS} from institutions i where i.florida_statewide_numbering and i.id <> $1 order by i.name`,
    [exceptInstitutionId],
  );
  return rows.map(toInstitutionInfo);
}

/** A school created as an import names it, with the key made from its name. Null when the key is taken. */
export async function insertImportedInstitution(tx: Queryable, values: { key: string; name: string; kind: string }): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(`insert into institutions (key, name, kind) values ($1, $2, $3) on conflict (key) do nothing returning id`, [
    values.key,
    values.name,
    values.kind,
  ]);
  return row?.id ?? null;
}

export interface InstitutionAdminRow {
  id: number;
  key: string;
  name: string;
  state: string | null;
  control: InstitutionRecord['control'];
  kind: InstitutionRecord['kind'];
  calendar: InstitutionRecord['calendar'];
  florida_statewide_numbering: boolean;
  website: string | null;
  aliases: string[];
  course_count: number;
  rule_count: number;
}

const INSTITUTION_COLUMNS = `i.id, i.key, i.name, i.state, i.control, i.kind, i.calendar, i.florida_statewide_numbering, i.website,
  coalesce((select array_agg(a.alias order by a.alias) from institution_aliases a where a.institution_id = i.id and a.source in ('alias', 'key')), '{}') as aliases,
  (select count(*) from courses c where c.institution_id = i.id)::int as course_count,
  (select count(*) from equivalency_rules r where r.from_institution_id = i.id or r.to_institution_id = i.id)::int as rule_count`;

/**
 * Universities Management's list: with a search, every school whose name, key or alias contains it; without one, the
 * schools Crosswalk has courses or rules for and those an admin entered (not the directory's thousands: those are
 * found by searching). At most 1000.
 */
export async function listInstitutionRows(db: Queryable, search: string | null): Promise<InstitutionAdminRow[]> {
  return db.query<InstitutionAdminRow>(
    `select ${INSTITUTION_COLUMNS} from institutions i
      where ($1::text is null and (not i.from_directory or exists (select 1 from courses c where c.institution_id = i.id)
                                   or exists (select 1 from equivalency_rules r where r.to_institution_id = i.id and r.transfers)
                                   or exists (select 1 from equivalency_rules r where r.from_institution_id = i.id)))
         or i.name ilike '%' || $1 || '%' or i.key ilike '%' || $1 || '%'
         or exists (select 1 from institution_aliases a where a.institution_id = i.id and a.alias ilike '%' || $1 || '%')
      order by i.name limit 1000`,
    [search],
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

/**
 * Which of these normalised names are another school's own name or key. Sharing an alias is allowed (the directory's
 * "UNO", "Tech": such a name never decides alone); taking another school's name is not.
 */
export async function namesOwnedElsewhere(tx: Queryable, normalized: string[], institutionId: number | null): Promise<Array<{ alias: string; owner: string }>> {
  if (normalized.length === 0) return [];
  return tx.query<{ alias: string; owner: string }>(
    `select a.alias, i.name as owner from institution_aliases a join institutions i on i.id = a.institution_id
      where a.alias_normalized = any($1::text[]) and a.source in ('name', 'key') and a.institution_id <> coalesce($2::int, -1)`,
    [normalized, institutionId],
  );
}

/**
 * Takes the lock a foreign-key check takes on a referenced row (`for key share`): until the import commits, nobody can
 * delete the school or change its id. False when the school is gone.
 */
export async function lockInstitutionAgainstDeletion(tx: Queryable, institutionId: number): Promise<boolean> {
  const rows = await tx.query(`select 1 from institutions where id = $1 for key share`, [institutionId]);
  return rows.length > 0;
}


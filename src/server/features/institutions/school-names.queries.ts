/**
 * The SQL of school names: the stored forms a written name matches (exactly, or as the start of a name or of its words:
 * the picker), schools by web domain, and writing the federal directory's schools and every form of their names.
 * Names are compared in their normalised form (normalizeSchoolName), computed in TypeScript, never in SQL.
 */
import type { Queryable } from '../../db/client';
import type { NameSource, SchoolNameForm } from './school-name-forms';
import type { RankedSchoolFacts } from './school-resolution';

/** A school as ranking reads it (school-resolution.ts), with whether Crosswalk has its courses or rules. */
const FACT_COLUMNS = `i.id, i.key, i.name, i.state, i.city, i.ipeds_size, i.ipeds_sector,
  (exists (select 1 from courses c where c.institution_id = i.id)
   or exists (select 1 from equivalency_rules r where r.to_institution_id = i.id and r.transfers)
   or exists (select 1 from equivalency_rules r where r.from_institution_id = i.id)) as has_data`;

interface FactRow {
  id: number;
  key: string;
  name: string;
  state: string | null;
  city: string | null;
  ipeds_size: number | null;
  ipeds_sector: number | null;
  has_data: boolean;
}

export const toRankedFacts = (row: FactRow): RankedSchoolFacts => ({
  id: row.id,
  key: row.key,
  name: row.name,
  state: row.state?.trim() ?? null,
  city: row.city,
  size: row.ipeds_size === null ? null : Number(row.ipeds_size),
  sector: row.ipeds_sector === null ? null : Number(row.ipeds_sector),
  hasData: row.has_data === true,
});

export interface NameFormRow extends FactRow {
  alias: string;
  alias_normalized: string;
  source: NameSource;
}

/** Every stored form equal to one of these normalised forms, with its school. */
export async function findNameForms(db: Queryable, normalized: readonly string[]): Promise<NameFormRow[]> {
  if (normalized.length === 0) return [];
  return db.query<NameFormRow>(
    `select a.alias, a.alias_normalized, a.source, ${FACT_COLUMNS}
       from institution_aliases a join institutions i on i.id = a.institution_id
      where a.alias_normalized = any($1::text[])`,
    [[...new Set(normalized)]],
  );
}

/** Which schools go by this normalised form, and as what kind of name (no facts: for the strict lookups). */
export async function findFormOwners(db: Queryable, normalized: string): Promise<Array<{ institution_id: number; alias: string; source: NameSource }>> {
  return db.query(`select a.institution_id, a.alias, a.source from institution_aliases a where a.alias_normalized = $1`, [normalized]);
}

export interface PickerRow extends NameFormRow {
  /** 0 the form is what was typed, 1 it starts with it, 2 its words start with the typed words. */
  tier: number;
}

/**
 * The picker's schools for what was typed, each by its best form: a form equal to it, a form that starts with it, or
 * a form whose words start with each typed word ("uw mad" → "UW-Madison", "wisconsin madison" → "University of
 * Wisconsin-Madison"). At most `limit` schools, in no particular order (the service ranks them).
 */
export async function findPickerForms(db: Queryable, normalized: string, words: readonly string[], limit: number): Promise<PickerRow[]> {
  // One LIKE per word (not LIKE ALL): each can use the words' trigram index.
  const wordConditions = words.map((_, index) => `a.words like $${index + 3}`).join(' and ');
  const tier = `case when a.alias_normalized = $1 then 0 when a.alias_normalized like $1 || '%' then 1 else 2 end`;
  return db.query<PickerRow>(
    `with matched as (
       select distinct on (a.institution_id) a.institution_id, a.alias, a.alias_normalized, a.source, ${tier} as tier
         from institution_aliases a
        where a.alias_normalized like $1 || '%'${wordConditions ? ` or (${wordConditions})` : ''}
        order by a.institution_id, ${tier}, case a.source when 'name' then 0 when 'key' then 0 when 'alias' then 1 else 2 end, length(a.alias)
     ), best as (
       select m.*, i.ipeds_size from matched m join institutions i on i.id = m.institution_id
        order by m.tier, i.ipeds_size desc nulls last, i.name
        limit $2
     )
     select b.alias, b.alias_normalized, b.source, b.tier, ${FACT_COLUMNS}
       from best b join institutions i on i.id = b.institution_id`,
    [normalized, limit, ...words.map((word) => `% ${word}%`)],
  );
}

/** Schools by key, for the first choices a picker shows before anything is typed. */
export async function findSchoolFactsByKeys(db: Queryable, keys: readonly string[]): Promise<RankedSchoolFacts[]> {
  if (keys.length === 0) return [];
  const rows = await db.query<FactRow>(`select ${FACT_COLUMNS} from institutions i where i.key = any($1::text[])`, [[...keys]]);
  return rows.map(toRankedFacts);
}

/** Schools whose web domain is one of these (most specific first is the caller's order). */
export async function findSchoolsByDomains(db: Queryable, domains: readonly string[]): Promise<Array<RankedSchoolFacts & { webDomain: string }>> {
  if (domains.length === 0) return [];
  const rows = await db.query<FactRow & { web_domain: string }>(
    `select ${FACT_COLUMNS}, i.web_domain from institutions i where i.web_domain = any($1::text[])`,
    [[...domains]],
  );
  return rows.map((row) => ({ ...toRankedFacts(row), webDomain: row.web_domain }));
}

/** Whether any rule says a course transfers into this school. */
export async function hasTransferRulesInto(db: Queryable, institutionId: number): Promise<boolean> {
  const rows = await db.query(`select 1 from equivalency_rules r where r.to_institution_id = $1 and r.transfers limit 1`, [institutionId]);
  return rows.length > 0;
}

/** Every school as ranking reads it, and every stored form of its names: the names held in memory (loadSchoolNames). */
export async function listSchoolNames(db: Queryable): Promise<{ schools: RankedSchoolFacts[]; forms: Array<{ institution_id: number; alias: string; alias_normalized: string; source: NameSource }> }> {
  const schools = await db.query<FactRow>(`select ${FACT_COLUMNS} from institutions i`);
  const forms = await db.query<{ institution_id: number; alias: string; alias_normalized: string; source: NameSource }>(
    `select institution_id, alias, alias_normalized, source from institution_aliases`,
  );
  return { schools: schools.map(toRankedFacts), forms };
}

/** Whether Crosswalk has any of this school's courses. */
export async function hasCourses(db: Queryable, institutionId: number): Promise<boolean> {
  const rows = await db.query(`select 1 from courses c where c.institution_id = $1 limit 1`, [institutionId]);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------
// Writing names and the directory
// ---------------------------------------------------------------------------

/** Adds these forms to a school (a form it already has keeps its kind). */
export async function insertNameForms(tx: Queryable, rows: ReadonlyArray<{ institutionId: number; form: SchoolNameForm }>): Promise<void> {
  for (let start = 0; start < rows.length; start += 5000) {
    const slice = rows.slice(start, start + 5000);
    await tx.query(
      `insert into institution_aliases (alias_normalized, alias, institution_id, source)
       select n, a, i, s from unnest($1::text[], $2::text[], $3::int[], $4::text[]) as u(n, a, i, s)
       on conflict (alias_normalized, institution_id) do nothing`,
      [slice.map((row) => row.form.normalized), slice.map((row) => row.form.alias), slice.map((row) => row.institutionId), slice.map((row) => row.form.source)],
    );
  }
}

/** Replaces a school's forms with these (its name, key, aliases and their short forms). */
export async function replaceNameForms(tx: Queryable, institutionId: number, forms: readonly SchoolNameForm[]): Promise<void> {
  await tx.query(`delete from institution_aliases where institution_id = $1`, [institutionId]);
  await insertNameForms(
    tx,
    forms.map((form) => ({ institutionId, form })),
  );
}

/** A school as the directory loader compares it with the directory: what it is called and where it is. */
export interface SchoolOnFile {
  id: number;
  key: string;
  name: string;
  state: string | null;
  website: string | null;
  ipeds_unitid: number | null;
  /** Its names and other names as stored (not the derived short forms). */
  aliases: string[];
}

export async function listSchoolsOnFile(db: Queryable): Promise<SchoolOnFile[]> {
  return db.query<SchoolOnFile>(
    `select i.id, i.key, i.name, i.state, i.website, i.ipeds_unitid,
            coalesce((select array_agg(a.alias order by a.alias) from institution_aliases a where a.institution_id = i.id and a.source = 'alias'), '{}') as aliases
       from institutions i order by i.id`,
  );
}

export interface DirectoryColumns {
  unitid: number;
  key: string;
  name: string;
  state: string | null;
  city: string | null;
  control: 'public' | 'private';
  kind: string;
  website: string | null;
  webDomain: string | null;
  sector: number;
  size: number | null;
  systemName: string | null;
}

/** Inserts the directory's schools not on file yet; returns their ids by unit id. */
export async function insertDirectorySchools(tx: Queryable, schools: readonly DirectoryColumns[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (let start = 0; start < schools.length; start += 2000) {
    const slice = schools.slice(start, start + 2000);
    const column = <K extends keyof DirectoryColumns>(key: K) => slice.map((school) => school[key]);
    const rows = await tx.query<{ id: number; ipeds_unitid: number }>(
      `insert into institutions (from_directory, ipeds_unitid, key, name, state, city, control, kind, website, web_domain, ipeds_sector, ipeds_size, system_name)
       select true, * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int2[], $11::int2[], $12::text[])
       on conflict do nothing
       returning id, ipeds_unitid`,
      [
        column('unitid'),
        column('key'),
        column('name'),
        column('state'),
        column('city'),
        column('control'),
        column('kind'),
        column('website'),
        column('webDomain'),
        column('sector'),
        column('size'),
        column('systemName'),
      ],
    );
    for (const row of rows) ids.set(Number(row.ipeds_unitid), row.id);
  }
  return ids;
}

/**
 * A school on file matched to its directory row: the row's unit id and facts are kept; what an admin gave the school
 * (its name, kind, control, calendar) stays, and a missing state or web address is filled in.
 */
export async function attachDirectoryRow(tx: Queryable, id: number, school: DirectoryColumns & { rename: string | null }): Promise<void> {
  await tx.query(
    `update institutions set ipeds_unitid = $2, city = $3, web_domain = $4, ipeds_sector = $5, ipeds_size = $6, system_name = $7,
            state = coalesce(state, $8), website = coalesce(website, $9), name = coalesce($10, name), updated_at = now()
      where id = $1`,
    [id, school.unitid, school.city, school.webDomain, school.sector, school.size, school.systemName, school.state, school.website, school.rename],
  );
}

/** The keys taken, for making new ones unique. */
export async function listInstitutionKeys(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ key: string }>(`select key from institutions`);
  return new Set(rows.map((row) => row.key));
}

/**
 * What the national directory says of a school that a student filters by: public or private, two-year or four-year.
 * The one place that reads it (decision 180). A school the IPEDS directory lists (the `institutions` reference set,
 * issue 33; migration 0100) is read from its sector, the directory's own answer to both questions; only a school the
 * directory does not list (a made-up test school, one outside the US) falls back to the `control` and `kind` columns
 * every school has.
 */
import type { SchoolControl, SchoolLevel } from '../../../shared/schemas/destinations';
import type { Queryable } from '../../db/client';

export interface DirectoryFacts {
  id: number;
  key: string;
  name: string;
  state: string | null;
  control: SchoolControl;
  level: SchoolLevel;
}

type SchoolKind = 'university' | 'college' | 'community-college' | 'technical-college';

/**
 * IPEDS sector: 1 public four-year, 2 private not-for-profit four-year, 3 private for-profit four-year, 4-6 the same
 * for two-year schools, 7-9 for schools under two years (shown as two-year: no degree past an associate's).
 * 0 (an administrative unit) and 99 (unknown) say neither.
 */
const knownSector = (sector: number | null): sector is number => sector !== null && sector >= 1 && sector <= 9;

/** Public or private: the directory's sector when it lists the school, else the row's own `control`. */
export function schoolControlOf(sector: number | null, control: SchoolControl): SchoolControl {
  if (!knownSector(sector)) return control;
  return sector % 3 === 1 ? 'public' : 'private';
}

/** Two-year or four-year: the directory's sector when it lists the school, else the row's `kind`. */
export function schoolLevelOf(sector: number | null, kind: SchoolKind): SchoolLevel {
  if (knownSector(sector)) return sector <= 3 ? 'four-year' : 'two-year';
  return kind === 'community-college' || kind === 'technical-college' ? 'two-year' : 'four-year';
}

export async function loadDirectoryFacts(db: Queryable, ids: number[]): Promise<Map<number, DirectoryFacts>> {
  const rows = await db.query<{ id: number; key: string; name: string; state: string | null; control: SchoolControl; kind: SchoolKind; ipeds_sector: number | null }>(
    `select id, key, name, state, control, kind, ipeds_sector from institutions where id = any($1::int[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => {
      const sector = row.ipeds_sector === null ? null : Number(row.ipeds_sector);
      return [row.id, { id: row.id, key: row.key, name: row.name, state: row.state?.trim() ?? null, control: schoolControlOf(sector, row.control), level: schoolLevelOf(sector, row.kind) }];
    }),
  );
}

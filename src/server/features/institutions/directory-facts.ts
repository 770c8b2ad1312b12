/**
 * What the national directory says of a school that a student filters by: public or private, two-year or four-year.
 * The one place that reads it (decision 180): today from the `control` and `kind` columns every school has; the IPEDS
 * directory (the `institutions` reference set, issue 33) sets those from its sector, and its sector (1-3 four-year,
 * 4-9 two-year or less) is the better source for `level` once it is on the row.
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

/** A community or technical college is a two-year school; a university or a college a four-year one. */
export function schoolLevelOf(kind: SchoolKind): SchoolLevel {
  return kind === 'community-college' || kind === 'technical-college' ? 'two-year' : 'four-year';
}

export async function loadDirectoryFacts(db: Queryable, ids: number[]): Promise<Map<number, DirectoryFacts>> {
  const rows = await db.query<{ id: number; key: string; name: string; state: string | null; control: SchoolControl; kind: SchoolKind }>(
    `select id, key, name, state, control, kind from institutions where id = any($1::int[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { id: row.id, key: row.key, name: row.name, state: row.state?.trim() ?? null, control: row.control, level: schoolLevelOf(row.kind) }]));
}

/** SQL of the column mappings remembered per sending school (migration 0075): the last one a clerk saved a file with. */
import type { Queryable } from '../../../db/client';
import type { ColumnMapping } from '../engine/csv-import-format';

export async function findRememberedMapping(db: Queryable, institutionId: number): Promise<ColumnMapping> {
  const [row] = await db.query<{ mapping: ColumnMapping | string }>(`select mapping from import_column_mappings where institution_id = $1`, [institutionId]);
  if (!row) return {};
  return typeof row.mapping === 'string' ? (JSON.parse(row.mapping) as ColumnMapping) : row.mapping;
}

export async function rememberMapping(db: Queryable, institutionId: number, mapping: ColumnMapping, actorId: string | null): Promise<void> {
  await db.query(
    `insert into import_column_mappings (institution_id, mapping, updated_by) values ($1, $2::jsonb, $3)
     on conflict (institution_id) do update set mapping = excluded.mapping, updated_by = excluded.updated_by, updated_at = now()`,
    [institutionId, JSON.stringify(mapping), actorId],
  );
}

/** Saved searches SQL. Ownership is always in the WHERE: another student's id finds nothing. */
import type { Queryable } from '../../db/client';

export interface SavedSearchRow {
  id: string;
  q: string;
  filters: Record<string, unknown>;
  created_at: Date | string;
}

export async function listSavedSearchRows(db: Queryable, userId: string, limit: number): Promise<SavedSearchRow[]> {
  return db.query<SavedSearchRow>(
    `select id, q, filters, created_at from saved_searches where user_id = $1 order by created_at desc, id limit $2`,
    [userId, limit],
  );
}

/** Inserts, or for the same query plus filters moves the existing one to the top; then keeps only the newest `keep`. */
export async function upsertSavedSearchRow(
  db: Queryable,
  entry: { userId: string; q: string; filters: unknown; dedupeKey: string; keep: number },
): Promise<SavedSearchRow> {
  const [row] = await db.query<SavedSearchRow>(
    `insert into saved_searches (user_id, q, filters, dedupe_key) values ($1, $2, $3::jsonb, $4)
     on conflict (user_id, dedupe_key) do update set q = excluded.q, filters = excluded.filters, created_at = now()
     returning id, q, filters, created_at`,
    [entry.userId, entry.q, JSON.stringify(entry.filters), entry.dedupeKey],
  );
  if (!row) throw new Error('saved search upsert returned nothing');
  await db.query(
    `delete from saved_searches
      where user_id = $1
        and id not in (select id from saved_searches where user_id = $1 order by created_at desc, id limit $2)`,
    [entry.userId, entry.keep],
  );
  return row;
}

export async function deleteSavedSearchRow(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query(`delete from saved_searches where id = $1 and user_id = $2 returning id`, [id, userId]);
  return rows.length > 0;
}

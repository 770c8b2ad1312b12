import type { Database } from '../../db/client';

/**
 * PGlite has no autovacuum, so nothing refreshes the planner's statistics of an embedded database after the
 * migrations' ANALYZE. The admin searches depend on them (with them, a common word walks appeals_created and stops
 * after a page; without them every match is fetched and sorted). Like autovacuum's default rule, a table is analyzed
 * again when its row count has moved by more than 50 rows + 10 % from what the planner believes; the row counts come
 * from the hub's running totals, so the check itself reads a few rows. PostgreSQL's autovacuum does this on its own.
 * Returns the tables analyzed.
 */
export async function refreshAdminStatistics(db: Pick<Database, 'kind' | 'query'>): Promise<string[]> {
  if (db.kind !== 'embedded') return [];
  const stale = await db.query<{ tables: string }>(
    `select t.tables
       from (select 'appeals' as tables, 'appeals' as relname, (select coalesce(sum(delta), 0) from admin_count_deltas where name like 'appeals%') as counted
             union all
             select '"user", student_profiles', 'user', (select coalesce(sum(delta), 0) from admin_count_deltas where name = 'students')) t
       join pg_class c on c.relname = t.relname and c.relnamespace = 'public'::regnamespace
      where abs(t.counted - greatest(c.reltuples, 0)) > 50 + 0.1 * greatest(c.reltuples, 0)`,
  );
  for (const { tables } of stale) await db.query(`analyze ${tables}`);
  return stale.map((row) => row.tables);
}

import type { Queryable } from '../client';

/**
 * Inserts many rows in one statement per batch with unnest() of typed arrays: one round trip for thousands of rows,
 * and the same SQL on PGlite and PostgreSQL.
 */
export async function bulkInsert(
  db: Queryable,
  statement: { table: string; columns: Array<[name: string, sqlType: string]>; onConflict?: string },
  rows: unknown[][],
  batchSize = 5000,
): Promise<void> {
  const names = statement.columns.map(([name]) => name).join(', ');
  const arrays = statement.columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const sql = `insert into ${statement.table} (${names}) select * from unnest(${arrays}) ${statement.onConflict ?? ''}`;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const columns = statement.columns.map((_, index) => batch.map((row) => row[index] ?? null));
    await db.query(sql, columns);
  }
}

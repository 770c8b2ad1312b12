import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteKyselyDialect, TRANSACTIONS_UNSUPPORTED } from './pglite-kysely-dialect';

let client: PGlite;
let db: Kysely<Record<string, never>>;
// Opening PGlite (initdb in WebAssembly) took over 5 s on a busy 2-core machine: it happens in the set-up, whose own
// time limit is generous, and not in the first test or when the file loads.
beforeAll(async () => {
  client = await PGlite.create();
  db = new Kysely<Record<string, never>>({ dialect: pgliteKyselyDialect(client) });
}, 120_000);
afterAll(() => client?.close());

describe('pgliteKyselyDialect', () => {
  it('runs statements on the PGlite connection it was given', async () => {
    const { rows } = await sql<{ answer: number }>`select 6 * 7 as answer`.execute(db);
    expect(rows).toEqual([{ answer: 42 }]);
  });

  it('refuses a transaction, which would not hold PGlite\'s lock, and leaves the connection usable', async () => {
    await expect(db.transaction().execute(async (tx) => sql`select 1`.execute(tx))).rejects.toThrow(TRANSACTIONS_UNSUPPORTED);
    expect(client.isInTransaction?.() ?? false).toBe(false);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});

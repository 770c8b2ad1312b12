/**
 * The rules import's bulk path: it turns the per-row foreign-key triggers off inside its own transaction when the
 * database role may (beginBulkRuleWrite), so these tests prove what the skipped checks would have guaranteed: every
 * course belongs to a written rule, the checks are back on afterwards, a school cannot be deleted under a running
 * import on PostgreSQL, and a role without the right still imports (with the checks on).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Queryable } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { importEquivalencyCsv } from '../../src/server/features/equivalencies';
import { arrayLiteral } from '../../src/server/features/equivalencies/import/rule-batch-columns';
import { beginBulkRuleWrite, RuleIdReserve } from '../../src/server/features/equivalencies/import/rule-write.queries';
import { createInstitution } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HEADER = 'source_university,source_code,source_name,target_university,target_code,target_name,credits';
const actor = { id: null, email: 'test:bulk-import' };

async function schoolsIn(db: Queryable) {
  const suffix = randomUUID().slice(0, 8);
  const from = await createInstitution(db, { name: `Bulk College ${suffix}` });
  const to = await createInstitution(db, { name: `Bulk University ${suffix}`, aliases: [] });
  return { from, to };
}
const schools = () => schoolsIn(t.deps.db);

const rows = (from: { name: string }, to: { name: string }, count: number) =>
  Array.from({ length: count }, (_, i) => `${from.name},HIS ${1000 + i},History ${i},${to.name},HIST ${100 + i},History ${i},3`);

/** Rules of a school whose source and target are not the pair one row named (HIS 1000+i with HIST 100+i). */
async function mismatchedRules(fromId: number, db: Queryable = t.deps.db) {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from equivalency_rules r
       join equivalency_rule_sources s on s.rule_id = r.id join equivalency_rule_targets g on g.rule_id = r.id
      where r.from_institution_id = $1 and s.number::int - 1000 <> g.number::int - 100`,
    [fromId],
  );
  return row?.count;
}

describe('the rules import with foreign-key triggers off', () => {
  it('writes every rule with its source and target, and the checks are on again once it has committed', async () => {
    const { from, to } = await schools();
    const result = await importEquivalencyCsv({ db: t.deps.db, input: [HEADER, ...rows(from, to, 120)].join('\n'), actor, batchSize: 50 });
    expect(result).toMatchObject({ saved: true, inserted: 120, errorCount: 0 });
    const [counts] = await t.deps.db.query<{ rules: number; sources: number; targets: number; orphans: number }>(
      `select (select count(*) from equivalency_rules where from_institution_id = $1)::int as rules,
              (select count(*) from equivalency_rule_sources s join equivalency_rules r on r.id = s.rule_id where r.from_institution_id = $1)::int as sources,
              (select count(*) from equivalency_rule_targets g join equivalency_rules r on r.id = g.rule_id where r.from_institution_id = $1)::int as targets,
              (select count(*) from equivalency_rule_sources s where not exists (select 1 from equivalency_rules r where r.id = s.rule_id))::int
            + (select count(*) from equivalency_rule_targets g where not exists (select 1 from equivalency_rules r where r.id = g.rule_id))::int as orphans`,
      [from.id],
    );
    expect(counts).toEqual({ rules: 120, sources: 120, targets: 120, orphans: 0 });
    expect(await mismatchedRules(from.id)).toBe(0);
    // The next statement on the same connection is checked again.
    await expect(
      t.deps.db.query(`insert into equivalency_rule_targets (rule_id, position, subject, number) values (2147483000, 0, 'X', '1')`),
    ).rejects.toThrow(/foreign key/);
    // And deleting the school still cascades to its rules and their courses.
    await t.deps.db.query(`delete from institutions where id = $1`, [from.id]);
    const [left] = await t.deps.db.query<{ count: number }>(`select count(*)::int as count from equivalency_rules where from_institution_id = $1`, [from.id]);
    expect(left?.count).toBe(0);
  });

  it('counts new, changed and unchanged rules mixed in one batch, and rewrites the changed ones whole', async () => {
    const { from, to } = await schools();
    const first = rows(from, to, 40);
    expect(await importEquivalencyCsv({ db: t.deps.db, input: [HEADER, ...first].join('\n'), actor, batchSize: 15 })).toMatchObject({ inserted: 40 });
    // Every fourth row retitled, ten rows added, in batches that mix all three.
    const second = [...first.map((row, i) => (i % 4 === 0 ? row.replace(/,3$/, ',4') : row)), ...rows(from, to, 50).slice(40)];
    const result = await importEquivalencyCsv({ db: t.deps.db, input: [HEADER, ...second].join('\n'), actor, batchSize: 15 });
    expect(result).toMatchObject({ saved: true, inserted: 10, updated: 10, unchanged: 30, errorCount: 0 });
    const credits = await t.deps.db.query<{ credits: number; count: number }>(
      `select g.credits::float8 as credits, count(*)::int as count from equivalency_rule_targets g join equivalency_rules r on r.id = g.rule_id
        where r.from_institution_id = $1 group by 1 order by 1`,
      [from.id],
    );
    expect(credits).toEqual([{ credits: 3, count: 40 }, { credits: 4, count: 10 }]);
    // The new rules sat among stored ones in their batches: each still got its own courses.
    expect(await mismatchedRules(from.id)).toBe(0);
  });

  it('stores titles and notes exactly as written: quotes, backslashes, tabs, line breaks, braces, commas, "NULL", \\N, accents', async () => {
    const { from, to } = await schools();
    const awkward = ['Say "hello"', 'C:\\temp\\ \\"x\\"', '{braces}, and commas', 'NULL', 'Économie politique ☕', ' padded ', 'tab\there', 'two\nlines\r\nthree', '\\N', '\\.'];
    const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
    const csv = [
      `${HEADER},notes`,
      ...awkward.map((text, i) => `${from.name},ODD ${100 + i},${quote(text)},${to.name},WEIRD ${100 + i},${quote(text)},3,${quote(text)}`),
    ].join('\n');
    expect(await importEquivalencyCsv({ db: t.deps.db, input: csv, actor, batchSize: 4 })).toMatchObject({ inserted: awkward.length, errorCount: 0 });
    const stored = await t.deps.db.query<{ number: string; source: string; target: string; notes: string }>(
      `select s.number, s.title as source, g.title as target, r.notes from equivalency_rules r
         join equivalency_rule_sources s on s.rule_id = r.id join equivalency_rule_targets g on g.rule_id = r.id
        where r.from_institution_id = $1 order by s.number`,
      [from.id],
    );
    // The CSV reader trims cells, so ' padded ' arrives as 'padded'.
    const expected = awkward.map((text) => text.trim());
    expect(stored.map((row) => row.source)).toEqual(expected);
    expect(stored.map((row) => row.target)).toEqual(expected);
    expect(stored.map((row) => row.notes)).toEqual(expected);
  });

  it('sends array columns the database reads back exactly as written (arrayLiteral, with and without JSON escapes)', async () => {
    const columns: Array<Array<string | null>> = [
      ['Say "hello"', '{braces}, and commas', 'NULL', null, '', 'Économie ☕', '\\N', 'back\\slash'],
      ['tab\there', 'two\nlines\r\n', 'C:\\temp\\new', null, '\u0001'],
    ];
    for (const values of columns) {
      const [row] = await t.deps.db.query<{ values: Array<string | null> }>(`select $1::text[] as values`, [arrayLiteral(values)]);
      expect(row?.values).toEqual(values);
    }
    const [numbers] = await t.deps.db.query<{ n: Array<number | null>; b: Array<boolean | null> }>(`select $1::numeric[] as n, $2::boolean[] as b`, [
      arrayLiteral([1, 2.5, null, -3]),
      arrayLiteral([true, false, null]),
    ]);
    expect(numbers?.n.map((value) => (value === null ? null : Number(value)))).toEqual([1, 2.5, null, -3]);
    expect(numbers?.b).toEqual([true, false, null]);
  });

  it('a file with an error still stores nothing', async () => {
    const { from, to } = await schools();
    const csv = [HEADER, ...rows(from, to, 30), `${from.name},HIS 9999,Broken,${to.name},HIST 999,Broken,three`].join('\n');
    const result = await importEquivalencyCsv({ db: t.deps.db, input: csv, actor, batchSize: 10 });
    expect(result).toMatchObject({ saved: false, inserted: 0, errorCount: 1 });
    const [left] = await t.deps.db.query<{ count: number }>(`select count(*)::int as count from equivalency_rules where from_institution_id = $1`, [from.id]);
    expect(left?.count).toBe(0);
  });
});

/** A row 26 of 60 only the database refuses (a constraint the CSV reader knows nothing of), in batches of 10. */
async function refusedBatchStoresNothing(db: Database, { from, to }: { from: { id: number; name: string }; to: { name: string } }) {
  await db.exec(`alter table equivalency_rule_targets add constraint no_poison check (title is distinct from 'Poison') not valid`);
  try {
    const csv = [HEADER, ...rows(from, to, 60).map((row, i) => (i === 25 ? row.replace('History 25,3', 'Poison,3') : row))].join('\n');
    await expect(importEquivalencyCsv({ db, input: csv, actor, batchSize: 10 })).rejects.toThrow(/no_poison/);
  } finally {
    await db.exec(`alter table equivalency_rule_targets drop constraint no_poison`);
  }
  const [left] = await db.query<{ count: number }>(`select count(*)::int as count from equivalency_rules where from_institution_id = $1`, [from.id]);
  expect(left?.count).toBe(0);
  // The same file without the refused row goes in whole afterwards.
  const result = await importEquivalencyCsv({ db, input: [HEADER, ...rows(from, to, 60)].join('\n'), actor, batchSize: 10 });
  expect(result).toMatchObject({ saved: true, inserted: 60 });
  expect(await mismatchedRules(from.id, db)).toBe(0);
}

describe('new rules sent without waiting for each batch (writeRuleBatchWithCopy)', () => {
  it('takes ids ahead from the rules sequence, several statements of them, each id once', async () => {
    const ids = await t.deps.db.transaction(async (tx) => {
      const reserve = new RuleIdReserve(tx, 5);
      return [...(await reserve.take(3)), ...(await reserve.take(3)), ...(await reserve.take(7)), ...(await reserve.take(1))];
    });
    expect(ids).toHaveLength(14);
    expect(new Set(ids).size).toBe(14);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const [next] = await t.deps.db.query<{ id: number }>(`select nextval('equivalency_rules_id_seq')::int as id`);
    expect(next!.id).toBeGreaterThan(ids[ids.length - 1]!);
  });

  it('a batch the database refuses, with later batches already sent, fails the import and stores nothing', async () => {
    await refusedBatchStoresNothing(t.deps.db, await schools());
  });

  it.skipIf(process.env.TEST_DB === 'postgres')('the same on the embedded database on its own thread (npm run import)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'crosswalk-import-thread-'));
    const db = await openDatabase({ dataDir: folder, ownThread: true, sharedBuffers: '32MB' });
    try {
      await migrate(db);
      await refusedBatchStoresNothing(db, await schoolsIn(db));
    } finally {
      await db.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the rules import on PostgreSQL, next to other sessions', () => {
  it('holds every school it writes rules for against deletion until it commits', async () => {
    const { from, to } = await schools();
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    async function* slowFile() {
      yield `${[HEADER, ...rows(from, to, 20)].join('\n')}\n`;
      await gate;
      yield `${rows(from, to, 21).slice(20).join('\n')}\n`;
    }
    const running = importEquivalencyCsv({ db: t.deps.db, input: slowFile(), actor, batchSize: 5 });
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    let blocked = false;
    try {
      // Until the import has reached the school (its first batch), a delete goes through and is rolled back.
      const deadline = Date.now() + 10_000;
      while (!blocked && Date.now() < deadline) {
        await other.query('begin');
        await other.query(`set local lock_timeout = '200ms'`);
        try {
          await other.query(`delete from institutions where id = $1`, [from.id]);
        } catch (error) {
          blocked = /lock timeout/.test(String(error));
          if (!blocked) throw error;
        } finally {
          await other.query('rollback');
        }
        if (!blocked) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      openGate();
      await other.end();
    }
    expect(blocked).toBe(true);
    expect(await running).toMatchObject({ saved: true, inserted: 21 });
  });

  it('a role that may not turn the checks off imports the same file with them on', async () => {
    const { from, to } = await schools();
    const role = `crosswalk_importer_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    await t.deps.db.query(`create role ${role} login`);
    const databaseName = new URL(t.databaseUrl!).pathname.slice(1);
    await t.deps.db.query(`grant all on all tables in schema public to ${role}`);
    await t.deps.db.query(`grant all on all sequences in schema public to ${role}`);
    await t.deps.db.query(`grant connect on database ${databaseName} to ${role}`);
    const url = new URL(t.databaseUrl!);
    url.username = role;
    const limited = await openDatabase({ databaseUrl: url.toString(), dataDir: '.' });
    try {
      const allowed = await limited.transaction(async (tx) => {
        const off = await beginBulkRuleWrite(tx);
        // The refused setting must not leave the transaction aborted.
        await tx.query('select 1');
        return off;
      });
      expect(allowed).toBe(false);
      const result = await importEquivalencyCsv({ db: limited, input: [HEADER, ...rows(from, to, 40)].join('\n'), actor, batchSize: 15 });
      expect(result).toMatchObject({ saved: true, inserted: 40, errorCount: 0 });
    } finally {
      await limited.close();
      await t.deps.db.query(`drop owned by ${role}`);
      await t.deps.db.query(`drop role ${role}`);
    }
  });
});

/**
 * The database client's bulk load (copyFrom, on both databases) and the embedded database on a thread of its own
 * (`ownThread`, used by `npm run import`): the same answers, errors and transactions as the embedded database in-process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { copyRow } from '../../src/server/db/copy-format';
import { DataDirLockedError } from '../../src/server/db/data-dir-lock';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const awkward = ['plain', 'tab\there', 'two\nlines\r\n', 'C:\\temp\\', '\\N', '\\.', 'say "hi", {x}', 'Économie ☕', ''];

async function copyRoundTrip(db: Database) {
  await db.exec('create table if not exists copy_check (n int, label text, ok boolean)');
  await db.transaction(async (tx) => {
    await tx.query('truncate copy_check');
    await tx.copyFrom('copy_check', ['n', 'label', 'ok'], awkward.map((label, n) => copyRow([n, label, n % 2 === 0])).join('') + copyRow([99, null, null]));
  });
  return db.query<{ n: number; label: string | null; ok: boolean | null }>('select n, label, ok from copy_check order by n');
}

describe('copyFrom', () => {
  it('loads every value exactly as written, nulls included', async () => {
    const stored = await copyRoundTrip(t.deps.db);
    expect(stored.map((row) => row.label)).toEqual([...awkward, null]);
    expect(stored.map((row) => row.ok)).toEqual([...awkward.map((_, n) => n % 2 === 0), null]);
  });

  it('a bad row fails the whole load with PostgreSQL\'s own error, and nothing of it is kept', async () => {
    await t.deps.db.exec('create table if not exists copy_strict (n int not null)');
    const failed = await t.deps.db
      .transaction((tx) => tx.copyFrom('copy_strict', ['n'], `${copyRow([1])}${copyRow([null])}`))
      .catch((error: { code?: string }) => error);
    expect(failed).toMatchObject({ code: '23502' });
    expect(await t.deps.db.query('select n from copy_strict')).toEqual([]);
  });
});

describe('statements asked for together inside a transaction', () => {
  it('run one at a time in the order asked, COPY included, without node-postgres\'s deprecated queue', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await t.deps.db.exec('create table if not exists in_turn (n int)');
      const answers = await t.deps.db.transaction(async (tx) =>
        Promise.all([
          tx.exec('truncate in_turn'),
          tx.query('insert into in_turn values (1)'),
          tx.copyFrom('in_turn', ['n'], copyRow([2]) + copyRow([3])),
          tx.query<{ n: number }>('select array_agg(n order by n) as n from in_turn'),
          tx.query('insert into in_turn values (4)'),
          tx.query<{ count: number }>('select count(*)::int as count from in_turn'),
        ]),
      );
      expect(answers[3]).toEqual([{ n: [1, 2, 3] }]);
      expect(answers[5]).toEqual([{ count: 4 }]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database on its own thread', () => {
  let folder: string;
  let db: Database;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'crosswalk-thread-'));
    db = await openDatabase({ dataDir: folder, ownThread: true, sharedBuffers: '32MB' });
  });
  afterAll(async () => {
    await db?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers queries with the same types as in-process (int8 and numeric as numbers)', async () => {
    expect(await db.query('select 1::int8 as big, 2.50::numeric as money, $1::text as text, null::int as nothing', ['x'])).toEqual([
      { big: 1, money: 2.5, text: 'x', nothing: null },
    ]);
  });

  it("rejects with PostgreSQL's error code and message", async () => {
    await expect(db.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01', message: expect.stringContaining('no_such_table') });
  });

  it('commits a transaction, rolls back one that throws, and loads with COPY', async () => {
    await db.exec('create table things (label text not null)');
    await db.transaction(async (tx) => {
      await tx.query(`insert into things values ('kept')`);
      await tx.copyFrom('things', ['label'], copyRow(['tab\tcopied']));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into things values ('dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query('select label from things order by label')).toEqual([{ label: 'kept' }, { label: 'tab\tcopied' }]);
  });

  it('runs statements from outside a transaction after it, not inside it', async () => {
    await db.exec('create table steps (step text)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction(async (tx) => {
        await tx.query(`insert into steps values ('inside')`);
        await held;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const outside = db.query(`insert into steps values ('outside')`);
    release();
    await Promise.all([transaction, outside]);
    expect(await db.query('select step from steps')).toEqual([{ step: 'outside' }]);
  });

  it('holds its folder like the in-process database, and keeps what it wrote after reopening', async () => {
    await expect(openDatabase({ dataDir: folder })).rejects.toBeInstanceOf(DataDirLockedError);
    await db.close();
    db = await openDatabase({ dataDir: folder, ownThread: true });
    expect(await db.query('select count(*)::int as count from things')).toEqual([{ count: 2 }]);
  });
});

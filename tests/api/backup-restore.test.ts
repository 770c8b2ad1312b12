import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from '../../src/server/db/backup';
import { openDatabase } from '../../src/server/db/client';
import { DataDirLockedError } from '../../src/server/db/data-dir-lock';
import { migrate } from '../../src/server/db/migrate';

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'crosswalk-backup-'));
  folders.push(folder);
  return folder;
};
afterAll(async () => {
  // PGlite finishes flushing its folder shortly after close() resolves: give it a moment before deleting.
  await new Promise((done) => setTimeout(done, 1000));
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

async function rowCounts(dataDir: string) {
  const db = await openDatabase({ dataDir });
  try {
    const tables = await db.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await db.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
      counts[name] = row?.n ?? 0;
    }
    return counts;
  } finally {
    await db.close();
  }
}

describe.skipIf(process.env.TEST_DB === 'postgres')('db:backup and db:restore (embedded database)', () => {
  it('gives back every row, and keeps the database it replaced', async () => {
    const source = tempFolder();
    const db = await openDatabase({ dataDir: source });
    await migrate(db);
    await db.query(`insert into institutions (key, name) select 'school-' || i, 'School ' || i from generate_series(1, 250) as i`);
    await db.query(`insert into mail_outbox (to_address, subject, text_body) values ('a@example.edu', 'Hello', 'Body')`);
    await db.close();
    const before = await rowCounts(source);

    const backupFile = join(tempFolder(), 'backup.tar.gz');
    await backupEmbeddedDatabase(source, backupFile);

    const target = tempFolder();
    const scratch = await openDatabase({ dataDir: target });
    await migrate(scratch);
    await scratch.close();
    const { previousCopy } = await restoreEmbeddedDatabase(target, backupFile);
    expect(previousCopy).toBeTruthy();
    expect(await rowCounts(target)).toEqual(before);
    expect(before.institutions).toBe(250);
  }, 90_000);

  it('refuses while a server holds the database', async () => {
    const folder = tempFolder();
    const running = await openDatabase({ dataDir: folder });
    try {
      await expect(backupEmbeddedDatabase(folder, join(folder, 'x.tar.gz'))).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(restoreEmbeddedDatabase(folder, join(folder, 'x.tar.gz'))).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await running.close();
    }
  }, 60_000);
});

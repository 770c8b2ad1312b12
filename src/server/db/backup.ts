import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { openDatabase } from './client';
import { acquireDataDirLock } from './data-dir-lock';

/**
 * Backups of the embedded database: its whole data folder as one gzipped tarball (PGlite's dumpDataDir).
 * Both refuse while a server holds the folder (the lock), so a backup is always a consistent, closed database.
 * For PostgreSQL use pg_dump and WAL archiving instead (docs/ARCHITECTURE.md).
 */
export async function backupEmbeddedDatabase(dataDir: string, outputFile: string): Promise<{ bytes: number }> {
  if (!existsSync(join(resolve(dataDir), 'pgdata'))) throw new Error(`There is no embedded database in ${dataDir}.`);
  const db = await openDatabase({ dataDir });
  try {
    const dump = await db.dumpEmbedded();
    if (!dump) throw new Error('Only the embedded database can be backed up this way; use pg_dump for PostgreSQL.');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(dirname(resolve(outputFile)), { recursive: true });
    // Write then rename, so an interrupted backup never leaves a truncated file under the final name.
    writeFileSync(`${outputFile}.partial`, bytes, { mode: 0o600 });
    renameSync(`${outputFile}.partial`, outputFile);
    return { bytes: bytes.byteLength };
  } finally {
    await db.close();
  }
}

/**
 * Restores a backup into DATA_DIR. The current database is kept beside it as pgdata.before-restore-<time>
 * (nothing is lost if the restore was a mistake); the restored copy is opened once to prove it is readable.
 */
export async function restoreEmbeddedDatabase(dataDir: string, backupFile: string): Promise<{ previousCopy: string | null }> {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  const lock = acquireDataDirLock(root); // refuses while a server runs on this folder
  const target = join(root, 'pgdata');
  const staging = join(root, `pgdata.restoring-${Date.now()}`);
  let previousCopy: string | null = null;
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const restored = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([readFileSync(backupFile)]), extensions: { pg_trgm } });
    await restored.query('select 1');
    await restored.close();
    if (existsSync(target)) {
      previousCopy = join(root, `pgdata.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      renameSync(target, previousCopy);
    }
    renameSync(staging, target);
    return { previousCopy };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}

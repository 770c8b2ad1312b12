/**
 * The demo's data (the seed and every reference set, as `npm start` loads it) in an embedded database, for benchmarks
 * that measure answers on real data (`npm run bench:search-relevance`, the demo figures of `npm run bench:search`).
 *
 * Loading every set takes two to seven minutes on this kind of machine, so the loaded database is kept once as a data
 * folder in the system's temporary folder, named by a digest of what it is made from (the reference files, the
 * migrations and the seed's code), and each later run opens a copy of it (seconds; the copy is removed at close).
 * Nothing is written into the repository.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { startServices } from '../../src/server/bootstrap';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/db/seed/seed-demo';
import { loadConfig } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import { loadReferenceSets } from '../../src/server/reference-data/load-reference-sets';
import { REFERENCE_SETS } from '../../src/server/reference-data/reference-sets';

const root = resolve(import.meta.dirname, '../..');

/** Every file under these folders, by path and content: what the loaded database is made from. */
function sourceDigest(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder).sort()) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(relative(root, path)).update(readFileSync(path));
    }
  };
  for (const folder of ['reference-data', 'src/server/db/migrations', 'src/server/db/seed', 'src/server/reference-data']) walk(join(root, folder));
  return hash.digest('hex').slice(0, 16);
}

/** A test-mode configuration for a database in `dataDir` (no demo accounts are printed anywhere). */
export function benchConfig(dataDir: string) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    APP_URL: 'http://127.0.0.1:3000',
    BETTER_AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
  });
}

async function buildDataFolder(path: string, say: (line: string) => void): Promise<void> {
  const building = `${path}.${process.pid}.partial`;
  const db = await openDatabase({ dataDir: building });
  try {
    await migrate(db);
    const deps = await startServices(benchConfig(building), { db, logger: createLogger('silent') });
    await seedDemoData(deps);
    const started = Date.now();
    say(`Loading the demo's data (every reference set) once; later runs copy ${path}…`);
    const results = await loadReferenceSets({ db, sets: REFERENCE_SETS, actor: { id: null, email: 'demo database' } });
    const failed = results.filter((result) => result.status === 'failed');
    if (failed.length > 0) throw new Error(`reference sets failed to load: ${failed.map((result) => result.set.name).join(', ')}`);
    say(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await db.close();
  }
  renameSync(building, path);
}

/** The embedded database holding the demo's data (a copy, removed by `close`), and its data folder. */
export async function openDemoDatabase(say: (line: string) => void = console.log): Promise<{ db: Database; dataDir: string; close: () => Promise<void> }> {
  const path = join(tmpdir(), `crosswalk-demo-data-${sourceDigest()}`);
  if (!existsSync(path)) await buildDataFolder(path, say);
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-demo-'));
  cpSync(join(path, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  const db = await openDatabase({ dataDir });
  return {
    db,
    dataDir,
    async close() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

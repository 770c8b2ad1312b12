import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

/**
 * Pays for initdb and migrations once per run: a migrated embedded database is dumped to a tarball that every
 * test file loads in memory, and on PostgreSQL a migrated template database is cloned per test file.
 */
export const TEMPLATE_DIR = resolve(import.meta.dirname, '../../.tmp/test-template');
export const TEMPLATE_TARBALL = join(TEMPLATE_DIR, 'embedded.tar.gz');
export const POSTGRES_TEMPLATE_DB = 'crosswalk_test_template';

export default async function setup() {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${POSTGRES_TEMPLATE_DB}`;
    const db = await openDatabase({ databaseUrl: templateUrl.toString(), dataDir: TEMPLATE_DIR });
    await migrate(db);
    await db.close();
    return;
  }
  const db = await openDatabase({ dataDir: TEMPLATE_DIR, inMemory: true });
  await migrate(db);
  const dump = await db.dumpEmbedded();
  await db.close();
  if (!dump) throw new Error('could not dump the embedded template');
  writeFileSync(TEMPLATE_TARBALL, Buffer.from(await dump.arrayBuffer()));
}

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function listMigrations(): Array<{ version: string; sql: string }> {
  return readdirSync(migrationsDir)
    .filter((file) => /^\d{4}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), sql: readFileSync(join(migrationsDir, file), 'utf8') }));
}

/** Applies committed SQL migrations in order, each in its own transaction. Safe to run from several instances. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(
    'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
  );
  const applied: string[] = [];
  for (const migration of listMigrations()) {
    const done = await db.transaction(async (tx) => {
      // Serialises instances that start together against one PostgreSQL server; harmless on PGlite.
      await tx.query('select pg_advisory_xact_lock(727274)');
      const existing = await tx.query('select 1 from schema_migrations where version = $1', [migration.version]);
      if (existing.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [migration.version]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}

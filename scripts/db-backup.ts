/** `npm run db:backup [-- FILE]`: the embedded database as one file (default backups/crosswalk-<time>.tar.gz). */
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { backupEmbeddedDatabase } from '../src/server/db/backup';
import { loadConfig } from '../src/server/env';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/ARCHITECTURE.md).');
  process.exit(1);
}
const file = process.argv[2] ?? `backups/crosswalk-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
try {
  const { bytes } = await backupEmbeddedDatabase(config.dataDir, file);
  console.log(`Backed up ${config.dataDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
} catch (error) {
  console.error(error instanceof DataDirLockedError || error instanceof Error ? error.message : error);
  process.exit(1);
}

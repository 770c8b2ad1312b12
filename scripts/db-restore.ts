/** `npm run db:restore -- FILE`: replaces the embedded database with a backup; the old one is kept beside it. */
import { restoreEmbeddedDatabase } from '../src/server/db/backup';
import { loadConfig } from '../src/server/env';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore -- BACKUP_FILE');
  process.exit(2);
}
const config = loadConfig();
try {
  const { previousCopy } = await restoreEmbeddedDatabase(config.dataDir, file);
  console.log(`Restored ${file} into ${config.dataDir}.${previousCopy ? ` The previous database is kept in ${previousCopy}.` : ''}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

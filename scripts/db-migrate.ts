/** `npm run db:migrate`: applies committed migrations. Refuses while a server holds the embedded database. */
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { migrate } from '../src/server/db/migrate';
import { loadConfig } from '../src/server/env';

try {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  await db.close();
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}

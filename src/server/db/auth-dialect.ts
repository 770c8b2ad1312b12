import { PostgresDialect, type Dialect } from 'kysely';
import type { Database } from './client';
import { pgliteKyselyDialect } from './pglite-kysely-dialect';

/** The Kysely dialect better-auth reads and writes through, on the app's own connection (PGlite or the pool). */
export function authDialect(db: Database): Dialect {
  const connection = db.authConnection;
  if (connection.kind === 'none') throw new Error('this database was opened for a command, with no connection for sign-in');
  return connection.kind === 'postgres' ? new PostgresDialect({ pool: connection.pool }) : pgliteKyselyDialect(connection.client);
}

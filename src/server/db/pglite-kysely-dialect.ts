/**
 * The Kysely dialect better-auth talks to the embedded database through. It replaces the `kysely-pglite` package,
 * whose entry point also loads a code generator and its dependencies (~75 MB of resident memory in every process
 * that opened the embedded database, the server and `npm run import` included) for the same dozen lines.
 * Statements run on the one PGlite connection the rest of the app uses.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<Row>(compiledQuery: CompiledQuery): Promise<QueryResult<Row>> {
    const result = await this.client.query<Row>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows === undefined ? {} : { numAffectedRows: BigInt(result.affectedRows) }),
    };
  }

  // eslint-disable-next-line require-yield -- PGlite returns whole results; Kysely only calls this for .stream()
  async *streamQuery<Row>(): AsyncIterableIterator<QueryResult<Row>> {
    throw new Error('The embedded database does not stream query results');
  }
}

export const TRANSACTIONS_UNSUPPORTED = "Transactions through the Kysely dialect are not supported on the embedded database: they would not hold PGlite's lock";

class PGliteDriver implements Driver {
  constructor(private readonly client: PGlite) {}
  async init() {}
  async acquireConnection() {
    return new PGliteConnection(this.client);
  }
  // A bare `begin` on the shared connection, without PGlite's transaction lock, would let another request's statement
  // land inside it. better-auth opens none with our configuration (its `transaction` option is off); turning that on
  // needs these routed through PGlite.transaction first, so until then a transaction fails loudly instead.
  async beginTransaction(): Promise<void> {
    throw new Error(TRANSACTIONS_UNSUPPORTED);
  }
  async commitTransaction(): Promise<void> {
    throw new Error(TRANSACTIONS_UNSUPPORTED);
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error(TRANSACTIONS_UNSUPPORTED);
  }
  async releaseConnection() {}
  // The database's owner (openDatabase) closes PGlite, not Kysely.
  async destroy() {}
}

export function pgliteKyselyDialect(client: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(client),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

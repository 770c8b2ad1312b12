import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyStreamFrom } from 'pg-copy-streams';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { EmbeddedThread } from './embedded-thread';

/** The small surface every query in the app uses; the same SQL runs on PGlite and PostgreSQL. */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs several statements with no parameters (migrations). */
  exec(text: string): Promise<void>;
  /**
   * Loads rows into a table with COPY (text format: tab-separated columns, `\N` for null, one row a line; copyField
   * in copy-format.ts writes a value): the fastest way in, a third less database time than an insert of unnested arrays.
   */
  copyFrom(table: string, columns: readonly string[], rows: string): Promise<void>;
}

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `copy ${table} (${columns.join(', ')}) from ${source}`;

/** Runs the work it is given one at a time, in the order given; a failure does not stop what comes after. */
function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = last.then(work);
    last = run.catch(() => undefined);
    return run;
  };
}

export interface Database extends Queryable {
  readonly kind: 'embedded' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The connection underneath, for better-auth's Kysely dialect only (auth-dialect.ts builds it there, so that
   * commands that never sign anyone in, such as `npm run import`, do not load Kysely: ~30 MB of resident memory).
   */
  readonly authConnection: { kind: 'embedded'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool } | { kind: 'none' };
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded database's whole data folder as a tarball (tests' templates, backups); null on PostgreSQL. */
  dumpEmbedded(): Promise<Blob | null>;
}

// int8 and numeric come back as strings from `pg` and partly as numbers from PGlite: normalise both to numbers.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const toNumber = (value: string) => (value === null ? null : Number(value));

pg.types.setTypeParser(INT8_OID, toNumber);
pg.types.setTypeParser(NUMERIC_OID, toNumber);

/** Shared buffers for one-off commands on the embedded database (see OpenDatabaseOptions.sharedBuffers). */
export const COMMAND_SHARED_BUFFERS = '32MB';

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Folder that holds the embedded database (`<dataDir>/pgdata`) and its lock file. */
  dataDir: string;
  /** Open an in-memory embedded database (tests only)… */
  inMemory?: boolean;
  /** …optionally starting from a dumped data folder (a migrated template), which skips initdb. */
  template?: Blob;
  /**
   * The embedded database's shared buffers (PostgreSQL's `shared_buffers`, default 128MB). They live inside PGlite's
   * WebAssembly memory, which never shrinks once they have filled; its pages are files the operating system caches
   * anyway. The server keeps the default (uncached searches on a million rules were ~15% slower with 32MB); a
   * one-off command such as `npm run import` takes 32MB and stays ~100 MB smaller (a million-row import: 441 MB peak
   * and 62.7 s with 32MB, 496 MB and 60.1 s with 64MB, back to back).
   */
  sharedBuffers?: string;
  /**
   * Run the embedded database on a thread of its own (embedded-thread.ts): for one-off commands whose own work and the
   * database's can then use two cores (`npm run import`). Such a database has no connection for better-auth.
   */
  ownThread?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return options.ownThread ? openEmbeddedOnThread(options) : openEmbedded(options);
}

/** Where the embedded database keeps its files: `<dataDir>/pgdata`, held by a lock file; none in memory. */
function lockEmbeddedDataDir(options: OpenDatabaseOptions): { lock: DataDirLock | null; dataPath: string | undefined } {
  if (options.inMemory) return { lock: null, dataPath: undefined };
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true }); // PGlite does not create parent folders
  return { lock: acquireDataDirLock(dataDir), dataPath: join(dataDir, 'pgdata') };
}

const embeddedStartParams = (options: OpenDatabaseOptions) =>
  options.sharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] : undefined;

async function openEmbedded(options: OpenDatabaseOptions): Promise<Database> {
  const { lock, dataPath } = lockEmbeddedDataDir(options);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dataPath,
      loadDataDir: options.inMemory ? options.template : undefined,
      extensions: { pg_trgm },
      ...(options.sharedBuffers ? { startParams: embeddedStartParams(options) } : {}),
      parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(text, params as unknown[]);
      return result.rows;
    },
    async exec(text: string) {
      await target.exec(text);
    },
    async copyFrom(table, columns, rows) {
      // PGlite reads COPY's input from the blob passed with the query, under the name /dev/blob.
      await target.query(copyStatement(table, columns, `'/dev/blob'`), [], { blob: new Blob([rows]) });
    },
  });
  const base = wrap(client);
  return {
    kind: 'embedded',
    ...base,
    transaction: (work) => client.transaction((tx) => work(wrap(tx))),
    authConnection: { kind: 'embedded', client },
    dumpEmbedded: () => client.dumpDataDir('gzip'),
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openEmbeddedOnThread(options: OpenDatabaseOptions): Promise<Database> {
  const { lock, dataPath } = lockEmbeddedDataDir(options);
  let thread: EmbeddedThread;
  try {
    thread = await EmbeddedThread.open({ dataDir: dataPath, template: options.inMemory ? options.template : undefined, startParams: embeddedStartParams(options) });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const direct: Queryable = {
    query: <Row>(text: string, params: readonly unknown[] = []) => thread.query<Row>(text, params),
    exec: (text) => thread.exec(text),
    copyFrom: async (table, columns, rows) => {
      await thread.query(copyStatement(table, columns, `'/dev/blob'`), [], rows);
    },
  };
  // One transaction at a time, and statements from outside it wait until it ends, as with PGlite's own transaction().
  const exclusive = oneAtATime();
  return {
    kind: 'embedded',
    query: (text, params) => exclusive(() => direct.query(text, params)),
    exec: (text) => exclusive(() => direct.exec(text)),
    copyFrom: (table, columns, rows) => exclusive(() => direct.copyFrom(table, columns, rows)),
    transaction: (work) =>
      exclusive(async () => {
        await thread.exec('begin');
        try {
          const result = await work(direct);
          await thread.exec('commit');
          return result;
        } catch (error) {
          await thread.exec('rollback');
          throw error;
        }
      }),
    authConnection: { kind: 'none' },
    dumpEmbedded: () => exclusive(() => thread.dump()),
    async ping() {
      try {
        await exclusive(() => thread.query('select 1', []));
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      try {
        await thread.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process.
  pool.on('error', (error) => console.error(JSON.stringify({ level: 'error', event: 'db_pool_error', message: error.message })));
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => {
    // A transaction's statements may be asked for before the previous one has answered (the rules import sends its
    // batches so); they run one at a time, in that order. node-postgres's own queue for a busy connection is
    // deprecated (gone in pg 9), so the queue is here. The pool gives each statement a connection of its own.
    const inOrder = oneAtATime();
    const inTurn = <T>(work: () => Promise<T>): Promise<T> => (target instanceof pg.Pool ? work() : inOrder(work));
    return {
      query: <Row>(text: string, params: readonly unknown[] = []) =>
        inTurn(async () => (await target.query(text, params as unknown[])).rows as Row[]),
      exec: (text: string) =>
        inTurn(async () => {
          await target.query(text);
        }),
      copyFrom: (table, columns, rows) => {
        if (target instanceof pg.Pool) return Promise.reject(new Error('copyFrom needs one connection: call it inside a transaction'));
        return inTurn(() => pipeline(Readable.from([rows]), target.query(copyStreamFrom(copyStatement(table, columns, 'stdin')))));
      },
    };
  };
  await pool.query('select 1'); // fail fast with a clear error if the server does not answer
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = await work(wrap(connection));
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    authConnection: { kind: 'postgres', pool },
    dumpEmbedded: async () => null,
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}

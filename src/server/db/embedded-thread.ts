/**
 * The embedded database (PGlite) on a thread of its own, for one-off commands that keep it busy for a long time
 * (`npm run import`): the command's own work (reading, parsing and hashing a CSV) then runs on the main thread while
 * PostgreSQL, compiled to WebAssembly, works on the other core (~33 and ~45 µs a rule). With COPY
 * (equivalency-import.queries.ts) it took a million-row import from 102–105 s to 56–62 s on two cores (BENCHMARKS.md).
 *
 * Every call is one message to the thread and one answer back, so it suits few large statements (an import's batches),
 * not thousands of small queries. The server keeps PGlite on its main thread (see docs/ARCHITECTURE.md).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** What the thread is asked to do; answered by a ThreadAnswer with the same id. */
type ThreadRequest =
  | { id: number; op: 'open'; dataDir: string | undefined; template: Blob | undefined; startParams: string[] | undefined }
  | { id: number; op: 'query'; text: string; params: unknown[]; copyRows?: string }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

type ThreadAnswer = { id: number; rows?: unknown[]; blob?: Blob; error?: SerializedError };

/** PostgreSQL's error fields (code, detail, constraint…) survive the trip, so callers can tell errors apart. */
type SerializedError = Record<string, unknown> & { message: string };

/**
 * The thread's code, run with `eval`: plain JavaScript, so it starts the same from TypeScript sources (tsx, vitest), a
 * bundled command and built output, with no loader in the thread. The module URLs are resolved here, by the caller.
 * Int8 and numeric come back as numbers, as openEmbedded's parsers do.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let client = null;
const modules = Promise.all([import(workerData.pgliteUrl), import(workerData.trgmUrl)]);
const toNumber = (value) => (value === null ? null : Number(value));
const serialize = (error) => {
  const fields = { message: String(error && error.message || error) };
  if (error && typeof error === 'object') for (const [key, value] of Object.entries(error)) if (value === null || ['string', 'number'].includes(typeof value)) fields[key] = value;
  return fields;
};
// One request at a time, in the order they came: a transaction's statements arrive one after another.
let queue = Promise.resolve();
parentPort.on('message', (request) => {
  queue = queue.then(() => answer(request));
});
async function answer(request) {
  try {
    const [{ PGlite }, { pg_trgm }] = await modules;
    if (request.op === 'open') {
      client = await PGlite.create({
        dataDir: request.dataDir,
        loadDataDir: request.template,
        extensions: { pg_trgm },
        ...(request.startParams ? { startParams: request.startParams } : {}),
        parsers: { 20: toNumber, 1700: toNumber },
      });
      parentPort.postMessage({ id: request.id });
    } else if (request.op === 'query') {
      const options = request.copyRows === undefined ? undefined : { blob: new Blob([request.copyRows]) };
      const result = await client.query(request.text, request.params, options);
      parentPort.postMessage({ id: request.id, rows: result.rows });
    } else if (request.op === 'exec') {
      await client.exec(request.text);
      parentPort.postMessage({ id: request.id });
    } else if (request.op === 'dump') {
      parentPort.postMessage({ id: request.id, blob: await client.dumpDataDir('gzip') });
    } else if (request.op === 'close') {
      if (client && !client.closed) await client.close();
      parentPort.postMessage({ id: request.id });
    }
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: serialize(error) });
  }
}
`;

/** Sends requests to a PGlite running on its own thread; requests are answered in the order they were sent. */
export class EmbeddedThread {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (answer: ThreadAnswer) => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;

  private constructor() {
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: {
        pgliteUrl: import.meta.resolve('@electric-sql/pglite'),
        trgmUrl: import.meta.resolve('@electric-sql/pglite/contrib/pg_trgm'),
      },
    });
    this.worker.on('message', (answer: ThreadAnswer) => {
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      waiter?.resolve(answer);
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the embedded database's thread stopped (exit code ${code})`)));
  }

  static async open(options: { dataDir: string | undefined; template: Blob | undefined; startParams: string[] | undefined }): Promise<EmbeddedThread> {
    if (options.dataDir && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
      // A new folder is created (initdb) by a thread of its own, ended before the real one starts: the ~400 MB initdb
      // leaves in a thread's WebAssembly memory are then given back instead of staying through a whole import.
      await (await EmbeddedThread.startAndOpen(options)).close();
    }
    return EmbeddedThread.startAndOpen(options);
  }

  private static async startAndOpen(options: { dataDir: string | undefined; template: Blob | undefined; startParams: string[] | undefined }): Promise<EmbeddedThread> {
    const thread = new EmbeddedThread();
    try {
      await thread.send({ op: 'open', ...options });
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  async query<Row>(text: string, params: readonly unknown[], copyRows?: string): Promise<Row[]> {
    const answer = await this.send({ op: 'query', text, params: [...params], ...(copyRows === undefined ? {} : { copyRows }) });
    return (answer.rows ?? []) as Row[];
  }

  async exec(text: string): Promise<void> {
    await this.send({ op: 'exec', text });
  }

  async dump(): Promise<Blob> {
    const answer = await this.send({ op: 'dump' });
    if (!answer.blob) throw new Error('the embedded database sent no dump');
    return answer.blob;
  }

  async close(): Promise<void> {
    try {
      if (!this.failure) await this.send({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }

  private send(request: DistributiveOmit<ThreadRequest, 'id'>): Promise<ThreadAnswer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<ThreadAnswer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    }).then((answer) => {
      if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
      return answer;
    });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

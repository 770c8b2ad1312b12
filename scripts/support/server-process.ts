import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfNeeded, COMPILED_SERVER_ARGS, DEMO_DATA_LOADED } from './compiled-server';

const root = resolve(import.meta.dirname, '../..');
/** How much of the server's output is kept for error messages once it has settled. */
const OUTPUT_TAIL = 200_000;

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no free port'))));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  /** The server's stdout and stderr (all of it until it settled, then the last ~200 KB). */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The demo's reference sets a benchmark server loads (DEMO_REFERENCE_SETS; `env` may name others): the four catalogues
 * the searches were written against, as the demo loaded them before every set came in.
 */
const BENCH_REFERENCE_SETS = 'catalog-ufl,catalog-fiu,catalog-udel,catalog-usf-sample';

/**
 * The real server as `npm start` runs it (compiled, `node dist/server/main.js`; NODE_ENV=test, demo data) on a free
 * port with a throw-away data folder. Resolves once /api/health answers and the demo's background data load has
 * finished, so a benchmark measures a settled server, not that load. `env` adds to (or overrides) the environment,
 * e.g. DATABASE_URL.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  buildIfNeeded();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_OPTIONS: extra Node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where it spends its time.
  const nodeFlags = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeFlags, ...COMPILED_SERVER_ARGS], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, APP_URL: baseUrl, LOG_LEVEL: 'info', SEED_DEMO: 'true', DEMO_REFERENCE_SETS: BENCH_REFERENCE_SETS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let settled = false;
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (settled && output.length > 2 * OUTPUT_TAIL) output = output.slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited during start:\n${output}`);
      if (await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`${baseUrl}/api/health did not answer in time:\n${output}`);
      await new Promise((done) => setTimeout(done, 250));
    }
    // The demo's reference data loads in the background after start: wait for it.
    const settleBy = Date.now() + 180_000;
    while (!DEMO_DATA_LOADED.test(output) && Date.now() < settleBy && child.exitCode === null) {
      await new Promise((done) => setTimeout(done, 500));
    }
    settled = true;
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, output: () => output, stop };
}

/**
 * `tsx scripts/bench-transcripts-load.ts`: does reading transcripts slow down everyone else's search?
 *
 * Starts the real server (compiled, dist/server/main.js: job runner on, demo data, a temporary embedded database), then measures
 * GET /api/courses/search with autocannon twice: idle, and while photos of transcripts are OCR'd back to back
 * (BENCH_OCR_IN_FLIGHT analyses kept in flight through the public API: create → PUT → analyze → poll).
 * Prints a Markdown table for the transcript section of docs/BENCHMARKS.md.
 *
 * Options (environment): BENCH_DURATION (seconds per run, default 15), BENCH_CONNECTIONS (20), BENCH_OCR_IN_FLIGHT (2),
 * BENCH_PORT (3990).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { autocannon, type AutocannonResult } from './support/autocannon';
import { buildIfNeeded, COMPILED_SERVER_ARGS, DEMO_DATA_LOADED } from './support/compiled-server';


const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const IN_FLIGHT = Number(process.env.BENCH_OCR_IN_FLIGHT ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const BASE = `http://localhost:${PORT}`;
const PHOTO = readFileSync(resolve(import.meta.dirname, '../tests/fixtures/transcripts/t11001.png'));
const QUERIES = ['history', 'macroeconomics', 'calculus', 'psychology', 'ENC 1101', 'biology lab', 'chemistry', 'statistics', 'american government', 'programming'];

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

async function searchLoad(): Promise<AutocannonResult> {
  let index = 0;
  return autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/courses/search?q=${encodeURIComponent(QUERIES[index++ % QUERIES.length]!)}` }) }],
  });
}

/** One signed-out visitor's analysis of the photo, through the public API; resolves with its time in ms. */
async function analyseOnce(): Promise<number> {
  const started = performance.now();
  const headers = { 'content-type': 'application/json', origin: BASE };
  const created = (await (
    await fetch(`${BASE}/api/transcripts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ fileName: 'photo.png', fileType: 'image/png', size: PHOTO.byteLength, toInstitution: 'fsu' }),
    })
  ).json()) as { id: string; accessToken: string; upload: { url: string; headers: Record<string, string> } };
  await fetch(created.upload.url, { method: 'PUT', headers: { ...created.upload.headers, origin: BASE }, body: new Uint8Array(PHOTO) });
  const token = { 'x-transcript-token': created.accessToken };
  await fetch(`${BASE}/api/transcripts/${created.id}/analyze`, { method: 'POST', headers: { ...headers, ...token }, body: '{}' });
  for (;;) {
    const report = (await (await fetch(`${BASE}/api/transcripts/${created.id}`, { headers: token })).json()) as { status: string };
    if (report.status === 'done' || report.status === 'failed') return performance.now() - started;
    await sleep(200);
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-bench-ocr-'));
  buildIfNeeded('server');
  const server = spawn(process.execPath, COMPILED_SERVER_ARGS, {
    cwd: resolve(import.meta.dirname, '..'),
    // The demo with the four catalogues the searches were written against (not every reference set).
    env: { ...process.env, NODE_ENV: 'test', PORT: String(PORT), DATA_DIR: dataDir, APP_URL: BASE, LOG_LEVEL: 'warn', SEED_DEMO: 'true', DEMO_REFERENCE_SETS: 'catalog-ufl,catalog-fiu,catalog-udel,catalog-usf-sample', JOB_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (let tries = 0; !DEMO_DATA_LOADED.test(output); tries += 1) {
      if (tries > 360) throw new Error('the server did not start and load its demo data');
      await sleep(500);
    }
    await analyseOnce(); // warm the OCR worker and the search cache
    await searchLoad();

    const idle = await searchLoad();
    let running = true;
    const times: number[] = [];
    const drivers = Array.from({ length: IN_FLIGHT }, async () => {
      while (running) times.push(await analyseOnce());
    });
    await sleep(1000);
    const busy = await searchLoad();
    running = false;
    await Promise.all(drivers);

    const row = (name: string, result: AutocannonResult) =>
      `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.latency.max} ms | ${result.errors + result.non2xx} |`;
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`Machine: ${cpus().length} cores, Node ${process.version}; ${CONNECTIONS} connections, ${DURATION} s per run, ${IN_FLIGHT} photo analyses in flight, JOB_WORKERS=1.\n`);
    console.log('| search load | requests/s | p50 | p99 | max | errors |');
    console.log('|---|---|---|---|---|---|');
    console.log(row('idle', idle));
    console.log(row('while OCR runs', busy));
    console.log(`\nPhoto analyses finished during the busy run: ${times.length}; end-to-end time p50 ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms.`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolveExit) => server.once('exit', resolveExit));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

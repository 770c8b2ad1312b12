/**
 * `npm run bench:demo-load`: `npm start`'s first start on a fresh machine, and whether other people can use the
 * product while it loads the demo's data. Starts the compiled server as `npm start` does (fresh data folder, the whole
 * demo: every reference set), then, until the server says the demo data is loaded, one simulated person after another
 * signs in as the demo student and searches (a pause of BENCH_THINK_MS, 200, between requests), each from an address
 * of its own. Then the same for BENCH_AFTER (40) rounds on the settled server. Prints, for sign-in and search, the
 * count and p50 / p95 / max milliseconds during the load and after it, the load's duration and the server's resident
 * memory (peak during the load, and settled). Exits with 1 when any request failed.
 *
 * BENCH_SETS overrides which sets load (DEMO_REFERENCE_SETS; default all). Writes nothing into the repository.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfNeeded, COMPILED_SERVER_ARGS, DEMO_DATA_LOADED, demoAccountsFromBanner } from './support/compiled-server';
import { freePort } from './support/server-process';

const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 200);
const AFTER_ROUNDS = Number(process.env.BENCH_AFTER ?? 40);
const SEARCHES = ['calculus', 'ENC 1101', 'macroeconomics to FSU', 'psychology', 'BIOL 1011', 'english composition', 'ECON 101', 'statistics'];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
};
const residentMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

buildIfNeeded();
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-bench-demo-'));
const baseUrl = `http://127.0.0.1:${port}`;
const started = performance.now();
const child = spawn(process.execPath, COMPILED_SERVER_ARGS, {
  cwd: resolve(import.meta.dirname, '..'),
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    LOG_LEVEL: 'warn',
    DEMO_REFERENCE_SETS: process.env.BENCH_SETS ?? 'all',
    TRUSTED_PROXY_HEADER: 'x-bench-ip',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
let peakMb = 0;
const sampler = setInterval(() => child.pid && (peakMb = Math.max(peakMb, residentMb(child.pid))), 250);

type Kind = 'sign-in' | 'search';
const timings: Record<'during' | 'after', Record<Kind, number[]>> = { during: { 'sign-in': [], search: [] }, after: { 'sign-in': [], search: [] } };
let failures = 0;
let person = 0;

async function timed(phase: 'during' | 'after', kind: Kind, request: () => Promise<Response>) {
  const before = performance.now();
  let problem = '';
  const response = await request().catch((error: unknown) => {
    problem = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
    return null;
  });
  if (!response?.ok) {
    failures += 1;
    console.error(`${kind} failed: ${response ? `${response.status} ${(await response.text()).slice(0, 200)}` : problem}`);
  } else await response.arrayBuffer();
  timings[phase][kind].push(performance.now() - before);
}

async function round(phase: 'during' | 'after', student: { email: string; password: string }) {
  person += 1;
  const address = `10.${(person >> 16) & 255}.${(person >> 8) & 255}.${person & 255}`;
  await timed(phase, 'sign-in', () =>
    fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-bench-ip': address, origin: baseUrl },
      body: JSON.stringify({ email: student.email, password: student.password }),
    }),
  );
  await sleep(THINK_MS);
  await timed(phase, 'search', () => fetch(`${baseUrl}/api/courses/search?${new URLSearchParams({ q: SEARCHES[person % SEARCHES.length]! })}`, { headers: { 'x-bench-ip': address } }));
  await sleep(THINK_MS);
}

try {
  let listening = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false)) break;
    await sleep(100);
  }
  listening = performance.now() - started;
  const student = demoAccountsFromBanner(output).find((account) => account.role === 'student');
  if (!student) throw new Error(`no demo student in the banner:\n${output}`);
  while (!DEMO_DATA_LOADED.test(output)) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    await round('during', student);
  }
  const loaded = performance.now() - started;
  const peakDuringMb = peakMb;
  for (let index = 0; index < AFTER_ROUNDS; index++) await round('after', student);
  const settledMb = child.pid ? residentMb(child.pid) : 0;

  console.log(`\n${cpus().length} CPUs (${cpus()[0]?.model.trim()}), load average at the end ${loadavg().map((value) => value.toFixed(1)).join(' / ')}`);
  console.log(`listening after ${(listening / 1000).toFixed(1)} s; demo data loaded after ${(loaded / 1000).toFixed(1)} s (${/Demo data loaded in[^\n]*/.exec(output)?.[0] ?? ''})`);
  console.log(`resident memory: peak during the load ${peakDuringMb.toFixed(0)} MB, settled ${settledMb.toFixed(0)} MB\n`);
  console.log('| request | while loading: count | p50 | p95 | max | after: count | p50 | p95 | max |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const kind of ['sign-in', 'search'] as const) {
    const [during, after] = [timings.during[kind], timings.after[kind]];
    const cells = (values: number[]) => [values.length, ...[0.5, 0.95, 1].map((share) => `${percentile(values, share).toFixed(0)} ms`)];
    console.log(`| ${kind} | ${[...cells(during), ...cells(after)].join(' | ')} |`);
  }
  if (failures > 0) {
    console.error(`${failures} requests failed`);
    process.exitCode = 1;
  }
} finally {
  clearInterval(sampler);
  if (child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

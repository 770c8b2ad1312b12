/**
 * `npm run bench:start`: how long the server takes to start and how much memory it holds once idle, as compiled
 * JavaScript (`node dist/server/main.js`, what `npm start` runs) against TypeScript through tsx (`tsx
 * src/server/main.ts`, what `npm start` ran before). Prepares one data folder with the whole demo loaded (a first
 * start, not measured), then starts each way BENCH_RUNS times (5), alternating, on that folder: the time from spawning
 * to the first answer of /api/health, and the resident memory of the process and its children (tsx runs the server
 * in a child) after BENCH_IDLE_MS (10,000) of idling. Prints medians and each run. Writes nothing into the repository.
 *
 * BENCH_ROOT runs another checkout's server (e.g. a clone at an earlier commit) with this script's measurements:
 * `BENCH_ROOT=/tmp/old BENCH_MODES=tsx npm run bench:start`. BENCH_DATA_DIR reuses a prepared data folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfNeeded, COMPILED_SERVER_ARGS, DEMO_DATA_LOADED } from './support/compiled-server';
import { freePort } from './support/server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const ROOT = resolve(process.env.BENCH_ROOT ?? resolve(import.meta.dirname, '..'));
const MODES = (process.env.BENCH_MODES ?? 'compiled,tsx').split(',') as Array<'compiled' | 'tsx'>;
const COMMANDS = {
  compiled: COMPILED_SERVER_ARGS,
  tsx: [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'],
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Resident memory (MB) of a process and all its descendants. */
function treeResidentMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const visit = (id: number) => {
    try {
      total += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      return;
    }
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return total;
}

async function start(mode: 'compiled' | 'tsx', dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, COMMANDS[mode], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false)) break;
    await sleep(25);
  }
  const startMs = performance.now() - began;
  const stop = async () => {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, startMs, output: () => output, stop };
}

buildIfNeeded();
const prepared = !process.env.BENCH_DATA_DIR;
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'crosswalk-bench-start-'));
try {
  if (prepared) {
    console.log('Preparing a data folder with the whole demo loaded (a first start, not measured)…');
    const first = await start('compiled', dataDir, { DEMO_REFERENCE_SETS: 'all' });
    while (!DEMO_DATA_LOADED.test(first.output())) await sleep(500);
    await first.stop();
  }
  const results: Record<string, Array<{ startMs: number; idleMb: number }>> = {};
  for (let run = 0; run < RUNS; run++) {
    for (const mode of run % 2 === 0 ? MODES : [...MODES].reverse()) {
      const server = await start(mode, dataDir);
      await sleep(IDLE_MS);
      const idleMb = treeResidentMb(server.child.pid!);
      await server.stop();
      (results[mode] ??= []).push({ startMs: server.startMs, idleMb });
      console.log(`  ${mode.padEnd(8)} run ${run + 1}: listening after ${(server.startMs / 1000).toFixed(2)} s, idle ${idleMb.toFixed(0)} MB`);
    }
  }
  console.log(`\n${cpus().length} CPUs (${cpus()[0]?.model.trim()}), load average ${loadavg().map((value) => value.toFixed(1)).join(' / ')}; ${ROOT}`);
  console.log('| server | runs | start to first answer (median; each) | resident memory idle after start (median; each) |');
  console.log('|---|---|---|---|');
  for (const mode of MODES) {
    const runs = results[mode] ?? [];
    console.log(
      `| ${mode === 'compiled' ? 'compiled (`node dist/server/main.js`)' : 'tsx (`tsx src/server/main.ts`)'} | ${runs.length} | ` +
        `${(median(runs.map((run) => run.startMs)) / 1000).toFixed(2)} s (${runs.map((run) => (run.startMs / 1000).toFixed(2)).join(', ')}) | ` +
        `${median(runs.map((run) => run.idleMb)).toFixed(0)} MB (${runs.map((run) => run.idleMb.toFixed(0)).join(', ')}) |`,
    );
  }
} finally {
  if (prepared) rmSync(dataDir, { recursive: true, force: true });
}

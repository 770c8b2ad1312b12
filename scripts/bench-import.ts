/**
 * `npm run bench:import`: generates a rules CSV (1,000,000 rows unless BENCH_ROWS says otherwise) in a temporary
 * folder and imports it through importEquivalencyCsv on a fresh embedded database and, with BENCH_DATABASE_URL, on a
 * fresh PostgreSQL database (created next to the one the URL names, dropped afterwards), then imports the same file
 * again (every rule compared and left alone).
 *
 * BENCH_WRITER=copy|statement makes every import use that writer for new rules (features/equivalencies/import/
 * rule-writers.ts) instead of its database's own, to measure the two against each other.
 *
 * Each import runs in a child process that only opens the (already created and migrated) database and runs the
 * import, as `npm run import` does (compiled to JavaScript by scripts/run-compiled.mjs, which the child runs again,
 * and with its smaller shared buffers on the embedded database), so its peak resident memory (sampled every 50 ms) is what an import costs: the
 * process, the embedded database's WebAssembly memory and the import. Creating the embedded database (initdb, which
 * alone leaves ~550 MB behind in the process that ran it) happens in another child beforehand.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { COMMAND_SHARED_BUFFERS, openDatabase, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { importEquivalencyCsv } from '../src/server/features/equivalencies';
import { createBenchDatabase } from './support/bench-database';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const WRITER = process.env.BENCH_WRITER === 'copy' || process.env.BENCH_WRITER === 'statement' ? process.env.BENCH_WRITER : undefined;
const SOURCES = 20;
const TARGETS = 30;
const SUBJECTS = ['ACCT', 'BIOL', 'CHEM', 'ECON', 'ENGL', 'HIST', 'MATH', 'PHYS', 'PSYC', 'SOC', 'ART', 'MUS', 'CS', 'PHIL', 'SPAN', 'GEOG'];

async function generate(path: string) {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('source_university,source_code,source_name,target_university,target_code,target_name,credits,notes\n');
  for (let i = 0; i < ROWS; i++) {
    // Every row is a distinct rule: (source school, source code, target school) never repeats.
    const source = i % SOURCES;
    const target = Math.floor(i / SOURCES) % TARGETS;
    const course = Math.floor(i / (SOURCES * TARGETS));
    const subject = SUBJECTS[course % SUBJECTS.length]!;
    const number = 100 + Math.floor(course / SUBJECTS.length);
    const kind = i % 5;
    const targetCode = kind === 0 ? 'NDC' : kind === 1 ? `${subject} EL` : `${subject} ${number + 1}`;
    const targetName = kind === 0 ? 'No Degree Credit' : kind === 1 ? `${subject} elective` : `Course ${subject} ${number + 1}`;
    const credits = kind === 3 ? '1.00-3.00' : '3.00';
    const notes = kind === 2 ? '"gen ed HU,SS; footnote 12"' : '';
    await write(`Bench Sending College ${source + 1},${subject} ${number},Course ${subject} ${number},Bench Receiving University ${target + 1},${targetCode},${targetName},${credits},${notes}\n`);
  }
  out.end();
  await once(out, 'close');
}

interface ImportFigures {
  rows: number;
  seconds: number;
  peakMb: number;
  startMb: number;
  unchanged: number;
  /** CPU seconds of the importing process (user + system): all the work on the embedded database, which runs in it;
   *  on PostgreSQL only the client's share. Unlike the wall clock it barely moves with other people's load. */
  cpuSeconds: number;
}

/** In the child: open the database, import the file, report figures as one JSON line. */
async function importInChild(db: Database, file: string): Promise<ImportFigures> {
  if (typeof global.gc === 'function') global.gc();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await importEquivalencyCsv({
    db,
    input: createReadStream(file, { highWaterMark: 256 * 1024 }),
    actor: { id: null, email: 'bench:import' },
    ...(WRITER ? { writer: WRITER } : {}),
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (result.errorCount > 0) throw new Error(`${result.errorCount} errors, first: ${JSON.stringify(result.errors[0])}`);
  return { rows: result.rows, seconds, peakMb: Math.round(peak / 1024 / 1024), startMb: Math.round(baseline / 1024 / 1024), unchanged: result.unchanged, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

function child(args: string[]): ImportFigures | null {
  const run = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, ...args], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`child ${args[0]} failed (${run.status ?? run.signal})`);
  const last = run.stdout.trim().split('\n').pop() ?? '';
  return last.startsWith('{') ? (JSON.parse(last) as ImportFigures) : null;
}

function report(label: string, first: ImportFigures, again: ImportFigures) {
  const rate = (figures: ImportFigures) => Math.round(figures.rows / figures.seconds).toLocaleString('en-US');
  const cpuRate = (figures: ImportFigures) => Math.round(figures.rows / figures.cpuSeconds).toLocaleString('en-US');
  const line = (name: string, figures: ImportFigures) =>
    console.log(
      `| ${name} | ${figures.rows.toLocaleString('en-US')} | ${figures.seconds.toFixed(1)} s | ${rate(figures)} | ${figures.cpuSeconds.toFixed(1)} s (${cpuRate(figures)} rows/CPU-s) | ${figures.peakMb} MB (${figures.startMb} MB open) | ${loadavg()[0]!.toFixed(1)} |`,
    );
  line(label, first);
  line(`${label}, same file again (${again.unchanged.toLocaleString('en-US')} unchanged)`, again);
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === '--prepare-embedded') {
  const db = await openDatabase({ dataDir: rest[0]! });
  await migrate(db);
  await db.close();
} else if (mode === '--import-embedded' || mode === '--import-postgres') {
  const db = mode === '--import-embedded' ? await openDatabase({ dataDir: rest[0]!, sharedBuffers: COMMAND_SHARED_BUFFERS, ownThread: true }) : await openDatabase({ databaseUrl: rest[0]!, dataDir: tmpdir() });
  try {
    console.log(JSON.stringify(await importInChild(db, rest[1]!)));
  } finally {
    await db.close();
  }
} else {
  await main();
}

async function main() {
const folder = mkdtempSync(join(tmpdir(), 'crosswalk-bench-import-'));
try {
  const file = join(folder, 'rules.csv');
  const generated = performance.now();
  await generate(file);
  console.log(
    `${ROWS.toLocaleString('en-US')} rows, ${(statSync(file).size / 1024 / 1024).toFixed(0)} MB, generated in ${((performance.now() - generated) / 1000).toFixed(1)} s; ` +
      `${WRITER ? `writer: ${WRITER} on both databases; ` : ''}${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}, ${new Date().toISOString()}, load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}`,
  );
  console.log('| database | rows | time | rows/s | CPU of the importing process | peak memory (child process) | load (1 min) after |\n|---|---|---|---|---|---|---|');
  if (process.env.BENCH_SKIP_EMBEDDED !== '1') {
    const dataDir = join(folder, 'embedded');
    child(['--prepare-embedded', dataDir]);
    const first = child(['--import-embedded', dataDir, file])!;
    const again = child(['--import-embedded', dataDir, file])!;
    report('embedded (PGlite, on disk)', first, again);
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const database = await createBenchDatabase(url);
    try {
      const db = await openDatabase({ databaseUrl: database.url, dataDir: folder });
      await migrate(db);
      await db.close();
      const first = child(['--import-postgres', database.url, file])!;
      const again = child(['--import-postgres', database.url, file])!;
      report('PostgreSQL', first, again);
    } finally {
      await database.drop();
    }
  }
  console.log(`load average after: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
}

/**
 * `npm run bench:import`: generates a rules CSV (1,000,000 rows unless BENCH_ROWS says otherwise) in a temporary
 * folder and imports it through importEquivalencyCsv on a fresh embedded database and, with BENCH_DATABASE_URL, on a
 * fresh PostgreSQL database (created next to the one the URL names, dropped afterwards). Prints rows/s and the peak
 * resident memory of this process (sampled every 50 ms), which includes the embedded database's own memory.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { importEquivalencyCsv } from '../src/server/features/equivalencies/equivalency-import.service';
import { createBenchDatabase } from './support/bench-database';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
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

async function run(label: string, db: Database, file: string) {
  await migrate(db);
  if (typeof global.gc === 'function') global.gc();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const result = await importEquivalencyCsv({ db, input: createReadStream(file, { highWaterMark: 256 * 1024 }), actor: { id: null, email: 'bench:import' } });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (result.errorCount > 0) throw new Error(`${label}: ${result.errorCount} errors, first: ${JSON.stringify(result.errors[0])}`);
  const line = `| ${label} | ${result.rows.toLocaleString('en-US')} | ${seconds.toFixed(1)} s | ${Math.round(result.rows / seconds).toLocaleString('en-US')} | ${Math.round(peak / 1024 / 1024)} MB (start ${Math.round(baseline / 1024 / 1024)} MB) |`;
  console.log(line);
  // The same file again: every rule is compared and left alone.
  const againStarted = performance.now();
  const again = await importEquivalencyCsv({ db, input: createReadStream(file, { highWaterMark: 256 * 1024 }), actor: { id: null, email: 'bench:import' } });
  const againSeconds = (performance.now() - againStarted) / 1000;
  console.log(`|   ${label}, same file again (${again.unchanged.toLocaleString('en-US')} unchanged) | ${again.rows.toLocaleString('en-US')} | ${againSeconds.toFixed(1)} s | ${Math.round(again.rows / againSeconds).toLocaleString('en-US')} | ${Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024)} MB |`);
}

const folder = mkdtempSync(join(tmpdir(), 'crosswalk-bench-import-'));
try {
  const file = join(folder, 'rules.csv');
  const generated = performance.now();
  await generate(file);
  console.log(
    `${ROWS.toLocaleString('en-US')} rows, ${(statSync(file).size / 1024 / 1024).toFixed(0)} MB, generated in ${((performance.now() - generated) / 1000).toFixed(1)} s; ` +
      `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log('| database | rows | time | rows/s | peak memory |\n|---|---|---|---|---|');
  if (process.env.BENCH_SKIP_EMBEDDED !== '1') {
    const db = await openDatabase({ dataDir: join(folder, 'embedded') });
    try {
      await run('embedded (PGlite, on disk)', db, file);
    } finally {
      await db.close();
    }
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const database = await createBenchDatabase(url);
    const db = await openDatabase({ databaseUrl: database.url, dataDir: folder });
    try {
      await run('PostgreSQL', db, file);
    } finally {
      await db.close();
      await database.drop();
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

/**
 * `npm run bench:destinations` (tsx scripts/bench-destinations.ts): how long does "Where your credits count" take on the
 * server for a 40-course transcript against about 100 destinations? The aim (issue 39) is ≤ 300 ms p95.
 *
 * Builds, in a temporary embedded database (or a fresh database on the PostgreSQL server named by BENCH_DATABASE_URL,
 * created and dropped here): a Florida college in statewide numbering with a 40-course analysed transcript; 100
 * destinations like the demo's: 60 with transfer rules from the college (one per course, a quarter of them elective
 * credit, a tenth refusals), 15 in Florida's statewide numbering with a catalogue holding the same courses, 25 with only
 * a catalogue. Then times the route's service call (getTranscriptDestinations: the read policy, the owner's major and
 * favorites, the catalogue version) answered from the kept result (a filter, the hub, a reload), and the first answer
 * for a transcript or after a rule changed (the kept result forgotten before each run: every destination decided).
 * Prints p50 / p95 / max over BENCH_RUNS runs (default 30; 10 for the first answer) after warm-up runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { forgetDecidedDestinations, getTranscriptDestinations } from '../src/server/features/destinations';
import { createLogger } from '../src/server/logger';
import { createBenchDatabase } from './support/bench-database';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const COURSES = 40;
const WITH_RULES = 60;
const STATEWIDE = 15;
const CATALOGUE_ONLY = 25;
const SUBJECTS = ['ENC', 'MAC', 'PSY', 'BSC', 'CHM', 'HIS', 'POS', 'ECO'];

async function build(db: Database) {
  const [college] = await db.query<{ id: number }>(
    `insert into institutions (key, name, state, kind, florida_statewide_numbering) values ('bench-college', 'Bench State College', 'FL', 'community-college', true) returning id`,
  );
  const collegeId = college!.id;
  // The destinations: rules, statewide numbering, catalogue only.
  await db.query(
    `insert into institutions (key, name, state, control, kind, florida_statewide_numbering)
     select 'bench-dest-' || n, 'Bench Destination ' || n, case when n % 3 = 0 then 'GA' else 'FL' end,
            case when n % 4 = 0 then 'private' else 'public' end, case when n % 5 = 0 then 'college' else 'university' end,
            n > $1::int and n <= $1::int + $2::int
       from generate_series(1, $1::int + $2::int + $3::int) as n`,
    [WITH_RULES, STATEWIDE, CATALOGUE_ONLY],
  );
  const course = (index: number) => ({ subject: SUBJECTS[index % SUBJECTS.length]!, number: String(1001 + index * 7) });
  const codes = Array.from({ length: COURSES }, (_, index) => course(index));
  // One rule per destination and course (n % 4 elective credit, n % 10 a refusal), written as the import writes them.
  await db.query(
    `with made as (
       insert into equivalency_rules (from_institution_id, to_institution_id, transfers, credits_awarded, origin, fingerprint)
       select $1::int, i.id, (c.n + i.id) % 10 <> 0, case when (c.n + i.id) % 10 = 0 then 0 else 3 end, 'csv', 'bench-' || i.id || '-' || c.n
         from institutions i cross join generate_series(0, $2::int - 1) as c(n)
        where i.key like 'bench-dest-%' and replace(i.key, 'bench-dest-', '')::int <= $3::int
       returning id, fingerprint
     )
     insert into equivalency_rule_sources (rule_id, position, from_institution_id, subject, number, credits)
     select made.id, 0, $1::int, ($4::text[])[split_part(made.fingerprint, '-', 3)::int % $5::int + 1], (1001 + split_part(made.fingerprint, '-', 3)::int * 7)::text, 3 from made`,
    [collegeId, COURSES, WITH_RULES, SUBJECTS, SUBJECTS.length],
  );
  await db.query(
    `insert into equivalency_rule_targets (rule_id, position, subject, number, credits, is_elective)
     select r.id, 0, s.subject, case when r.id % 4 = 0 then 'EL' else s.number end, 3, r.id % 4 = 0
       from equivalency_rules r join equivalency_rule_sources s on s.rule_id = r.id where r.transfers and r.fingerprint like 'bench-%'`,
  );
  // Catalogues (a course a rule names is already one, migration 0065): the statewide destinations hold the same courses (statewide numbering's guarantee), the rest a few.
  await db.query(
    `insert into courses (institution_id, subject, number, title, credits)
     select i.id, ($2::text[])[c.n % $3::int + 1], (1001 + c.n * 7)::text, 'Course ' || c.n, 3
       from institutions i cross join generate_series(0, $1::int - 1) as c(n)
      where i.key like 'bench-dest-%' and (i.florida_statewide_numbering or c.n < 5)
     on conflict do nothing`,
    [COURSES, SUBJECTS, SUBJECTS.length],
  );
  await db.query(`insert into courses (institution_id, subject, number, title, credits) select $1::int, ($2::text[])[c.n % $3::int + 1], (1001 + c.n * 7)::text, 'Course ' || c.n, 3 from generate_series(0, $4::int - 1) as c(n) on conflict do nothing`, [
    collegeId,
    SUBJECTS,
    SUBJECTS.length,
    COURSES,
  ]);
  const userId = 'bench-student';
  await db.query(`insert into "user" (id, name, email, "emailVerified", role) values ($1, 'Bench Student', 'bench@example.edu', true, 'student')`, [userId]);
  await db.query(`insert into student_profiles (user_id, full_name, current_school, intended_major) values ($1, 'Bench Student', 'Bench State College', '')`, [userId]);
  const [transcript] = await db.query<{ id: string }>(
    `insert into transcripts (user_id, file_name, status, detected_institution_id, detected_institution_name, to_institution_id, analyzed_at)
     values ($1, 'bench.pdf', 'done', $2, 'Bench State College', $2, now()) returning id`,
    [userId, collegeId],
  );
  for (const [index, code] of codes.entries()) {
    await db.query(`insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade, term) values ($1, $2, $3, $4, $5, 3, 3, 'B', 'Fall 2023')`, [
      transcript!.id,
      index,
      code.subject,
      code.number,
      `Course ${index}`,
    ]);
  }
  const [schools] = await db.query<{ n: number }>(`select count(*)::int as n from institutions where key like 'bench-dest-%'`);
  return { userId, transcriptId: transcript!.id, destinations: Number(schools!.n) };
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

/** Wall-clock percentiles and this process's CPU time per run (on the embedded database, all of the work). */
async function time(label: string, runs: number, warmUps: number, work: () => Promise<unknown>) {
  for (let run = 0; run < warmUps; run += 1) await work();
  const samples: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let run = 0; run < runs; run += 1) {
    const started = process.hrtime.bigint();
    await work();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const { p50, p95, max } = percentiles(samples);
  console.log(`| ${label} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${max.toFixed(1)} | ${((cpu.user + cpu.system) / 1000 / runs).toFixed(1)} |`);
  return p95;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-bench-destinations-'));
  const server = process.env.BENCH_DATABASE_URL ? await createBenchDatabase(process.env.BENCH_DATABASE_URL) : null;
  const db = await openDatabase(server ? { databaseUrl: server.url, dataDir } : { dataDir, inMemory: true });
  const deps = { db, logger: createLogger('silent') };
  try {
    await migrate(db);
    const setup = await build(db);
    const ask = (query = {}) =>
      getTranscriptDestinations(deps, { id: setup.transcriptId, user: { id: setup.userId, email: 'bench@example.edu', name: 'Bench', roles: ['student'] } as never, ipAddress: '127.0.0.1', query: { favorites: false, ...query } });
    const sample = await ask();
    console.log(`\n${db.kind} database, ${cpus().length} cores; ${COURSES} transcript courses, ${setup.destinations} destinations, ${RUNS} runs`);
    console.log(`check: ${sample.destinations.length} ranked (first ${sample.destinations[0]?.school.name}, ${sample.destinations[0]?.transferCredits} credits), ${sample.notEnoughInformation.length} with not enough information\n`);
    console.log(`load average at start: ${loadavg().map((value) => value.toFixed(1)).join(', ')}\n`);
    console.log('| measured | p50 ms | p95 ms | max ms | CPU ms per run |');
    console.log('|---|---|---|---|---|');
    const kept = await time('answer from the kept result (a filter: FL public four-year)', RUNS, 5, () => ask({ state: 'FL', control: 'public', level: 'four-year' }));
    const first = await time('first answer (every destination decided)', Math.max(3, Math.round(RUNS / 3)), 2, async () => {
      forgetDecidedDestinations();
      await ask();
    });
    console.log(`\nload average at end: ${loadavg().map((value) => value.toFixed(1)).join(', ')}`);
    console.log(`aim: ≤ 300 ms p95 on the server — kept result ${kept <= 300 ? 'met' : 'NOT met'} (p95 ${kept.toFixed(1)} ms); first answer ${first <= 300 ? 'met' : 'NOT met'} (p95 ${first.toFixed(1)} ms)`);
  } finally {
    await db.close();
    await server?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

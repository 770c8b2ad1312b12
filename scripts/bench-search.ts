/**
 * `npm run bench:search` (tsx scripts/bench-search.ts): how fast is course search on a large catalogue?
 *
 * Builds a synthetic catalogue with bulk SQL (500 schools, 100,000 courses, 1,000,000 equivalency rules, 20,000
 * offerings) in a temporary embedded database, or in a fresh database on the PostgreSQL server named by
 * BENCH_DATABASE_URL (created and dropped here), serves the real app, and drives GET /api/courses/search with a
 * realistic query mix at 50 concurrent connections with autocannon, next to a plain node:http hello-world server
 * measured in the same run. Prints a Markdown table for the "Course search benchmark" section of docs/BENCHMARKS.md.
 *
 * Two runs of search besides the hello-world: the 400 searches of a realistic mix asked over and over (popular
 * searches, mostly from the answers cache), and every request a question nobody asked before (a different text each
 * time: codes in three spellings at one school or any, names with level and sequence words, typos, "from X to Y",
 * Manual Entry). The load average is printed beside the figures (the machine is shared).
 *
 * Options (environment): BENCH_DATABASE_URL, BENCH_DURATION (seconds per run, default 15), BENCH_CONNECTIONS (50),
 * BENCH_COURSES (100000), BENCH_RULES (1000000), BENCH_SCHOOLS (500), BENCH_NEW_QUESTIONS (80000);
 * BENCH_DEMO=1 measures on the demo's real data instead (scripts/support/demo-database.ts: the relevance questions
 * repeated, and new questions made from its courses and schools; 20 connections unless BENCH_CONNECTIONS says);
 * BENCH_INDEX_ONLY=1 only builds the catalogue and reports the index's build time and heap (for 1,000,000 courses).
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app';
import { startServices } from '../src/server/bootstrap';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { SearchIndex } from '../src/server/features/search/search-index';
import { readCatalogueVersion } from '../src/server/features/catalogue';
import { createLogger } from '../src/server/logger';
import { autocannon } from './support/autocannon';
import { createBenchDatabase } from './support/bench-database';
import { benchConfig, openDemoDatabase } from './support/demo-database';
import { Rng } from './transcript-layouts/random';


const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const DEMO = process.env.BENCH_DEMO === '1';
const INDEX_ONLY = process.env.BENCH_INDEX_ONLY === '1';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (DEMO ? 20 : 50));
const COURSES = Number(process.env.BENCH_COURSES ?? 100_000);
const RULES = Number(process.env.BENCH_RULES ?? 1_000_000);
const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 500);
const PER_SCHOOL = Math.ceil(COURSES / SCHOOLS);
/** Distinct questions for the "every request a new search" run: more than a 15 s run at 4,000 requests/s asks. */
const NEW_QUESTIONS = Number(process.env.BENCH_NEW_QUESTIONS ?? 80_000);

const SUBJECTS = ['ECO', 'PSY', 'AMH', 'WOH', 'ENC', 'MAC', 'STA', 'CHM', 'BSC', 'PHY', 'SYG', 'ANT', 'PHI', 'ARH', 'MUL', 'SPC', 'COP', 'ACG', 'FIN', 'MAR'];
const TOPICS = [
  'Principles of Macroeconomics', 'Principles of Microeconomics', 'General Psychology', 'United States History', 'World History',
  'English Composition', 'Calculus with Analytic Geometry', 'Elementary Statistics', 'General Chemistry', 'General Biology',
  'College Physics', 'Introduction to Sociology', 'Cultural Anthropology', 'Introduction to Philosophy', 'Art History Survey',
  'Music Appreciation', 'Public Speaking', 'Programming Fundamentals', 'Financial Accounting', 'Principles of Marketing',
  'Organic Chemistry', 'Anatomy and Physiology', 'Microbiology', 'American Government', 'Introduction to Ethics',
  'Developmental Psychology', 'Data Structures', 'Business Finance', 'Physical Geology', 'Descriptive Astronomy',
];
const LEVELS = ['I', 'II', 'Honors', 'Laboratory', 'Seminar', 'Topics'];
const STATES = ['CA', 'DE', 'FL', 'GA', 'IL', 'LA', 'MA', 'MI', 'NC', 'NJ', 'NY', 'OH', 'PA', 'TX', 'VA', 'WI'];

const sqlArray = (items: string[]) => `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(', ')}]`;

/** The synthetic catalogue, all in set-based SQL: course i is at school i / PER_SCHOOL, code SUBJECT(1000 + i % PER_SCHOOL). */
async function generateCatalogue(db: Database) {
  const step = async (label: string, sql: string) => {
    const started = Date.now();
    await db.exec(sql);
    console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  await step(
    `${SCHOOLS} schools`,
    `insert into institutions (key, name, state, control, kind)
     select 'bench-' || g, 'Bench University ' || g, (${sqlArray(STATES)})[1 + g % ${STATES.length}],
            case when g % 5 = 0 then 'private' else 'public' end, 'university'
       from generate_series(1, ${SCHOOLS}) g;
     insert into institution_aliases (alias_normalized, alias, institution_id)
     select 'bu' || i.id, 'BU ' || i.id, i.id from institutions i where i.key like 'bench-%'
     union all
     select lower(regexp_replace(i.name, '[^A-Za-z0-9]', '', 'g')), i.name, i.id from institutions i where i.key like 'bench-%';`,
  );
  await step(
    `${COURSES.toLocaleString('en-US')} courses`,
    `insert into courses (institution_id, subject, number, title, credits, description)
     select s.id, (${sqlArray(SUBJECTS)})[1 + (g % ${PER_SCHOOL}) % ${SUBJECTS.length}], (1000 + g % ${PER_SCHOOL})::text,
            (${sqlArray(TOPICS)})[1 + (g * 7) % ${TOPICS.length}] || ' ' || (${sqlArray(LEVELS)})[1 + (g / 7) % ${LEVELS.length}],
            3, case when g % 3 = 0 then 'A survey course covering the foundations of the field, with readings and problem sets.' end
       from generate_series(0, ${COURSES - 1}) g
       join institutions s on s.key = 'bench-' || (1 + g / ${PER_SCHOOL});`,
  );
  await step(
    '20% of courses offered',
    `insert into offerings (course_id, term, delivery_format, professor, professor_rating, tuition_cents, is_available, is_sample)
     select c.id, (array['summer-2024', 'fall-2024', 'winter-2025', 'spring-2025'])[1 + c.id % 4],
            (array['online', 'in-person', 'hybrid'])[1 + c.id % 3], 'Dr. Bench ' || c.id, 3 + (c.id % 20) / 10.0, 30000 + c.id % 50000,
            c.id % 7 <> 0, true
       from courses c where c.id % 5 = 0;`,
  );
  // Rule g: course (g % COURSES) to another school ((from + 1 + (g / COURSES) * 53) mod SCHOOLS); 5% do not transfer.
  await step(
    `${RULES.toLocaleString('en-US')} equivalency rules`,
    `insert into equivalency_rules (from_institution_id, to_institution_id, transfers, credits_awarded, origin, fingerprint)
     select f.id, t.id, g % 20 <> 0, 3, 'csv', 'bench-' || g
       from generate_series(0, ${RULES - 1}) g
       join institutions f on f.key = 'bench-' || (1 + (g % ${COURSES}) / ${PER_SCHOOL})
       join institutions t on t.key = 'bench-' || (1 + (((g % ${COURSES}) / ${PER_SCHOOL}) + 1 + (g / ${COURSES}) * 53) % ${SCHOOLS});`,
  );
  await step(
    'rule sources and targets',
    `insert into equivalency_rule_sources (rule_id, position, from_institution_id, subject, number)
     select r.id, 0, r.from_institution_id, (${sqlArray(SUBJECTS)})[1 + (x.g % ${COURSES} % ${PER_SCHOOL}) % ${SUBJECTS.length}],
            (1000 + x.g % ${COURSES} % ${PER_SCHOOL})::text
       from equivalency_rules r cross join lateral (select substr(r.fingerprint, 7)::int as g) x
      where r.fingerprint like 'bench-%';
     insert into equivalency_rule_targets (rule_id, position, subject, number, title, is_elective)
     select r.id, 0, s.subject, case when r.id % 10 = 1 then 'EL' else s.number end,
            case when r.id % 10 = 1 then 'Elective credit' else 'Equivalent course' end, r.id % 10 = 1
       from equivalency_rules r join equivalency_rule_sources s on s.rule_id = r.id
      where r.fingerprint like 'bench-%' and r.transfers;
     insert into equivalency_rule_targets (rule_id, position, subject, number, title)
     select r.id, 0, 'DNT', '', 'Does not transfer' from equivalency_rules r where r.fingerprint like 'bench-%' and not r.transfers;`,
  );
  await step('analyze', 'analyze');
}

/** A reproducible random number source (mulberry32), so every run asks the same questions. */
function randomFrom(seed: number) {
  const rng = new Rng(seed);
  return () => rng.next();
}

/**
 * What students type, as the text alone (`q=`, the server reads it): codes in three spellings, at a school or anywhere;
 * course names with level and sequence words; names with typos; a subject between two schools ("from X to Y"); and the
 * Manual Entry form's filters. `count` questions, each different from every other when `distinct`.
 */
function questions(count: number, seed: number): string[] {
  const random = randomFrom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const school = () => `Bench University ${1 + Math.floor(random() * SCHOOLS)}`;
  const typo = (word: string) => {
    const at = 1 + Math.floor(random() * (word.length - 2));
    return word.slice(0, at) + word.slice(at + 1);
  };
  const seen = new Set<string>();
  const paths: string[] = [];
  while (paths.length < count) {
    const k = Math.floor(random() * PER_SCHOOL);
    const subject = SUBJECTS[k % SUBJECTS.length]!;
    const number = 1000 + k;
    const topic = pick(TOPICS).toLowerCase();
    const level = pick(['', 'intro ', 'general ', 'principles of ']);
    const sequence = pick(['', ' 1', ' 2', ' I', ' II']);
    const kind = random();
    let query: string;
    if (kind < 0.3) {
      const spelling = pick([`${subject}${number}`, `${subject.toLowerCase()} ${number}`, `${subject}-${number}`]);
      query = `q=${encodeURIComponent(random() < 0.5 ? spelling : `${spelling} at ${school()}`)}`;
    } else if (kind < 0.55) query = `q=${encodeURIComponent(`${level}${topic.split(' ').slice(-2).join(' ')}${sequence}`)}`;
    else if (kind < 0.65) query = `q=${encodeURIComponent(`${typo(topic.split(' ').at(-1)!)} at ${school()}`)}`;
    else if (kind < 0.9) query = `q=${encodeURIComponent(`${level}${topic.split(' ').at(-1)}${sequence} from ${school()} to ${school()}`)}`;
    else query = `targetSubject=economics&className=${number}&transferToSchool=${encodeURIComponent(school())}&deliveryFormat=online`;
    if (seen.has(query)) continue;
    seen.add(query);
    paths.push(`/api/courses/search?${query}`);
  }
  return paths;
}

interface Figures {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function drive(url: string, paths: string[] | null): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: paths
      ? [
          {
            setupRequest: (request) => {
              request.path = paths[next++ % paths.length] ?? '/';
              return request;
            },
          },
        ]
      : undefined,
  });
  return {
    requests: result.requests.total ?? 0,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

async function openBenchDatabase(dataDir: string): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { db: await openDatabase({ dataDir, inMemory: true }), drop: async () => undefined };
  const database = await createBenchDatabase(url);
  return { db: await openDatabase({ databaseUrl: database.url, dataDir }), drop: database.drop };
}

/** One search index built at the current version: its course count, build time and heap (with --expose-gc). */
async function measureIndex(db: Database): Promise<{ courses: number; ms: number; megabytes: number }> {
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  collect();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = Date.now();
  const index = await SearchIndex.build(db, await readCatalogueVersion(db));
  const ms = Date.now() - started;
  collect();
  const megabytes = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  return { courses: index.courseCount, ms, megabytes };
}

/** The relevance benchmark's judged questions (scripts/search-relevance/), both halves: the demo's repeated mix. */
function relevanceQuestions(): string[] {
  return ['tuning', 'locked'].flatMap((half) =>
    readFileSync(join(import.meta.dirname, 'search-relevance', `questions-${half}.tsv`), 'utf8')
      .split('\n')
      .slice(1)
      .filter((line) => line.trim())
      .map((line) => `/api/courses/search?q=${encodeURIComponent(line.split('\t')[3] ?? '')}`),
  );
}

/** Questions nobody asked before, made from the demo's courses and schools: a title's words, a code, two schools. */
async function demoQuestions(db: Database, count: number): Promise<string[]> {
  const courses = await db.query<{ subject: string; number: string; title: string; school: string }>(
    `select c.subject, c.number, c.title, i.name as school from courses c join institutions i on i.id = c.institution_id
      where c.known_from = 'catalogue' order by md5(c.id::text) limit 20000`,
  );
  const targets = (await db.query<{ name: string }>(`select distinct i.name from equivalency_rules r join institutions i on i.id = r.to_institution_id`)).map((row) => row.name);
  const random = randomFrom(3);
  const seen = new Set<string>();
  const paths: string[] = [];
  for (let attempt = 0; paths.length < count && attempt < count * 5; attempt++) {
    const course = courses[Math.floor(random() * courses.length)]!;
    const target = targets[Math.floor(random() * targets.length)]!;
    const words = course.title.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 2).slice(0, 3).join(' ');
    const kind = random();
    const text =
      kind < 0.35 ? `${words} from ${course.school} to ${target}` : kind < 0.6 ? `${course.subject} ${course.number} from ${course.school} to ${target}` : kind < 0.8 ? `${words} at ${course.school}` : `${course.subject}${course.number}`;
    const path = `/api/courses/search?q=${encodeURIComponent(text)}`;
    if (seen.has(path)) continue;
    seen.add(path);
    paths.push(path);
  }
  return paths;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-bench-'));
  const demo = DEMO ? await openDemoDatabase() : null;
  const { db, drop } = demo ? { db: demo.db, drop: demo.close } : await openBenchDatabase(dataDir);
  const databaseKind = db.kind === 'embedded' ? 'embedded (PGlite)' : 'PostgreSQL';
  try {
    if (!demo) {
      console.log(`Database: ${databaseKind}. Generating the catalogue…`);
      await migrate(db);
      await generateCatalogue(db);
    }
    if (INDEX_ONLY) {
      const index = await measureIndex(db);
      console.log(`Search index: ${index.courses.toLocaleString('en-US')} courses, built in ${(index.ms / 1000).toFixed(1)} s, ${index.megabytes.toFixed(0)} MB of heap (load average ${loadavg().map((value) => value.toFixed(1)).join(' ')})`);
      return;
    }
    const config = benchConfig(dataDir);
    const deps = await startServices(config, { db, logger: createLogger('silent') });
    const { app } = createApp(deps);
    const appServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((resolve) => appServer.once('listening', resolve));
    const appPort = (appServer.address() as AddressInfo).port;
    const hello = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('hello world');
    });
    const helloPort = await listen(hello);

    const paths = demo ? relevanceQuestions() : questions(400, 1);
    const check = await fetch(`http://127.0.0.1:${appPort}${paths[0]}`);
    if (!check.ok) throw new Error(`search answered ${check.status}: ${await check.text()}`);
    // That first search started the server's own index build (search-index.ts). Build one more here to measure what
    // an index holds (heap after a full collection, with --expose-gc) and takes to build; the server's is ready by then.
    const index = await measureIndex(db);
    console.log(`Search index: ${index.courses.toLocaleString('en-US')} courses, built in ${(index.ms / 1000).toFixed(1)} s, ${index.megabytes.toFixed(0)} MB of heap`);
    await new Promise((done) => setTimeout(done, index.ms));
    console.log(`Measuring ${DURATION} s each at ${CONNECTIONS} connections…`);
    const loadBefore = loadavg().map((value) => value.toFixed(1)).join(' ');
    const helloFigures = await drive(`http://127.0.0.1:${helloPort}`, null);
    // Cold: every request a question nobody asked before (a different text each time), so nothing comes from the cache.
    const coldPaths = demo ? await demoQuestions(db, NEW_QUESTIONS) : questions(NEW_QUESTIONS, 2);
    const coldFigures = await drive(`http://127.0.0.1:${appPort}`, coldPaths);
    if (coldFigures.requests > coldPaths.length) console.log(`(more requests than new questions: ${coldFigures.requests} of ${coldPaths.length}; the last were asked again)`);
    // Warm: the 400 searches of the mix asked again and again, as popular searches are.
    for (const path of paths) await fetch(`http://127.0.0.1:${appPort}${path}`);
    const searchFigures = await drive(`http://127.0.0.1:${appPort}`, paths);
    appServer.close();
    hello.close();

    const row = (label: string, f: Figures) =>
      `| ${label} | ${Math.round(f.requestsPerSecond).toLocaleString('en-US')} | ${f.p50} | ${f.p99} | ${f.errors + f.non2xx} |`;
    console.log(`\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} CPUs (${cpus()[0]?.model.trim()}) · ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory (${(freemem() / 2 ** 30).toFixed(0)} free) · Node ${process.version}`);
    const catalogue = demo ? "the demo's real data (the seed and every reference set)" : `${SCHOOLS} schools, ${COURSES.toLocaleString('en-US')} courses, ${RULES.toLocaleString('en-US')} rules`;
    console.log(`${databaseKind}: ${catalogue}; ${CONNECTIONS} connections, ${DURATION} s; load average ${loadBefore} before, ${loadavg().map((value) => value.toFixed(1)).join(' ')} after\n`);
    console.log('| server | requests/s | p50 ms | p99 ms | errors |');
    console.log('|---|---|---|---|---|');
    console.log(row('node:http hello world', helloFigures));
    console.log(row(`search, ${databaseKind}, query mix (${paths.length} searches, repeated)`, searchFigures));
    console.log(row(`search, ${databaseKind}, every request a new search (no cache hits)`, coldFigures));
  } finally {
    if (!demo) await db.close().catch(() => undefined);
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

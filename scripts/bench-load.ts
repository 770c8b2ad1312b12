/**
 * `npm run bench:load` (tsx scripts/bench-load.ts): can one server process take 200 students at once?
 *
 * Starts the real server (`node --import tsx src/server/main.ts`, demo data, job runner on) on a free port with a
 * throw-away data folder and TRUSTED_PROXY_HEADER=x-real-ip, as behind a load balancer: first on the embedded database,
 * then, when BENCH_DATABASE_URL names a PostgreSQL server, on a fresh database created (and dropped) there.
 * Through the real API it prepares BENCH_USERS students (sign-up, profile, a transcript PDF uploaded with
 * create-upload-url → PUT → save-transcript, and its analysis started), each with an address of its own.
 * Then BENCH_USERS virtual users loop for BENCH_SECONDS, each pausing between requests for a random 0.5–1.5 ×
 * BENCH_THINK_MS (1000: a person clicking quickly; 0 = no pause, a stress test), each request one of:
 * a public course search (a mix of ~300 different searches), sign-in with e-mail and password, a profile read
 * (GET /api/student/me or /api/account/me with the session cookie) and a poll of their transcript's analysis status.
 * Any answer other than the expected one, a network error or a request slower than BENCH_TIMEOUT_MS is an error.
 * Prints a Markdown table per database for the "Load benchmark" section of docs/BENCHMARKS.md and exits with 1 when
 * there was any error. Writes nothing into the repository.
 *
 * Options (environment): BENCH_DATABASE_URL, BENCH_USERS (200), BENCH_SECONDS (60), BENCH_THINK_MS (1000), BENCH_TIMEOUT_MS (30000),
 * BENCH_BURST_START=1 (every user's first request at the same instant instead of spread over the first pause),
 * BENCH_TRANSCRIPT (tests/fixtures/transcripts/t11000.pdf), BENCH_SKIP_EMBEDDED=1, BENCH_TRACE=FILE (every request as a
 * CSV line: start second, kind, address, ms, error, in FILE-embedded.csv and FILE-postgres.csv),
 * BENCH_SERVER_NODE_OPTIONS (Node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { basename, resolve } from 'node:path';
import { DEMO_INSTITUTIONS } from '../src/server/db/seed/demo-institutions';
import { createBenchDatabase } from './support/bench-database';
import { startServerProcess } from './support/server-process';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000);
/** A user's pause between requests (a random 0.5–1.5 × this); 0 sends the next request as soon as one is answered. */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const TRANSCRIPT_PATH = resolve(process.env.BENCH_TRANSCRIPT ?? resolve(import.meta.dirname, '../tests/fixtures/transcripts/t11000.pdf'));
const TRANSCRIPT = readFileSync(TRANSCRIPT_PATH);
/** The header the load balancer overwrites with the client's address (see TRUSTED_PROXY_HEADER). */
const ADDRESS_HEADER = 'x-real-ip';
/** How many students are prepared at once. */
const SETUP_PARALLEL = 8;

/**
 * What one virtual user does, and how often (weights out of 100): a student signs in once and then searches, reads
 * their profile and watches their transcript's analysis, so about one request in twenty is a sign-in (each one costs
 * a deliberately slow password hash).
 */
const MIX = [
  { kind: 'search', weight: 45 },
  { kind: 'status', weight: 25 },
  { kind: 'profile', weight: 13 },
  { kind: 'account', weight: 12 },
  { kind: 'sign-in', weight: 5 },
] as const;
type Kind = (typeof MIX)[number]['kind'];
const LABELS: Record<Kind, string> = {
  search: 'search (`GET /api/courses/search`)',
  status: 'transcript status (`GET /api/transcripts/:id`)',
  profile: 'profile (`GET /api/student/me`)',
  account: 'account (`GET /api/account/me`)',
  'sign-in': 'sign-in (`POST /api/auth/sign-in/email`)',
};

/** ~300 different searches, as students type them: course names, codes in several spellings, typos, school pairs, filters. */
function searchPaths(): string[] {
  const names = ['macroeconomics', 'microeconomics', 'psychology', 'general psychology', 'calculus', 'statistics', 'english composition',
    'american history', 'united states history', 'world history', 'biology', 'general biology lab', 'chemistry', 'general chemistry',
    'sociology', 'public speaking', 'algebra', 'college algebra', 'accounting', 'programming', 'physics', 'philosophy', 'ethics', 'music'];
  const codes = ['ECO 2013', 'eco2013', 'ECO-2023', 'AMH 2010', 'amh2020', 'ENC 1101', 'enc1101', 'MAC 2311', 'MAC-1105', 'STA 2023', 'BSC 2010',
    'BSC 2010L', 'CHM 2045', 'PSY 2012', 'psy 2012', 'SYG 1000', 'ECON 101', 'ECON 102', 'MATH 140', 'PSYCH 1100', 'HIST 103', 'CHEM 103'];
  const typos = ['macroeconmics', 'psycology', 'calclus', 'statistcs', 'chemestry', 'sociolgy', 'biolgy', 'composittion'];
  const schools = DEMO_INSTITUTIONS.map((school) => school.name);
  const paths: string[] = [];
  const search = (params: Record<string, string>) => paths.push(`/api/courses/search?${new URLSearchParams(params).toString()}`);
  for (const name of names) search({ q: name });
  for (const code of codes) search({ q: code });
  for (const typo of typos) search({ q: typo });
  names.forEach((name, index) => {
    for (let pair = 0; pair < 6; pair++) {
      const from = schools[(index + pair) % schools.length] ?? 'Valencia College';
      const to = schools[(index * 5 + pair * 3 + 1) % schools.length] ?? 'Florida State University';
      if (from !== to) search({ q: name, transferFromSchool: from, transferToSchool: to });
    }
  });
  for (const target of DEMO_INSTITUTIONS) {
    for (const deliveryFormat of ['online', 'in-person', 'hybrid']) search({ q: 'principles', targetCollege: target.key, deliveryFormat });
    search({ targetSubject: 'economics', transferToSchool: target.name });
    search({ q: 'introduction', homeCollege: target.key, term: 'fall-2024' });
  }
  return paths;
}

interface Student {
  email: string;
  password: string;
  address: string;
  cookie: string;
  transcriptId: string;
}

const cookieFrom = (response: Response) => response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');

/** One student prepared through the real API: sign-up, profile, transcript upload, analysis started. */
async function prepareStudent(baseUrl: string, index: number): Promise<Student> {
  const address = `10.77.${(index >> 8) & 255}.${index & 255}`;
  const student = { email: `load-${index}-${Date.now()}@bench.edu`, password: `bench password ${index}`, address, cookie: '', transcriptId: '' };
  const call = async (path: string, init: { method?: string; body?: unknown; expect: number }) => {
    const response = await fetch(baseUrl + path, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, [ADDRESS_HEADER]: address, ...(student.cookie ? { cookie: student.cookie } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (response.status !== init.expect) throw new Error(`${init.method ?? 'POST'} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const signUp = await call('/api/auth/sign-up/email', { body: { email: student.email, password: student.password, name: `Load Student ${index}` }, expect: 200 });
  student.cookie = cookieFrom(signUp);
  await signUp.arrayBuffer();
  await (
    await call('/api/student/profile', {
      method: 'PUT',
      body: { fullName: `Load Student ${index}`, currentSchool: 'Valencia College', intendedMajor: 'Economics', targetSchools: ['Florida State University', 'University of Florida'] },
      expect: 200,
    })
  ).arrayBuffer();
  const slot = (await (
    await call('/api/student/create-upload-url', { body: { filename: basename(TRANSCRIPT_PATH), contentType: 'application/pdf', purpose: 'transcript' }, expect: 201 })
  ).json()) as { uploadUrl: string; key: string; method: string; headers?: Record<string, string> };
  const put = await fetch(slot.uploadUrl, { method: 'PUT', headers: { ...slot.headers, origin: baseUrl, [ADDRESS_HEADER]: address, cookie: student.cookie }, body: new Uint8Array(TRANSCRIPT) });
  if (!put.ok) throw new Error(`PUT ${slot.uploadUrl} answered ${put.status}: ${await put.text()}`);
  await put.arrayBuffer();
  const saved = (await (await call('/api/student/save-transcript', { body: { key: slot.key, name: basename(TRANSCRIPT_PATH) }, expect: 201 })).json()) as {
    transcript: { id: string };
  };
  student.transcriptId = saved.transcript.id;
  await (await call(`/api/transcripts/${student.transcriptId}/analyze`, { body: { toInstitution: 'fsu' }, expect: 202 })).arrayBuffer();
  return student;
}

interface Tally {
  times: number[];
  errors: Map<string, number>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

const TRANSCRIPT_STATES = new Set(['queued', 'reading', 'matching', 'done']);

/** One request of the given kind for this student; resolves with an error description, or null when it went as expected. */
async function request(baseUrl: string, student: Student, kind: Kind, searches: string[]): Promise<string | null> {
  const headers: Record<string, string> = { [ADDRESS_HEADER]: student.address };
  let response: Response;
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  try {
    if (kind === 'sign-in') {
      response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email: student.email, password: student.password }),
        signal,
      });
      if (response.status === 200) {
        // The browser keeps the new session; the old one stays valid until it expires, as it does for a real user.
        student.cookie = cookieFrom(response) || student.cookie;
      }
    } else {
      const path =
        kind === 'search'
          ? (searches[Math.floor(Math.random() * searches.length)] ?? '/api/courses/search?q=history')
          : kind === 'status'
            ? `/api/transcripts/${student.transcriptId}`
            : kind === 'profile'
              ? '/api/student/me'
              : '/api/account/me';
      if (kind !== 'search') headers.cookie = student.cookie;
      response = await fetch(baseUrl + path, { headers, signal });
    }
    const body = await response.text();
    // Grouped by message: the request id each error answer carries would make every one of them unique.
    if (response.status !== 200) return `HTTP ${response.status}: ${body.replace(/"requestId":"[^"]*"/, '"requestId":…').slice(0, 160)}`;
    if (kind === 'status') {
      const state = (JSON.parse(body) as { status?: string }).status ?? '';
      if (!TRANSCRIPT_STATES.has(state)) return `transcript status ${state}`;
    }
    return null;
  } catch (error) {
    const name = (error as Error).name;
    return name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${TIMEOUT_MS} ms` : `network: ${(error as Error).message}`;
  }
}

/** BENCH_USERS virtual users, each looping over the mix (pausing THINK_MS on average between requests), for BENCH_SECONDS. */
const BURST_START = process.env.BENCH_BURST_START === '1';

async function drive(baseUrl: string, students: Student[], traceFile: string | null) {
  const searches = searchPaths();
  const tallies = Object.fromEntries(MIX.map(({ kind }) => [kind, { times: [], errors: new Map() }])) as unknown as Record<Kind, Tally>;
  const totalWeight = MIX.reduce((sum, item) => sum + item.weight, 0);
  const pick = (): Kind => {
    let roll = Math.random() * totalWeight;
    for (const item of MIX) if ((roll -= item.weight) < 0) return item.kind;
    return 'search';
  };
  const loads: number[] = [loadavg()[0] ?? 0];
  const sampler = setInterval(() => loads.push(loadavg()[0] ?? 0), 5000);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const trace = traceFile ? ['start_s,kind,address,ms,error'] : null;
  await Promise.all(
    students.map(async (student) => {
      // People arrive over the first pause rather than in one instant: with pauses, each user's first request comes after
      // a random wait of up to one and a half pauses. BENCH_BURST_START=1 sends all 200 first requests at the same instant
      // (what runs before 2026-11-24 15:55 did: the first second then held every slow request of a quiet run).
      if (THINK_MS > 0 && !BURST_START) await new Promise((done) => setTimeout(done, THINK_MS * 1.5 * Math.random()));
      while (performance.now() < deadline) {
        const kind = pick();
        const sent = performance.now();
        const error = await request(baseUrl, student, kind, searches);
        const tally = tallies[kind];
        tally.times.push(performance.now() - sent);
        trace?.push(`${((sent - started) / 1000).toFixed(3)},${kind},${student.address},${Math.round(performance.now() - sent)},${error ?? ''}`);
        if (error) tally.errors.set(error, (tally.errors.get(error) ?? 0) + 1);
        if (THINK_MS > 0) await new Promise((done) => setTimeout(done, THINK_MS * (0.5 + Math.random())));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  loads.push(loadavg()[0] ?? 0);
  if (trace && traceFile) writeFileSync(traceFile, `${trace.join('\n')}\n`);
  return { tallies, elapsed, loads, searchCount: searches.length };
}

async function transcriptStates(baseUrl: string, students: Student[]): Promise<string> {
  const counts = new Map<string, number>();
  for (const student of students) {
    const response = await fetch(`${baseUrl}/api/transcripts/${student.transcriptId}`, { headers: { cookie: student.cookie, [ADDRESS_HEADER]: student.address } });
    const state = response.ok ? ((await response.json()) as { status: string }).status : `HTTP ${response.status}`;
    counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  return [...counts].map(([state, count]) => `${count} ${state}`).join(', ');
}

async function runOn(label: string, env: Record<string, string>, traceFile: string | null): Promise<number> {
  console.log(`\n== ${label} ==`);
  const server = await startServerProcess({ ...env, TRUSTED_PROXY_HEADER: ADDRESS_HEADER });
  try {
    console.log(`Server up at ${server.baseUrl}; preparing ${USERS} students (sign-up, profile, transcript upload, analysis)…`);
    const prepared = performance.now();
    const students: Student[] = [];
    for (let next = 0; next < USERS; ) {
      const batch = Array.from({ length: Math.min(SETUP_PARALLEL, USERS - next) }, (_, offset) => next + offset);
      students.push(...(await Promise.all(batch.map((index) => prepareStudent(server.baseUrl, index)))));
      next += batch.length;
    }
    console.log(`  prepared in ${((performance.now() - prepared) / 1000).toFixed(1)} s; transcripts: ${await transcriptStates(server.baseUrl, students)}`);
    console.log(`Driving ${USERS} virtual users for ${SECONDS} s…`);
    const { tallies, elapsed, loads, searchCount } = await drive(server.baseUrl, students, traceFile);
    console.log(`  transcripts after the run: ${await transcriptStates(server.baseUrl, students)}`);

    const all = MIX.flatMap(({ kind }) => tallies[kind].times).sort((a, b) => a - b);
    const errorCount = (tally: Tally) => [...tally.errors.values()].reduce((sum, count) => sum + count, 0);
    const totalErrors = MIX.reduce((sum, { kind }) => sum + errorCount(tallies[kind]), 0);
    const ms = (value: number) => Math.round(value).toLocaleString('en-US');
    console.log(
      `\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${label} · ${cpus().length} CPUs (${cpus()[0]?.model.trim()}) · ` +
        `${(totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`,
    );
    console.log(
      `${USERS} virtual users, ${elapsed.toFixed(1)} s, ${THINK_MS > 0 ? `${THINK_MS} ms average pause` : 'no pause'} between requests; ${searchCount} different searches; ` +
        `load average (1 min) during the run ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}\n`,
    );
    console.log('| request | share | count | errors | p50 ms | p99 ms |');
    console.log('|---|---|---|---|---|---|');
    for (const { kind, weight } of MIX) {
      const times = [...tallies[kind].times].sort((a, b) => a - b);
      console.log(`| ${LABELS[kind]} | ${weight}% | ${times.length.toLocaleString('en-US')} | ${errorCount(tallies[kind])} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} |`);
    }
    console.log(
      `| **all** (${Math.round(all.length / elapsed).toLocaleString('en-US')} requests/s) | 100% | ${all.length.toLocaleString('en-US')} | ${totalErrors} | ` +
        `${ms(percentile(all, 50))} | ${ms(percentile(all, 99))} |`,
    );
    for (const { kind } of MIX) {
      for (const [error, count] of tallies[kind].errors) console.log(`  ${kind}: ${count} × ${error}`);
    }
    if (totalErrors > 0) {
      const serverErrors = server.output().split('\n').filter((line) => /"level":"(error|warn)"/.test(line));
      if (serverErrors.length > 0) console.log(`\nServer warnings and errors (last 20 of ${serverErrors.length}):\n${serverErrors.slice(-20).join('\n')}`);
    }
    return totalErrors;
  } finally {
    await server.stop();
  }
}

/** BENCH_TRACE=FILE: every request of a run as a CSV line, in FILE-embedded.csv and FILE-postgres.csv. */
const traceFileFor = (database: string) => (process.env.BENCH_TRACE ? `${process.env.BENCH_TRACE}-${database}.csv` : null);
let errors = 0;
if (process.env.BENCH_SKIP_EMBEDDED !== '1') errors += await runOn('embedded database (PGlite)', {}, traceFileFor('embedded'));
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const database = await createBenchDatabase(serverUrl);
  try {
    errors += await runOn('PostgreSQL', { DATABASE_URL: database.url }, traceFileFor('postgres'));
  } finally {
    await database.drop();
  }
} else {
  console.log('\nBENCH_DATABASE_URL is not set: PostgreSQL was not measured.');
}
if (errors > 0) {
  console.error(`\n${errors} request(s) failed.`);
  process.exitCode = 1;
}

/**
 * `npm run bench:eval-queue` (tsx scripts/bench-eval-queue.ts): is the registrar's evaluation queue fast with a state
 * system's backlog, and does one decision re-decide 1,000 open reports in seconds, off the request thread?
 *
 * Generates, with set-based SQL in a temporary embedded database: 8 sending colleges, 4 destination universities with
 * 2,000-course catalogues, 20,000 students with one analysed report each and 5 undecided rows per report (100,000
 * rows; course codes skewed so a few courses are common and most are rare), open appeals on 2,000 of those rows, and
 * one course (ECO 2013, college 1 → university 1) undecided on 1,000 of the reports. Then, through the real app
 * (routing, session, admin guard, SQL, suggestions, JSON), one request at a time as a clerk's browser sends them:
 * the background ranking (after a catalogue change, when the first pages' suggestions are computed again, and with them
 * stored), the queue's first page and a deep page, the first view of pages nobody opened, the first page right after a
 * catalogue change; then one decision on ECO 2013 (the request) and its background job (the
 * re-decision of the 1,000 reports, the appeals and the e-mails), timed apart.
 *
 * Options (environment): BENCH_STUDENTS (20000), BENCH_ROWS_PER_REPORT (5), BENCH_ROUNDS (100 timed requests per row).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { rankEvaluationQueue } from '../src/server/features/evaluation-queue';
import { runPendingJobs } from '../src/server/jobs/job-handlers';
import { BENCH_APP_URL, benchAppWithAdmin, percentile } from './support/bench-admin-app';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 20_000);
const ROWS_PER_REPORT = Number(process.env.BENCH_ROWS_PER_REPORT ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const HOT_REPORTS = 1_000;
const APP_URL = BENCH_APP_URL;

const TITLES = ['Principles of Macroeconomics', 'General Psychology', 'College Algebra', 'Introduction to Sociology', 'English Composition',
  'General Chemistry', 'Biology with Lab', 'United States History', 'Public Speaking', 'Elementary Statistics', 'World Religions',
  'Introduction to Philosophy', 'Calculus', 'Art History', 'Spanish', 'Physics', 'Microeconomics', 'Anthropology', 'Music Appreciation', 'Ethics'];
const SUBJECTS = ['ECO', 'PSY', 'MAC', 'SYG', 'ENC', 'CHM', 'BSC', 'AMH', 'SPC', 'STA', 'REL', 'PHI', 'MAT', 'ARH', 'SPN', 'PHY', 'ECN', 'ANT', 'MUL', 'PHL'];
const sqlArray = (items: string[]) => `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(', ')}]`;

export async function generate(db: Database) {
  const step = async (label: string, sql: string) => {
    const started = Date.now();
    await db.exec(sql);
    console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const rows = STUDENTS * ROWS_PER_REPORT;
  await step(
    'schools and destination catalogues',
    `insert into institutions (key, name, kind) select 'bench-college-' || g, 'Bench College ' || g, 'college' from generate_series(1, 8) g;
     insert into institutions (key, name) select 'bench-university-' || g, 'Bench University ' || g from generate_series(1, 4) g;
     insert into courses (institution_id, subject, number, title, credits)
     select i.id, (${sqlArray(SUBJECTS)})[1 + c % 20], (1000 + c)::text,
            (${sqlArray(TITLES)})[1 + c % 20] || case when c >= 20 then ' ' || (c / 20) else '' end, 3
       from institutions i cross join generate_series(0, 1999) c where i.key like 'bench-university-%';`,
  );
  await step(
    `${STUDENTS.toLocaleString('en-US')} students, one analysed report each, ${rows.toLocaleString('en-US')} undecided rows`,
    `insert into "user" (id, name, email, "emailVerified", role, "createdAt", "updatedAt")
     select 'benchstudent' || g, 'Student ' || g, 'student' || g || '@bench.edu', true, 'student', now(), now()
       from generate_series(1, ${STUDENTS}) g;
     insert into transcripts (user_id, file_name, status, progress, detected_institution_id, to_institution_id, summary, created_at, analyzed_at)
     select 'benchstudent' || g, 'transcript-' || g || '.pdf', 'done', 100,
            -- The first ${HOT_REPORTS} reports go from college 1 to university 1 (the decision below re-decides them).
            (select id from institutions where key = 'bench-college-' || case when g <= ${HOT_REPORTS} then 1 else 1 + g % 8 end),
            (select id from institutions where key = 'bench-university-' || case when g <= ${HOT_REPORTS} then 1 else 1 + (g / 8) % 4 end),
            '{}'::jsonb, now() - make_interval(mins => g), now() - make_interval(mins => g)
       from generate_series(1, ${STUDENTS}) g;
     -- Course numbers skewed: (k * k) / 400 over 0..1999 puts many rows on low numbers and few on high ones.
     insert into transcript_rows (transcript_id, position, subject, number, title, credits, grade, term, status, reason)
     select t.id, p, (${sqlArray(SUBJECTS)})[1 + k % 20], (2000 + (k * k) / 2000)::text,
            (${sqlArray(TITLES)})[1 + k % 20], 3, 'B', 'Fall 2025', 'NEEDS_EVAL', 'No rule decides this course yet.'
       from (select id, row_number() over (order by created_at) as n from transcripts) t
       cross join generate_series(0, ${ROWS_PER_REPORT - 1}) p
       cross join lateral (select ((t.n * 7919 + p * 104729) % 2000)::int as k) pick;
     -- One course undecided on ${HOT_REPORTS} reports from college 1 to university 1: the decision re-decides them all.
     update transcript_rows r set subject = 'ECO', number = '2013', title = 'Principles of Macroeconomics'
       from (select t.id from transcripts t
               join institutions f on f.id = t.detected_institution_id and f.key = 'bench-college-1'
               join institutions d on d.id = t.to_institution_id and d.key = 'bench-university-1'
              order by t.created_at limit ${HOT_REPORTS}) hot
      where r.transcript_id = hot.id and r.position = 0;`,
  );
  await step(
    'open appeals on 2,000 rows',
    `insert into appeals (user_id, transcript_id, transcript_row_id, course_name, course_code, subject, number, current_school, target_school, status)
     select t.user_id, t.id, r.id, r.title, r.subject || ' ' || r.number, r.subject, r.number, 'Bench College', 'Bench University', 'submitted'
       from transcript_rows r join transcripts t on t.id = r.transcript_id
      where r.position = 1 order by t.created_at limit 2000;
     analyze;`,
  );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-bench-eval-queue-'));
  const db = await openDatabase({ dataDir, inMemory: true });
  try {
    console.log('Database: embedded (PGlite). Generating data…');
    await migrate(db);
    await generate(db);
    const { deps, app, cookie } = await benchAppWithAdmin(db, dataDir);

    const request = async (path: string, body?: unknown) => {
      const response = await app.request(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { cookie, origin: APP_URL, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const [{ pairs } = { pairs: 0 }] = await db.query<{ pairs: number }>(
      `select count(*)::int as pairs from (select distinct t.detected_institution_id, t.to_institution_id, r.code_key
         from transcript_rows r join transcripts t on t.id = r.transcript_id where r.status = 'NEEDS_EVAL') p`,
    );
    console.log(`  ${pairs?.toLocaleString('en-US')} pairs waiting`);

    const deepPage = Math.max(1, Math.floor((pairs ?? 0) / 20 / 2));
    const results: Array<{ label: string; p50: number; p99: number; max: number }> = [];
    const record = (label: string, times: number[]) => {
      times.sort((a, b) => a - b);
      results.push({ label, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0 });
      console.log(`  ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${times.length} runs)`);
    };
    const timed = async (rounds: number, before: (round: number) => Promise<unknown>, run: (round: number) => Promise<unknown>) => {
      const times: number[] = [];
      for (let round = 0; round < rounds; round++) {
        await before(round);
        const started = performance.now();
        await run(round);
        times.push(performance.now() - started);
      }
      return times;
    };
    // What an import or a rule does to the stored suggestions: the catalogue version moves on (decision 005).
    const catalogueChanges = () => db.query(`select nextval('search_catalogue_version')`);
    const nothing = async () => undefined;
    // The background ranking (after analyses and decisions, and every minute): after a catalogue change it computes the
    // first pages' suggestions again; otherwise they are stored.
    record('the ranking job after a catalogue change (every pair ranked, first 5 pages\' suggestions computed)', await timed(3, catalogueChanges, () => rankEvaluationQueue(db)));
    record('the ranking job, suggestions stored', await timed(3, nothing, () => rankEvaluationQueue(db)));
    for (const [label, path] of [
      ['queue, first page (20 pairs with suggestions)', '/api/admin/evaluation-queue'],
      [`queue, page ${deepPage} (half way down)`, `/api/admin/evaluation-queue?page=${deepPage}`],
    ] as const) {
      for (let warm = 0; warm < 3; warm++) await request(path);
      record(label, await timed(ROUNDS, nothing, () => request(path)));
    }
    // The first view of a page nobody opened since the catalogue changed: its 20 pairs' suggestions computed and stored.
    record(
      'first view of a page past the first 5 (its suggestions computed now)',
      await timed(20, nothing, (round) => request(`/api/admin/evaluation-queue?page=${deepPage + 1 + round}`)),
    );
    record('first page after a catalogue change, before the ranking job ran', await timed(20, catalogueChanges, () => request('/api/admin/evaluation-queue')));

    const [pair] = await db.query<{ from_id: number; to_id: number }>(
      `select f.id as from_id, d.id as to_id from institutions f, institutions d where f.key = 'bench-college-1' and d.key = 'bench-university-1'`,
    );
    const decisionStarted = performance.now();
    const decided = await request('/api/admin/evaluation-queue/decisions', {
      fromInstitutionId: pair!.from_id,
      toInstitutionId: pair!.to_id,
      subject: 'ECO',
      number: '2013',
      action: 'approve',
      target: { subject: 'ECO', number: '1000', title: 'Principles of Macroeconomics' },
    });
    const decisionMs = performance.now() - decisionStarted;
    const jobStarted = performance.now();
    await runPendingJobs(deps);
    const jobMs = performance.now() - jobStarted;
    const [outcome] = await db.query<{ outcome: Record<string, number> }>(`select outcome from evaluation_decisions where id = $1`, [decided.decisionId]);
    const [still] = await db.query<{ undecided: number }>(
      `select count(*)::int as undecided from transcript_rows where code_key = 'eco2013' and status = 'NEEDS_EVAL'`,
    );
    console.log(`  decision: request ${decisionMs.toFixed(0)} ms, job ${(jobMs / 1000).toFixed(2)} s, ${JSON.stringify(outcome?.outcome)}, ECO 2013 rows still undecided: ${still?.undecided}`);

    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} CPUs (${cpus()[0]?.model.trim()}) · load ${loadavg()[0]?.toFixed(1)} · ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory (${(freemem() / 2 ** 30).toFixed(0)} free) · Node ${process.version}`,
    );
    console.log(`embedded (PGlite): ${STUDENTS.toLocaleString('en-US')} students, ${(STUDENTS * ROWS_PER_REPORT).toLocaleString('en-US')} undecided rows, ${pairs?.toLocaleString('en-US')} pairs; ${ROUNDS} sequential requests per row\n`);
    console.log('| request | p50 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|');
    for (const result of results) console.log(`| ${result.label} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.max.toFixed(1)} |`);
    console.log(`| decision on a course undecided on ${HOT_REPORTS.toLocaleString('en-US')} reports: the request | ${decisionMs.toFixed(0)} | | |`);
    console.log(`| the same decision's background job (re-decide ${outcome?.outcome?.reports ?? '?'} reports, ${outcome?.outcome?.appealsResolved ?? 0} appeals, ${outcome?.outcome?.studentsMailed ?? '?'} e-mails) | ${jobMs.toFixed(0)} | | |`);
  } finally {
    await db.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench-eval-queue.ts'))
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });

/**
 * `npm run bench:admin` (tsx scripts/bench-admin.ts): is the admin area fast for a registrar's office with a big queue?
 *
 * Generates 10,000 students (profiles, 2 favorites and 2 stored transcripts each) and 50,000 appeals with set-based
 * SQL in a temporary embedded database, signs an admin in through the real auth routes, and times the admin API
 * through the real app (app.request: routing, session lookup, admin guard, SQL, JSON), one request at a time, as a
 * clerk's browser sends them. PGlite runs one query at a time, so concurrency would only queue behind it.
 * Prints a Markdown table for the "Admin area benchmark" section of docs/BENCHMARKS.md.
 *
 * Options (environment): BENCH_STUDENTS (10000), BENCH_APPEALS (50000), BENCH_ROUNDS (200 timed requests per row).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, freemem, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { BENCH_APP_URL, benchAppWithAdmin, percentile } from './support/bench-admin-app';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const APPEALS = Number(process.env.BENCH_APPEALS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const APP_URL = BENCH_APP_URL;

const COURSES = ['Principles of Macroeconomics', 'General Psychology', 'College Algebra', 'Introduction to Sociology', 'English Composition I',
  'General Chemistry', 'Biology I with Lab', 'United States History', 'Public Speaking', 'Elementary Statistics'];
const SCHOOLS = ['University of Florida', 'Florida State University', 'University of Central Florida', 'Florida International University',
  'University of South Florida', 'University of Delaware', 'Ohio State University', 'Penn State University'];
const COLLEGES = ['Valencia College', 'Miami Dade College', 'Hillsborough Community College', 'Broward College'];
const sqlArray = (items: string[]) => `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(', ')}]`;

async function generate(db: Database) {
  const step = async (label: string, sql: string) => {
    const started = Date.now();
    await db.exec(sql);
    console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  await step(
    `${STUDENTS.toLocaleString('en-US')} students with profiles and favorites`,
    `insert into "user" (id, name, email, "emailVerified", role, "createdAt", "updatedAt")
     select 'benchstudent' || g, 'Student ' || g, 'student' || g || '@bench.edu', true, 'student',
            now() - make_interval(mins => g), now()
       from generate_series(1, ${STUDENTS}) g;
     insert into student_profiles (user_id, full_name, current_school, intended_major)
     select 'benchstudent' || g, 'Student ' || g, (${sqlArray(COLLEGES)})[1 + g % ${COLLEGES.length}],
            case when g % 3 = 0 then '' else 'Economics' end
       from generate_series(1, ${STUDENTS}) g;
     insert into favorite_schools (user_id, school, school_normalized)
     select 'benchstudent' || g, s.school, lower(regexp_replace(s.school, '[^A-Za-z0-9]', '', 'g'))
       from generate_series(1, ${STUDENTS}) g
       cross join lateral (select (${sqlArray(SCHOOLS)})[1 + (g + k) % ${SCHOOLS.length}] as school from generate_series(0, 1) k) s;`,
  );
  await step(
    `${(STUDENTS * 2).toLocaleString('en-US')} stored transcripts`,
    `insert into stored_files (storage_key, owner_id, purpose, original_name, content_type, size_bytes, status, stored_at)
     select 'transcripts/' || gen_random_uuid(), 'benchstudent' || (1 + g % ${STUDENTS}), 'transcript', 'transcript-' || g || '.pdf',
            'application/pdf', 50000 + g % 200000, 'stored', now()
       from generate_series(1, ${STUDENTS * 2}) g;
     insert into transcripts (user_id, file_id, file_name, status, created_at)
     select f.owner_id, f.id, f.original_name, 'saved', f.created_at from stored_files f where f.purpose = 'transcript';`,
  );
  await step(
    `${APPEALS.toLocaleString('en-US')} appeals`,
    `insert into appeals (user_id, course_name, course_code, current_school, target_school, notes, status, created_at, updated_at)
     select 'benchstudent' || (1 + g % ${STUDENTS}),
            (${sqlArray(COURSES)})[1 + g % ${COURSES.length}],
            'SUB ' || (1000 + g % 3000),
            (${sqlArray(COLLEGES)})[1 + g % ${COLLEGES.length}],
            (${sqlArray(SCHOOLS)})[1 + (g / 7) % ${SCHOOLS.length}],
            'The syllabus for this course covers the same material as the destination course; appeal number ' || g || '.',
            case when g % 10 < 5 then 'submitted' when g % 10 < 8 then 'in_review' else 'resolved' end,
            now() - make_interval(secs => g * 10), now() - make_interval(secs => g * 10)
       from generate_series(1, ${APPEALS}) g;
     analyze;`,
  );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-bench-admin-'));
  const db = await openDatabase({ dataDir, inMemory: true });
  try {
    console.log('Database: embedded (PGlite). Generating data…');
    await migrate(db);
    await generate(db);
    const { app, cookie } = await benchAppWithAdmin(db, dataDir);

    const get = async (path: string) => {
      const response = await app.request(path, { headers: { cookie, origin: APP_URL } });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const secondStudents = (await get('/api/admin/students')).nextCursor as string;
    const secondAppeals = (await get('/api/admin/appeals?status=submitted')).nextCursor as string;
    const secondDue = (await get('/api/admin/appeals?status=submitted&sort=due')).nextCursor as string;
    const secondBySchool = (await get('/api/admin/appeals?status=&sort=school')).nextCursor as string;
    const ucf = encodeURIComponent('University of Central Florida');

    const cases: Array<[string, string]> = [
      ['stats', '/api/admin/stats'],
      ['students, first page', '/api/admin/students'],
      ['students, second page (cursor)', `/api/admin/students?cursor=${secondStudents}`],
      ['students, search "student 4242"', '/api/admin/students?q=student%204242'],
      ['students, search "broward"', '/api/admin/students?q=broward'],
      ['appeals, all', '/api/admin/appeals?status='],
      ['appeals, submitted (the default)', '/api/admin/appeals?status=submitted'],
      ['appeals, submitted, second page', `/api/admin/appeals?status=submitted&cursor=${secondAppeals}`],
      ['appeals, in review', '/api/admin/appeals?status=in_review'],
      ['appeals, resolved', '/api/admin/appeals?status=resolved'],
      ['appeals, all, search "macroeconomics"', '/api/admin/appeals?status=&q=macroeconomics'],
      ['appeals, submitted, search "student 777"', '/api/admin/appeals?status=submitted&q=student%20777'],
      ['appeals, all, search "central florida"', '/api/admin/appeals?status=&q=central%20florida'],
      ['appeals, all, search with no match', '/api/admin/appeals?status=&q=zzzzqqq'],
      // The clerk's queue (issue 26): each sort, the school filter, both together, and the counts.
      ['queue: submitted, due date (the default)', '/api/admin/appeals?status=submitted&sort=due'],
      ['queue: submitted, due date, second page', `/api/admin/appeals?status=submitted&sort=due&cursor=${secondDue}`],
      ['queue: all, due date', '/api/admin/appeals?status=&sort=due'],
      ['queue: pending, due date', '/api/admin/appeals?status=pending&sort=due'],
      ['queue: resolved, newest', '/api/admin/appeals?status=resolved&sort=newest'],
      ['queue: all, by school', '/api/admin/appeals?status=&sort=school'],
      ['queue: all, by school, second page', `/api/admin/appeals?status=&sort=school&cursor=${secondBySchool}`],
      ['queue: in review, by school', '/api/admin/appeals?status=in_review&sort=school'],
      ['queue: one school, due date', `/api/admin/appeals?status=&school=${ucf}&sort=due`],
      ['queue: one school, submitted, due date', `/api/admin/appeals?status=submitted&school=${ucf}&sort=due`],
      ['queue: one school, pending, newest', `/api/admin/appeals?status=pending&school=${ucf}&sort=newest`],
      ['queue: one school, submitted, search "macroeconomics", due date', `/api/admin/appeals?status=submitted&school=${ucf}&q=macroeconomics&sort=due`],
      ['queue: all, search "student 777", by school', '/api/admin/appeals?status=&q=student%20777&sort=school'],
      ['queue: counts', '/api/admin/appeals/counts'],
      ['queue: counts, one school', `/api/admin/appeals/counts?school=${ucf}`],
    ];
    const results: Array<{ label: string; p50: number; p99: number; max: number }> = [];
    for (const [label, path] of cases) {
      for (let warm = 0; warm < 5; warm++) await get(path);
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        await get(path);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.push({ label, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0 });
      console.log(`  ${label}: p99 ${percentile(times, 99).toFixed(1)} ms`);
    }

    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} CPUs (${cpus()[0]?.model.trim()}) · ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory (${(freemem() / 2 ** 30).toFixed(0)} free) · Node ${process.version}`,
    );
    console.log(`embedded (PGlite): ${STUDENTS.toLocaleString('en-US')} students, ${(STUDENTS * 2).toLocaleString('en-US')} transcripts, ${APPEALS.toLocaleString('en-US')} appeals; ${ROUNDS} sequential requests per row\n`);
    console.log('| request | p50 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|');
    for (const result of results) console.log(`| ${result.label} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.max.toFixed(1)} |`);
  } finally {
    await db.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * `npm test`: the one command that proves the repository is healthy. Runs type-check, lint, unit and API tests
 * (on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set; without it the run says plainly that the
 * PostgreSQL pass did not run) and the browser tests, then prints one closing line "N passed, N failed" that CI reads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];

function run(label: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  return result.status === 0;
}

/** A check that is not a test runner counts as one test. */
function check(label: string, command: string, args: string[]) {
  if (run(label, command, args)) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

function vitest(label: string, projects: string[], env: Record<string, string> = {}) {
  const report = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(label, 'npx', ['vitest', 'run', ...projects.flatMap((name) => ['--project', name]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  if (!existsSync(report)) {
    failed++;
    failures.push(`${label} (no report)`);
    return;
  }
  const summary = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
  skipped += summary.numPendingTests + summary.numTodoTests;
  if (!ok) {
    if (summary.numFailedTests === 0) failed++; // a run that failed outside any test (an unhandled error, a broken set-up)
    failures.push(label);
  }
}

const only = process.argv[2];
if (!only || only === 'static') {
  check('type-check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  check('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
}
if (!only || only === 'unit') vitest('unit and API tests (embedded PGlite)', ['unit', 'api']);
/** Passes that were not run, said at the time and again beside the closing line: a pass nobody ran proves nothing. */
const notRun: string[] = [];
if (!only || only === 'postgres') {
  if (process.env.TEST_DATABASE_URL) vitest('API tests (PostgreSQL)', ['api'], { TEST_DB: 'postgres' });
  else {
    const notice = 'API tests on PostgreSQL NOT RUN: TEST_DATABASE_URL is not set (start a server with `bash .ci/start-postgres.sh DIR PORT` and set it to the URL it prints)';
    console.log(`\n=== ${notice} ===`);
    notRun.push(notice);
  }
}
if (!only || only === 'e2e') vitest('browser tests (Chromium)', ['e2e']);

for (const notice of notRun) console.log(`\n${notice}.`);
console.log(`\n${failures.length ? `Failed: ${failures.join(', ')}` : 'All green.'}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

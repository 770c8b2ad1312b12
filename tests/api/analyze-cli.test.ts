import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const fixture = resolve(root, 'tests/fixtures/transcripts/t11002.pdf');
const run = promisify(execFile);

/**
 * `npm run analyze` is how transcript accuracy is judged (the project's scoring tool, score-transcripts.mjs, runs
 * `npm run --silent analyze -- FILE --json`), so the command is tested exactly that way, file first.
 */
describe('npm run analyze', () => {
  it('reads a transcript given first, before --json, and prints the institution and its rows as JSON', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'analyze', '--', fixture, '--json'], { cwd: root, timeout: 120_000 });
    const answer = JSON.parse(stdout) as { institution: string; rows: Array<{ subject: string; number: string; grade: string | null }> };
    expect(answer.institution).toMatch(/Florida International University/);
    expect(answer.rows.length).toBe(8);
    expect(answer.rows[0]).toMatchObject({ subject: 'POS', number: '2042', grade: 'S' });
  }, 150_000);

  it('answers with the usage line and exit code 2 when no file is given', async () => {
    await expect(run('npm', ['run', '--silent', 'analyze', '--', '--json'], { cwd: root, timeout: 60_000 })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: tsx scripts/analyze.ts FILE'),
    });
  }, 90_000);
});

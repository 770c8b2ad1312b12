/** `npm test` (scripts/test-all.ts) says plainly which pass it did not run, instead of leaving it out without a word. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

describe('npm test', () => {
  it('says that the PostgreSQL pass did not run when TEST_DATABASE_URL is not set', () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.TEST_DATABASE_URL;
    // Only the PostgreSQL pass: with no database named, it runs nothing and must say so.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/test-all.ts', 'postgres'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(run.stdout).toContain('API tests on PostgreSQL NOT RUN: TEST_DATABASE_URL is not set');
    // Said again right before the closing line, where whoever reads the end of the run looks.
    expect(lines.at(-1)).toBe('tests: 0 passed, 0 failed');
    expect(lines.slice(-5).join('\n')).toContain('NOT RUN');
  });
});

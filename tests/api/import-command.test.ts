import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';

// `npm run import` as a newcomer runs it (bundled to JavaScript by scripts/run-compiled.mjs), on a folder that holds no
// database yet (so the bundle must still find the migrations beside migrate.ts).
const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const folder = mkdtempSync(join(tmpdir(), 'crosswalk-import-command-'));
afterAll(async () => {
  await new Promise((done) => setTimeout(done, 500)); // PGlite finishes flushing shortly after close()
  rmSync(folder, { recursive: true, force: true });
});

async function importCommand(file: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(folder, 'data') };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'import', '--', file], { cwd: root, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.skipIf(process.env.TEST_DB === 'postgres')('npm run import (the command, embedded database)', () => {
  const rules = join(folder, 'rules.csv');
  writeFileSync(
    rules,
    'source_university,source_code,source_name,target_university,target_code,target_name,credits\n' +
      'Command Test College,ECO 2013,Macroeconomics,UW-Madison,ECON 102,Principles of Macroeconomics,3\n' +
      'Command Test College,MAC 1105,College Algebra,UW-Madison,MATH 112,Algebra,3\n',
  );

  it('creates the database, loads a rules file, and changes nothing the second time', async () => {
    const first = await importCommand(rules);
    expect(first.stderr).not.toMatch(/Error/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Rules .*rules\.csv: 2 rows .*inserted 2, updated 0, unchanged 0/);

    const again = await importCommand(rules);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/inserted 0, updated 0, unchanged 2/);
  }, 120_000);

  it('names the line and column of a bad row, saves nothing and exits with 1', async () => {
    const bad = join(folder, 'bad.csv');
    writeFileSync(bad, 'source_university,source_code,source_name,target_university,target_code,target_name,credits\nA College,ABC 1,A,UW-Madison,ZZZ 1,B,three\n');
    const result = await importCommand(bad);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('line 2, credits: "three" is not a number');
    expect(result.stdout).toContain('1 errors: nothing saved');
  }, 120_000);

  it('refuses while a server holds the database', async () => {
    const server = await openDatabase({ dataDir: join(folder, 'data') });
    try {
      const result = await importCommand(rules);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('is already open in another process');
    } finally {
      await server.close();
    }
  }, 120_000);
});

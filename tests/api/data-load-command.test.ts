import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';

// `npm run data:load` and `npm run data:list` as a school runs them, on a folder that holds no database yet.
const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const folder = mkdtempSync(join(tmpdir(), 'crosswalk-data-load-'));
afterAll(async () => {
  await new Promise((done) => setTimeout(done, 500)); // PGlite finishes flushing shortly after close()
  rmSync(folder, { recursive: true, force: true });
});

async function npm(script: 'data:load' | 'data:list', ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(folder, 'data') };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], { cwd: root, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.skipIf(process.env.TEST_DB === 'postgres')('npm run data:load / data:list (the commands, embedded database)', () => {
  it('loads a named set with a summary, changes nothing the second time, and lists it as loaded', async () => {
    const first = await npm('data:load', 'catalog-usf-sample');
    expect(first.stderr).not.toMatch(/Error/);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('catalog-usf-sample loaded in');
    expect(first.stdout).toContain('courses: 120 new, 0 changed, 0 unchanged');
    expect(first.stdout).toMatch(/1 set loaded in [\d.]+ s \(database: embedded\)/);

    const again = await npm('data:load', 'catalog-usf-sample');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('courses: 0 new, 0 changed, 120 unchanged');

    const list = await npm('data:list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^catalog-usf-sample\s+120 courses\s+loaded\s+University of South Florida/m);
    expect(list.stdout).toMatch(/^wisconsin-transfer-rules\s+125,503 rules\s+not loaded/m);
    expect(list.stdout).toMatch(/^programs-ohio-state\s+328 requirements\s+not loaded/m);
  }, 180_000);

  it('names the known sets for a wrong name and exits with 2', async () => {
    const result = await npm('data:load', 'catalog-uf');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/No reference set named "catalog-uf"\. Known sets: [a-z-, ]*catalog-ufl, /);
  }, 120_000);

  it('refuses while a server holds the database; the list still shows the sets', async () => {
    const server = await openDatabase({ dataDir: join(folder, 'data') });
    try {
      const result = await npm('data:load', 'catalog-usf-sample');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('is already open in another process');
      const list = await npm('data:list');
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(/^catalog-usf-sample\s+120 courses\s+\?/m);
      expect(list.stdout).toContain('is already open in another process');
    } finally {
      await server.close();
    }
  }, 180_000);
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { loadProgramsSet, programsSetFolder } from '../../src/server/features/programs';
import { createInstitution } from '../support/factories';

const root = resolve(import.meta.dirname, '../..');
const fixture = resolve(root, 'tests/fixtures/transcripts/t11000.pdf');
const run = promisify(execFile);
let dataDir: string;

/** `npm run analyze -- FILE --to SCHOOL --program CODE --json` on an embedded database of its own (the command opens DATA_DIR). */
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-analyze-program-'));
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db);
    for (const [key, name] of [
      ['valencia', 'Valencia College'],
      ['fsu', 'Florida State University'],
    ]) {
      const school = await createInstitution(db, { key, name });
      await db.query(`update institutions set florida_statewide_numbering = true where id = $1`, [school.id]);
    }
    await loadProgramsSet(db, programsSetFolder('florida-general-education-core'));
  } finally {
    await db.close();
  }
}, 120_000);
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const analyze = (...args: string[]) => run('npm', ['run', '--silent', 'analyze', '--', fixture, ...args], { cwd: root, timeout: 120_000, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });

describe('npm run analyze --program', () => {
  it('adds the requirements (with the transcript codes that fill them) and, on each row, what it counts toward', async () => {
    const { stdout } = await analyze('--to', 'fsu', '--program', 'FL-GEN-ED-CORE-2015', '--json');
    const answer = JSON.parse(stdout) as {
      program: string;
      requirements: Array<{ id: string; name: string; complete: boolean; appliedCredits: number; remainingCredits: number | null; courses: string[] }>;
      rows: Array<{ subject: string; number: string; countsToward: string[] }>;
    };
    expect(answer.program).toBe('FL-GEN-ED-CORE-2015');
    expect(answer.requirements.find((requirement) => requirement.id === 'FL-GEN-ED-CORE-2015:COMM')).toEqual({
      id: 'FL-GEN-ED-CORE-2015:COMM',
      name: 'Communication',
      complete: true,
      status: 'complete',
      verified: true,
      appliedCredits: 3,
      remainingCredits: null,
      courses: ['ENC 1101'],
    });
    expect(answer.requirements.find((requirement) => requirement.name === 'Humanities')).toMatchObject({ complete: false, courses: [] });
    expect(answer.rows.find((row) => row.number === '1101')?.countsToward).toEqual(['FL-GEN-ED-CORE-2015:COMM']);
    expect(answer.rows.find((row) => row.number === '1102')?.countsToward).toEqual([]);
  }, 150_000);

  it('names the school\'s programs when the code is not one of them, with exit code 2', async () => {
    await expect(analyze('--to', 'fsu', '--program', 'NOPE', '--json')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('FL-GEN-ED-CORE-2015') });
    await expect(analyze('--program', 'FL-GEN-ED-CORE-2015')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--program needs') });
  }, 150_000);
});

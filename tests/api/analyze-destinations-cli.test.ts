import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { loadProgramsSet, programsSetFolder } from '../../src/server/features/programs';
import { createCourse, createInstitution, createRule } from '../support/factories';

const root = resolve(import.meta.dirname, '../..');
// Valencia College: ENC 1101 and other statewide-numbered courses.
const fixture = resolve(root, 'tests/fixtures/transcripts/t11000.pdf');
const run = promisify(execFile);
let dataDir: string;

/** `npm run analyze -- FILE --destinations --json` on an embedded database of its own (the command opens DATA_DIR). */
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-analyze-destinations-'));
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db);
    const ids: Record<string, number> = {};
    for (const [key, name] of [
      ['valencia', 'Valencia College'],
      ['fsu', 'Florida State University'],
      ['ucf', 'University of Central Florida'],
    ] as const) {
      ids[key] = (await createInstitution(db, { key, name })).id;
      await db.query(`update institutions set florida_statewide_numbering = true where id = $1`, [ids[key]]);
    }
    const emory = await createInstitution(db, { key: 'emory', name: 'Emory University', state: 'GA', control: 'private' });
    await createRule(db, { from: ids.valencia!, to: emory.id, sources: [{ subject: 'ENC', number: '1101' }], targets: [{ subject: 'ENGRD', number: '101', title: 'Writing' }] });
    const catalogueOnly = await createInstitution(db, { key: 'catalogue-only', name: 'Catalogue Only College', state: 'GA' });
    await createCourse(db, catalogueOnly.id, { subject: 'ENC', number: '1101', title: 'Composition' });
    await loadProgramsSet(db, programsSetFolder('florida-general-education-core'));
  } finally {
    await db.close();
  }
}, 120_000);
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const analyze = (...args: string[]) => run('npm', ['run', '--silent', 'analyze', '--', fixture, ...args], { cwd: root, timeout: 120_000, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });

interface Entry {
  school: string;
  state: string | null;
  transferCredits: number;
  byClass: Record<string, number>;
  program?: { name: string; appliedCredits: number; remainingCredits: number | null };
}

describe('npm run analyze --destinations', () => {
  it('prints { destinations } ranked by the credits that transfer, split by class, with the major’s program where loaded', async () => {
    const { stdout } = await analyze('--destinations', '--major', 'general education', '--json');
    const answer = JSON.parse(stdout) as { destinations: Entry[] };
    expect(Object.keys(answer)).toEqual(['destinations']);
    const names = answer.destinations.map((entry) => entry.school);
    // Florida's statewide numbering decides at the two public universities; one rule at Emory; nothing at the catalogue-only school.
    expect(names.slice(0, 2).sort()).toEqual(['Florida State University', 'University of Central Florida']);
    expect(names).toContain('Emory University');
    expect(names).not.toContain('Catalogue Only College');
    const credits = answer.destinations.map((entry) => entry.transferCredits);
    expect(credits).toEqual([...credits].sort((a, b) => b - a));
    const fsu = answer.destinations.find((entry) => entry.school === 'Florida State University')!;
    expect(Object.keys(fsu)).toEqual(['school', 'state', 'transferCredits', 'byClass', 'program']);
    expect(fsu.byClass['specific-course']).toBeGreaterThan(0);
    expect(Object.values(fsu.byClass).length).toBe(8);
    expect(fsu.program).toMatchObject({ appliedCredits: expect.any(Number) });
    expect(fsu.program!.appliedCredits).toBeGreaterThan(0);
    const emory = answer.destinations.find((entry) => entry.school === 'Emory University')!;
    expect(emory).toMatchObject({ state: 'GA', transferCredits: 3 });
    expect(emory.program).toBeUndefined();
  }, 150_000);

  it('says in words which schools it could not rank, and refuses --major without --destinations', async () => {
    const { stdout } = await analyze('--destinations');
    expect(stdout).toMatch(/Not enough information[^\n]*Catalogue Only College/);
    expect(stdout).toMatch(/each school decides finally/);
    await expect(analyze('--major', 'biology')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--major needs') });
  }, 150_000);
});

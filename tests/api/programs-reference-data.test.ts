import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProgramsSet, PROGRAMS_SETS, programsSetFolder } from '../../src/server/features/programs/reference-data/load-programs-set';
import { createInstitution } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** Every reference-data/programs set loads through the admin import, a second load changes nothing, and what the sources flag stays flagged. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, name] of [
    ['ohio-state', 'The Ohio State University'],
    ['uw-madison', 'University of Wisconsin-Madison'],
    ['delaware', 'University of Delaware'],
    ['william-mary', 'William & Mary'],
  ]) {
    await createInstitution(t.deps.db, { key, name });
  }
});
afterAll(async () => {
  await t?.close();
});

const doubtOf = async (code: string) => {
  const [row] = await t.deps.db.query<{ doubtful: string | null; options: string[] }>(`select doubtful, options from program_requirements where code = $1`, [code]);
  return row;
};

describe('loading the reference program data', () => {
  it('loads each set, and loading it again changes nothing', async () => {
    const counts: Record<string, number> = {};
    for (const set of PROGRAMS_SETS) {
      const first = await loadProgramsSet(t.deps.db, programsSetFolder(set));
      expect(first.result, set).toMatchObject({ saved: true, errorCount: 0, updated: 0, removed: 0 });
      counts[set] = first.result.inserted;
      const again = await loadProgramsSet(t.deps.db, programsSetFolder(set));
      expect(again.result, set).toMatchObject({ saved: true, inserted: 0, updated: 0, removed: 0, unchanged: first.result.inserted });
      if (again.rules) expect(again.rules, set).toMatchObject({ inserted: 0, updated: 0 });
    }
    // programs + requirements (+ attributes, exam rules) as the folders' READMEs count them.
    expect(counts).toMatchObject({ 'florida-general-education-core': 2 + 10, 'ohio-state-buckiplan': 19 + 328 + 84, 'louisiana-degreelink-dcc-uno': 2 + 25 });
    const [programs] = await t.deps.db.query<{ n: number }>(`select count(*)::int as n from programs`);
    expect(Number(programs!.n)).toBe(2 + 19 + 3 + 1 + 1 + 2);
  });

  it('keeps what the sources flag as doubtful, and never drops an option silently', async () => {
    expect(await doubtOf('UNO-BIOL-BS:G7')).toMatchObject({ doubtful: expect.stringContaining('GEOG 10001') });
    // Every row of the Louisiana pilot is doubtful (its SOURCE.txt: verify before showing to students).
    const [pilot] = await t.deps.db.query<{ n: number; doubtful: number }>(
      `select count(*)::int as n, count(r.doubtful)::int as doubtful from program_requirements r join programs p on p.id = r.program_id where p.code in ('UNO-BIOL-BS', 'DCC-AS-BIO')`,
    );
    expect(Number(pilot!.doubtful)).toBe(Number(pilot!.n));
    // "2182H" lacks its subject: not an option, and the row says so.
    expect(await doubtOf('OSU-CSE:R1.4')).toMatchObject({ options: ['MATH 1172', 'MATH 2162.01', 'MATH 2162.02'], doubtful: expect.stringContaining('2182H') });
    // W&M's COLL 200 cannot be told from the catalogue: no options, and doubtful.
    expect(await doubtOf('WM-COLL-2021:COLL200-ALV')).toMatchObject({ options: [], doubtful: expect.stringContaining('COLL 200') });
    // An Ohio State exam rule whose credits look wrong in the source.
    const [film] = await t.deps.db.query<{ doubtful: string | null }>(`select doubtful from exam_credit_rules where exam = 'Film'`);
    expect(film!.doubtful).toMatch(/34 credits for one exam looks wrong/);
  });
});

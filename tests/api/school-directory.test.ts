import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchoolSearchResponse } from '../../src/shared/schemas/equivalencies';
import { createInstitution as createSchool, findInstitution, resolveSchoolName } from '../../src/server/features/institutions';
import { loadReferenceSets } from '../../src/server/reference-data/load-reference-sets';
import { pickReferenceSets } from '../../src/server/reference-data/reference-sets';
import { identifyIssuingSchool } from '../../src/server/features/transcripts/issuing-school';
import { createTestApp, type TestApp } from '../support/test-app';

// The `institutions` reference set (the federal IPEDS directory) as `npm run data:load -- institutions` and the demo
// load it, on the embedded database and on PostgreSQL (TEST_DB=postgres), over schools already on file.
let t: TestApp;
const actor = { id: null, email: 'school-directory test' };
let first: Awaited<ReturnType<typeof loadReferenceSets>>;

beforeAll(async () => {
  t = await createTestApp();
  // On file before the directory: as an admin, the demo or another set made them.
  await createSchool({ db: t.deps.db, actor, input: { name: 'UW-Madison', key: 'uw-madison', state: 'WI', aliases: [] } });
  await createSchool({ db: t.deps.db, actor, input: { name: 'Tallahassee Community College', key: 'tcc', state: 'FL', aliases: ['TCC'] } });
  await createSchool({ db: t.deps.db, actor, input: { name: 'Miami University', key: 'miami-ohio', state: 'OH', aliases: ['Miami of Ohio'] } });
  await createSchool({ db: t.deps.db, actor, input: { name: 'Made-Up Test College', key: 'made-up', state: 'FL', aliases: [] } });
  // As the demo names a school: its full name, and a loose alias ("Tallahassee") that names another school in the state.
  await createSchool({ db: t.deps.db, actor, input: { name: 'Florida State University', key: 'fsu-demo', state: 'FL', aliases: ['FSU', 'Tallahassee'] } });
  first = await loadReferenceSets({ db: t.deps.db, sets: pickReferenceSets(['institutions']), actor });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

async function pick(q: string, state?: string) {
  const response = await t.app.request(`/api/schools?${new URLSearchParams({ q, ...(state ? { state } : {}) })}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as SchoolSearchResponse).schools;
}

const unitidOf = async (id: number) => (await t.deps.db.query<{ ipeds_unitid: number | null }>(`select ipeds_unitid from institutions where id = $1`, [id]))[0]?.ipeds_unitid ?? null;

describe('the institutions reference set', () => {
  it('adds every directory school, matches the schools on file to their rows, and a second load changes nothing', async () => {
    expect(first[0]?.status).toBe('loaded');
    expect(first[0]?.outcome?.written.schools).toEqual({ inserted: 6_316 - 4, updated: 4, unchanged: 0 });
    expect(first[0]?.outcome?.notes.join(' ')).toContain('1 schools on file are in no directory row (Made-Up Test College)');

    const schools = await t.deps.db.query<{ key: string; name: string; ipeds_unitid: number | null }>(
      `select key, name, ipeds_unitid from institutions where key in ('uw-madison', 'tcc', 'miami-ohio', 'made-up', 'fsu-demo') order by key`,
    );
    expect(schools.map((school) => [school.key, school.name, school.ipeds_unitid === null ? null : Number(school.ipeds_unitid)])).toEqual([
      // Its own name decides; the loose alias does not leave it unmatched beside a second copy of itself.
      ['fsu-demo', 'Florida State University', 134097],
      ['made-up', 'Made-Up Test College', null],
      ['miami-ohio', 'Miami University', 204024],
      // Renamed in 2024: the school on file takes its name now, the old one stays an alias.
      ['tcc', 'Tallahassee State College', 137759],
      // An admin's name stays.
      ['uw-madison', 'UW-Madison', 240444],
    ]);
    expect((await findInstitution(t.deps.db, 'Tallahassee Community College'))?.key).toBe('tcc');
    expect((await findInstitution(t.deps.db, 'University of Wisconsin-Madison'))?.key).toBe('uw-madison');

    const again = await loadReferenceSets({ db: t.deps.db, sets: pickReferenceSets(['institutions']), actor });
    expect(again[0]?.outcome?.written.schools).toEqual({ inserted: 0, updated: 0, unchanged: 6_316 });
    const [count] = await t.deps.db.query<{ n: number }>(`select count(*)::int as n from institutions where ipeds_unitid is not null`);
    expect(Number(count?.n)).toBe(6_316);
  });
});

describe('GET /api/schools: any school by the names students use', () => {
  it.each([
    ['LSU', 159391],
    ['Madison College', 238263],
    ['LA Tech', 159647],
    ['Ole Miss', 176017],
    ['Georgia Tech', 139755],
    ['Kapiolani CC', 141796],
    ['De Anza', 113333],
    ['Texas A&M', 228723],
    ['UCF', 132903],
    ['MDC', 135717],
  ])('"%s" puts its school first', async (q, unitid) => {
    const [top] = await pick(q);
    expect(top).toBeDefined();
    expect(await unitidOf(top!.id)).toBe(unitid);
    expect(top!.exact).toBe(true);
  });

  it('while typing, "UW Madison" and "uw mad" find UW-Madison; a name two schools share lists both, the student’s state first', async () => {
    for (const q of ['UW Madison', 'uw mad', 'wisconsin madison']) expect((await pick(q)).map((school) => school.key)).toContain('uw-madison');
    expect((await pick('UW Madison'))[0]?.key).toBe('uw-madison');
    const uno = await pick('UNO', 'NE');
    expect(uno.slice(0, 2).map((school) => school.name)).toEqual(['University of Nebraska at Omaha', 'University of New Orleans']);
    expect((await pick('UNO', 'LA'))[0]?.name).toBe('University of New Orleans');
  });

  it('before anything is typed, offers the spec’s first choices that are on file', async () => {
    const response = await t.app.request('/api/schools?list=destination');
    expect(response.status).toBe(200);
    const { schools } = (await response.json()) as SchoolSearchResponse;
    expect(schools.map((school) => school.key)).toEqual(['miami-ohio']);
  });

  it('resolves a name in a state, and a web address', async () => {
    const uno = await resolveSchoolName(t.deps.db, 'UNO', { states: ['LA'] });
    expect([uno.school?.name, uno.decidedBy]).toEqual(['University of New Orleans', 'state']);
    expect((await resolveSchoolName(t.deps.db, 'UNO')).ambiguous).toBe(true);
  });
});

describe('the issuing school of a transcript, decided against the directory', () => {
  const header = (...names: string[]) => names.map((name, index) => ({ name, score: 10 - index, where: 'header' as const }));
  const issuer = async (
    candidates: Array<{ name: string; printedAs?: string; score: number; where: 'header' | 'furniture' }>,
    webAddresses: string[] = [],
    besideNames: string[] = [],
    topLines: string[] = [],
  ) => {
    const found = await identifyIssuingSchool(t.deps.db, { candidates, webAddresses, besideNames, topLines });
    return { unitid: found.school ? await unitidOf(found.school.id) : null, printedName: found.printedName, how: found.how, choices: found.choices.map((choice) => choice.name) };
  };

  it('a residential college that is no school gives way to the university printed beside it (UCSD, not Earl Warren College)', async () => {
    expect(await issuer(header('Earl Warren College', 'University of California San Diego'))).toMatchObject({ unitid: 110680, how: 'name' });
  });

  it('a school named only in the furniture gives way to the web address’s school (UF, not Eastern Florida State College)', async () => {
    const furniture = [{ name: 'Eastern Florida State College', score: 1, where: 'furniture' as const }];
    expect(await issuer(furniture, ['www.registrar.ufl.edu'])).toMatchObject({ unitid: 134130, how: 'web-address' });
    expect(await issuer([...header('University of Florida'), ...furniture], ['www.ufl.edu'])).toMatchObject({ unitid: 134130, how: 'name-and-web-address' });
  });

  it('a name the reader cut short is the web address’s school that begins with it (CSU Global, not Colorado State University)', async () => {
    expect(await issuer(header('Colorado State University'), ['csuglobal.edu'])).toMatchObject({ unitid: 476975 });
  });

  it('a name the reader stopped at its kind is the one directory school that begins with it', async () => {
    expect(await issuer(header('Texas Chiropractic College'))).toMatchObject({ unitid: 228866, how: 'name' });
    // A longer name is another school: Queen's University (Canada) is not Queens University of Charlotte.
    expect(await issuer(header("Queen's University"))).toMatchObject({ unitid: null, printedName: "Queen's University" });
  });

  it('a name several schools share is the one whose city or state is printed beside it', async () => {
    expect(await issuer(header('Westminster College'), [], ['Westminster College', 'New Wilmington'])).toMatchObject({ unitid: 216807 });
    expect(await issuer(header('Westminster College'), [], ['WESTMINSTER COLLEGE', '501 Westminster Ave, Fulton, MO 65251'])).toMatchObject({ unitid: 179946 });
    expect(await issuer(header('DeVry University'), [], ['DeVry University', 'Miramar'])).toMatchObject({ unitid: 482459 });
    // Nothing printed beside it: the student is asked, with the schools it may be.
    const asked = await issuer(header('Westminster College'), [], ['Westminster College']);
    expect(asked.unitid).toBeNull();
    expect(asked.choices.length).toBeGreaterThan(1);
  });

  it('a name that runs on after its kind word is tried as printed; a top line that is a school’s own name is that school', async () => {
    expect(await issuer([{ name: 'Columbia College', printedAs: 'Columbia College Chicago', score: 9, where: 'header' }])).toMatchObject({ unitid: 144281, printedName: 'Columbia College Chicago' });
    expect(await issuer([{ name: 'Radford University', printedAs: 'Radford University-Carilion', score: 9, where: 'header' }])).toMatchObject({ unitid: 231837 });
    expect(await issuer([], [], [], ['Unofficial Transcript', 'Douglas Education Center', 'Student: Avery Tindale'])).toMatchObject({ unitid: 212045 });
  });

  it('old names and short names: Tallahassee Community College, LSU by its web address alone', async () => {
    expect(await issuer(header('Tallahassee Community College'))).toMatchObject({ unitid: 137759, printedName: 'Tallahassee Community College' });
    expect(await issuer([], ['https://www.lsu.edu/registrar'])).toMatchObject({ unitid: 159391, how: 'web-address' });
  });

  it('a page that names no school, or a name two schools share, decides nothing: the student picks', async () => {
    expect(await issuer([])).toEqual({ unitid: null, printedName: null, how: null, choices: [] });
    expect(await issuer(header('Pine Hollow University'))).toEqual({ unitid: null, printedName: 'Pine Hollow University', how: null, choices: [] });
    const shared = await issuer(header('UNO'));
    expect(shared.unitid).toBeNull();
    expect(shared.choices).toEqual(expect.arrayContaining(['University of New Orleans', 'University of Nebraska at Omaha']));
  });
});

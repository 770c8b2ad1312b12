import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails, CourseSearchResponse } from '../../src/shared/schemas/course';
import { importCatalogCsv } from '../../src/server/features/equivalencies';
import { loadReferenceSets, readReferenceDataStatus } from '../../src/server/reference-data/load-reference-sets';
import { referenceFiles, type ReferenceFiles } from '../../src/server/reference-data/reference-files';
import { pickReferenceSets, type ReferenceSet } from '../../src/server/reference-data/reference-sets';
import { emptyOutcome, importCourseRows } from '../../src/server/reference-data/set-loaders';
import { createInstitution } from '../support/factories';
import { writeReferenceFile as writeReference } from '../support/reference-folder';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let folder: string;
let files: ReferenceFiles;
const actor = { id: null, email: 'reference-data test' };

const writeReferenceFile = (path: string, text: string) => writeReference(folder, path, text);

beforeAll(async () => {
  t = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'crosswalk-reference-'));
  files = referenceFiles(folder);
  writeReferenceFile(
    'florida/statewide-course-inventory.csv.gz',
    ['course_id,title,num_inst,institutions', 'ENC1101,ENGLISH COMPOSITION I,4,MDC;FSU;VC;KU', 'SPC2608,PUBLIC SPEAKING,2,MDC;FSU', 'ENC2930,SPECIAL TOPICS,2,MDC;FSU'].join('\n'),
  );
  writeReferenceFile(
    'louisiana/common-course-matrix.csv.gz',
    [
      'ccn,ccn_title,AAA,BBB,CCC',
      'CENL 1013,English Composition I,ENGL 101,ENGL 1157,ENGL 110 or 111',
      'CBIO 1014,General Biology I (Lec + Lab),BIOL 101 & 102,BIOL ***,***',
      'CHUM 1003,Humanities,HUMA 101,GHUM 3,',
    ].join('\n'),
  );
  writeReferenceFile(
    'louisiana/common-course-pairs.csv.gz',
    [
      'lccn,lccn_title,institution_code,institution_name,institution_course_raw,match_type',
      'CENL 1013,English Composition I,AAA,Alpha Test Community College,ENGL 101,specific_course',
      'CENL 1013,English Composition I,BBB,Beta Test University,ENGL 1157,specific_course',
      'CENL 1013,English Composition I,CCC,Gamma Test State University,ENGL 110 or 111,specific_course',
    ].join('\n'),
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

const load = (names: string[], options: { rowsPerTransaction?: { rules: number; courses: number } } = {}) =>
  loadReferenceSets({ db: t.deps.db, sets: pickReferenceSets(names), actor, files, ...options });

async function search(params: Record<string, string>) {
  const response = await t.app.request(`/api/courses/search?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CourseSearchResponse;
}

describe('florida-statewide-inventory: loaded the way the product reads statewide numbering', () => {
  it('flags the public schools, gives them their statewide courses (never over a school’s own), and search answers from it; a second load changes nothing', async () => {
    // Florida State University already has its own catalogue entry for ENC 1101: the inventory must not overwrite it.
    await importCatalogCsv({ db: t.deps.db, input: 'institution,subject,number,title,credits,description\nFlorida State University,ENC,1101,College Composition,3,FSU’s own text\n' });
    const [first] = await load(['florida-statewide-inventory']);
    expect(first?.status).toBe('loaded');
    expect(first?.outcome?.written).toMatchObject({ schools: { inserted: 39, updated: 1 }, courses: { inserted: 6, unchanged: 1 } });
    const schools = await t.deps.db.query<{ key: string; state: string; florida_statewide_numbering: boolean; control: string }>(
      `select key, state, florida_statewide_numbering, control from institutions where name in ('Miami Dade College', 'Florida State University', 'Hillsborough College')`,
    );
    expect(schools).toHaveLength(3);
    expect(schools.every((school) => school.state === 'FL' && school.florida_statewide_numbering && school.control === 'public')).toBe(true);
    const [fsuCourse] = await t.deps.db.query<{ title: string; description: string }>(
      `select c.title, c.description from courses c join institutions i on i.id = c.institution_id where i.name = 'Florida State University' and c.subject = 'ENC' and c.number = '1101'`,
    );
    expect(fsuCourse).toEqual({ title: 'College Composition', description: 'FSU’s own text' });

    // Statewide numbering: Miami Dade's ENC 1101 transfers to FSU with no rule on file; special topics (x900) does not.
    const results = (await search({ q: 'ENC', transferFromSchool: 'Miami Dade College', transferToSchool: 'Florida State University', limit: '20' })).results;
    expect(results.find((result) => result.courseNumber === 'ENC 1101' && result.school === 'Miami Dade College')).toMatchObject({ transferStatus: 'fully' });
    expect(results.find((result) => result.courseNumber === 'ENC 2930' && result.school === 'Miami Dade College')).toMatchObject({ transferStatus: 'unknown' });

    const [again] = await load(['florida-statewide-inventory']);
    expect(again?.outcome?.written).toMatchObject({ schools: { inserted: 0, updated: 0, unchanged: 40 }, courses: { inserted: 0, updated: 0, unchanged: 7 } });
  });
});

describe('louisiana-common-course-matrix: rules between every pair of schools', () => {
  it('loads in pieces what one transaction would store, and the course page shows the rules', async () => {
    // Pieces of one rule and one course: a group (BIOL 101 & 102) must still arrive whole.
    const [inPieces] = await load(['louisiana-common-course-matrix'], { rowsPerTransaction: { rules: 1, courses: 1 } });
    expect(inPieces?.status).toBe('loaded');
    expect(inPieces?.outcome?.written).toMatchObject({ schools: { inserted: 3 }, courses: { inserted: 5 }, rules: { inserted: 10, updated: 0 } });
    const [whole] = await load(['louisiana-common-course-matrix']);
    expect(whole?.outcome?.written).toMatchObject({ courses: { inserted: 0, unchanged: 5 }, rules: { inserted: 0, updated: 0, unchanged: 10 } });

    const [school] = await t.deps.db.query<{ state: string; kind: string }>(`select state, kind from institutions where name = 'Alpha Test Community College'`);
    expect(school).toEqual({ state: 'LA', kind: 'community-college' });
    const alpha = (await search({ q: 'ENGL 101', transferFromSchool: 'Alpha Test Community College', limit: '10' })).results.find((result) => result.school === 'Alpha Test Community College');
    expect(alpha).toBeTruthy();
    const details = (await (await t.app.request(`/api/courses/${alpha!.id}`)).json()) as CourseDetails;
    const byTarget = Object.fromEntries(details.transfers.map((transfer) => [transfer.toSchool.name, transfer]));
    expect(byTarget['Beta Test University']).toMatchObject({ status: 'fully', equivalentAt: 'Beta Test University: ENGL 1157 English Composition I' });
    expect(byTarget['Gamma Test State University']?.notes).toContain('lists ENGL 110 or ENGL 111');
  });
});

describe('loading sets', () => {
  it('records each set’s state: loaded with what it stored, failed with why, and the next set still loads', async () => {
    const failing: ReferenceSet = {
      name: 'failing-test-set',
      title: 'A set with a wrong row',
      brief: 'a wrong set',
      files: ['florida/statewide-course-inventory.csv.gz'],
      rows: 1,
      unit: 'courses',
      async load(context) {
        const outcome = emptyOutcome();
        await importCourseRows(context, outcome, { header: ['institution', 'subject', 'number', 'title'], rows: [['Nowhere College', 'BIO', '', 'No number']], total: 1 });
        return outcome;
      },
    };
    // A school's own course stays as it is: a catalogue set adds only what is missing.
    await importCatalogCsv({ db: t.deps.db, input: 'institution,subject,number,title,credits,description\nUniversity of South Florida,ACG,2021,Our Own Accounting,3,Our text\n' });
    const results = await loadReferenceSets({ db: t.deps.db, sets: [failing, ...pickReferenceSets(['catalog-usf-sample'])], actor });
    expect(results.map((result) => [result.set.name, result.status])).toEqual([
      ['failing-test-set', 'failed'],
      ['catalog-usf-sample', 'loaded'],
    ]);
    expect(results[0]?.message).toBe('1 rows were refused; the first, row 2 (number): is empty');
    expect(results[1]?.outcome?.written.courses).toEqual({ inserted: 119, updated: 0, unchanged: 1 });
    const [own] = await t.deps.db.query<{ title: string }>(
      `select c.title from courses c join institutions i on i.id = c.institution_id where i.name = 'University of South Florida' and c.subject = 'ACG' and c.number = '2021'`,
    );
    expect(own?.title).toBe('Our Own Accounting');
    const status = await readReferenceDataStatus(t.deps.db);
    const byName = Object.fromEntries(status.sets.map((set) => [set.name, set]));
    expect(byName['catalog-usf-sample']).toMatchObject({ state: 'loaded', stored: '120 courses, 1 school', percent: null });
    expect(byName['wisconsin-transfer-rules']).toMatchObject({ state: 'not-loaded', rows: 125_503, unit: 'rules' });
    expect(byName['programs-ohio-state']).toMatchObject({ state: 'not-loaded', rows: 328, unit: 'requirements' });
    expect(status.loading).toBe(false);
  });

  it('names every set a load will get to at once, waiting its turn, as the start says (issue 40)', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((done) => (release = done));
    let begin = () => undefined as void;
    const begun = new Promise<void>((done) => (begin = done));
    const slow: ReferenceSet = {
      name: 'slow-test-set',
      title: 'A set that waits',
      brief: 'a slow set',
      files: ['florida/statewide-course-inventory.csv.gz'],
      rows: 1,
      unit: 'courses',
      async load() {
        begin();
        await held;
        return emptyOutcome();
      },
    };
    const loading = loadReferenceSets({ db: t.deps.db, sets: [slow, ...pickReferenceSets(['catalog-usf-sample'])], actor });
    await begun;
    const during = await readReferenceDataStatus(t.deps.db);
    expect(during.loading).toBe(true);
    expect(during.sets.find((set) => set.name === 'catalog-usf-sample')).toMatchObject({ state: 'waiting', percent: null });
    expect(during.sets.find((set) => set.name === 'wisconsin-transfer-rules')?.state).toBe('not-loaded');
    release();
    await loading;
    const after = await readReferenceDataStatus(t.deps.db);
    expect(after.sets.find((set) => set.name === 'catalog-usf-sample')?.state).toBe('loaded');
    expect(after.loading).toBe(false);
  });
});

describe('program sets: the programs feature’s loader, through the registry', () => {
  it('load on a database that knows none of their schools, a second load changes nothing, and the overview lists them', async () => {
    const sets = pickReferenceSets(['programs-ohio-state', 'programs-louisiana-dcc-uno']);
    const first = await loadReferenceSets({ db: t.deps.db, sets, actor });
    expect(first.map((result) => [result.set.name, result.status, result.message])).toEqual([
      ['programs-ohio-state', 'loaded', undefined],
      ['programs-louisiana-dcc-uno', 'loaded', undefined],
    ]);
    // Ohio State: 19 programs, 328 requirements and 84 exam-credit rules; Louisiana: 2 programs, 25 requirements and the pilot's rules.
    expect(first[0]?.outcome?.written).toEqual({ schools: { inserted: 1, updated: 0, unchanged: 0 }, 'program data rows': { inserted: 19 + 328 + 84, updated: 0, unchanged: 0 } });
    expect(first[1]?.outcome?.written).toMatchObject({ schools: { inserted: 2 }, 'program data rows': { inserted: 2 + 25 }, rules: { inserted: expect.any(Number) } });
    const schools = await t.deps.db.query<{ name: string; state: string; kind: string }>(
      `select name, state, kind from institutions where name in ('The Ohio State University', 'Delgado Community College', 'University of New Orleans') order by name`,
    );
    expect(schools).toEqual([
      { name: 'Delgado Community College', state: 'LA', kind: 'community-college' },
      { name: 'The Ohio State University', state: 'OH', kind: 'university' },
      { name: 'University of New Orleans', state: 'LA', kind: 'university' },
    ]);
    const [programs] = await t.deps.db.query<{ n: number }>(`select count(*)::int as n from programs`);
    expect(Number(programs!.n)).toBe(19 + 2);

    const again = await loadReferenceSets({ db: t.deps.db, sets, actor });
    expect(again[0]?.outcome?.written).toEqual({ schools: { inserted: 0, updated: 0, unchanged: 1 }, 'program data rows': { inserted: 0, updated: 0, unchanged: 19 + 328 + 84 } });
    expect(again[1]?.outcome?.written).toMatchObject({ 'program data rows': { inserted: 0, updated: 0 }, rules: { inserted: 0, updated: 0 } });

    const status = await readReferenceDataStatus(t.deps.db);
    expect(status.sets.find((set) => set.name === 'programs-ohio-state')).toMatchObject({ state: 'loaded', stored: '431 program data rows, 1 school' });
  }, 120_000);

  it('finds a school a rules file made under its short name, gives it its full name and keeps the short one', async () => {
    // As `npm run data:load -- wisconsin-transfer-rules` leaves it: the school named as the rules file writes it.
    await createInstitution(t.deps.db, { name: 'UW-Madison', key: 'uw-madison-test', state: 'WI' });
    const [loaded] = await loadReferenceSets({ db: t.deps.db, sets: pickReferenceSets(['programs-uw-madison-gen-ed']), actor });
    expect([loaded?.status, loaded?.message]).toEqual(['loaded', undefined]);
    expect(loaded?.outcome?.written).toMatchObject({ schools: { inserted: 0, updated: 1 } });
    const schools = await t.deps.db.query<{ name: string }>(
      `select i.name from institutions i join institution_aliases a on a.institution_id = i.id where a.alias_normalized in ('uwmadison', 'universityofwisconsinmadison') group by i.name`,
    );
    expect(schools).toEqual([{ name: 'University of Wisconsin-Madison' }]);
  }, 120_000);
});

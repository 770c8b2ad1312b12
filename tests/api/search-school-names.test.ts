import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSearchResponse } from '../../src/shared/schemas/course';
import { importCatalogCsv, importEquivalencyCsv } from '../../src/server/features/equivalencies';
import { loadReferenceSets } from '../../src/server/reference-data/load-reference-sets';
import { pickReferenceSets } from '../../src/server/reference-data/reference-sets';
import { createTestApp, type TestApp } from '../support/test-app';

// Searches that name schools the way students do, sent as the text alone (as any client, a link or a saved search
// sends it), over the federal directory and rules written the way the reference data writes them.
let t: TestApp;
const actor = { id: null, email: 'search-school-names test' };

beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceSets({ db: t.deps.db, sets: pickReferenceSets(['institutions']), actor });
  // Schools named as Louisiana's matrix and the Wisconsin rules name them ("Madison Area Tech. College").
  const rules = [
    'source_university,source_code,source_name,target_university,target_code,target_name,credits',
    '"Louisiana State University (A&M, Baton Rouge)",MATH 1550,Analytic Geometry and Calculus I,Southeastern Louisiana University,MATH 200,Analytic Geometry and Calculus I,5',
    'Louisiana Tech University,ENGL 101,Composition I,"Louisiana State University (A&M, Baton Rouge)",ENGL 1001,English Composition,3',
    'Delgado Community College,ENGL 101,English Composition I,University of New Orleans,ENGL 1157,English Composition I,3',
    'Madison Area Tech. College,BIOLOGY 10806,General Biology,UW-Madison,BIOLOGY 151,Introductory Biology,4',
  ].join('\n');
  const imported = await importEquivalencyCsv({ db: t.deps.db, input: rules, actor });
  expect(imported.errorCount).toBe(0);
  await importCatalogCsv({
    db: t.deps.db,
    input: ['institution,subject,number,title,credits,description', 'Delgado Community College,ENGL,101,English Composition I,3,', 'Madison Area Tech. College,BIOLOGY,10806,General Biology,4,'].join('\n'),
    keepExisting: true,
  });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

async function search(params: Record<string, string>) {
  const response = await t.app.request(`/api/courses/search?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CourseSearchResponse;
}

describe('GET /api/courses/search?q= with the text alone: schools by the names students use', () => {
  it.each([
    ['MATH 1550 from LSU to Southeastern Louisiana University', 'Louisiana State University and Agricultural & Mechanical College', 'Southeastern Louisiana University', 'MATH 1550', 'Southeastern Louisiana University: MATH 200 Analytic Geometry and Calculus I'],
    ['ENGL 101 from Louisiana Tech to LSU', 'Louisiana Tech University', 'Louisiana State University and Agricultural & Mechanical College', 'ENGL 101', 'Louisiana State University and Agricultural & Mechanical College: ENGL 1001 English Composition'],
    ['intro biology from Madison College to UW-Madison', 'Madison Area Technical College', 'University of Wisconsin-Madison', 'BIOLOGY 10806', 'University of Wisconsin-Madison: BIOLOGY 151 Introductory Biology'],
    ['English comp from Delgado to UNO', 'Delgado Community College', 'University of New Orleans', 'ENGL 101', 'University of New Orleans: ENGL 1157 English Composition I'],
  ])('%s', async (q, home, target, first, equivalentAt) => {
    const body = await search({ q });
    expect(body.home).toMatchObject({ name: home, hasCourses: true });
    expect(body.target).toMatchObject({ name: target, hasTransferRules: true });
    expect(body.schoolNote).toBeNull();
    expect(body.results[0]).toMatchObject({ school: home, courseNumber: first, transferStatus: 'fully', equivalentAt });
  });

  it('takes a destination with no rules as a real answer, saying what is known and what the student can do', async () => {
    const body = await search({ q: 'English comp from Delgado to Ole Miss' });
    expect(body.target).toMatchObject({ name: 'University of Mississippi', hasTransferRules: false });
    expect(body.schoolNote).toMatch(/^Crosswalk has no transfer rules into University of Mississippi yet, so it cannot say how these courses count there\. Ask University of Mississippi's registrar/);
    expect(body.results[0]).toMatchObject({ school: 'Delgado Community College', courseNumber: 'ENGL 101', transferStatus: 'unknown' });
  });

  it('asks which school a shared name means when nothing in the search says, and the student’s pick decides', async () => {
    const asked = await search({ q: 'English comp to UNO' });
    expect(asked.target?.key).toBeNull();
    expect(asked.target?.choices?.map((choice) => choice.name).sort()).toEqual(['University of Nebraska at Omaha', 'University of New Orleans']);
    expect(asked.results).toEqual([]);
    const orleans = asked.target!.choices!.find((choice) => choice.state === 'LA')!;
    const picked = await search({ q: 'English comp', targetCollege: orleans.key, searchType: 'smart' });
    expect(picked.target).toMatchObject({ key: orleans.key, name: 'University of New Orleans' });
    // The state decides too.
    expect((await search({ q: 'English comp to UNO', state: 'LA' })).target?.name).toBe('University of New Orleans');
  });

  it('leaves a school out when the student removed it, and reads names given as filters the same way', async () => {
    const withoutHome = await search({ q: 'English comp from Delgado to UNO', ignoreTextSchools: 'from', searchType: 'smart' });
    expect(withoutHome.home).toBeNull();
    expect(withoutHome.target?.name).toBe('University of New Orleans');
    const byFilters = await search({ q: 'ENGL 101', transferFromSchool: 'Delgado', transferToSchool: 'UNO' });
    expect([byFilters.home?.name, byFilters.target?.name]).toEqual(['Delgado Community College', 'University of New Orleans']);
  });
});

/**
 * Search finds a sending school's course through everything Crosswalk knows (issue 22): its catalogue, the courses
 * rules name (also right after an admin's upload), Florida's statewide numbering; the destination's course is named
 * only when its catalogue or a rule names it; format, term and level filters; words that find nothing are said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogCsv } from '../../src/server/features/equivalencies';
import type { CourseDetails, CourseSearchResponse } from '../../src/shared/schemas/course';
import { createCourse, createInstitution, createOffering, createRule } from '../support/factories';
import { createTestApp, randomAddress, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const tag = () => Math.random().toString(36).slice(2, 8);

async function floridaSchool(name: string, aliases: string[] = []) {
  const school = await createInstitution(t.deps.db, { name, state: 'FL', aliases });
  await t.deps.db.query(`update institutions set florida_statewide_numbering = true where id = $1`, [school.id]);
  return school;
}

async function search(params: Record<string, string>) {
  const response = await t.app.request(`/api/courses/search?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CourseSearchResponse;
}

const byNumber = (answer: CourseSearchResponse) => Object.fromEntries(answer.results.map((result) => [result.courseNumber, result]));

describe('course search: courses a rule names', () => {
  it('finds a course only a rule names, by code, by title and under an alias of its school, with the engine’s verdict', async () => {
    const alias = `UWO-${tag()}`;
    const from = await createInstitution(t.deps.db, { name: `Oshkosh Campus ${tag()}`, state: 'WI', aliases: [alias] });
    const to = await createInstitution(t.deps.db, { name: `Madison Campus ${tag()}`, state: 'WI' });
    await createRule(t.deps.db, {
      from: from.id,
      to: to.id,
      sources: [{ subject: 'MATH', number: '171', title: 'Calculus I', credits: 4 }],
      targets: [{ subject: 'MATH', number: '221', title: 'Calculus and Analytic Geometry 1', credits: 5 }],
    });

    const byTitle = await search({ q: 'calculus', transferFromSchool: alias, transferToSchool: to.name });
    expect(byTitle.results).toEqual([
      expect.objectContaining({
        courseNumber: 'MATH 171',
        courseName: 'Calculus I',
        knownFrom: 'rule',
        transferStatus: 'fully',
        equivalentAt: `${to.name}: MATH 221 Calculus and Analytic Geometry 1`,
        reason: expect.stringContaining('MATH 221'),
        offeringCount: 0,
      }),
    ]);
    const byCode = await search({ q: 'math 171' });
    expect(byCode.results.find((result) => result.school === from.name)).toMatchObject({ transferStatus: 'fully', knownFrom: 'rule' });

    // The card opens a course page that gives the same answer.
    const details = (await (await t.app.request(`/api/courses/${byTitle.results[0]!.id}`)).json()) as CourseDetails;
    expect(details.transfers).toEqual([expect.objectContaining({ status: 'fully', toSchool: { key: to.key, name: to.name } })]);
  });

  it('finds a rule an admin uploads through Course Data Upload at once, and a later catalogue makes it a catalogue course', async () => {
    const from = await floridaSchool(`Upload State College ${tag()}`);
    const to = await floridaSchool(`Upload University ${tag()}`);
    const before = await search({ q: 'psychology', transferFromSchool: from.name, transferToSchool: to.name });
    expect(before.results).toEqual([]);

    const csv = [
      'source_university,source_code,source_name,target_university,target_code,target_name,credits,notes',
      `${from.name},PSY 2012,General Psychology,${to.name},PSY 2012,Introduction to Psychology,3,`,
    ].join('\n');
    const uploaded = await t.app.request('/api/admin/equivalencies/import', {
      method: 'POST',
      headers: { 'content-type': 'text/csv', origin: TEST_APP_URL, 'x-real-ip': randomAddress(), cookie: admin.cookie },
      body: csv,
    });
    expect(uploaded.status).toBe(200);

    const after = await search({ q: 'psychology', transferFromSchool: from.name, transferToSchool: to.name });
    expect(after.results).toEqual([
      expect.objectContaining({
        courseNumber: 'PSY 2012',
        knownFrom: 'rule',
        transferStatus: 'fully',
        equivalentAt: `${to.name}: PSY 2012 Introduction to Psychology`,
      }),
    ]);

    const catalogue = await importCatalogCsv({
      db: t.deps.db,
      input: ['institution,subject,number,title,credits,description', `${from.name},PSY,2012,General Psychology,3,Mind and behaviour.`].join('\n'),
    });
    expect(catalogue).toMatchObject({ saved: true });
    const [row] = await t.deps.db.query<{ known_from: string; count: number }>(
      `select known_from, count(*) over ()::int as count from courses where institution_id = $1`,
      [from.id],
    );
    expect(row).toEqual({ known_from: 'catalogue', count: 1 });
  });
});

describe('course search: Florida statewide numbering names the destination’s course only when its catalogue does', () => {
  it('ECON 201 from a college numbering it ECO 2013: named at a university that lists it, "not in the catalogue yet" at one that does not', async () => {
    const college = await floridaSchool(`Dade Test College ${tag()}`, [`DTC${tag()}`]);
    const listed = await floridaSchool(`International Test University ${tag()}`);
    const unlisted = await floridaSchool(`Central Test University ${tag()}`);
    await createCourse(t.deps.db, college.id, { subject: 'ECO', number: '2013', title: 'PRINCIPLES OF MACROECONOMICS' });
    await createCourse(t.deps.db, college.id, { subject: 'ECO', number: '2023', title: 'PRINCIPLES OF MICROECONOMICS' });
    await createCourse(t.deps.db, listed.id, { subject: 'ECO', number: '2013', title: 'Principles of Macroeconomics', credits: 3 });

    const named = await search({ q: 'ECON 201', className: 'ECON 201', transferFromSchool: college.name, transferToSchool: listed.name });
    expect(named.results.map((result) => result.courseNumber)).toEqual(['ECO 2013']);
    expect(named.results[0]).toMatchObject({
      transferStatus: 'fully',
      equivalentAt: `${listed.name}: ECO 2013 Principles of Macroeconomics`,
      transferNote: null,
      reason: expect.stringContaining("Florida's statewide course numbering"),
    });

    const unnamed = await search({ q: 'ECO 2013', transferFromSchool: college.name, transferToSchool: unlisted.name });
    expect(byNumber(unnamed)['ECO 2013']).toMatchObject({
      transferStatus: 'fully',
      equivalentAt: null,
      transferNote: `Transfers under Florida's statewide course numbering; ${unlisted.name}'s course is not in Crosswalk's catalogue yet`,
    });
  });
});

describe('course search: format, term and level; words that find nothing', () => {
  it('filters by format, term and level; courses with no schedule on file come after the matches, and are said to be unknown', async () => {
    const college = await floridaSchool(`Format Test College ${tag()}`);
    const onlineIntro = await createCourse(t.deps.db, college.id, { subject: 'PSY', number: '2012', title: 'General Psychology' });
    await createOffering(t.deps.db, onlineIntro.id, { deliveryFormat: 'online', term: 'summer-2024' });
    const inPerson = await createCourse(t.deps.db, college.id, { subject: 'DEP', number: '2004', title: 'Developmental Psychology' });
    await createOffering(t.deps.db, inPerson.id, { deliveryFormat: 'in-person', term: 'fall-2024' });
    await createCourse(t.deps.db, college.id, { subject: 'CLP', number: '2140', title: 'Abnormal Psychology' });
    await createCourse(t.deps.db, college.id, { subject: 'PSY', number: '4604', title: 'History of Psychology' });
    const numbers = (answer: CourseSearchResponse) => answer.results.map((result) => result.courseNumber).sort();

    const online = await search({ q: 'psychology', transferFromSchool: college.name, deliveryFormat: 'online', level: 'lower' });
    expect(online.results.map((result) => [result.courseNumber, result.schedule])).toEqual([
      ['PSY 2012', 'matches'],
      ['CLP 2140', 'unknown'],
    ]);
    expect(online.scheduleNote).toMatch(/^Schedule unknown: no sections of these courses are on file/);
    expect(numbers(await search({ q: 'psychology', transferFromSchool: college.name, level: 'lower' }))).toEqual(['CLP 2140', 'DEP 2004', 'PSY 2012']);
    expect(numbers(await search({ q: 'psychology', transferFromSchool: college.name, level: 'upper' }))).toEqual(['PSY 4604']);

    // No hybrid section anywhere: the courses whose schedule is not on file (not the in-person or online ones), said so.
    const hybrid = await search({ q: 'psychology', transferFromSchool: college.name, deliveryFormat: 'hybrid' });
    expect(numbers(hybrid)).toEqual(['CLP 2140', 'PSY 4604']);
    expect(hybrid.scheduleNote).toBe(
      'Schedule unknown: no sections of these courses are on file, so Crosswalk cannot tell whether they are offered as hybrid. Check with the school.',
    );
  });

  it('lists a course whose schedule is unknown after every course that matches, however well its words match (issue 40)', async () => {
    // Valencia → UCF, "calculus", Online, Summer: a course with an online summer section, one whose one known section
    // is in person, and better-matching ones with no section on file at all.
    const college = await floridaSchool(`Schedule Test College ${tag()}`);
    const online = await createCourse(t.deps.db, college.id, { subject: 'MAC', number: '2233', title: 'Calculus for Business, Economics and the Social Sciences' });
    await createOffering(t.deps.db, online.id, { deliveryFormat: 'online', term: 'summer-2027' });
    const inPerson = await createCourse(t.deps.db, college.id, { subject: 'MAC', number: '2311', title: 'Calculus I' });
    await createOffering(t.deps.db, inPerson.id, { deliveryFormat: 'in-person', term: 'summer-2027' });
    await createCourse(t.deps.db, college.id, { subject: 'MAC', number: '2312', title: 'Calculus II' });
    await createCourse(t.deps.db, college.id, { subject: 'MAC', number: '2313', title: 'Calculus III' });
    const query = { q: 'calculus', transferFromSchool: college.name, deliveryFormat: 'online', term: 'summer-2027' };

    const answer = await search({ ...query, limit: '2' });
    expect(answer.total).toBe(3);
    expect(answer.results.map((result) => [result.courseNumber, result.schedule, result.term])).toEqual([
      ['MAC 2233', 'matches', 'Summer 2027'],
      ['MAC 2312', 'unknown', null],
    ]);
    expect(answer.scheduleNote).toBe(
      'Schedule unknown: no sections of these courses are on file, so Crosswalk cannot tell whether they are offered online in Summer 2027. Check with the school.',
    );
    const next = await search({ ...query, limit: '2', cursor: answer.nextCursor! });
    expect(next.results.map((result) => [result.courseNumber, result.schedule])).toEqual([['MAC 2313', 'unknown']]);
    // Never hidden: without the filters the same courses, MAC 2311 too.
    const all = await search({ q: 'calculus', transferFromSchool: college.name });
    expect(all.results.map((result) => result.courseNumber).sort()).toEqual(['MAC 2233', 'MAC 2311', 'MAC 2312', 'MAC 2313']);
  });

  it('answers without words that find nothing beside the school, and says which', async () => {
    const college = await floridaSchool(`Words Test College ${tag()}`);
    await createCourse(t.deps.db, college.id, { subject: 'ENC', number: '1101', title: 'English Composition I' });
    const answer = await search({ q: 'zxqv', transferFromSchool: college.name, targetSubject: 'english' });
    expect(answer.results.map((result) => result.courseNumber)).toEqual(['ENC 1101']);
    expect(answer.unusedWords).toEqual(['zxqv']);
    // Alone, nonsense finds nothing (issue 35), and the answer says which words it could not use.
    const plain = await search({ q: 'zxqv' });
    expect(plain).toMatchObject({ results: [], unusedWords: ['zxqv'], scheduleNote: null });
  });
});

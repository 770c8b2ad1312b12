import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSearchResponse } from '../../src/shared/schemas/course';
import { createCourse, createInstitution, createOffering, createRule } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function search(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const response = await testApp.app.request(`/api/courses/search?${query}`);
  return { status: response.status, body: (await response.json()) as CourseSearchResponse & { error?: string; fields?: unknown } };
}

describe('GET /api/courses/search: matching', () => {
  let macroId: number;
  let schoolName: string;
  beforeAll(async () => {
    const { db } = testApp.deps;
    const school = await createInstitution(db, { name: 'Typo Tolerance College' });
    schoolName = school.name;
    macroId = (await createCourse(db, school.id, { subject: 'ECO', number: '2013', title: 'Principles of Macroeconomics' })).id;
    await createCourse(db, school.id, { subject: 'ECO', number: '2023', title: 'Principles of Microeconomics' });
    await createCourse(db, school.id, { subject: 'HIS', number: '2013', title: 'Medieval Europe' });
  });

  it.each(['ECO2013', 'eco 2013', 'Eco-2013', 'macroeconomcs'])('finds Principles of Macroeconomics for %s', async (q) => {
    const { status, body } = await search({ q, transferFromSchool: schoolName });
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({ id: macroId, courseName: 'Principles of Macroeconomics', courseNumber: 'ECO 2013' });
  });

  it('puts the exact code first and does not match other subjects with the same number', async () => {
    const { body } = await search({ q: 'eco 2013', transferFromSchool: schoolName });
    expect(body.results.map((result) => result.courseNumber)).toEqual(['ECO 2013']);
  });

  it('matches words in the title with full-text search', async () => {
    const { body } = await search({ q: 'principles', transferFromSchool: schoolName });
    expect(body.results.map((result) => result.courseNumber).sort()).toEqual(['ECO 2013', 'ECO 2023']);
    expect(body.total).toBe(2);
  });

  it('finds a school by an alias as well as its name', async () => {
    const { db } = testApp.deps;
    const school = await createInstitution(db, { name: 'Alias State University', aliases: ['ASU-X'] });
    await createCourse(db, school.id, { subject: 'GEO', number: '1000', title: 'Physical Geography' });
    const { body } = await search({ q: 'geography', transferFromSchool: 'asu x' });
    expect(body.results.map((result) => result.school)).toEqual(['Alias State University']);
    expect(body.home).toEqual({ key: school.key, name: 'Alias State University', asWritten: 'asu x', state: 'FL', hasCourses: true });
  });

  it('answers no results, naming the school as written, for a school it does not know', async () => {
    const { status, body } = await search({ q: 'macroeconomics', transferToSchool: 'Springfield Community College' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ results: [], total: 0, nextCursor: null, target: { key: null, name: 'Springfield Community College' } });
  });
});

describe('GET /api/courses/search: result cards', () => {
  it('carries every field of the card, from the offering and the rule at the target', async () => {
    const { db } = testApp.deps;
    const from = await createInstitution(db, { name: 'Card Community College', control: 'public', state: 'FL' });
    const to = await createInstitution(db, { name: 'Card State University' });
    const course = await createCourse(db, from.id, { subject: 'PSY', number: '2012', title: 'General Psychology', credits: 3 });
    await createOffering(db, course.id, {
      term: 'summer-2024',
      deliveryFormat: 'hybrid',
      professor: 'Dr. Rebecca Lin',
      rating: 4.9,
      tuitionCents: 63300,
      registrationUrl: 'https://register.example.edu/psy2012',
      professorRatingUrl: 'https://ratings.example.edu/lin',
      isSample: true,
    });
    await createRule(db, {
      from: from.id,
      to: to.id,
      sources: [{ subject: 'PSY', number: '2012' }],
      targets: [{ subject: 'PSY', number: '2012', title: 'General Psychology' }],
    });
    const { body } = await search({ q: 'psychology', transferFromSchool: from.name, transferToSchool: to.name });
    expect(body.results).toEqual([
      {
        id: course.id,
        school: 'Card Community College',
        schoolKey: from.key,
        state: 'FL',
        courseName: 'General Psychology',
        courseNumber: 'PSY 2012',
        deliveryFormat: 'Hybrid',
        transferStatus: 'fully',
        verdictClass: 'specific-course',
        credits: '3',
        professor: 'Dr. Rebecca Lin',
        rating: 4.9,
        term: 'Summer 2024',
        tuition: '$633',
        equivalentAt: 'Card State University: PSY 2012 General Psychology',
        transferNote: null,
        reason: expect.stringContaining('Card State University'),
        knownFrom: 'catalogue',
        alsoListedAs: [],
        termNote: null,
        registrationLink: 'https://register.example.edu/psy2012',
        rateMyProfLink: 'https://ratings.example.edu/lin',
        institutionType: 'Public',
        isAvailable: true,
        isSample: true,
        offeringCount: 1,
        schedule: null,
      },
    ]);
    expect(body.target).toMatchObject({ key: to.key, name: 'Card State University', hasTransferRules: true });
    expect(body.schoolNote).toBeNull();
  });

  it('shows a catalogue course without offerings with nothing invented', async () => {
    const { db } = testApp.deps;
    const school = await createInstitution(db, { name: 'Catalogue Only University', control: 'private' });
    const course = await createCourse(db, school.id, { subject: 'AST', number: '1002', title: 'Descriptive Astronomy' });
    const { body } = await search({ q: 'astronomy', transferFromSchool: school.name });
    expect(body.results[0]).toMatchObject({
      id: course.id,
      institutionType: 'Private',
      transferStatus: 'unknown',
      verdictClass: 'needs-review',
      deliveryFormat: null,
      professor: null,
      rating: null,
      term: null,
      tuition: null,
      equivalentAt: null,
      registrationLink: null,
      rateMyProfLink: null,
      isAvailable: null,
      isSample: false,
      offeringCount: 0,
    });
  });

  it('tells elective credit and no-transfer rules apart at the target, and ranks transferring courses first', async () => {
    const { db } = testApp.deps;
    const from = await createInstitution(db, { name: 'Status Source College' });
    const to = await createInstitution(db, { name: 'Status Target University' });
    await createCourse(db, from.id, { subject: 'ART', number: '1000', title: 'Art Appreciation Alpha' });
    await createCourse(db, from.id, { subject: 'ART', number: '1001', title: 'Art Appreciation Beta' });
    await createCourse(db, from.id, { subject: 'ART', number: '1002', title: 'Art Appreciation Gamma' });
    await createRule(db, { from: from.id, to: to.id, transfers: false, sources: [{ subject: 'ART', number: '1000' }], targets: [{ subject: 'DNT', number: '' }] });
    await createRule(db, { from: from.id, to: to.id, sources: [{ subject: 'ART', number: '1002' }], targets: [{ subject: 'ART', number: 'EL', isElective: true }] });
    const { body } = await search({ q: 'art appreciation', transferFromSchool: from.name, transferToSchool: to.name });
    expect(body.results[0]?.courseNumber).toBe('ART 1002');
    expect(Object.fromEntries(body.results.map((result) => [result.courseNumber, result.transferStatus]))).toEqual({
      'ART 1002': 'elective',
      'ART 1000': 'not-transferable',
      'ART 1001': 'unknown',
    });
    expect(body.results[0]?.equivalentAt).toBe('Status Target University: ART EL');
  });
});

describe('GET /api/courses/search: filters', () => {
  let florida: { id: number; name: string; key: string };
  let ohio: { id: number; name: string; key: string };
  let target: { id: number; name: string; key: string };
  beforeAll(async () => {
    const { db } = testApp.deps;
    florida = await createInstitution(db, { name: 'Filter Florida College', state: 'FL', control: 'public' });
    ohio = await createInstitution(db, { name: 'Filter Ohio College', state: 'OH', control: 'private' });
    target = await createInstitution(db, { name: 'Filter Target University', state: 'FL' });
    const floridaCourse = await createCourse(db, florida.id, { subject: 'ZOO', number: '2010', title: 'Filterology Zoology' });
    await createOffering(db, floridaCourse.id, { term: 'summer-2024', deliveryFormat: 'online' });
    const ohioCourse = await createCourse(db, ohio.id, { subject: 'ZOO', number: '2020', title: 'Filterology Marine Zoology' });
    await createOffering(db, ohioCourse.id, { term: 'fall-2024', deliveryFormat: 'in-person' });
    await createCourse(db, target.id, { subject: 'ZOO', number: '2030', title: 'Filterology at the Target' });
    await createCourse(db, florida.id, { subject: 'ECON', number: '2050', title: 'Filterology Economics Lab' });
    await createCourse(db, florida.id, { subject: 'CHM', number: '2050', title: 'Filterology Chemistry Lab' });
  });

  const numbers = (body: CourseSearchResponse) => body.results.map((result) => result.courseNumber).sort();

  it('filters by delivery format and term through the offerings, the courses whose schedule is unknown after the matches', async () => {
    const matching = (body: CourseSearchResponse) => body.results.filter((result) => result.schedule === 'matches').map((result) => result.courseNumber);
    const unknown = (body: CourseSearchResponse) => body.results.filter((result) => result.schedule === 'unknown').map((result) => result.courseNumber).sort();
    const online = (await search({ q: 'filterology', deliveryFormat: 'online' })).body;
    expect(matching(online)).toEqual(['ZOO 2010']);
    expect(online.results[0]!.courseNumber).toBe('ZOO 2010');
    // ZOO 2020's one known section is in person: left out. The courses with no section on file follow, said so.
    expect(unknown(online)).toEqual(['CHM 2050', 'ECON 2050', 'ZOO 2030']);
    expect(online.scheduleNote).toBe(
      'Schedule unknown: no sections of these courses are on file, so Crosswalk cannot tell whether they are offered online. Check with the school.',
    );
    expect(matching((await search({ q: 'filterology', deliveryFormat: 'in-person' })).body)).toEqual(['ZOO 2020']);
    expect(matching((await search({ q: 'filterology', term: 'fall-2024' })).body)).toEqual(['ZOO 2020']);
    // No spring section of any of them: only the courses with no schedule on file (never those whose sections are in
    // other terms).
    const spring = (await search({ q: 'filterology', term: 'spring-2025' })).body;
    expect(numbers(spring)).toEqual(['CHM 2050', 'ECON 2050', 'ZOO 2030']);
    expect(spring.results.every((result) => result.schedule === 'unknown')).toBe(true);
    expect(spring.scheduleNote).toMatch(/offered in Spring 2025\. Check with the school\.$/);
    // Without a format or term, no course is judged on its schedule.
    const plain = (await search({ q: 'filterology' })).body;
    expect(plain.results.every((result) => result.schedule === null)).toBe(true);
    expect(plain.scheduleNote).toBeNull();
  });

  it('filters by the school’s state and institution type', async () => {
    expect(numbers((await search({ q: 'filterology', state: 'oh' })).body)).toEqual(['ZOO 2020']);
    expect(numbers((await search({ q: 'filterology', institutionType: 'private' })).body)).toEqual(['ZOO 2020']);
  });

  it('filters by home school (transfer from) and leaves out the target school’s own courses', async () => {
    expect(numbers((await search({ q: 'filterology', transferFromSchool: ohio.name })).body)).toEqual(['ZOO 2020']);
    const toTarget = (await search({ q: 'filterology', transferToSchool: target.name })).body;
    expect(numbers(toTarget)).toEqual(['CHM 2050', 'ECON 2050', 'ZOO 2010', 'ZOO 2020']);
  });

  it('filters by subject with the keyword map, for economics and for every other subject', async () => {
    expect(numbers((await search({ q: 'filterology', targetSubject: 'economics' })).body)).toEqual(['ECON 2050']);
    expect(numbers((await search({ q: 'filterology', targetSubject: 'chemistry' })).body)).toEqual(['CHM 2050']);
    // A query that only names the subject is the subject filter alone.
    expect(numbers((await search({ q: 'econ', targetSubject: 'economics', transferFromSchool: florida.name })).body)).toEqual(['ECON 2050']);
  });

  it('filters by class name or number', async () => {
    expect(numbers((await search({ q: '', className: '2050', transferFromSchool: florida.name })).body)).toEqual(['CHM 2050', 'ECON 2050']);
    expect(numbers((await search({ q: '', className: 'CHM 2050' })).body)).toEqual(['CHM 2050']);
    expect(numbers((await search({ q: '', className: 'Marine Zoology' })).body)).toEqual(['ZOO 2020']);
  });

  it('filters by school-prefixed course codes, by any alias of the school', async () => {
    const { db } = testApp.deps;
    const school = await createInstitution(db, { name: 'Code Prefix University', aliases: ['CPU X'] });
    await createCourse(db, school.id, { subject: 'ZOO', number: '2010', title: 'Same Code Elsewhere' });
    expect(numbers((await search({ q: '', courseCodes: 'CPU X: ZOO2010' })).body)).toEqual(['ZOO 2010']);
    expect((await search({ q: '', courseCodes: 'CPU X: ZOO2010' })).body.results[0]?.school).toBe('Code Prefix University');
    expect((await search({ q: '', courseCodes: 'ZOO2010,CPU X: ZOO2010' })).body.total).toBe(2);
    expect((await search({ q: '', courseCodes: 'Nowhere U: ZOO2010' })).body.total).toBe(0);
  });
});

describe('GET /api/courses/search: pages', () => {
  it('pages with an opaque cursor and reports the total', async () => {
    const { db } = testApp.deps;
    const school = await createInstitution(db, { name: 'Paging University' });
    for (let index = 0; index < 25; index++) {
      await createCourse(db, school.id, { subject: 'PAG', number: String(100 + index), title: `Pagination Seminar ${index}` });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const params: Record<string, string | number> = { q: 'pagination', limit: 10, ...(cursor ? { cursor } : {}) };
      const { status, body } = await search(params);
      expect(status).toBe(200);
      expect(body.total).toBe(25);
      seen.push(...body.results.map((result) => result.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(25);
  });

  it('refuses a cursor from another search or one it did not give out, naming the parameter', async () => {
    const { db } = testApp.deps;
    const school = await createInstitution(db, { name: 'Cursor College' });
    for (let index = 0; index < 3; index++) await createCourse(db, school.id, { subject: 'CUR', number: String(index), title: `Cursorial ${index}` });
    const first = await search({ q: 'cursorial', limit: 1 });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const other = await search({ q: 'something else', cursor: first.body.nextCursor ?? '' });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatch(/^cursor: /);
    const forged = await search({ q: 'cursorial', cursor: 'not-a-cursor' });
    expect(forged.status).toBe(400);
    expect(forged.body.fields).toEqual([{ field: 'cursor', message: expect.any(String) }]);
  });
});

describe('GET /api/courses/search: cached answers', () => {
  it('shows a course added after a search at once', async () => {
    const { db } = testApp.deps;
    const school = await createInstitution(db, { name: 'Fresh Data College' });
    await createCourse(db, school.id, { subject: 'OCE', number: '1001', title: 'Oceanography Today' });
    expect((await search({ q: 'oceanography', transferFromSchool: school.name })).body.total).toBe(1);
    await createCourse(db, school.id, { subject: 'OCE', number: '1002', title: 'Oceanography Lab' });
    expect((await search({ q: 'oceanography', transferFromSchool: school.name })).body.total).toBe(2);
  });
});

describe('GET /api/courses/search: invalid parameters', () => {
  it.each([
    ['deliveryFormat', 'telepathy'],
    ['institutionType', 'public-ish'],
    ['state', 'ZZ'],
    ['term', 'autumn-2026'],
    ['homeCollege', 'Hogwarts School!'],
    ['targetSubject', 'alchemy'],
    ['limit', '500'],
    ['q', 'x'.repeat(201)],
  ])('answers 400 naming %s', async (name, value) => {
    const { status, body } = await search({ [name]: value });
    expect(status).toBe(400);
    expect(body.error).toContain(`${name}:`);
    expect(body.fields).toEqual([expect.objectContaining({ field: name })]);
  });
});

describe('GET /api/courses/search: effective terms (judged against the current term, engine terms.ts currentTerm)', () => {
  it('shows a rule out of its effective terms as not transferring now, saying which terms it covers; a rule in effect wins', async () => {
    const { db } = testApp.deps;
    const from = await createInstitution(db, { name: 'Terms Community College' });
    const to = await createInstitution(db, { name: 'Terms State University' });
    const other = await createInstitution(db, { name: 'Terms Tech University' });
    const expired = await createCourse(db, from.id, { subject: 'TRM', number: '1001', title: 'Expired Rule Studies' });
    const future = await createCourse(db, from.id, { subject: 'TRM', number: '1002', title: 'Future Rule Studies' });
    const replaced = await createCourse(db, from.id, { subject: 'TRM', number: '1003', title: 'Replaced Rule Studies' });
    // Far from any date these tests run on: Fall 2001-Spring 2003 is over, Fall 2090 on has not started.
    await createRule(db, { from: from.id, to: to.id, sources: [{ subject: 'TRM', number: '1001' }], targets: [{ subject: 'TRM', number: '101', title: 'Old' }], effectiveFromTerm: 'Fall 2001', effectiveToTerm: 'Spring 2003' });
    await createRule(db, { from: from.id, to: to.id, sources: [{ subject: 'TRM', number: '1002' }], targets: [{ subject: 'TRM', number: '102', title: 'New' }], effectiveFromTerm: 'Fall 2090' });
    // An old rule replaced by one in effect: the one in effect shows.
    await createRule(db, { from: from.id, to: other.id, sources: [{ subject: 'TRM', number: '1003' }], targets: [{ subject: 'TRM', number: '900', title: 'Old' }], effectiveToTerm: 'Spring 2003' });
    await createRule(db, { from: from.id, to: other.id, sources: [{ subject: 'TRM', number: '1003' }], targets: [{ subject: 'TRM', number: '903', title: 'Current' }], effectiveFromTerm: 'Fall 2003' });

    const { body } = await search({ q: 'rule studies', transferFromSchool: from.name, transferToSchool: to.name });
    const byId = new Map(body.results.map((result) => [result.id, result]));
    expect(byId.get(expired.id)).toMatchObject({
      transferStatus: 'not-transferable',
      equivalentAt: null,
      termNote: expect.stringMatching(/^Terms State University: Only for courses taken from Fall 2001 to Spring 2003, not in (Spring|Summer|Fall) \d{4}\.$/),
    });
    expect(byId.get(future.id)).toMatchObject({
      transferStatus: 'not-transferable',
      equivalentAt: null,
      termNote: expect.stringMatching(/^Terms State University: Only for courses taken from Fall 2090 on, not in /),
    });

    const toOther = await search({ q: 'replaced rule studies', transferFromSchool: from.name, transferToSchool: other.name });
    expect(toOther.body.results.find((result) => result.id === replaced.id)).toMatchObject({
      transferStatus: 'fully',
      equivalentAt: 'Terms Tech University: TRM 903 Current',
      termNote: null,
    });
  });
});

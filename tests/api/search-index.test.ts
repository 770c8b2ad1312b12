/**
 * The in-process search index (search-index.ts) gives the SQL path's answers (search.queries.ts searchCourseRows):
 * the same courses with the same total for searches by words, codes, schools, destination, format, term, level,
 * subject and page, a cross-listed course once, in the same order except among courses the words match equally well by other measures; it is rebuilt when the catalogue version moves, so a new course is found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueVersion, searchCourseRows, searchCourseRowsByIds, type CourseSearchSpec } from '../../src/server/features/search/search.queries';
import { SearchIndex, SearchIndexHolder } from '../../src/server/features/search/search-index';
import { createCourse, createInstitution, createOffering, createRule } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
/** A state only this file's schools are in, so other files' rows never change these answers. */
const STATE = `Q${String.fromCharCode(65 + Math.floor(Math.random() * 26))}`;
const schools: Array<{ id: number }> = [];

const TITLES = [
  'Principles of Macroeconomics',
  'Principles of Microeconomics',
  'General Psychology',
  'Abnormal Psychology',
  'English Composition I',
  'Calculus with Analytic Geometry I',
  'Calculus II',
  'Introduction to Sociology',
  'Economics of Psychology and Behaviour',
  'Organic Chemistry Laboratory',
];
const SUBJECTS = ['ECO', 'ECO', 'PSY', 'CLP', 'ENC', 'MAC', 'MAC', 'SYG', 'ECO', 'CHM'];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  for (let school = 0; school < 4; school += 1) schools.push(await createInstitution(db, { state: STATE, control: school === 3 ? 'private' : 'public' }));
  for (let index = 0; index < 60; index += 1) {
    const school = schools[index % 4]!;
    const course = await createCourse(db, school.id, {
      subject: SUBJECTS[index % 10]!,
      number: String([1000, 2013, 2023, 3101, 4500][index % 5]! + Math.floor(index / 10)),
      title: TITLES[index % 10]!,
      description: index % 3 === 0 ? 'A survey of economics and psychology with weekly problem sets.' : null,
    });
    if (index % 4 === 1) await createOffering(db, course.id, { deliveryFormat: (['online', 'in-person', 'hybrid'] as const)[index % 3], term: ['summer-2024', 'fall-2024'][index % 2] });
    if (index % 5 === 2) {
      const to = schools[(index + 1) % 4]!;
      await createRule(db, { from: school.id, to: to.id, transfers: index % 10 !== 7, sources: [{ subject: course.subject, number: course.number }], targets: [{ subject: 'TGT', number: '1000' }] });
    }
  }
  // One course cross-listed under three subjects (migration 0082); a rule names its second code.
  const personality = 'How personality is studied: traits, motives, development and assessment, with weekly readings and problem sets.';
  for (const [subject, number] of [
    ['PSY', '2100'],
    ['SOP', '2101'],
    ['CLP', '2102'],
  ] as const) {
    await createCourse(db, schools[1]!.id, { subject, number, title: 'Psychology of Personality', description: personality });
  }
  await createRule(db, { from: schools[1]!.id, to: schools[2]!.id, sources: [{ subject: 'SOP', number: '2101' }], targets: [{ subject: 'TGT', number: '2000' }] });
});
afterAll(async () => {
  await t?.close();
});

const spec = (overrides: Partial<CourseSearchSpec>): CourseSearchSpec => ({
  text: null,
  className: null,
  homeId: null,
  targetId: null,
  excludeInstitutionId: null,
  institutionControl: null,
  state: STATE,
  deliveryFormat: null,
  term: null,
  level: null,
  subject: null,
  courseCodes: null,
  limit: 10,
  offset: 0,
  ...overrides,
});
const words = (text: string, codeKey: string | null = null, codeKeyAlternatives: string[] = []) => ({ text, codeKey, codeKeyAlternatives });

function searches(): Array<[string, CourseSearchSpec]> {
  const [first, second, third] = schools.map((school) => school.id) as [number, number, number];
  return [
    ['one word', spec({ text: words('psychology'), limit: 100 })],
    ['two words', spec({ text: words('principles macroeconomics'), limit: 100 })],
    ['a word in descriptions too', spec({ text: words('economics'), limit: 50 })],
    ['a course code', spec({ text: words('ECO 2013', 'eco2013') })],
    ['a code prefix', spec({ text: words('MAC', 'mac'), limit: 50 })],
    ['a code with other spellings of its subject', spec({ text: words('ECON 201', 'econ201', ['eco201%']) })],
    ['words at one school to another', spec({ text: words('psychology'), homeId: first, targetId: second, excludeInstitutionId: second, limit: 100 })],
    ['everything to a destination', spec({ targetId: third, excludeInstitutionId: third, limit: 50 })],
    ['a format', spec({ deliveryFormat: 'online', limit: 50 })],
    ['a format and term', spec({ deliveryFormat: 'in-person', term: 'fall-2024', limit: 50 })],
    ['a term no course has: only courses whose schedule is unknown', spec({ term: 'spring-2031', text: words('calculus'), limit: 100 })],
    ['a format and words: matches, then unknown schedules', spec({ deliveryFormat: 'hybrid', text: words('psychology'), limit: 100 })],
    ['a term, a later page across matches and unknown schedules', spec({ term: 'summer-2024', limit: 7, offset: 7 })],
    ['lower-level', spec({ level: 'lower', text: words('psychology'), limit: 100 })],
    ['upper-level', spec({ level: 'upper', limit: 50 })],
    ['a subject', spec({ subject: { codePrefixes: ['psy', 'clp'], titleWords: ['psycholog'] }, limit: 50 })],
    ['a class number', spec({ className: { text: null, codeKey: null, numberPrefix: '20', codeKeyAlternatives: [] }, limit: 50 })],
    ['a class code', spec({ className: { text: null, codeKey: 'mac', numberPrefix: null, codeKeyAlternatives: [] }, homeId: second })],
    ['course codes at a school', spec({ courseCodes: [{ institutionId: first, codeKey: 'eco1000' }, { institutionId: null, codeKey: 'psy2022' }] })],
    ['two codes naming the same courses', spec({ courseCodes: [{ institutionId: null, codeKey: 'eco1000' }, { institutionId: first, codeKey: 'eco1000' }] })],
    ['private schools', spec({ institutionControl: 'private', limit: 50 })],
    ['a later page', spec({ subject: { codePrefixes: ['eco'], titleWords: ['economics'] }, limit: 7, offset: 7 })],
    ['a page past the end', spec({ text: words('calculus'), offset: 200 })],
    ['words nothing has', spec({ text: words('zymurgy') })],
    ['a cross-listed course by words', spec({ text: words('personality') })],
    ['a cross-listed course by its second code', spec({ text: words('SOP 2101', 'sop2101') })],
    ['a cross-listed course to the school its rule names', spec({ text: words('personality'), targetId: third, excludeInstitutionId: third })],
    ['a school’s courses with a cross-listing', spec({ homeId: second, limit: 100 })],
  ];
}

const answerOf = (rows: Array<{ id: number; total: number }>) => ({ ids: rows.map((row) => row.id), total: rows.length > 0 ? Number(rows[0]!.total) : 0 });

describe('the search index', () => {
  it('answers every search as SQL does: the same courses and total, and the same order where words do not rank them', async () => {
    const db = t.deps.db;
    const holder = new SearchIndexHolder();
    const index = await SearchIndex.build(db, await readCatalogueVersion(db));
    for (const [name, wanted] of searches()) {
      expect(SearchIndex.handles(wanted), name).toBe(true);
      const bySql = answerOf(await searchCourseRows(db, wanted));
      const found = await index.search(db, wanted, (text) => holder.lexemesOf(db, text));
      const cards = await index.cards(wanted, found, (ids) => searchCourseRowsByIds(db, wanted, ids, found.total));
      // Words are ranked by each word's best label weight, close to ts_rank but not it (ts_rank also counts where and
      // how often a word occurs): with words, the same courses and total; without, the same order too.
      const byIndex = answerOf(cards);
      if (wanted.text && !wanted.text.codeKey) expect({ name, ids: [...byIndex.ids].sort(), total: byIndex.total }).toEqual({ name, ids: [...bySql.ids].sort(), total: bySql.total });
      else expect({ name, ...byIndex }).toEqual({ name, ...bySql });
      // Cards from memory the second time are the same cards.
      expect(await index.cards(wanted, found, () => Promise.reject(new Error('read again')))).toEqual(cards);
    }
  });

  it('reads a word the catalogue does not use as its nearest word (typo fallback)', async () => {
    const db = t.deps.db;
    const holder = new SearchIndexHolder();
    const index = await SearchIndex.build(db, await readCatalogueVersion(db));
    const found = await index.search(db, spec({ text: words('macroeconomcs') }), (text) => holder.lexemesOf(db, text));
    const titles = await db.query<{ title: string }>(`select title from courses where id = any($1::int[])`, [found.ids]);
    expect(found.total).toBe(6);
    expect(new Set(titles.map((row) => row.title))).toEqual(new Set(['Principles of Macroeconomics']));
  });

  it('is built again when the catalogue version moves, and answers with SQL until then', async () => {
    const db = t.deps.db;
    const holder = new SearchIndexHolder();
    const before = await readCatalogueVersion(db);
    expect(holder.at(db, before)).toBeNull();
    await holder.settled();
    expect(holder.at(db, before)?.version).toBe(before);
    await createCourse(db, schools[0]!.id, { subject: 'AST', number: '1002', title: 'Descriptive Astronomy' });
    const after = await readCatalogueVersion(db);
    expect(after).not.toBe(before);
    // The old index answers the old version only; the new one is being built.
    expect(holder.at(db, after)).toBeNull();
    await holder.settled();
    const index = holder.at(db, after)!;
    const found = await index.search(db, spec({ text: words('astronomy') }), (text) => holder.lexemesOf(db, text));
    expect(found.total).toBe(1);
  });

  it('on PostgreSQL, builds again once a version has stood long enough to hold every commit made under it', async () => {
    const db = t.deps.db;
    let now = 0;
    const holder = new SearchIndexHolder(undefined, 10_000, () => now);
    const version = await readCatalogueVersion(db);
    holder.at(db, version);
    await holder.settled();
    const early = holder.at(db, version);
    expect(early?.version).toBe(version);
    now = 10_000;
    // Still answers with the early index while the settled one is built; then the settled one stays.
    expect(holder.at(db, version)).toBe(early);
    await holder.settled();
    const settled = holder.at(db, version);
    expect(settled).not.toBe(early);
    now = 50_000;
    expect(holder.at(db, version)).toBe(settled);
  });
});

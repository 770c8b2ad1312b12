/**
 * The one ranker of course search (search-index.ts, decision 120), through GET /api/courses/search with the text alone:
 * the meant course first (exact code; the title's words, with short forms and typos; the sequence asked for; the
 * introductory course before seminars, co-ops, topics; college-prep, 900-series, labs alone and graduate courses only
 * when asked for; with a destination, a course that transfers as a course before elective credit before none),
 * nonsense finds nothing, and the index is rebuilt when the catalogue changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSearchResponse } from '../../src/shared/schemas/course';
import { courseSearchQuerySchema } from '../../src/shared/schemas/search';
import { SearchCache } from '../../src/server/features/search/search-cache';
import { SearchIndex, SearchIndexHolder } from '../../src/server/features/search/search-index';
import { readCatalogueVersion } from '../../src/server/features/catalogue';
import { searchCourses } from '../../src/server/features/search/search.service';
import { createCourse, createInstitution, createRule } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let home: { id: number; name: string };
let destination: { id: number; name: string };

const COURSES: Array<[string, string, string]> = [
  ['PSY', '2012', 'GENERAL PSYCHOLOGY'],
  ['PSY', '2941', 'COOP PSYCHOLOGY'],
  ['PSY', '2930', 'SPECIAL TOPICS IN PSYCHOLOGY'],
  ['PSY', '2050', 'FORENSIC PSYCHOLOGY'],
  ['DEP', '2004', 'HUMAN GROWTH & DEVELOPMENT'],
  ['MAC', '2311', 'CALCULUS I'],
  ['MAC', '2312', 'CALCULUS II'],
  ['MAC', '2313', 'CALCULUS WITH ANALYTIC GEOMETRY III'],
  ['MAC', '1105', 'COLLEGE ALGEBRA'],
  ['MAC', '1105L', 'COLLEGE ALGEBRA CO-REQUISITE LAB'],
  ['MAT', '0028', 'DEVELOPMENTAL MATHEMATICS II'],
  ['MAT', '0018', 'DEVELOPMENTAL MATHEMATICS I'],
  ['STA', '2023', 'ELEMENTARY STATISTICS'],
  ['STA', '0029', 'STATISTICS PATHWAY'],
  ['CHM', '1045', 'GENERAL CHEMISTRY I'],
  ['CHM', '1045L', 'GENERAL CHEMISTRY I LABORATORY'],
  ['CHM', '1046', 'GENERAL CHEMISTRY II'],
  ['CHM', '5080', 'GRADUATE SEMINAR IN CHEMISTRY'],
  ['ECO', '2013', 'PRINCIPLES OF MACROECONOMICS'],
  ['ECO', '2023', 'PRINCIPLES OF MICROECONOMICS'],
  ['BSC', '2085', 'ANATOMY AND PHYSIOLOGY I'],
  ['BSC', '2086', 'HUMAN ANATOMY & PHYSIOLOGY II'],
  ['POS', '2041', 'AMERICAN NATIONAL GOVERNMENT'],
  ['SYG', '2000', 'Intro Sociology'],
  ['SYG', '2001', 'Introduction to Sociology'],
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  // Two schools of this file's own (names no other test file uses), the first with a short name as an alias.
  home = await createInstitution(db, { name: 'Ranking Test State College', aliases: ['RTSC'] });
  destination = await createInstitution(db, { name: 'Ranking Test University', aliases: ['RTU'] });
  for (const [subject, number, title] of COURSES) await createCourse(db, home.id, { subject, number, title });
  // Of two equally titled sociology courses, one transfers as elective credit; General Psychology as a course.
  await createRule(db, { from: home.id, to: destination.id, sources: [{ subject: 'SYG', number: '2001' }], targets: [{ subject: 'SOC', number: 'EL', isElective: true }] });
  await createRule(db, { from: home.id, to: destination.id, sources: [{ subject: 'PSY', number: '2012' }], targets: [{ subject: 'PSY', number: '1000' }] });
  await createRule(db, { from: home.id, to: destination.id, transfers: false, sources: [{ subject: 'PSY', number: '2050' }], targets: [{ subject: 'DNT', number: '' }] });
});
afterAll(async () => {
  await t?.close();
});

async function search(q: string): Promise<CourseSearchResponse> {
  const response = await t.app.request(`/api/courses/search?${new URLSearchParams({ q, limit: '10' })}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CourseSearchResponse;
}
const codes = (answer: CourseSearchResponse) => answer.results.map((result) => result.courseNumber);

describe('the meant course first, from the text alone', () => {
  it.each([
    ['intro psychology from RTSC to RTU', 'PSY 2012'],
    ['psych at Ranking Test State College', 'PSY 2012'],
    ['calculus 2 at RTSC', 'MAC 2312'],
    ['Calculus II at RTSC', 'MAC 2312'],
    ['calc 1 at RTSC', 'MAC 2311'],
    ['calculus at RTSC', 'MAC 2311'],
    ['college algebra at RTSC', 'MAC 1105'],
    ['college algebra lab at RTSC', 'MAC 1105L'],
    ['general chemistry 1 at RTSC', 'CHM 1045'],
    ['gen chem 1 lab at RTSC', 'CHM 1045L'],
    ['statistics at RTSC', 'STA 2023'],
    ['developmental math at RTSC', 'MAT 0018'],
    ['principles of microeconomics at RTSC', 'ECO 2023'],
    ['macroeconomcs at RTSC', 'ECO 2013'],
    ['pyschology at RTSC', 'PSY 2012'],
    ['A&P 2 at RTSC', 'BSC 2086'],
    ['poli sci at RTSC', 'POS 2041'],
    ['special topics in psychology at RTSC', 'PSY 2930'],
    ['graduate chemistry seminar at RTSC', 'CHM 5080'],
    ['mac2312 rtsc', 'MAC 2312'],
    ['mac-2312 at RTSC', 'MAC 2312'],
    ['PSY 2941 from RTSC to RTU', 'PSY 2941'],
  ])('%s → %s', async (q, first) => {
    expect(codes(await search(q))[0]).toBe(first);
  });

  it('puts seminars, co-ops, topics, college-prep and graduate courses after the course meant, and never a lab first', async () => {
    const answer = codes(await search('psychology at RTSC'));
    expect(answer.slice(0, 2)).toEqual(['PSY 2012', 'PSY 2050']);
    expect(answer.indexOf('PSY 2941')).toBeGreaterThan(answer.indexOf('PSY 2050'));
    expect(codes(await search('chemistry at RTSC'))[0]).toBe('CHM 1045');
    expect(codes(await search('mathematics at RTSC')).slice(-2).sort()).toEqual(['MAT 0018', 'MAT 0028']);
  });

  it('with a destination, puts a course that transfers before one with nothing on file, the words being as good', async () => {
    // Two sociology courses the words name equally: the one with elective credit on file first, and without a
    // destination the lower number.
    expect(codes(await search('intro to sociology from RTSC to RTU'))[0]).toBe('SYG 2001');
    expect(codes(await search('intro to sociology at RTSC'))[0]).toBe('SYG 2000');
    expect(codes(await search('psychology from RTSC to RTU'))[0]).toBe('PSY 2012');
  });

  it('answers what it understood: the schools and the words', async () => {
    const answer = await search('intro psychology from RTSC to RTU');
    expect(answer.understood.chips.map((chip) => [chip.field, chip.label])).toEqual([
      ['home', 'Current school: Ranking Test State College'],
      ['target', 'Transfer to: Ranking Test University'],
    ]);
    expect(answer.understood.words).toBe('intro psychology');
    expect(answer.home?.name).toBe('Ranking Test State College');
    expect(answer.target?.name).toBe('Ranking Test University');
  });

  it('finds nothing for nonsense, with or without schools, and says which words it could not use', async () => {
    for (const q of ['asdf qwerty', 'qwertyuiop from RTSC to RTU', 'zzzz yyyy xxxx at RTSC']) {
      const answer = await search(q);
      expect(answer.results, q).toEqual([]);
      expect(answer.total, q).toBe(0);
      expect(answer.unusedWords.length, q).toBeGreaterThan(0);
    }
  });

  it('leaves out one word no course has when the others find the course, and says so', async () => {
    const answer = await search('general chemistry blorfty at RTSC');
    expect(codes(answer)[0]).toBe('CHM 1045');
    expect(answer.unusedWords).toEqual(['blorfty']);
  });
});

describe('kept current', () => {
  it('finds a course added after the first search, at once', async () => {
    expect(codes(await search('oceanography at RTSC'))).toEqual([]);
    await createCourse(t.deps.db, home.id, { subject: 'OCE', number: '1001', title: 'Introduction to Oceanography' });
    expect(codes(await search('oceanography at RTSC'))).toEqual(['OCE 1001']);
  });
});

describe('while a large catalogue is re-indexed in the background', () => {
  // A large catalogue's searches are answered by the last index while the next is built (SearchIndexHolder): a rule
  // written in that window must show on the card at once, and the answer must not be kept as the new version's.
  class HeldIndex extends SearchIndexHolder {
    constructor(private readonly held: SearchIndex) {
      super();
    }
    override async at(): Promise<SearchIndex> {
      return this.held;
    }
  }

  it('shows a rule written after the index was built, and keeps no answer for the new version', async () => {
    const db = t.deps.db;
    await createCourse(db, home.id, { subject: 'AST', number: '2002', title: 'Introduction to Astronomy' });
    const older = await SearchIndex.build(db, await readCatalogueVersion(db));
    await createRule(db, { from: home.id, to: destination.id, sources: [{ subject: 'AST', number: '2002' }], targets: [{ subject: 'AST', number: '1010' }] });
    const version = await readCatalogueVersion(db);
    expect(version).not.toBe(older.version);
    const cache = new SearchCache<CourseSearchResponse>(10, Number.POSITIVE_INFINITY);
    const query = courseSearchQuerySchema.parse({ q: `AST 2002 from RTSC to RTU`, limit: '10' });
    const answer = await searchCourses({ db, query, indexes: new HeldIndex(older), cache });
    const card = answer.results.find((result) => result.courseNumber === 'AST 2002');
    expect(card?.verdictClass).toBe('specific-course');
    expect(cache.size).toBe(0);
  });
});

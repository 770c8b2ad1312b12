/**
 * The verdict of the issue's courses right through the API, on the real sets' own rows (issue 34): each set is loaded
 * by its loader from a folder holding the rows of the repository's files these courses need, so the answer is what the
 * demo answers. A college-preparatory course never reads as a full transfer; elective and general-education credit
 * say what they are; named courses transfer fully.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails, CourseSearchResponse, CourseSearchResult } from '../../src/shared/schemas/course';
import { toCourseSearchParams } from '../../src/shared/schemas/search';
import { loadReferenceSets } from '../../src/server/reference-data/load-reference-sets';
import { REFERENCE_DATA_DIR, referenceFiles } from '../../src/server/reference-data/reference-files';
import { pickReferenceSets } from '../../src/server/reference-data/reference-sets';
import { decideOlderReportsAgain } from '../../src/server/features/transcripts';
import type { TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { writeReferenceFile } from '../support/reference-folder';
import { createTestApp, signUp, type TestApp } from '../support/test-app';

let t: TestApp;
let folder: string;

/** The lines of a repository data file (its header first) that `keep` keeps. */
function linesOf(path: string, keep: (line: string) => boolean): string {
  const [header = '', ...lines] = gunzipSync(readFileSync(join(REFERENCE_DATA_DIR, path))).toString('utf8').split('\n');
  return [header, ...lines.filter((line) => line && keep(line))].join('\n');
}
const write = (path: string, text: string) => writeReferenceFile(folder, path, text);

beforeAll(async () => {
  t = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'crosswalk-verdicts-'));
  // Florida: every statewide course Miami Dade College or Valencia College offers, as the inventory lists it, offered
  // by them and the two universities only (the last column names the schools that offer it).
  const SCHOOLS = new Set(['MDC', 'VC', 'UCF', 'FIU']);
  write(
    'florida/statewide-course-inventory.csv.gz',
    linesOf('florida/statewide-course-inventory.csv.gz', (line) => /[,;](MDC|VC)(;|$)/.test(line))
      .split('\n')
      .map((line, index) => (index === 0 ? line : line.replace(/[^,]*$/, (schools) => schools.split(';').filter((code) => SCHOOLS.has(code)).join(';'))))
      .join('\n'),
  );
  // Wisconsin: UW-Oshkosh's economics rules into UW-Madison.
  write('equivalencies/wisconsin-transfer-rules.csv.gz', linesOf('equivalencies/wisconsin-transfer-rules.csv.gz', (line) => line.startsWith('UW-Oshkosh,ECON ') && line.includes(',UW-Madison,')));
  // Delgado -> UNO: the pilot set whole (its programs and its 124 rules).
  const pilot = 'programs/louisiana-degreelink-dcc-uno';
  for (const name of readdirSync(join(REFERENCE_DATA_DIR, pilot)).filter((entry) => entry.endsWith('.gz'))) {
    write(`${pilot}/${name}`, gunzipSync(readFileSync(join(REFERENCE_DATA_DIR, pilot, name))).toString('utf8'));
  }
  const outcome = await loadReferenceSets({
    db: t.deps.db,
    sets: pickReferenceSets(['florida-statewide-inventory', 'wisconsin-transfer-rules', 'programs-louisiana-dcc-uno']),
    actor: { id: null, email: 'verdict classes test' },
    files: referenceFiles(folder),
  });
  expect(outcome.map((result) => [result.set.name, result.status, result.message ?? null])).toEqual([
    ['florida-statewide-inventory', 'loaded', null],
    ['wisconsin-transfer-rules', 'loaded', null],
    ['programs-louisiana-dcc-uno', 'loaded', null],
  ]);
}, 300_000);
afterAll(async () => {
  await t?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A Smart Search as the search page sends it: the text alone, understood by the server (decision 120). */
async function smartSearch(text: string): Promise<CourseSearchResponse> {
  const response = await t.app.request(`/api/courses/search?${toCourseSearchParams({ q: text, limit: 20 })}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CourseSearchResponse;
}
const card = (answer: CourseSearchResponse, courseNumber: string): CourseSearchResult => {
  const found = answer.results.find((result) => result.courseNumber === courseNumber);
  if (!found) throw new Error(`no card for ${courseNumber} among ${answer.results.map((result) => result.courseNumber).join(', ')}`);
  return found;
};

describe('the verdicts the issue names, through the API', () => {
  it("MAT 0018 at Valencia gives no credit at UCF: a college-preparatory course, never Florida's guarantee", async () => {
    const result = card(await smartSearch('MAT 0018 from Valencia College to UCF'), 'MAT 0018');
    expect(result).toMatchObject({ school: 'Valencia College', verdictClass: 'no-credit', transferStatus: 'not-transferable', equivalentAt: null });
    expect(result.reason).toContain('college-preparatory');
    // The course page says the same for UCF.
    const details = (await (await t.app.request(`/api/courses/${result.id}`)).json()) as CourseDetails;
    const atUcf = details.transfers.find((transfer) => transfer.toSchool.name === 'University of Central Florida');
    expect(atUcf).toMatchObject({ verdictClass: 'no-credit', status: 'not-transferable', equivalentAt: null });
    expect(details.transfers.every((transfer) => transfer.verdictClass !== 'specific-course')).toBe(true);
  });

  it('"statistics from Miami Dade College to FIU" shows no course below 1000 as a full transfer; MAT 0029 (Statway) gives no credit', async () => {
    const answer = await smartSearch('statistics from Miami Dade College to FIU');
    expect(card(answer, 'STA 2023')).toMatchObject({ verdictClass: 'specific-course', transferStatus: 'fully' });
    // Whatever a search for statistics lists, a college-preparatory course never reads "Transfers fully".
    expect(answer.results.filter((result) => /^\D+ 0\d{3}/.test(result.courseNumber) && result.transferStatus === 'fully')).toEqual([]);
    const statway = card(await smartSearch('MAT 0029 from Miami Dade College to FIU'), 'MAT 0029');
    expect(statway).toMatchObject({ courseName: 'Statway', verdictClass: 'no-credit', transferStatus: 'not-transferable', equivalentAt: null });
    // A search of all Miami Dade's mathematics courses at FIU: none below 1000 transfers fully, each gives no credit.
    const mathematics = await t.app.request(`/api/courses/search?${toCourseSearchParams({ homeCollege: 'mdc', targetCollege: 'fiu', targetSubject: 'mathematics', q: '', limit: 50 })}`);
    const prep = ((await mathematics.json()) as CourseSearchResponse).results.filter((result) => /^\D+ 0\d{3}/.test(result.courseNumber));
    expect(prep.length).toBeGreaterThan(0);
    expect(new Set(prep.map((result) => result.verdictClass))).toEqual(new Set(['no-credit']));
  });

  it('Delgado ENGL 231 is elective credit at UNO, ENGL 232 general-education credit, ENGL 101 a full transfer', async () => {
    const toUno = (code: string) => smartSearch(`${code} from Delgado Community College to University of New Orleans`).then((answer) => card(answer, code));
    const [engl231, engl232, engl101] = [await toUno('ENGL 231'), await toUno('ENGL 232'), await toUno('ENGL 101')];
    const answer = { results: [engl231, engl232, engl101] } as CourseSearchResponse;
    expect(card(answer, 'ENGL 231')).toMatchObject({ verdictClass: 'elective', transferStatus: 'elective', equivalentAt: 'University of New Orleans: ENGL 2000NE No equivalent' });
    expect(card(answer, 'ENGL 231').reason).toContain('elective credit in ENGL at the 2000 level');
    expect(card(answer, 'ENGL 232')).toMatchObject({ verdictClass: 'general-education', transferStatus: 'elective', equivalentAt: 'University of New Orleans: GHUM 1000 General Humanities Elective' });
    expect(card(answer, 'ENGL 232').reason).toContain('general-education credit (Humanities)');
    expect(card(answer, 'ENGL 101')).toMatchObject({ verdictClass: 'specific-course', transferStatus: 'fully', equivalentAt: 'University of New Orleans: ENGL 1157 English Composition 1' });
  });

  it('UW-Oshkosh ECON 204 transfers fully to UW-Madison', async () => {
    const result = card(await smartSearch('ECON 204 from UW-Oshkosh to UW-Madison'), 'ECON 204');
    expect(result).toMatchObject({ verdictClass: 'specific-course', transferStatus: 'fully' });
    expect(result.equivalentAt).toMatch(/Madison: ECON 102 Principles-Macroeconomics$/);
  });
});

describe('reports decided before verdict classes (migration 0110)', () => {
  it('show what their status showed, until the periodic task decides them again with their class', async () => {
    const { db } = t.deps;
    const student = await signUp(t, { name: 'Old Report Student' });
    const [delgado, uno] = await db.query<{ id: number }>(
      `select id from institutions where name in ('Delgado Community College', 'University of New Orleans') order by name`,
    );
    const [transcript] = await db.query<{ id: string }>(
      // report_format 0: written before migration 0191 (which leaves such a report at 0)
      `insert into transcripts (user_id, file_name, status, detected_institution_id, detected_institution_name, to_institution_id, summary, analyzed_at, report_format)
       values ($1, 'old.pdf', 'done', $2, 'Delgado Community College', $3, '{"courses": 2, "directTransfers": 1, "totalCredits": 6, "creditsTransferring": 3}', now(), 0)
       returning id`,
      [student.id, delgado!.id, uno!.id],
    );
    // As an analysis stored them before 0110: ENGL 231 a Direct Transfer, a course with no rule for review; no class.
    await db.query(
      `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade, term, status, transfers_to, credits_awarded, reason)
       values ($1, 0, 'ENGL', '231', 'World Literature I', 3, 3, 'A', 'Fall 2024', 'DIRECT', 'University of New Orleans: ENGL 2000NE No equivalent', 3, 'Old words.'),
              ($1, 1, 'XYZ', '199', 'Unknown Studies', 3, 3, 'B', 'Fall 2024', 'NEEDS_EVAL', null, 0, 'No rule.')`,
      [transcript!.id],
    );
    const report = async () => {
      const response = await t.app.request(`/api/transcripts/${transcript!.id}`, { headers: { cookie: student.cookie } });
      expect(response.status).toBe(200);
      return ((await response.json()) as TranscriptResponse).rows.map((item) => [item.subject, item.number, item.status, item.verdictClass]);
    };
    expect(await report()).toEqual([
      ['ENGL', '231', 'DIRECT', 'specific-course'],
      ['XYZ', '199', 'NEEDS_EVAL', 'needs-review'],
    ]);

    expect(await decideOlderReportsAgain(db)).toBeGreaterThanOrEqual(1);
    expect(await report()).toEqual([
      ['ENGL', '231', 'DIRECT', 'elective'],
      ['XYZ', '199', 'NEEDS_EVAL', 'needs-review'],
    ]);
    // The summary is decided again too: elective credit transfers credits, but it is no direct transfer.
    const summary = ((await (await t.app.request(`/api/transcripts/${transcript!.id}`, { headers: { cookie: student.cookie } })).json()) as TranscriptResponse).summary;
    expect(summary).toMatchObject({ courses: 2, directTransfers: 0, creditsTransferring: 3 });
    const stored = await db.query<{ verdict_class: string | null }>(`select verdict_class from transcript_rows where transcript_id = $1 order by position`, [transcript!.id]);
    expect(stored.map((row) => row.verdict_class)).toEqual(['elective', 'needs-review']);
    // Nothing left to classify: the next run finds no report.
    expect(await decideOlderReportsAgain(db)).toBe(0);
  });
});

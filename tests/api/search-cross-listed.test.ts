/**
 * A cross-listed course (issue 27, migration 0082) is one search result, counted once, naming its other codes: the
 * same title, description and credits at one school and level under different subjects. Sequences that share a
 * description (one subject), titles that name a kind of course ("Special Topics") and a graduate twin stay apart;
 * catalogue imports and deletions keep the listings current.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogCsv } from '../../src/server/features/equivalencies';
import { rankEvaluationQueue } from '../../src/server/features/evaluation-queue';
import { decideOlderReportsAgain, listReportsDecidedByRules, redecideReports } from '../../src/server/features/transcripts';
import type { CourseDetails, CourseSearchResponse } from '../../src/shared/schemas/course';
import type { TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { createCourse, createInstitution, createRule } from '../support/factories';
import { createTestApp, signUp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tag = () => Math.random().toString(36).slice(2, 8);

async function search(params: Record<string, string>) {
  const response = await t.app.request(`/api/courses/search?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CourseSearchResponse;
}

const HISTORY = {
  title: 'Black Women’s History to 1865',
  description:
    'This course brings into focus the lived experiences of Black women throughout United States history through the end of the Civil War, beginning in the 17<sup>th</sup> century.',
};

/** A school with Delaware's three codes for one course. */
async function crossListingSchool() {
  const school = await createInstitution(t.deps.db, { name: `Delaware Campus ${tag()}`, state: 'DE' });
  const afra = await createCourse(t.deps.db, school.id, { subject: 'AFRA', number: '329', ...HISTORY });
  const hist = await createCourse(t.deps.db, school.id, { subject: 'HIST', number: '333', ...HISTORY });
  // Written another way in the catalogue: markup, case and punctuation do not make it another course.
  const woms = await createCourse(t.deps.db, school.id, {
    subject: 'WOMS',
    number: '342',
    title: 'BLACK WOMEN’S HISTORY TO 1865',
    description: HISTORY.description.replace('<sup>th</sup>', 'th'),
  });
  return { school, afra, hist, woms };
}

/**
 * A student's report from `school` to `to` with AFRA 329 undecided, decided as a re-decision writes it; returns a
 * reader of that row as the report's API answers it.
 */
async function reportWithAfra329(school: { id: number; name: string }, to: { id: number }) {
  const student = await signUp(t);
  const [transcript] = await t.deps.db.query<{ id: string }>(
    `insert into transcripts (user_id, file_name, status, detected_institution_id, detected_institution_name, to_institution_id, analyzed_at)
     values ($1, 'transcript.pdf', 'done', $2, $3, $4, now()) returning id`,
    [student.id, school.id, school.name, to.id],
  );
  await t.deps.db.query(
    `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade, term, status, reason)
     values ($1, 0, 'AFRA', '329', 'Course', 3, 3, 'B', 'Fall 2024', 'NEEDS_EVAL', 'No rule on file.')`,
    [transcript!.id],
  );
  await redecideReports(t.deps.db, [transcript!.id]);
  return async () => {
    const response = (await (await t.app.request(`/api/transcripts/${transcript!.id}`, { headers: { cookie: student.cookie } })).json()) as TranscriptResponse;
    return response.rows.find((row) => row.subject === 'AFRA');
  };
}

describe('course search: cross-listed courses', () => {
  it('shows a cross-listed course once, counted once, naming its other codes; its code finds it under that code', async () => {
    const { school, afra, hist } = await crossListingSchool();

    const byWords = await search({ q: 'black women history', transferFromSchool: school.name });
    expect(byWords.total).toBe(1);
    expect(byWords.results).toEqual([expect.objectContaining({ id: afra.id, courseNumber: 'AFRA 329', alsoListedAs: ['HIST 333', 'WOMS 342'] })]);

    const byCode = await search({ q: 'HIST 333', transferFromSchool: school.name });
    expect(byCode.total).toBe(1);
    expect(byCode.results).toEqual([expect.objectContaining({ id: hist.id, courseNumber: 'HIST 333', alsoListedAs: ['AFRA 329', 'WOMS 342'] })]);

    // Every course of the school, page by page: the course is one entry in the count and on the pages.
    const browse = await search({ transferFromSchool: school.name });
    expect(browse.total).toBe(1);

    // Its page names the other codes with links, and shows the description as text.
    const details = (await (await t.app.request(`/api/courses/${hist.id}`)).json()) as CourseDetails;
    expect(details.course.alsoListedAs).toEqual([
      { id: afra.id, courseNumber: 'AFRA 329' },
      { id: expect.any(Number), courseNumber: 'WOMS 342' },
    ]);
    expect(details.course.description).toContain('the 17th century');
  });

  it('shows the code a transfer rule to the chosen school names, so the verdict is the one a transcript with it gets', async () => {
    const { school, afra, woms } = await crossListingSchool();
    const to = await createInstitution(t.deps.db, { name: `Transfer Target ${tag()}`, state: 'DE' });
    await createRule(t.deps.db, { from: school.id, to: to.id, sources: [{ subject: 'WOMS', number: '342' }], targets: [{ subject: 'HIS', number: '2931', title: 'Women in History' }] });

    const answer = await search({ q: 'black women history', transferFromSchool: school.name, transferToSchool: to.name });
    expect(answer.total).toBe(1);
    expect(answer.results).toEqual([
      expect.objectContaining({ id: woms.id, courseNumber: 'WOMS 342', transferStatus: 'fully', alsoListedAs: ['AFRA 329', 'HIST 333'] }),
    ]);

    // AFRA 329's page: no rule names it, and the rule for WOMS 342 is shown apart, under its own code.
    const details = (await (await t.app.request(`/api/courses/${afra.id}`)).json()) as CourseDetails;
    expect(details.transfers).toEqual([]);
    expect(details.otherCodesTransfers).toEqual([
      { id: woms.id, courseNumber: 'WOMS 342', transfers: [expect.objectContaining({ toSchool: { key: to.key, name: to.name }, status: 'fully' })] },
    ]);
    // WOMS 342's own page has the rule as its own, and nothing under the other codes (no rule names them).
    const own = (await (await t.app.request(`/api/courses/${woms.id}`)).json()) as CourseDetails;
    expect(own.transfers).toEqual([expect.objectContaining({ status: 'fully' })]);
    expect(own.otherCodesTransfers).toEqual([]);
  });

  it('tells a student whose report row no rule decides that the same course under its other code transfers, as what is on file for that code', async () => {
    const { school } = await crossListingSchool();
    const to = await createInstitution(t.deps.db, { name: `Report Target ${tag()}`, state: 'DE' });
    const rule = await createRule(t.deps.db, { from: school.id, to: to.id, sources: [{ subject: 'HIST', number: '333' }], targets: [{ subject: 'HIS', number: '2931', title: 'Women in History' }] });
    const student = await signUp(t);
    // A report written before its cross-listed answers were stored (report_format 0, migration 0191).
    const [transcript] = await t.deps.db.query<{ id: string }>(
      `insert into transcripts (user_id, file_name, status, detected_institution_id, detected_institution_name, to_institution_id, analyzed_at, report_format)
       values ($1, 'transcript.pdf', 'done', $2, $3, $4, now(), 0) returning id`,
      [student.id, school.id, school.name, to.id],
    );
    const rows: Array<[string, string, string, string]> = [
      ['AFRA', '329', 'NEEDS_EVAL', 'B'],
      ['WOMS', '342', 'NEEDS_EVAL', 'F'],
      ['ENGL', '110', 'NEEDS_EVAL', 'A'],
    ];
    for (const [position, [subject, number, status, grade]] of rows.entries()) {
      await t.deps.db.query(
        `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade, term, status, reason)
         values ($1, $2, $3, $4, 'Course', 3, 3, $5, 'Fall 2024', $6, 'No rule on file.')`,
        [transcript!.id, position, subject, number, grade, status],
      );
    }
    const report = async () => {
      const response = (await (await t.app.request(`/api/transcripts/${transcript!.id}`, { headers: { cookie: student.cookie } })).json()) as TranscriptResponse;
      return Object.fromEntries(response.rows.map((item) => [`${item.subject} ${item.number}`, item]));
    };
    // Reading a report decides nothing: what is stored is shown, until the report is decided again.
    expect((await report())['AFRA 329']).toMatchObject({ crossListed: null });

    // The periodic task decides reports written the older way again, cross-listed answers included, and stores them.
    expect(await decideOlderReportsAgain(t.deps.db)).toBeGreaterThanOrEqual(1);
    const byCode = await report();
    expect(byCode['AFRA 329']).toMatchObject({ status: 'NEEDS_EVAL', crossListed: { courseNumber: 'HIST 333', transfersTo: expect.stringContaining('HIS 2931') } });
    // An F earns no credit, under any code: the row is decided, nothing to point at.
    expect(byCode['WOMS 342']).toMatchObject({ status: 'NO_TRANSFER', crossListed: null });
    // A course listed once has no other code.
    expect(byCode['ENGL 110']).toMatchObject({ crossListed: null });
    const stored = await t.deps.db.query<{ cross_listed: unknown }>(`select cross_listed from transcript_rows where transcript_id = $1 order by position`, [transcript!.id]);
    expect(stored.map((row) => row.cross_listed)).toEqual([{ courseNumber: 'HIST 333', transfersTo: expect.stringContaining('HIS 2931'), ruleId: rule.id }, null, null]);

    // The rule behind the answer is a rule the report was decided with: when it goes, the report is decided again.
    expect(await listReportsDecidedByRules(t.deps.db, [rule.id])).toEqual([transcript!.id]);
    await t.deps.db.query(`delete from equivalency_rules where id = $1`, [rule.id]);
    await redecideReports(t.deps.db, [transcript!.id]);
    expect((await report())['AFRA 329']).toMatchObject({ status: 'NEEDS_EVAL', crossListed: null });
  });

  it('gives an undecided row its cross-listed answer once a rule for the other code is written (the check after each catalogue change)', async () => {
    const { school } = await crossListingSchool();
    const to = await createInstitution(t.deps.db, { name: `Later Target ${tag()}`, state: 'DE' });
    const afra = await reportWithAfra329(school, to);
    expect(await afra()).toMatchObject({ status: 'NEEDS_EVAL', crossListed: null });

    // A registrar (or an import) writes a rule for HIST 333 only: the catalogue changes, and the queue's check decides
    // again the reports whose undecided rows' other codes a rule may now decide.
    await createRule(t.deps.db, { from: school.id, to: to.id, sources: [{ subject: 'HIST', number: '333' }], targets: [{ subject: 'HIS', number: '2932', title: 'Women in History II' }] });
    await rankEvaluationQueue(t.deps.db);
    expect(await afra()).toMatchObject({ status: 'NEEDS_EVAL', crossListed: { courseNumber: 'HIST 333', transfersTo: expect.stringContaining('HIS 2932') } });
  });

  it('takes back a stored cross-listed answer once an import ends the listing (the check after each catalogue change)', async () => {
    const name = `Split Campus ${tag()}`;
    const school = await createInstitution(t.deps.db, { name, state: 'DE' });
    const to = await createInstitution(t.deps.db, { name: `Split Target ${tag()}`, state: 'DE' });
    const csv = (rows: string[]) => ['institution,subject,number,title,credits,description', ...rows].join('\n');
    const line = (subject: string, number: string, description = HISTORY.description.replace(/<[^>]+>/g, '')) => `${name},${subject},${number},Black Women's History to 1865,3,"${description}"`;
    expect(await importCatalogCsv({ db: t.deps.db, input: csv([line('AFRA', '329'), line('HIST', '333')]) })).toMatchObject({ saved: true });
    await createRule(t.deps.db, { from: school.id, to: to.id, sources: [{ subject: 'HIST', number: '333' }], targets: [{ subject: 'HIS', number: '2933', title: 'Women in History III' }] });
    const afra = await reportWithAfra329(school, to);
    expect(await afra()).toMatchObject({ crossListed: { courseNumber: 'HIST 333', transfersTo: expect.stringContaining('HIS 2933') } });

    // HIST 333's description changes: it is another course now, and AFRA 329 is listed once.
    expect(await importCatalogCsv({ db: t.deps.db, input: csv([line('HIST', '333', 'A survey of women in the early republic, read through letters and diaries.')]) })).toMatchObject({ saved: true });
    await rankEvaluationQueue(t.deps.db);
    expect(await afra()).toMatchObject({ status: 'NEEDS_EVAL', crossListed: null });
  });

  it('keeps apart a sequence with one description, titles that name a kind of course, and a graduate twin', async () => {
    const school = await createInstitution(t.deps.db, { name: `Look-alike Campus ${tag()}`, state: 'DE' });
    const organic = 'Structure, reactions and synthesis of organic compounds, with stereochemistry, spectroscopy and mechanisms.';
    await createCourse(t.deps.db, school.id, { subject: 'CHEM', number: '331', title: 'Organic Chemistry', description: organic });
    await createCourse(t.deps.db, school.id, { subject: 'CHEM', number: '332', title: 'Organic Chemistry', description: organic });
    const topics = 'Topics vary by semester and are announced by the department before registration opens each term.';
    await createCourse(t.deps.db, school.id, { subject: 'CISC', number: '367', title: 'Special Topics', description: topics });
    await createCourse(t.deps.db, school.id, { subject: 'MATH', number: '367', title: 'Special Topics', description: topics });
    await createCourse(t.deps.db, school.id, { subject: 'HIST', number: '460', title: 'Race & Inequality in Delaware', description: HISTORY.description });
    await createCourse(t.deps.db, school.id, { subject: 'ANTH', number: '460', title: 'Race & Inequality in Delaware', description: HISTORY.description });
    await createCourse(t.deps.db, school.id, { subject: 'HIST', number: '660', title: 'Race & Inequality in Delaware', description: HISTORY.description });
    // Another credit value is another course.
    await createCourse(t.deps.db, school.id, { subject: 'ENGL', number: '460', title: 'Race & Inequality in Delaware', description: HISTORY.description, credits: 1 });

    const numbers = async (q: string) => (await search({ q, transferFromSchool: school.name })).results.map((result) => [result.courseNumber, result.alsoListedAs]);
    expect(await numbers('organic chemistry')).toEqual(expect.arrayContaining([['CHEM 331', []], ['CHEM 332', []]]));
    expect(await numbers('special topics')).toEqual(expect.arrayContaining([['CISC 367', []], ['MATH 367', []]]));
    const race = await search({ q: 'race inequality', transferFromSchool: school.name });
    expect(race.total).toBe(3);
    expect(race.results.map((result) => [result.courseNumber, result.alsoListedAs])).toEqual(
      expect.arrayContaining([
        ['HIST 460', ['ANTH 460']],
        ['HIST 660', []],
        ['ENGL 460', []],
      ]),
    );
  });

  it('follows catalogue imports and deletions: a new code joins the listing, a changed description leaves it', async () => {
    const name = `Imported Campus ${tag()}`;
    await createInstitution(t.deps.db, { name, state: 'DE' });
    const csv = (rows: string[]) => ['institution,subject,number,title,credits,description', ...rows].join('\n');
    const line = (subject: string, number: string, description = HISTORY.description.replace(/<[^>]+>/g, '')) => `${name},${subject},${number},Black Women's History to 1865,3,"${description}"`;

    expect(await importCatalogCsv({ db: t.deps.db, input: csv([line('AFRA', '329'), line('HIST', '333')]) })).toMatchObject({ saved: true });
    expect((await search({ q: 'black women history', transferFromSchool: name })).results.map((result) => result.alsoListedAs)).toEqual([['HIST 333']]);

    expect(await importCatalogCsv({ db: t.deps.db, input: csv([line('WOMS', '342')]) })).toMatchObject({ saved: true });
    expect((await search({ q: 'black women history', transferFromSchool: name })).results.map((result) => result.alsoListedAs)).toEqual([['HIST 333', 'WOMS 342']]);

    expect(await importCatalogCsv({ db: t.deps.db, input: csv([line('HIST', '333', 'A survey of women in the early republic, read through letters, diaries and court records.')]) })).toMatchObject({
      saved: true,
    });
    const afterChange = await search({ q: 'black women history', transferFromSchool: name });
    expect(afterChange.total).toBe(2);
    expect(afterChange.results.map((result) => [result.courseNumber, result.alsoListedAs])).toEqual(
      expect.arrayContaining([
        ['AFRA 329', ['WOMS 342']],
        ['HIST 333', []],
      ]),
    );

    await t.deps.db.query(`delete from courses c using institutions i where i.id = c.institution_id and i.name = $1 and c.subject = 'WOMS'`, [name]);
    const afterDelete = await search({ q: 'black women history', transferFromSchool: name });
    expect(afterDelete.results.map((result) => [result.courseNumber, result.alsoListedAs])).toEqual(
      expect.arrayContaining([
        ['AFRA 329', []],
        ['HIST 333', []],
      ]),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DegreeProgressResponse, ProgramSummary } from '../../src/shared/schemas/programs';
import { importEquivalencyCsv } from '../../src/server/features/equivalencies';
import { loadProgramsSet, programsSetFolder } from '../../src/server/features/programs';
import { createInstitution } from '../support/factories';
import { findRequirement } from '../support/degree-requirements';
import { createTestApp, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';

/**
 * General-education codes on transfer rules (the UW System's "gen ed S" on elective credit): a Milwaukee Area Technical
 * College course that transfers to UW-Madison as History elective credit fills the Social Science breadth because its
 * rule says S, not because of any UW-Madison course; without the code it is elective credit only. Real rows of
 * reference-data/equivalencies/wisconsin-transfer-rules.csv and the real UW-Madison programs (wisconsin-gen-ed).
 */
let t: TestApp;
let matc: { id: number; name: string };
let madison: { id: number; name: string };

const HEADER = 'source_university,source_code,source_name,target_university,target_code,target_name,credits,notes';
const rulesFile = (historyNotes: string) =>
  [
    HEADER,
    'Milwaukee Area Tech. College,SPEECH 204,Communication & Leadership,University of Wisconsin-Madison,COM ARTS EL,Communication Arts Elective,3.00,',
    `Milwaukee Area Tech. College,HIST 216,Hist Am Minorities,University of Wisconsin-Madison,HISTORY EL,History Elective,3.00,${historyNotes}`,
    // Last: in the re-import below the batch that holds it alone looks its stored rule up.
    'Milwaukee Area Tech. College,ENG 202,English 2,University of Wisconsin-Madison,ENGLISH EL,English Elective,3.00,gen ed COM A; footnote 328',
  ].join('\n');
const actor = { id: null, email: 'test' };

beforeAll(async () => {
  t = await createTestApp();
  matc = await createInstitution(t.deps.db, { name: 'Milwaukee Area Tech. College', key: 'matc', state: 'WI' });
  madison = await createInstitution(t.deps.db, { name: 'University of Wisconsin-Madison', key: 'uw-madison', state: 'WI' });
  await loadProgramsSet(t.deps.db, programsSetFolder('wisconsin-gen-ed'));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (path: string, cookie?: string) => t.app.request(path, { headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) } });

async function transcriptOf(userId: string, rows: Array<[string, string, string]>) {
  const [transcript] = await t.deps.db.query<{ id: string }>(
    `insert into transcripts (user_id, file_name, status, detected_institution_id, detected_institution_name, to_institution_id, analyzed_at)
     values ($1, 'transcript.pdf', 'done', $2, $3, $4, now()) returning id`,
    [userId, matc.id, matc.name, madison.id],
  );
  for (const [position, [subject, number, title]] of rows.entries()) {
    await t.deps.db.query(
      `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade, term) values ($1, $2, $3, $4, $5, 3, 3, 'A', 'Fall 2018')`,
      [transcript!.id, position, subject, number, title],
    );
  }
  return transcript!.id;
}

async function program(code: string): Promise<ProgramSummary> {
  const { programs } = (await (await get(`/api/programs?school=uw-madison`)).json()) as { programs: ProgramSummary[] };
  return programs.find((candidate) => candidate.code === code)!;
}

const storedCodes = async () =>
  (await t.deps.db.query<{ source: string; codes: string[] | null }>(
    `select s.subject || ' ' || s.number as source, r.gen_ed_codes as codes
       from equivalency_rules r join equivalency_rule_sources s on s.rule_id = r.id
      where r.from_institution_id = $1 order by 1`,
    [matc.id],
  )).map((row) => [row.source, row.codes]);

describe('general-education codes on transfer rules', () => {
  it('are stored per rule on import, and a re-import of the same file changes nothing', async () => {
    expect(await importEquivalencyCsv({ db: t.deps.db, input: rulesFile('"gen ed S, ETHNIC"'), actor })).toMatchObject({ saved: true, inserted: 3 });
    expect(await storedCodes()).toEqual([
      ['ENG 202', ['COM A']],
      ['HIST 216', ['S', 'ETHNIC']],
      ['SPEECH 204', null],
    ]);
    expect(await importEquivalencyCsv({ db: t.deps.db, input: rulesFile('"gen ed S, ETHNIC"'), actor })).toMatchObject({ saved: true, inserted: 0, updated: 0, unchanged: 3 });
    // A rule stored before its codes were read (before migration 0085) gets them when its file is imported again,
    // and still counts as unchanged: its content is what it was. Small batches, so that both ways a batch finds its
    // stored rules are taken (the writer's lookup first, then the import's own once most rules are stored).
    await t.deps.db.query(`update equivalency_rules set gen_ed_codes = null where from_institution_id = $1`, [matc.id]);
    expect(await importEquivalencyCsv({ db: t.deps.db, input: rulesFile('"gen ed S, ETHNIC"'), actor, batchSize: 1 })).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await storedCodes()).toEqual([
      ['ENG 202', ['COM A']],
      ['HIST 216', ['S', 'ETHNIC']],
      ['SPEECH 204', null],
    ]);
  });

  it('a course transferred as elective credit with "gen ed S" fills UW-Madison\'s Social Science breadth; without the code it does not', async () => {
    const student = await signUp(t);
    const transcriptId = await transcriptOf(student.id, [
      ['HIST', '216', 'Hist Am Minorities'],
      ['ENG', '202', 'English 2'],
      ['SPEECH', '204', 'Communication & Leadership'],
    ]);
    const breadth = await program('UWM-LS-BREADTH');
    const university = await program('UWM-GER');
    const progressIn = async (programId: number) => {
      const response = await get(`/api/student/transcripts/${transcriptId}/progress?program=${programId}`, student.cookie);
      expect(response.status).toBe(200);
      return ((await response.json()) as DegreeProgressResponse).progress;
    };

    const withCode = await progressIn(breadth.id);
    expect(findRequirement(withCode.requirements, 'UWM-LS:SS')).toMatchObject({ status: 'partial', appliedCredits: 3, remainingCredits: 9, courses: ['HIST 216'] });
    const history = withCode.courses.find((course) => course.code === 'HIST 216')!;
    expect(history).toMatchObject({ outcome: 'counts', becomes: 'HISTORY EL', countsToward: [{ id: 'UWM-LS:SS', name: 'L&S breadth: Social Science' }] });
    expect(history.why).toMatch(/by the general-education code S that the transfer rule gives this credit at University of Wisconsin-Madison, not by a designation of a University of Wisconsin-Madison course/);
    expect(withCode.courses.find((course) => course.code === 'SPEECH 204')).toMatchObject({ outcome: 'elective', countsToward: [] });

    // The university requirements: S fills the Social Studies breadth, ETHNIC the Ethnic Studies requirement (the rule's
    // "COM A" is UW-Madison's COM-A), each course once unless a requirement may double count.
    const gened = await progressIn(university.id);
    const placed = [findRequirement(gened.requirements, 'UWM-GER:BREADTH-SS'), findRequirement(gened.requirements, 'UWM-GER:ETHNIC')].map((requirement) => requirement?.courses ?? []);
    expect(placed.flat()).toContain('HIST 216');
    expect(findRequirement(gened.requirements, 'UWM-GER:COMM-A')).toMatchObject({ status: 'complete', courses: ['ENG 202'] });

    // The same file without the code: the rule changes, its codes go, and the course is elective credit only.
    expect(await importEquivalencyCsv({ db: t.deps.db, input: rulesFile(''), actor })).toMatchObject({ saved: true, updated: 1, unchanged: 2 });
    expect((await storedCodes())[1]).toEqual(['HIST 216', null]);
    const withoutCode = await progressIn(breadth.id);
    expect(findRequirement(withoutCode.requirements, 'UWM-LS:SS')).toMatchObject({ status: 'not-started', courses: [] });
    expect(withoutCode.courses.find((course) => course.code === 'HIST 216')).toMatchObject({ outcome: 'elective', countsToward: [] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DegreeCompareResponse, DegreeProgressResponse, ExamCatalogEntry, ExamScore, ProgramListResponse, ProgramSummary } from '../../src/shared/schemas/programs';
import { loadProgramsSet, programsSetFolder } from '../../src/server/features/programs/reference-data/load-programs-set';
import { createInstitution, createRule } from '../support/factories';
import { findRequirement } from '../support/degree-requirements';
import { createTestApp, jsonRequest, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';

/**
 * Degree progress on the real program data (reference-data/programs), loaded into the test database with the loaders
 * `npm run data:load` registers: Florida's statewide core for a Valencia transcript at Florida State, Ohio State's
 * Computer Science major for a community-college transcript, exam credit, compare, and who may read what.
 */
let t: TestApp;
let valencia: { id: number; name: string };
let fsu: { id: number; name: string };
let ufl: { id: number; name: string };
let osu: { id: number; name: string };
let columbus: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  valencia = await createInstitution(t.deps.db, { name: 'Valencia College', key: 'valencia' });
  fsu = await createInstitution(t.deps.db, { name: 'Florida State University', key: 'fsu' });
  ufl = await createInstitution(t.deps.db, { name: 'University of Florida', key: 'florida' });
  osu = await createInstitution(t.deps.db, { name: 'The Ohio State University', key: 'ohio-state', state: 'OH' });
  columbus = await createInstitution(t.deps.db, { name: 'Columbus State Community College', key: 'cscc', state: 'OH' });
  await t.deps.db.query(`update institutions set florida_statewide_numbering = true where id = any($1::int[])`, [[valencia.id, fsu.id, ufl.id]]);
  await loadProgramsSet(t.deps.db, programsSetFolder('florida-general-education-core'));
  await loadProgramsSet(t.deps.db, programsSetFolder('ohio-state-buckiplan'));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (path: string, cookie?: string) => t.app.request(path, { headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) } });

/** An analysed transcript of the student's, as the analysis stores it. */
async function transcriptOf(userId: string, from: { id: number; name: string }, to: { id: number }, rows: Array<[string, string, string, number, string]>) {
  const [transcript] = await t.deps.db.query<{ id: string }>(
    `insert into transcripts (user_id, file_name, status, detected_institution_id, detected_institution_name, to_institution_id, analyzed_at)
     values ($1, 'transcript.pdf', 'done', $2, $3, $4, now()) returning id`,
    [userId, from.id, from.name, to.id],
  );
  for (const [position, [subject, number, title, credits, grade]] of rows.entries()) {
    await t.deps.db.query(
      `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade, term) values ($1, $2, $3, $4, $5, $6, $6, $7, 'Fall 2022')`,
      [transcript!.id, position, subject, number, title, credits, grade],
    );
  }
  return transcript!.id;
}

async function programCode(school: string, code: string): Promise<ProgramSummary> {
  const response = await get(`/api/programs?school=${encodeURIComponent(school)}`);
  const { programs } = (await response.json()) as { programs: ProgramSummary[] };
  const program = programs.find((candidate) => candidate.code === code);
  if (!program) throw new Error(`${code} is not offered at ${school}: ${programs.map((candidate) => candidate.code).join(', ')}`);
  return program;
}

const VALENCIA_TRANSCRIPT: Array<[string, string, string, number, string]> = [
  ['ENC', '1101', 'Freshman Composition I', 3, 'A'],
  ['MAC', '1105', 'College Algebra', 3, 'B'],
  ['PSY', '2012', 'General Psychology', 3, 'A'],
  ['BSC', '2010C', 'Biology I', 4, 'B+'],
  ['SPC', '1608', 'Fundamentals of Speech', 3, 'A'],
  ['ART', '1300C', 'Drawing I', 3, 'W'],
];

describe('degree progress', () => {
  it('a Valencia College transcript at Florida State: Florida\'s general-education areas filled and remaining', async () => {
    const student = await signUp(t);
    const transcriptId = await transcriptOf(student.id, valencia, fsu, VALENCIA_TRANSCRIPT);
    // Both versions of the statewide core are Florida State's programs too (every public school honours them).
    const core = await programCode('fsu', 'FL-GEN-ED-CORE-2015');
    expect(core).toMatchObject({ statewide: 'FL', school: null, enteringFrom: 'Fall 2015', kind: 'general-education' });
    const suggested = (await (await get('/api/programs?school=fsu&major=Economics&term=Spring%202023&term=Fall%202022')).json()) as ProgramListResponse;
    expect(suggested.suggestedProgramId).toBe(core.id);
    const forMajor = (await (await get('/api/programs?school=ohio-state&major=Computer%20Science')).json()) as ProgramListResponse;
    expect(forMajor.programs.find((program) => program.id === forMajor.suggestedProgramId)?.code).toBe('OSU-CSE');
    const atOhioState = (await (await get('/api/programs?school=ohio-state')).json()) as { programs: ProgramSummary[] };
    expect(atOhioState.programs.map((program) => program.code)).not.toContain('FL-GEN-ED-CORE-2015');

    // For the student's own transcript the program shown first follows its terms (Fall 2022: the 2015 version).
    const forTranscript = (await (await get(`/api/student/transcripts/${transcriptId}/programs?school=fsu&major=Economics`, student.cookie)).json()) as ProgramListResponse;
    expect(forTranscript).toMatchObject({ suggestedProgramId: core.id, suggestedBecause: 'entering-term' });

    const response = await get(`/api/student/transcripts/${transcriptId}/progress?program=${core.id}`, student.cookie);
    expect(response.status).toBe(200);
    const { progress, transcript } = (await response.json()) as DegreeProgressResponse;
    expect(transcript).toMatchObject({ id: transcriptId, fromSchool: 'Valencia College' });
    expect(progress.school).toEqual({ id: fsu.id, name: fsu.name });
    expect(progress.requirements.map((requirement) => [requirement.name, requirement.status, requirement.courses])).toEqual([
      ['Communication', 'complete', ['ENC 1101']],
      ['Humanities', 'not-started', []],
      ['Mathematics', 'complete', ['MAC 1105']],
      ['Natural Sciences', 'complete', ['BSC 2010C']],
      ['Social Sciences', 'complete', ['PSY 2012']],
    ]);
    expect(progress.requirements[1]).toMatchObject({ remainingCourses: 1, verified: true, optionsText: expect.arrayContaining(['PHI x010']) });
    const speech = progress.courses.find((course) => course.code === 'SPC 1608')!;
    expect(speech).toMatchObject({ outcome: 'elective', countsToward: [] });
    expect(speech.why).toMatch(/^Elective credit only: it becomes SPC 1608, which no requirement of Florida General Education Core/);
    expect(progress.courses.find((course) => course.code === 'ART 1300C')).toMatchObject({ outcome: 'none', pending: false });
    expect(progress.totals).toMatchObject({ countingCredits: 13, electiveCredits: 3, lostCredits: 3, requirementsComplete: 4, requirementsTotal: 5 });

    // The 2024 version's changed areas come from secondary sources: filled, but never shown as fact.
    const core2024 = await programCode('fsu', 'FL-GEN-ED-CORE-2024');
    const newer = ((await (await get(`/api/student/transcripts/${transcriptId}/progress?program=${core2024.id}`, student.cookie)).json()) as DegreeProgressResponse).progress;
    expect(newer.requirements.find((requirement) => requirement.name === 'Mathematics')).toMatchObject({ status: 'complete', verified: false, doubtful: expect.stringMatching(/assembled from FSU/) });
    expect(newer.requirements.find((requirement) => requirement.name === 'Communication')).toMatchObject({ status: 'complete', verified: true });
  });

  it('a transcript from a school we do not know: an F counts as nothing, as in its report; a passed course waits for review', async () => {
    const student = await signUp(t);
    const transcriptId = await transcriptOf(student.id, valencia, fsu, [
      ['ENC', '1101', 'Freshman Composition I', 3, 'A'],
      ['MAC', '1105', 'College Algebra', 3, 'F'],
    ]);
    await t.deps.db.query(`update transcripts set detected_institution_id = null, detected_institution_name = 'Nowhere Community College' where id = $1`, [transcriptId]);
    const core = await programCode('fsu', 'FL-GEN-ED-CORE-2015');
    const { progress } = (await (await get(`/api/student/transcripts/${transcriptId}/progress?program=${core.id}`, student.cookie)).json()) as DegreeProgressResponse;
    expect(progress.courses.find((course) => course.code === 'MAC 1105')).toMatchObject({ outcome: 'none', pending: false });
    expect(progress.courses.find((course) => course.code === 'ENC 1101')).toMatchObject({ pending: true });
  });

  it('an Ohio State program shows its major requirements, with its college and university GE under it', async () => {
    const student = await signUp(t);
    const rules: Array<[string, string, string, string]> = [
      ['CSC', '1101', 'CSE', '2221'],
      ['CSC', '2102', 'CSE', '2231'],
      ['MTH', '1151', 'MATH', '1151'],
      ['PHY', '1250', 'PHYSICS', '1250'],
      ['ENG', '1100', 'ENGLISH', '1110.01'],
    ];
    for (const [subject, number, targetSubject, targetNumber] of rules) {
      await createRule(t.deps.db, { from: columbus.id, to: osu.id, sources: [{ subject, number }], targets: [{ subject: targetSubject, number: targetNumber, credits: 4 }], creditsAwarded: 4 });
    }
    const transcriptId = await transcriptOf(student.id, columbus, osu, [
      ['CSC', '1101', 'Software I', 4, 'A'],
      ['CSC', '2102', 'Software II', 4, 'B'],
      ['MTH', '1151', 'Calculus I', 4, 'A'],
      ['PHY', '1250', 'Mechanics', 4, 'B'],
      ['ENG', '1100', 'Composition', 3, 'A'],
      ['HIS', '1500', 'World History', 3, 'B'],
    ]);
    const cse = await programCode('ohio-state', 'OSU-CSE');
    expect(cse).toMatchObject({ name: 'Computer Science', kind: 'major', includes: ['OSU-ENG'], school: { id: osu.id } });
    const { progress } = (await (await get(`/api/student/transcripts/${transcriptId}/progress?program=${cse.id}`, student.cookie)).json()) as DegreeProgressResponse;
    expect(progress.requirements.map((requirement) => requirement.id)).toEqual(['OSU-CSE:R1', 'OSU-CSE:R2', 'OSU-CSE:R3', 'OSU-CSE:R4', 'OSU-CSE:R5', 'OSU-CSE:R6', 'OSU-ENG', 'OSU-UNI']);
    expect(findRequirement(progress.requirements, 'OSU-CSE:R1.6')).toMatchObject({ name: 'Major Admission Requirements: Software I: Software Components', status: 'complete', courses: ['CSC 1101'] });
    expect(findRequirement(progress.requirements, 'OSU-CSE:R1.3')).toMatchObject({ status: 'complete', courses: ['MTH 1151'] });
    expect(findRequirement(progress.requirements, 'OSU-CSE:R1')).toMatchObject({ status: 'partial', remainingCourses: 3 });
    // The source's own slip (slot names shifted) is shown, never as fact.
    expect(findRequirement(progress.requirements, 'OSU-CSE:R2.1')).toMatchObject({ status: 'complete', verified: false, doubtful: expect.stringMatching(/slot names may be misaligned/) });
    // Technical electives: the planner itself does not check them, and neither do we.
    expect(findRequirement(progress.requirements, 'OSU-CSE:R5')).toMatchObject({ status: 'unchecked', cannotCheck: expect.stringMatching(/cannot be checked/) });
    // GE by Ohio State's attributes: no course list for them, so not "not started" but "cannot check".
    expect(findRequirement(progress.requirements, 'OSU-ENG:R3')).toMatchObject({ name: 'Historical Study', status: 'unchecked', cannotCheck: expect.stringMatching(/marked AH1/) });
    expect(findRequirement(progress.requirements, 'OSU-UNI')).toMatchObject({ name: 'University-wide requirements' });
    expect(progress.courses.find((course) => course.code === 'HIS 1500')).toMatchObject({ outcome: 'none', pending: true });
  });

  it('exam credit fills a requirement; the scores are the student\'s own', async () => {
    const student = await signUp(t);
    const other = await signUp(t);
    const catalog = (await (await get('/api/exams')).json()) as { exams: ExamCatalogEntry[] };
    expect(catalog.exams).toEqual(expect.arrayContaining([{ examType: 'AP', exam: 'Calculus AB' }, { examType: 'IB', exam: 'Biology' }]));

    const saved = await t.app.request('/api/student/exam-scores', jsonRequest('PUT', { scores: [{ examType: 'AP', exam: 'Calculus AB', score: 4 }, { examType: 'AP', exam: 'Chemistry', score: 2 }] }, student.cookie));
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { scores: ExamScore[] }).scores.map((score) => [score.exam, score.score])).toEqual([
      ['Calculus AB', 4],
      ['Chemistry', 2],
    ]);
    const badScore = await t.app.request('/api/student/exam-scores', jsonRequest('PUT', { scores: [{ examType: 'AP', exam: 'Calculus AB', score: 9 }] }, student.cookie));
    expect(badScore.status).toBe(400);
    expect(((await badScore.json()) as { error: string }).error).toMatch(/scores.0.score: AP scores are whole numbers from 1 to 5/);
    expect(((await (await get('/api/student/exam-scores', other.cookie)).json()) as { scores: ExamScore[] }).scores).toEqual([]);
    // They are the student's records: in their export, and gone with their account.
    const exported = (await (await get('/api/student/export', student.cookie)).json()) as { examScores: Array<{ exam: string; score: number }> };
    expect(exported.examScores).toEqual([
      { examType: 'AP', exam: 'Calculus AB', score: 4 },
      { examType: 'AP', exam: 'Chemistry', score: 2 },
    ]);

    const transcriptId = await transcriptOf(student.id, columbus, osu, [['CSC', '1101', 'Software I', 4, 'A']]);
    const cse = await programCode('ohio-state', 'OSU-CSE');
    const { progress } = (await (await get(`/api/student/transcripts/${transcriptId}/progress?program=${cse.id}`, student.cookie)).json()) as DegreeProgressResponse;
    expect(findRequirement(progress.requirements, 'OSU-CSE:R1.3')).toMatchObject({ name: 'Major Admission Requirements: Calculus I', status: 'complete', courses: ['AP Calculus AB (score 4)'] });
    const calculus = progress.courses.find((course) => course.source === 'exam' && course.code.startsWith('AP Calculus'))!;
    expect(calculus).toMatchObject({ outcome: 'counts', credits: 5, becomes: 'MATH 1151', countsToward: [{ id: 'OSU-CSE:R1.3', name: 'Major Admission Requirements: Calculus I' }] });
    expect(progress.courses.find((course) => course.code.startsWith('AP Chemistry'))!.why).toBe('Does not count: The Ohio State University gives credit for AP Chemistry from a score of 3; yours is 2.');

    await t.app.request('/api/student/exam-scores', jsonRequest('PUT', { scores: [{ examType: 'IB', exam: 'Biology', score: 5 }] }, other.cookie));
    expect((await t.app.request('/api/student/account', jsonRequest('DELETE', { confirm: 'DELETE' }, other.cookie))).status).toBeLessThan(300);
    expect(await t.deps.db.query(`select 1 from student_exam_scores where user_id = $1`, [other.id])).toEqual([]);
  });

  it('compares the same courses at two schools side by side', async () => {
    const student = await signUp(t);
    const transcriptId = await transcriptOf(student.id, valencia, fsu, VALENCIA_TRANSCRIPT);
    const core = await programCode('fsu', 'FL-GEN-ED-CORE-2015');
    const cse = await programCode('ohio-state', 'OSU-CSE');
    const response = await get(`/api/student/transcripts/${transcriptId}/degree-compare?target=${fsu.id}:${core.id}&target=${osu.id}:${cse.id}`, student.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as DegreeCompareResponse;
    expect(body.columns.map((column) => [column.school.name, column.program.code])).toEqual([
      [fsu.name, 'FL-GEN-ED-CORE-2015'],
      [osu.name, 'OSU-CSE'],
    ]);
    expect(body.columns[0]!.totals).toMatchObject({ countingCredits: 13, requirementsComplete: 4 });
    // No rules from Valencia to Ohio State: nothing counts there yet, and the courses wait for Ohio State.
    expect(body.columns[1]!.totals).toMatchObject({ countingCredits: 0, pendingCredits: 16 });
    // A program of another school is refused, naming the field.
    const wrong = await get(`/api/student/transcripts/${transcriptId}/degree-compare?target=${fsu.id}:${cse.id}&target=${osu.id}:${cse.id}`, student.cookie);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/not a program of Florida State University/);
    expect((await get(`/api/student/transcripts/${transcriptId}/degree-compare?target=${fsu.id}:${core.id}`, student.cookie)).status).toBe(400);
  });

  it('a student cannot read another student\'s progress or compare it', async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const transcriptId = await transcriptOf(owner.id, valencia, fsu, VALENCIA_TRANSCRIPT);
    const core = await programCode('fsu', 'FL-GEN-ED-CORE-2015');
    expect((await get(`/api/student/transcripts/${transcriptId}/progress?program=${core.id}`, owner.cookie)).status).toBe(200);
    const progress = await get(`/api/student/transcripts/${transcriptId}/progress?program=${core.id}`, intruder.cookie);
    expect(progress.status).toBe(404);
    expect(await progress.text()).not.toContain('ENC 1101');
    const compare = await get(`/api/student/transcripts/${transcriptId}/degree-compare?target=${fsu.id}:${core.id}&target=${ufl.id}:${core.id}`, intruder.cookie);
    expect(compare.status).toBe(404);
    expect((await get(`/api/student/transcripts/${transcriptId}/programs?school=fsu`, intruder.cookie)).status).toBe(404);
    expect((await get(`/api/student/transcripts/${transcriptId}/progress?program=${core.id}`)).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DegreeProgressResponse, ProgramSummary } from '../../src/shared/schemas/programs';
import type { CompareResponse } from '../../src/shared/schemas/student';
import type { TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { loadProgramsSet, programsSetFolder } from '../../src/server/features/programs';
import { decideStoredRows } from '../../src/server/features/transcripts/transcript-analysis';
import { findTranscriptById } from '../../src/server/features/transcripts/transcripts.queries';
import { createInstitution, createRule } from '../support/factories';
import { createTestApp, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';

/**
 * One transcript from a quarter school, read three ways: the report's summary, Compare and degree progress count the
 * same credits in the destination's semester units (creditTotals beside summarise, one row mapper). Compare used to
 * add the printed quarter credits and call a course with no decision "does not transfer"; degree progress counted a
 * failed course's 0 earned instead of the credits it lost.
 */
let t: TestApp;
let quarterSchool: { id: number; name: string };
let madison: { id: number; name: string };
let other: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  quarterSchool = await createInstitution(t.deps.db, { name: 'Lakeshore Quarter College', key: 'lakeshore-quarter', state: 'WI' });
  madison = await createInstitution(t.deps.db, { name: 'University of Wisconsin-Madison', key: 'uw-madison', state: 'WI' });
  other = await createInstitution(t.deps.db, { name: 'Compare Tech', key: 'compare-tech', state: 'WI' });
  await t.deps.db.query(`update institutions set calendar = 'quarter' where id = $1`, [quarterSchool.id]);
  await loadProgramsSet(t.deps.db, programsSetFolder('wisconsin-gen-ed'));
  await createRule(t.deps.db, { from: quarterSchool.id, to: madison.id, sources: [{ subject: 'ENG', number: '101', credits: 5 }], targets: [{ subject: 'ENGLISH', number: '100', title: 'Introduction to College Composition', credits: 3 }], creditsAwarded: 3.33 });
  await createRule(t.deps.db, { from: quarterSchool.id, to: madison.id, sources: [{ subject: 'HIS', number: '110' }], targets: [{ subject: 'HISTORY', number: 'EL', title: 'History Elective', isElective: true }], creditsAwarded: 2.67 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = async <T>(path: string, cookie: string): Promise<T> => {
  const response = await t.app.request(path, { headers: { origin: TEST_APP_URL, cookie } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};

describe('credit totals for a quarter school transcript', () => {
  it('are the same in the report, Compare and degree progress', async () => {
    const student = await signUp(t);
    const [transcript] = await t.deps.db.query<{ id: string }>(
      `insert into transcripts (user_id, file_name, status, detected_institution_id, detected_institution_name, to_institution_id, analyzed_at)
       values ($1, 'transcript.pdf', 'done', $2, $3, $4, now()) returning id`,
      [student.id, quarterSchool.id, quarterSchool.name, madison.id],
    );
    const id = transcript!.id;
    // [subject, number, title, credits, earned, grade]: a course a rule decides, elective credit, one no rule decides
    // (for review) and a failed one (does not transfer; it earned 0 of its 4 credits).
    const rows: Array<[string, string, string, number, number, string]> = [
      ['ENG', '101', 'Composition I', 5, 5, 'A'],
      ['HIS', '110', 'World History', 4, 4, 'B'],
      ['PHI', '120', 'Ethics', 4, 4, 'B+'],
      ['MAT', '110', 'College Algebra', 4, 0, 'F'],
    ];
    for (const [position, [subject, number, title, credits, earned, grade]] of rows.entries()) {
      await t.deps.db.query(
        `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade, term) values ($1, $2, $3, $4, $5, $6, $7, $8, 'Fall 2023')`,
        [id, position, subject, number, title, credits, earned, grade],
      );
    }
    // The analysis's own write of a report from stored rows.
    await decideStoredRows(t.deps.db, (await findTranscriptById(t.deps.db, id))!);

    const report = await get<TranscriptResponse>(`/api/transcripts/${id}`, student.cookie);
    expect(report.rows.map((item) => item.status)).toEqual(['DIRECT', 'DIRECT', 'NEEDS_EVAL', 'NO_TRANSFER']);
    // 17 quarter credits are 11.33 semester credits (each row converted, 3.33 + 2.67 + 2.67 + 2.67).
    expect(report.summary).toMatchObject({ totalCredits: 11.34, creditsTransferring: 6 });

    const compare = await get<CompareResponse>(`/api/student/compare?a=${encodeURIComponent(madison.name)}&b=${encodeURIComponent(other.name)}`, student.cookie);
    const atMadison = compare.schools[0]!;
    expect(atMadison.courses.map((course) => course.status)).toEqual(['DIRECT', 'DIRECT', 'NEEDS_EVAL', 'NO_TRANSFER']);
    expect(atMadison.credits).toEqual({ total: report.summary!.totalCredits, direct: report.summary!.creditsTransferring, review: 2.67, none: 2.67 });
    // No rule into Compare Tech: every course waits for its review there, none is called "does not transfer" but the failed one.
    expect(compare.schools[1]!.courses.map((course) => course.status)).toEqual(['NEEDS_EVAL', 'NEEDS_EVAL', 'NEEDS_EVAL', 'NO_TRANSFER']);

    const { programs } = await get<{ programs: ProgramSummary[] }>(`/api/programs?school=uw-madison`, student.cookie);
    const program = programs.find((candidate) => candidate.code === 'UWM-GER')!;
    const { progress } = await get<DegreeProgressResponse>(`/api/student/transcripts/${id}/progress?program=${program.id}`, student.cookie);
    expect(round(progress.totals.countingCredits + progress.totals.electiveCredits)).toBe(atMadison.credits.direct);
    expect(progress.totals.pendingCredits).toBe(atMadison.credits.review);
    expect(progress.totals.lostCredits).toBe(atMadison.credits.none);
  });
});

const round = (value: number) => Math.round(value * 100) / 100;

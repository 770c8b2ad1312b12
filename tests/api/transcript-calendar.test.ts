/**
 * Issue 36: quarter or semester credits. The page says which ("Fall Quarter 2022"), else the issuing school's directory
 * entry, else the report asks the student one question and converts nothing until they answer; the conversion
 * (quarter × 2/3 at a semester school) is on every row and in the totals; only the transcript's student may answer.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts/reader/read-transcript-in-worker';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import type { CreateTranscriptResponse, TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { createInstitution } from '../support/factories';
import { createTestApp, jsonRequest, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';

const UNSEEN = resolve(import.meta.dirname, '../fixtures/transcripts-unseen/tuning');
/** A ctcLink transcript re-typeset with a made-up student: "Fall Quarter 2022", 5-credit courses. */
const QUARTER_PAGE = readFileSync(resolve(UNSEEN, 'u23-spscc-ctclink-termcodes.pdf'));
/** A Jenzabar transcript: "2022-23 Fall Term", "2022-23 Spring Term" — the page does not say quarter or semester. */
const TERMS_ONLY = readFileSync(resolve(UNSEEN, 'u18-nctc-jenzabar.pdf'));

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let semesterSchool: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  semesterSchool = await createInstitution(t.deps.db, { name: 'Calendar Destination University' });
}, 60_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

async function analysed(bytes: Buffer, cookie: string, toInstitutionId: number) {
  const created = (await (
    await t.app.request('/api/transcripts', jsonRequest('POST', { fileName: 'transcript.pdf', fileType: 'application/pdf', size: bytes.byteLength, toInstitutionId: 0 }, cookie))
  ).json()) as CreateTranscriptResponse;
  const put = await t.app.request(created.upload.url, { method: 'PUT', headers: { ...created.upload.headers, origin: TEST_APP_URL }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  expect((await t.app.request(`/api/transcripts/${created.id}/analyze`, jsonRequest('POST', { toInstitutionId }, cookie))).status).toBe(202);
  await runPendingJobs(t.deps);
  return created.id;
}

async function report(id: string, cookie: string): Promise<TranscriptResponse> {
  const response = await t.app.request(`/api/transcripts/${id}`, jsonRequest('GET', undefined, cookie));
  expect(response.status).toBe(200);
  return (await response.json()) as TranscriptResponse;
}

const answer = (id: string, body: unknown, cookie: string) => t.app.request(`/api/transcripts/${id}/calendar`, jsonRequest('PUT', body, cookie));
const totalOf = (r: TranscriptResponse) => r.summary!.totalCredits;

describe('quarter or semester credits', () => {
  it('reads quarters from the page of a school we do not know, and converts every row and the totals for a semester school', async () => {
    const id = await analysed(QUARTER_PAGE, alice.cookie, semesterSchool.id);
    const r = await report(id, alice.cookie);
    expect(r.status).toBe('done');
    expect(r.detectedInstitution).toBeNull();
    expect(r.calendar).toEqual({ value: 'quarter', source: 'page', evidence: 'Fall Quarter', askStudent: false, destination: 'semester' });
    const accounting = r.rows.find((item) => `${item.subject} ${item.number}` === 'ACCT& 201')!;
    expect(accounting.credits).toBe(5);
    expect(accounting.creditConversion).toEqual({ from: 'quarter', to: 'semester', originalCredits: 5, convertedCredits: 3.33 });
    expect(r.rows.every((item) => item.creditConversion?.from === 'quarter')).toBe(true);
    // 9 courses of 5 quarter credits: 45 quarter credits are 30 semester credits
    expect(totalOf(r)).toBeCloseTo(29.97, 2);
  });

  it('takes the calendar from the issuing school\'s directory entry when the page does not say', async () => {
    const quarterSchool = await createInstitution(t.deps.db, { name: 'North Central Texas College' });
    await t.deps.db.query(`update institutions set calendar = 'quarter' where id = $1`, [quarterSchool.id]);
    const id = await analysed(TERMS_ONLY, alice.cookie, semesterSchool.id);
    const r = await report(id, alice.cookie);
    expect(r.detectedInstitution?.id).toBe(quarterSchool.id);
    expect(r.calendar).toEqual({ value: 'quarter', source: 'school', evidence: null, askStudent: false, destination: 'semester' });
    expect(r.rows.find((item) => item.subject === 'ENGL')!.creditConversion).toEqual({ from: 'quarter', to: 'semester', originalCredits: 3, convertedCredits: 2 });
    await t.deps.db.query(`delete from institution_aliases where institution_id = $1`, [quarterSchool.id]);
  });

  it('asks the student when neither the page nor a known school says, converts nothing until they answer, then decides again', async () => {
    const id = await analysed(TERMS_ONLY, alice.cookie, semesterSchool.id);
    const before = await report(id, alice.cookie);
    expect(before.detectedInstitution).toBeNull();
    expect(before.calendar).toEqual({ value: null, source: null, evidence: null, askStudent: true, destination: 'semester' });
    expect(before.rows.every((item) => item.creditConversion === null)).toBe(true);
    expect(totalOf(before)).toBe(24);

    // only the transcript's student answers; a wrong answer is refused in plain words
    expect((await answer(id, { calendar: 'quarter' }, bob.cookie)).status).toBe(404);
    const bad = await answer(id, { calendar: 'trimester' }, alice.cookie);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('calendar: must be "quarter" or "semester"');
    expect((await report(id, alice.cookie)).calendar?.askStudent).toBe(true);

    const res = await answer(id, { calendar: 'quarter' }, alice.cookie);
    expect(res.status).toBe(200);
    const after = (await res.json()) as TranscriptResponse;
    expect(after.calendar).toEqual({ value: 'quarter', source: 'student', evidence: null, askStudent: false, destination: 'semester' });
    expect(after.rows.every((item) => item.creditConversion?.to === 'semester')).toBe(true);
    expect(totalOf(after)).toBeCloseTo(16, 1);
    // the answer is kept: the report read back says the same
    expect((await report(id, alice.cookie)).calendar?.source).toBe('student');

    // and can be changed back: semester credits at a semester school are not converted
    const semester = (await (await answer(id, { calendar: 'semester' }, alice.cookie)).json()) as TranscriptResponse;
    expect(semester.rows.every((item) => item.creditConversion === null)).toBe(true);
    expect(totalOf(semester)).toBe(24);
  });
});

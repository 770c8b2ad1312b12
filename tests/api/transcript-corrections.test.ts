/**
 * Issue 19: a file with no course rows gets a question instead of a report, and the student checks "What we read":
 * fixes a row, adds a missed course, removes a wrong one; the report is decided again, the reading is kept, and only
 * the transcript's own student may change it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts/reader/read-transcript-in-worker';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import { whatWeRead, type CreateTranscriptResponse, type TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { createInstitution, createRule } from '../support/factories';
import { createTestApp, jsonRequest, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

const VALENCIA_PDF = readFileSync(resolve(import.meta.dirname, '../fixtures/transcripts/t11000.pdf'));
const FIU_PDF = readFileSync(resolve(import.meta.dirname, '../fixtures/transcripts/t11002.pdf'));
const NOT_A_TRANSCRIPT = readFileSync(resolve(import.meta.dirname, '../fixtures/transcript-cases/not-a-transcript.pdf'));

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let fiu: { id: number };
let destination: { id: number; key: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  admin = await signUpAdmin(t);
  const db = t.deps.db;
  fiu = await createInstitution(db, { name: 'Florida International University', aliases: ['FIU'] });
  destination = await createInstitution(db, { name: 'Correction Destination University' });
  await createRule(db, { from: fiu.id, to: destination.id, sources: [{ subject: 'CHM', number: '1045' }], targets: [], transfers: false, creditsAwarded: 0 });
  // Not on the FIU transcript: a course the student adds by hand transfers directly.
  await createRule(db, { from: fiu.id, to: destination.id, sources: [{ subject: 'PHY', number: '2048' }], targets: [{ subject: 'PHYS', number: '201', title: 'Physics I' }] });
}, 60_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

/** Uploads a file as `cookie`'s student (or a visitor), analyses it and returns its id and the visitor's headers. */
async function analysed(bytes: Buffer, cookie?: string) {
  const created = (await (
    await t.app.request('/api/transcripts', jsonRequest('POST', { fileName: 'transcript.pdf', fileType: 'application/pdf', size: bytes.byteLength, toInstitutionId: 0 }, cookie))
  ).json()) as CreateTranscriptResponse;
  const put = await t.app.request(created.upload.url, { method: 'PUT', headers: { ...created.upload.headers, origin: TEST_APP_URL }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  const headers: Record<string, string> = created.accessToken ? { 'x-transcript-token': created.accessToken } : {};
  const init = jsonRequest('POST', { toInstitutionId: destination.id }, cookie);
  const analyze = await t.app.request(`/api/transcripts/${created.id}/analyze`, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } });
  expect(analyze.status).toBe(202);
  await runPendingJobs(t.deps);
  return { id: created.id, headers };
}

async function report(id: string, headers: Record<string, string>): Promise<TranscriptResponse> {
  const response = await t.app.request(`/api/transcripts/${id}`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as TranscriptResponse;
}

function send(method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown, as: { cookie?: string; headers?: Record<string, string> } = {}) {
  const init = jsonRequest(method, body, as.cookie);
  return t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...as.headers } });
}

const rowOf = (r: TranscriptResponse, code: string) => whatWeRead(r).find((row) => `${row.subject} ${row.number}` === code)!;
const itemOf = (r: TranscriptResponse, code: string) => r.rows.find((item) => `${item.subject} ${item.number}` === code);

describe('a file with no course rows', () => {
  it('is answered with a question, not an empty report', async () => {
    const { id } = await analysed(NOT_A_TRANSCRIPT, alice.cookie);
    const answer = await report(id, { cookie: alice.cookie });
    expect(answer.status).toBe('failed');
    expect(answer.error).toBe('We could not find courses in this file. Is it a transcript?');
    expect(answer.rows).toEqual([]);
    expect(answer.summary).toBeNull();
  });
});

describe('"What we read": the student corrects the reading', () => {
  it('fixes a row, adds a missed course and removes a wrong one; each answer is the report decided again', async () => {
    const { id } = await analysed(FIU_PDF, alice.cookie);
    const before = await report(id, { cookie: alice.cookie });
    expect(whatWeRead(before)).toHaveLength(8);
    expect(whatWeRead(before).every((row) => row.correction === null && row.asRead === null)).toBe(true);
    const sta = rowOf(before, 'STA 2023');
    const readCredits = sta.credits;

    // Fix a credit: the row says it is the student's, keeps what was read, and the total follows.
    const fixed = await send('PATCH', `/api/transcripts/${id}/rows/${sta.id}`, { credits: readCredits + 1 }, { cookie: alice.cookie });
    expect(fixed.status).toBe(200);
    const afterFix = (await fixed.json()) as TranscriptResponse;
    expect(itemOf(afterFix, 'STA 2023')).toMatchObject({ credits: readCredits + 1, correction: 'edited', asRead: { subject: 'STA', number: '2023', credits: readCredits } });
    expect(afterFix.summary!.totalCredits).toBeCloseTo(before.summary!.totalCredits + 1);

    // Add a missed course: decided like any other (a rule exists, so it transfers directly).
    const added = await send('POST', `/api/transcripts/${id}/rows`, { subject: 'phy', number: '2048', title: 'Physics with Calculus I', credits: 4, grade: 'A', term: 'Fall 2023' }, { cookie: alice.cookie });
    expect(added.status).toBe(201);
    const afterAdd = (await added.json()) as TranscriptResponse;
    expect(itemOf(afterAdd, 'PHY 2048')).toMatchObject({ status: 'DIRECT', correction: 'added', asRead: null, credits: 4, grade: 'A' });
    expect(afterAdd.summary).toMatchObject({ courses: 9, directTransfers: before.summary!.directTransfers + 1 });

    // Remove a wrong row: gone from the report, kept (marked) in the reading; it can be put back.
    const chm = rowOf(afterAdd, 'CHM 1045');
    const removed = (await (await send('PATCH', `/api/transcripts/${id}/rows/${chm.id}`, { removed: true }, { cookie: alice.cookie })).json()) as TranscriptResponse;
    expect(itemOf(removed, 'CHM 1045')).toBeUndefined();
    expect(rowOf(removed, 'CHM 1045').correction).toBe('removed');
    expect(removed.summary!.courses).toBe(8);
    expect(removed.rows.map((row) => row.subject + row.number)).not.toContain('CHM1045');
    const restored = (await (await send('PATCH', `/api/transcripts/${id}/rows/${chm.id}`, { removed: false }, { cookie: alice.cookie })).json()) as TranscriptResponse;
    expect(itemOf(restored, 'CHM 1045')).toMatchObject({ status: 'NO_TRANSFER', correction: null });

    // The corrections are stored: read again (and as an admin sees it), the student's rows are marked.
    const [stored] = await t.deps.db.query<{ as_read: { credits: number } }>(`select as_read from transcript_rows where id = $1`, [sta.id]);
    expect(Number(stored!.as_read.credits)).toBe(readCredits);
    const seenByAdmin = await report(id, { cookie: admin.cookie });
    expect(itemOf(seenByAdmin, 'STA 2023')?.correction).toBe('edited');
    expect(itemOf(seenByAdmin, 'PHY 2048')?.correction).toBe('added');
  });

  it('keeps the corrections when the transcript is analysed again for another school', async () => {
    const { id } = await analysed(FIU_PDF, alice.cookie);
    const sta = rowOf(await report(id, { cookie: alice.cookie }), 'STA 2023');
    await send('PATCH', `/api/transcripts/${id}/rows/${sta.id}`, { credits: 5 }, { cookie: alice.cookie });
    await send('POST', `/api/transcripts/${id}/rows`, { subject: 'PHY', number: '2048', credits: 4, grade: 'A' }, { cookie: alice.cookie });
    const elsewhere = await createInstitution(t.deps.db, { name: 'Second Destination College' });
    const again = await send('POST', `/api/transcripts/${id}/analyze`, { toInstitutionId: elsewhere.id }, { cookie: alice.cookie });
    expect(again.status).toBe(202);
    await runPendingJobs(t.deps);
    const after = await report(id, { cookie: alice.cookie });
    expect(after).toMatchObject({ status: 'done', destination: { id: elsewhere.id } });
    expect(itemOf(after, 'STA 2023')).toMatchObject({ credits: 5, correction: 'edited', asRead: { credits: sta.credits } });
    // Decided for the new school: no rule there, so the added course is left for it to review.
    expect(itemOf(after, 'PHY 2048')).toMatchObject({ correction: 'added', status: 'NEEDS_EVAL' });
  });

  it('an appeal carries the corrected row', async () => {
    const { id } = await analysed(FIU_PDF, alice.cookie);
    const chm = rowOf(await report(id, { cookie: alice.cookie }), 'CHM 1045');
    await send('PATCH', `/api/transcripts/${id}/rows/${chm.id}`, { grade: 'B+', credits: 4 }, { cookie: alice.cookie });
    const appeal = await send('POST', '/api/appeals', { transcriptId: id, subject: 'CHM', number: '1045', institutionId: fiu.id, toInstitutionId: destination.id, note: 'Lab included.' }, { cookie: alice.cookie });
    expect(appeal.status).toBe(201);
    const [stored] = await t.deps.db.query<{ course_row: Record<string, unknown> }>(`select course_row from appeals where transcript_id = $1`, [id]);
    expect(stored!.course_row).toMatchObject({ credits: 4, grade: 'B+', correction: 'edited', asRead: { subject: 'CHM', number: '1045', grade: chm.grade } });
    // What the admin reviewing it sees.
    const { appeal: created } = (await appeal.json()) as { appeal: { id: string } };
    const detail = await t.app.request(`/api/admin/appeals/${created.id}`, { headers: { cookie: admin.cookie } });
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as { appeal: { courseRow: unknown }; evidence: { correction: { changes: Array<{ what: string; from: string | null; to: string | null }> } | null } };
    expect(body.appeal.courseRow).toMatchObject({ credits: 4, correction: 'edited', asRead: { credits: chm.credits } });
    // The evidence beside the decision names each change in the clerk's words, from what was read to what was sent.
    expect(body.evidence.correction?.changes).toEqual(
      expect.arrayContaining([
        { what: 'Grade', from: chm.grade, to: 'B+' },
        { what: 'Credits', from: String(chm.credits), to: '4' },
      ]),
    );
    expect(body.evidence.correction?.changes.map((change) => change.what)).not.toContain('Term');
  });

  it("refuses to let anyone but the transcript's student correct it (another student, a signed-out caller, an admin)", async () => {
    const { id } = await analysed(FIU_PDF, alice.cookie);
    const row = whatWeRead(await report(id, { cookie: alice.cookie }))[0]!;
    const course = { subject: 'ENC', number: '1101', title: 'Composition I', credits: 3, grade: 'A', term: null };
    for (const as of [{ cookie: bob.cookie }, {}, { cookie: admin.cookie }]) {
      expect((await send('PATCH', `/api/transcripts/${id}/rows/${row.id}`, { credits: 9 }, as)).status).toBe(404);
      expect((await send('PATCH', `/api/transcripts/${id}/rows/${row.id}`, { removed: true }, as)).status).toBe(404);
      expect((await send('POST', `/api/transcripts/${id}/rows`, course, as)).status).toBe(404);
    }
    // A row id from another student's transcript, sent against one's own, is not found either.
    const bobs = await analysed(FIU_PDF, bob.cookie);
    expect((await send('PATCH', `/api/transcripts/${bobs.id}/rows/${row.id}`, { credits: 9 }, { cookie: bob.cookie })).status).toBe(404);
    const after = await report(id, { cookie: alice.cookie });
    expect(whatWeRead(after)).toHaveLength(8);
    expect(whatWeRead(after)[0]).toMatchObject({ credits: row.credits, correction: null });
  });

  it('lets a signed-out visitor correct the transcript their token opens', async () => {
    const { id, headers } = await analysed(FIU_PDF);
    const row = whatWeRead(await report(id, headers))[0]!;
    const fixed = await send('PATCH', `/api/transcripts/${id}/rows/${row.id}`, { title: 'Corrected title' }, { headers });
    expect(fixed.status).toBe(200);
    expect(whatWeRead((await fixed.json()) as TranscriptResponse)[0]).toMatchObject({ title: 'Corrected title', correction: 'edited' });
  });

  it("refuses a visitor's token on another visitor's transcript", async () => {
    const first = await analysed(FIU_PDF);
    const second = await analysed(FIU_PDF);
    const row = whatWeRead(await report(first.id, first.headers))[0]!;
    const course = { subject: 'ENC', number: '1101', title: 'Composition I', credits: 3, grade: 'A', term: null };
    expect((await send('PATCH', `/api/transcripts/${first.id}/rows/${row.id}`, { credits: 9 }, { headers: second.headers })).status).toBe(404);
    expect((await send('PATCH', `/api/transcripts/${first.id}/rows/${row.id}`, { removed: true }, { headers: second.headers })).status).toBe(404);
    expect((await send('POST', `/api/transcripts/${first.id}/rows`, course, { headers: second.headers })).status).toBe(404);
    // The other visitor's row id against their own transcript is not found either.
    expect((await send('PATCH', `/api/transcripts/${second.id}/rows/${row.id}`, { credits: 9 }, { headers: second.headers })).status).toBe(404);
    const after = await report(first.id, first.headers);
    expect(whatWeRead(after)).toHaveLength(8);
    expect(whatWeRead(after)[0]).toMatchObject({ credits: row.credits, correction: null });
  });

  it('says what is wrong with a bad correction, and corrects nothing before the report exists', async () => {
    const { id } = await analysed(FIU_PDF, alice.cookie);
    const row = whatWeRead(await report(id, { cookie: alice.cookie }))[0]!;
    const negative = await send('PATCH', `/api/transcripts/${id}/rows/${row.id}`, { credits: -1 }, { cookie: alice.cookie });
    expect(negative.status).toBe(400);
    expect(((await negative.json()) as { error: string }).error).toMatch(/credits/);
    const noCode = await send('POST', `/api/transcripts/${id}/rows`, { subject: ' ', number: '1101', credits: 3 }, { cookie: alice.cookie });
    expect(noCode.status).toBe(400);
    expect(((await noCode.json()) as { error: string }).error).toMatch(/subject/);

    const pending = (await (
      await t.app.request('/api/transcripts', jsonRequest('POST', { fileName: 'x.pdf', fileType: 'application/pdf', size: 10, toInstitutionId: destination.id }, alice.cookie))
    ).json()) as CreateTranscriptResponse;
    const early = await send('POST', `/api/transcripts/${pending.id}/rows`, { subject: 'ENC', number: '1101', credits: 3 }, { cookie: alice.cookie });
    expect(early.status).toBe(409);
  });
});

describe('the student says which school issued the transcript', () => {
  it('when we do not know the school printed, the one the student picks decides every row again; only their own transcript', async () => {
    // Valencia College is printed on the page but not on file yet: every row waits for review.
    const { id } = await analysed(VALENCIA_PDF, alice.cookie);
    const before = await report(id, { cookie: alice.cookie });
    expect([before.institutionName, before.detectedInstitution]).toEqual(['Valencia College', null]);
    expect(itemOf(before, 'ENC 1102')?.status).toBe('NEEDS_EVAL');

    const valencia = await createInstitution(t.deps.db, { name: 'Valencia College', key: 'valencia-picked' });
    await createRule(t.deps.db, { from: valencia.id, to: destination.id, sources: [{ subject: 'ENC', number: '1102' }], targets: [{ subject: 'ENGL', number: '102', title: 'Composition II' }] });
    for (const as of [{ cookie: bob.cookie }, {}, { cookie: admin.cookie }]) {
      expect((await send('PUT', `/api/transcripts/${id}/school`, { institution: 'valencia-picked' }, as)).status).toBe(404);
    }
    const unknown = await send('PUT', `/api/transcripts/${id}/school`, { institution: 'no-such-school-anywhere' }, { cookie: alice.cookie });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/choose the school from the list/);

    const chosen = await send('PUT', `/api/transcripts/${id}/school`, { institution: 'valencia-picked' }, { cookie: alice.cookie });
    expect(chosen.status).toBe(200);
    const after = (await chosen.json()) as TranscriptResponse;
    expect(after.detectedInstitution).toEqual({ id: valencia.id, name: 'Valencia College' });
    expect(itemOf(after, 'ENC 1102')).toMatchObject({ status: 'DIRECT' });
    expect(whatWeRead(after)).toHaveLength(whatWeRead(before).length);
    expect((await report(id, { cookie: alice.cookie })).detectedInstitution?.id).toBe(valencia.id);
  });
});

describe('credits from a school on the other calendar', () => {
  // Last: FIU and the destination are put on other calendars here.
  const setCalendars = async (from: 'quarter' | 'semester', to: 'quarter' | 'semester') => {
    await t.deps.db.query(`update institutions set calendar = $2 where id = $1`, [fiu.id, from]);
    await t.deps.db.query(`update institutions set calendar = $2 where id = $1`, [destination.id, to]);
  };
  const round = (value: number) => Math.round(value * 100) / 100;

  it('converts quarter credits for a semester school (and back), on every row and in the total, also after a fix', async () => {
    await setCalendars('quarter', 'semester');
    const { id } = await analysed(FIU_PDF, alice.cookie);
    // the page says "2022 Fall Semester", which the school's entry does not override (decision 130): the student says
    // these are quarter credits
    expect((await report(id, { cookie: alice.cookie })).calendar).toMatchObject({ value: 'semester', source: 'page' });
    const answered = await t.app.request(`/api/transcripts/${id}/calendar`, jsonRequest('PUT', { calendar: 'quarter' }, alice.cookie));
    expect(answered.status).toBe(200);
    const quarter = await report(id, { cookie: alice.cookie });
    for (const item of quarter.rows) {
      expect(item.creditConversion).toEqual({ from: 'quarter', to: 'semester', originalCredits: item.credits, convertedCredits: round((item.credits * 2) / 3) });
    }
    const printed = quarter.rows.reduce((sum, item) => sum + item.credits, 0);
    expect(quarter.summary!.totalCredits).toBeCloseTo(quarter.rows.reduce((sum, item) => sum + item.creditConversion!.convertedCredits, 0), 2);
    expect(quarter.summary!.totalCredits).toBeLessThan(printed);

    const sta = rowOf(quarter, 'STA 2023');
    const fixed = (await (await send('PATCH', `/api/transcripts/${id}/rows/${sta.id}`, { credits: 4 }, { cookie: alice.cookie })).json()) as TranscriptResponse;
    expect(itemOf(fixed, 'STA 2023')?.creditConversion).toMatchObject({ originalCredits: 4, convertedCredits: 2.67 });

    await setCalendars('semester', 'quarter');
    const back = await analysed(FIU_PDF, alice.cookie);
    const semester = await report(back.id, { cookie: alice.cookie });
    expect(itemOf(semester, 'POS 2042')?.creditConversion).toEqual({ from: 'semester', to: 'quarter', originalCredits: 3, convertedCredits: 4.5 });

    await setCalendars('semester', 'semester');
    const same = await report((await analysed(FIU_PDF, alice.cookie)).id, { cookie: alice.cookie });
    expect(same.rows.every((item) => item.creditConversion === null)).toBe(true);
  });
});

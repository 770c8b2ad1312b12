// An appeal a registrar approves with a target course writes a rule (origin appeal); the report the student appealed
// from is decided again with it, so the row shows the outcome and not the engine's old answer beside "Your appeal:
// Approved". A denial without a rule leaves the report as it was. The clerk can read the whole report (a disclosure).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed/seed-demo';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts/reader/read-transcript-in-worker';
import type { TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { analyseSampleTranscript } from '../support/analysed-transcript';
import { createTestApp, jsonRequest, signUp, signUpAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let student: Awaited<ReturnType<typeof signUp>>;
let transcriptId: string;

async function report(): Promise<TranscriptResponse> {
  return (await (await t.app.request(`/api/transcripts/${transcriptId}`, { headers: { cookie: student.cookie } })).json()) as TranscriptResponse;
}
const row = async (course: string) => (await report()).rows.find((item) => `${item.subject} ${item.number}` === course);

async function appeal(subject: string, number: string): Promise<string> {
  const response = await t.app.request('/api/appeals', jsonRequest('POST', { transcriptId, subject, number, note: 'Please look at this course.' }, student.cookie));
  expect(response.status, await response.clone().text()).toBe(201);
  const [stored] = await t.deps.db.query<{ id: string }>(`select id from appeals where user_id = $1 and subject = $2 and number = $3`, [student.id, subject, number]);
  return stored!.id;
}

const decide = (appealId: string, body: Record<string, unknown>) =>
  t.app.request('/api/admin/appeals/update', jsonRequest('POST', { userId: student.id, appealId, status: 'resolved', adminNotes: '', ...body }, admin.cookie));

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.deps);
  admin = await signUpAdmin(t);
  student = await signUp(t, { name: 'Appealing Student' });
  transcriptId = await analyseSampleTranscript(t, student, 't11000.pdf', 'miami');
}, 120_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

describe('an appeal decided with a rule', () => {
  it('decides the appealed row again: approved with a target course, the row transfers as that course', async () => {
    const before = await report();
    expect(await row('ENC 1102')).toMatchObject({ status: 'NEEDS_EVAL' });
    const appealId = await appeal('ENC', '1102');

    const response = await decide(appealId, { decision: 'approved', studentMessage: 'Approved as ENG 106.', createRule: { targetSubject: 'ENG', targetNumber: '106', targetTitle: 'Writing About Culture', credits: 3 } });
    expect(response.status, await response.clone().text()).toBe(200);

    const after = await report();
    const decided = after.rows.find((item) => `${item.subject} ${item.number}` === 'ENC 1102');
    expect(decided).toMatchObject({ status: 'DIRECT', transfers: true });
    expect(decided?.transfersTo).toContain('ENG 106');
    // The row keeps its id (the appeal still points at it) and the report's totals follow the row.
    expect(decided?.id).toBe(before.rows.find((item) => `${item.subject} ${item.number}` === 'ENC 1102')?.id);
    expect(after.summary?.directTransfers).toBe(before.summary!.directTransfers + 1);
    expect(after.summary?.creditsTransferring).toBeGreaterThan(before.summary!.creditsTransferring);
  });

  it('leaves the report as it was when an appeal is denied without a rule', async () => {
    // Another course than the first test's, so each test stands alone.
    const waiting = (await report()).rows.find((item) => item.status === 'NEEDS_EVAL' && `${item.subject} ${item.number}` !== 'ENC 1102')!;
    const appealId = await appeal(waiting.subject, waiting.number);
    expect((await decide(appealId, { decision: 'denied', studentMessage: 'No equivalent course.' })).status).toBe(200);
    expect(await row(`${waiting.subject} ${waiting.number}`)).toMatchObject({ status: 'NEEDS_EVAL' });
  });
});

describe('the clerk’s view of the whole report', () => {
  it('lets a two-factor admin read a student’s report (recorded as a disclosure), and no other student', async () => {
    const answer = await t.app.request(`/api/transcripts/${transcriptId}`, { headers: { cookie: admin.cookie } });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as TranscriptResponse).rows.length).toBeGreaterThan(0);
    const audit = await t.deps.db.query<{ actor_id: string; student_id: string }>(
      `select actor_id, student_id from audit_log where action = 'sensitive_read_transcript' and subject_id = $1`,
      [transcriptId],
    );
    expect(audit).toContainEqual({ actor_id: admin.id, student_id: student.id });

    const other = await signUp(t, { name: 'Another Student' });
    expect((await t.app.request(`/api/transcripts/${transcriptId}`, { headers: { cookie: other.cookie } })).status).toBe(404);
  });
});

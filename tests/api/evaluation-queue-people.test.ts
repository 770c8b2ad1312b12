// Issue 38, part 2: the evaluation queue counts people, not uploads; skips what a rule or statewide numbering decides
// and courses still in progress; says which suggestions are good enough to approve; and a decision says what it did
// and can be undone for a minute (its rule removed, the reports decided again, nothing told to the students).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed/seed-demo';
import { REGISTRAR_SUGGESTION_FLOOR } from '../../src/server/features/equivalencies';
import { rankEvaluationQueue } from '../../src/server/features/evaluation-queue';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts/reader/read-transcript-in-worker';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import { makeQueuedJobsDue } from '../../src/server/jobs/job-queue';
import type { EvaluationDecisionResult, EvaluationUndoResult } from '../../src/shared/schemas/evaluation-queue';
import type { TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { analyseSampleTranscript } from '../support/analysed-transcript';
import { analyseAsVisitor, code, decide, findPair, pairOf, readQueue } from '../support/evaluation-queue';
import { createTestApp, jsonRequest, signUp, signUpAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let student: Awaited<ReturnType<typeof signUp>>;
let delawareStudent: Awaited<ReturnType<typeof signUp>>;
let studentReport = '';
let delawareReport = '';

const queue = () => readQueue(t, admin.cookie);
async function everyPair() {
  const pairs = [];
  for (let page = 1; ; page++) {
    const read = await readQueue(t, admin.cookie, page);
    pairs.push(...read.pairs);
    if (!read.hasMore) return pairs;
  }
}
async function report(cookie: string, id: string): Promise<TranscriptResponse> {
  return (await (await t.app.request(`/api/transcripts/${id}`, { headers: { cookie } })).json()) as TranscriptResponse;
}
const rowOf = async (cookie: string, id: string, course: string) => (await report(cookie, id)).rows.find((item) => code(item) === course);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.deps);
  admin = await signUpAdmin(t);
  student = await signUp(t, { name: 'Uploading Student' });
  delawareStudent = await signUp(t, { name: 'Delaware Student' });
  // One student uploads the same Valencia transcript twice; one visitor uploads it three times from one browser;
  // another visitor once from another browser. Six reports, three people.
  studentReport = await analyseSampleTranscript(t, student, 't11000.pdf', 'miami');
  await analyseSampleTranscript(t, student, 't11000.pdf', 'miami');
  let browser: string | null = null;
  for (let upload = 0; upload < 3; upload++) browser = (await analyseAsVisitor(t, browser, 't11000.pdf', 'miami')).browserCookie;
  await analyseAsVisitor(t, null, 't11000.pdf', 'miami');
  delawareReport = await analyseSampleTranscript(t, delawareStudent, 't11004.pdf', 'miami');
  await rankEvaluationQueue(t.deps.db);
}, 240_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

describe('the evaluation queue counts people and skips what is decided', () => {
  it("counts a student's re-uploads once and a visitor's uploads from one browser once", async () => {
    const [counted] = await t.deps.db.query<{ uploads: number }>(
      `select count(distinct t.id)::int as uploads from transcript_rows r join transcripts t on t.id = r.transcript_id where r.subject = 'ENC' and r.number = '1102'`,
    );
    expect(counted?.uploads).toBe(6);
    expect(findPair(await queue(), 'ENC 1102')).toMatchObject({ students: 3 });
  });

  it('keeps a course still in progress out of the queue until it is graded, unless an appeal names it', async () => {
    const pairs = (await everyPair()).filter((pair) => pair.fromInstitution.name !== 'Valencia College');
    const waiting = pairs[0]!;
    await t.deps.db.query(
      `update transcript_rows set in_progress = true, grade = null where transcript_id = $1 and subject = $2 and number = $3`,
      [delawareReport, waiting.course.subject, waiting.course.number],
    );
    await rankEvaluationQueue(t.deps.db);
    expect((await everyPair()).find((pair) => pair.key === waiting.key)).toBeUndefined();

    const appeal = await t.app.request(
      '/api/appeals',
      jsonRequest('POST', { transcriptId: delawareReport, subject: waiting.course.subject, number: waiting.course.number, note: 'My course finishes next week: please decide it.' }, delawareStudent.cookie),
    );
    expect(appeal.status).toBe(201);
    await rankEvaluationQueue(t.deps.db);
    expect((await everyPair()).find((pair) => pair.key === waiting.key)).toMatchObject({ students: 1, openAppeals: 1 });
  });

  it('drops a pair a rule written since decides, and the reports get the rule’s answer', async () => {
    expect(findPair(await queue(), 'MAC 2312')).toBeDefined();
    const csv = 'source_university,source_code,source_name,target_university,target_code,target_name,credits\nValencia College,MAC 2312,Calculus II,University of Miami,MTH 162,Calculus II,4\n';
    const imported = await t.app.request('/api/admin/equivalencies/import', { method: 'POST', headers: { 'content-type': 'text/csv', cookie: admin.cookie, origin: 'http://localhost:3000' }, body: csv });
    expect(imported.status).toBe(200);
    // Until the ranking job has run, the report is as it was analysed; then the course leaves the queue.
    await rankEvaluationQueue(t.deps.db);
    expect((await everyPair()).find((pair) => code(pair.course) === 'MAC 2312' && pair.fromInstitution.name === 'Valencia College')).toBeUndefined();
    expect(await rowOf(student.cookie, studentReport, 'MAC 2312')).toMatchObject({ status: 'DIRECT', transfersTo: expect.stringContaining('MTH 162') });
  });

  it('marks each suggestion good to approve only at or above the registrar floor', async () => {
    const suggestions = (await everyPair()).flatMap((pair) => pair.suggestions);
    expect(suggestions.length).toBeGreaterThan(0);
    for (const suggestion of suggestions) expect(suggestion.good).toBe(suggestion.confidence >= REGISTRAR_SUGGESTION_FLOOR);
  });
});

describe('a decision says what it did and can be undone for a minute', () => {
  it('approve: the rule, the reports that change and the appeals it resolves; the reports change at once, the students hear nothing yet', async () => {
    const pair = findPair(await queue(), 'ENC 1102')!;
    const appealed = await t.app.request('/api/appeals', jsonRequest('POST', { transcriptId: studentReport, subject: 'ENC', number: '1102', note: 'Please decide it.' }, student.cookie));
    expect(appealed.status).toBe(201);
    const response = await decide(t, admin.cookie, { ...pairOf(pair), action: 'approve', target: { subject: 'WRS', number: '106', title: 'Writing Studio' } });
    expect(response.status).toBe(202);
    const result = (await response.json()) as EvaluationDecisionResult;
    expect(result).toMatchObject({
      reports: 6,
      appealsToResolve: 1,
      rule: { from: 'Valencia College', source: expect.stringContaining('ENC 1102'), to: 'University of Miami', target: 'WRS 106 Writing Studio', reason: null },
    });
    const undoIn = new Date(result.undoUntil!).getTime() - Date.now();
    expect(undoIn).toBeGreaterThan(50_000);
    expect(undoIn).toBeLessThanOrEqual(61_000);

    await runPendingJobs(t.deps);
    expect(await rowOf(student.cookie, studentReport, 'ENC 1102')).toMatchObject({ status: 'DIRECT', transfersTo: expect.stringContaining('WRS 106') });
    // The appeal and the e-mails wait for the minute.
    const [appeal] = await t.deps.db.query<{ status: string }>(`select status from appeals where user_id = $1 and subject = 'ENC'`, [student.id]);
    expect(appeal?.status).toBe('submitted');
    expect(await t.deps.db.query(`select 1 from mail_outbox where to_address = $1`, [student.email])).toHaveLength(0);

    const undo = await t.app.request(`/api/admin/evaluation-queue/decisions/${result.decisionId}/undo`, jsonRequest('POST', {}, admin.cookie));
    expect(undo.status).toBe(200);
    expect((await undo.json()) as EvaluationUndoResult).toMatchObject({ decisionId: result.decisionId, reports: 6 });
    expect(await t.deps.db.query(`select 1 from equivalency_rules where id = $1`, [result.ruleId])).toHaveLength(0);
    await makeQueuedJobsDue(t.deps.db, 'evaluation.notify');
    await runPendingJobs(t.deps);
    expect(await rowOf(student.cookie, studentReport, 'ENC 1102')).toMatchObject({ status: 'NEEDS_EVAL' });
    expect(findPair(await queue(), 'ENC 1102')).toMatchObject({ students: 3, openAppeals: 1 });
    const [still] = await t.deps.db.query<{ status: string }>(`select status from appeals where user_id = $1 and subject = 'ENC'`, [student.id]);
    expect(still?.status).toBe('submitted');
    expect(await t.deps.db.query(`select 1 from mail_outbox where to_address = $1`, [student.email])).toHaveLength(0);
    const audit = await t.deps.db.query<{ actor_id: string }>(`select actor_id from audit_log where action = 'evaluation_decision_undone'`);
    expect(audit).toEqual([{ actor_id: admin.id }]);

    // Once undone it stays undone.
    const again = await t.app.request(`/api/admin/evaluation-queue/decisions/${result.decisionId}/undo`, jsonRequest('POST', {}, admin.cookie));
    expect(again.status).toBe(409);
  });

  it('after the minute the decision stands: the appeal is resolved, each student told once, and undo is refused in plain words', async () => {
    const pair = findPair(await queue(), 'ENC 1102')!;
    const response = await decide(t, admin.cookie, { ...pairOf(pair), action: 'approve', target: { subject: 'WRS', number: '106' } });
    const result = (await response.json()) as EvaluationDecisionResult;
    await runPendingJobs(t.deps);
    // A minute passes.
    await t.deps.db.query(`update evaluation_decisions set undo_until = now() - interval '1 second' where id = $1`, [result.decisionId]);
    await makeQueuedJobsDue(t.deps.db, 'evaluation.notify');
    await runPendingJobs(t.deps);
    const [appeal] = await t.deps.db.query<{ status: string; decision: string }>(`select status, decision from appeals where user_id = $1 and subject = 'ENC'`, [student.id]);
    expect(appeal).toEqual({ status: 'resolved', decision: 'approved' });
    expect(await t.deps.db.query(`select 1 from mail_outbox where to_address = $1 and subject like '%appeal%'`, [student.email])).toHaveLength(1);

    const late = await t.app.request(`/api/admin/evaluation-queue/decisions/${result.decisionId}/undo`, jsonRequest('POST', {}, admin.cookie));
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toMatch(/minute to undo it has passed/);
    expect(await rowOf(student.cookie, studentReport, 'ENC 1102')).toMatchObject({ status: 'DIRECT' });
    expect((await t.app.request(`/api/admin/evaluation-queue/decisions/${result.decisionId}/undo`, jsonRequest('POST', {}, student.cookie))).status).toBe(403);
  });
});

// Last: it answers every Valencia course with a statewide number, the courses the tests above decide.
describe('statewide numbering', () => {
  it('drops the courses statewide numbering decides once both schools take part in it', async () => {
    const before = (await everyPair()).filter((pair) => pair.fromInstitution.name === 'Valencia College' && /^[A-Z]{3} \d{4}$/.test(code(pair.course)));
    expect(before.length).toBeGreaterThan(0);
    const [miami] = await t.deps.db.query<{ id: number }>(`select id from institutions where key = 'miami'`);
    const patched = await t.app.request(`/api/admin/institutions/${miami!.id}`, jsonRequest('PATCH', { floridaStatewideNumbering: true }, admin.cookie));
    expect(patched.status).toBe(200);
    await rankEvaluationQueue(t.deps.db);
    const after = (await everyPair()).filter((pair) => pair.fromInstitution.name === 'Valencia College');
    for (const pair of before) expect(after.find((left) => left.key === pair.key), code(pair.course)).toBeUndefined();
    const decided = await rowOf(student.cookie, studentReport, code(before[0]!.course));
    expect(decided?.status).not.toBe('NEEDS_EVAL');
    await t.app.request(`/api/admin/institutions/${miami!.id}`, jsonRequest('PATCH', { floridaStatewideNumbering: false }, admin.cookie));
  });
});

// Issue 25, part 1: every course no rule decides is demand for a pair (sending school's course, destination), ranked
// in the registrar's evaluation queue; a decision writes one rule and, in the background, re-decides the reports,
// resolves the open appeals on the course and tells each student once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed/seed-demo';
import { rankEvaluationQueue } from '../../src/server/features/evaluation-queue';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts/reader/read-transcript-in-worker';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import { makeQueuedJobsDue } from '../../src/server/jobs/job-queue';
import type { EvaluationDecisionResult } from '../../src/shared/schemas/evaluation-queue';
import type { TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { analyseSampleTranscript } from '../support/analysed-transcript';
import { code, decide as decideOn, findPair, pairOf, readQueue } from '../support/evaluation-queue';
import { createTestApp, jsonRequest, signUp, signUpAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let first: Awaited<ReturnType<typeof signUp>>;
let second: Awaited<ReturnType<typeof signUp>>;
const reports = new Map<string, string>();

/** A student uploads a sample transcript for a destination; the analysis runs; returns the transcript id. */
const analyse = (student: { cookie: string }, file: string, destinationKey: string) => analyseSampleTranscript(t, student, file, destinationKey);

async function report(student: { cookie: string }, id: string): Promise<TranscriptResponse> {
  return (await (await t.app.request(`/api/transcripts/${id}`, { headers: { cookie: student.cookie } })).json()) as TranscriptResponse;
}

const queue = (cookie: string, page = 1) => readQueue(t, cookie, page);
const decide = (body: Record<string, unknown>, cookie = admin.cookie) => decideOn(t, cookie, body);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.deps);
  admin = await signUpAdmin(t);
  first = await signUp(t, { name: 'First Student' });
  second = await signUp(t, { name: 'Second Student' });
  // Two students send the same Valencia transcript to the University of Miami: the same courses wait for review.
  reports.set(first.id, await analyse(first, 't11000.pdf', 'miami'));
  reports.set(second.id, await analyse(second, 't11000.pdf', 'miami'));
}, 120_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

describe('the evaluation queue', () => {
  it('shows a course two students need as one pair with 2 students, with at most three suggestions and their evidence', async () => {
    const page = await queue(admin.cookie);
    const composition = findPair(page, 'ENC 1102');
    expect(composition).toMatchObject({ students: 2, openAppeals: 0, dismissed: false, fromInstitution: { name: 'Valencia College' }, toInstitution: { name: 'University of Miami' } });
    // One pair per course, never one per report row.
    expect(page.pairs.filter((pair) => code(pair.course) === 'ENC 1102')).toHaveLength(1);
    for (const pair of page.pairs) {
      expect(pair.suggestions.length).toBeLessThanOrEqual(3);
      for (const suggestion of pair.suggestions) {
        expect(suggestion.confidence).toBeGreaterThan(0);
        expect(suggestion.confidence).toBeLessThanOrEqual(1);
        expect(suggestion.evidence).toHaveProperty('titleSimilarity');
      }
    }
    expect(page.pairs.some((pair) => pair.suggestions.length > 0)).toBe(true);
  });

  it('counts a row a student removed from their reading as no demand', async () => {
    expect(findPair(await queue(admin.cookie), 'MAC 2312')).toMatchObject({ students: 2 });
    const reading = (await report(second, reports.get(second.id)!)).rows.find((row) => code(row) === 'MAC 2312')!;
    const removed = await t.app.request(`/api/transcripts/${reports.get(second.id)}/rows/${reading.id}`, jsonRequest('PATCH', { removed: true }, second.cookie));
    expect(removed.status).toBe(200);
    expect(findPair(await queue(admin.cookie), 'MAC 2312')).toMatchObject({ students: 1 });
  });

  it('is for admins with two-factor only: a student gets 403, a visitor 401', async () => {
    expect((await t.app.request('/api/admin/evaluation-queue', { headers: { cookie: first.cookie } })).status).toBe(403);
    expect((await t.app.request('/api/admin/evaluation-queue')).status).toBe(401);
    const page = await queue(admin.cookie);
    const response = await decide({ ...pairOf(page.pairs[0]!), action: 'dismiss' }, first.cookie);
    expect(response.status).toBe(403);
  });

  it('ranks a pair with an open appeal first; bad input gets a plain 400', async () => {
    const before = await queue(admin.cookie);
    const appealed = before.pairs.find((pair) => pair.suggestions.length > 0)!;
    const response = await t.app.request(
      '/api/appeals',
      jsonRequest('POST', { transcriptId: reports.get(first.id), subject: appealed.course.subject, number: appealed.course.number, note: 'Please look at this course.' }, first.cookie),
    );
    expect(response.status).toBe(201);
    // The count is read with the page; the order is the background ranking's (an appeal waits for the periodic one).
    expect(findPair(await queue(admin.cookie), code(appealed.course))).toMatchObject({ openAppeals: 1 });
    await rankEvaluationQueue(t.deps.db);
    const after = await queue(admin.cookie);
    expect(after.pairs[0]).toMatchObject({ key: appealed.key, openAppeals: 1 });

    const bad = await decide({ ...pairOf(appealed), action: 'approve', target: { subject: '', number: '211' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/subject/);
  });

  it('approving the first suggestion re-decides both reports in the background, resolves the appeal and mails each student once', async () => {
    const page = await queue(admin.cookie);
    const pair = page.pairs[0]!;
    const suggestion = pair.suggestions[0]!;
    const response = await decide({ ...pairOf(pair), action: 'approve', target: { subject: suggestion.subject, number: suggestion.number } });
    expect(response.status).toBe(202);
    const result = (await response.json()) as EvaluationDecisionResult;
    expect(result).toMatchObject({ reports: 2 });
    expect(result.ruleId).toEqual(expect.any(Number));

    // The rule is the registrar's, and the audit log says who and when.
    const [rule] = await t.deps.db.query<{ origin: string; created_by: string }>(`select origin, created_by from equivalency_rules where id = $1`, [result.ruleId]);
    expect(rule).toEqual({ origin: 'admin', created_by: admin.id });
    const audit = await t.deps.db.query<{ actor_id: string; created_at: Date }>(`select actor_id, created_at from audit_log where action = 'evaluation_pair_decided'`);
    expect(audit).toEqual([expect.objectContaining({ actor_id: admin.id, created_at: expect.any(Date) })]);

    // Nothing changes on the request thread: the reports change when the job runs.
    const waiting = await report(first, reports.get(first.id)!);
    expect(waiting.rows.find((item) => code(item) === code(pair.course))?.status).toBe('NEEDS_EVAL');
    await runPendingJobs(t.deps);

    for (const student of [first, second]) {
      const row = (await report(student, reports.get(student.id)!)).rows.find((item) => code(item) === code(pair.course));
      expect(row).toMatchObject({ status: 'DIRECT', transfers: true });
      expect(row?.transfersTo).toContain(suggestion.number);
    }
    // The appeal and the e-mails follow once the minute to undo the decision has passed.
    await makeQueuedJobsDue(t.deps.db, 'evaluation.notify');
    await runPendingJobs(t.deps);
    const [appeal] = await t.deps.db.query<{ status: string; decision: string; student_message: string; created_rule_id: number }>(
      `select status, decision, student_message, created_rule_id from appeals where user_id = $1`,
      [first.id],
    );
    expect(appeal).toMatchObject({ status: 'resolved', decision: 'approved', created_rule_id: result.ruleId });
    expect(appeal?.student_message).toContain(`now transfers as ${suggestion.subject} ${suggestion.number}`);

    for (const student of [first, second]) {
      const mails = await t.deps.db.query<{ subject: string }>(`select subject from mail_outbox where to_address = $1`, [student.email]);
      expect(mails).toHaveLength(1);
    }
    // The pair has left the queue, and the decision counts as a suggestion accepted as offered.
    const after = await queue(admin.cookie);
    expect(after.pairs.find((candidate) => candidate.key === pair.key)).toBeUndefined();
    expect(after.accepted).toEqual({ decided: 1, acceptedAsOffered: 1 });
  });

  it('"does not transfer" writes a no-transfer rule whose reason the student reads; dismiss ranks a pair last', async () => {
    const page = await queue(admin.cookie);
    const denied = findPair(page, 'ENC 1102')!;
    const response = await decide({ ...pairOf(denied), action: 'no-transfer', reason: 'Miami teaches its own second composition course.' });
    expect(response.status).toBe(202);
    await runPendingJobs(t.deps);
    await makeQueuedJobsDue(t.deps.db, 'evaluation.notify');
    await runPendingJobs(t.deps);
    const row = (await report(second, reports.get(second.id)!)).rows.find((item) => code(item) === 'ENC 1102');
    expect(row).toMatchObject({ status: 'NO_TRANSFER' });
    expect(row?.reason).toContain('Miami teaches its own second composition course.');

    const remaining = await queue(admin.cookie);
    const top = remaining.pairs[0]!;
    expect((await decide({ ...pairOf(top), action: 'dismiss' })).status).toBe(200);
    expect(await runPendingJobs(t.deps)).toBe(1); // the ranking the dismissal asked for
    const later = await queue(admin.cookie);
    expect(later.pairs.at(-1)).toMatchObject({ key: top.key, dismissed: true });
    // Deciding a course nobody waits on any more says so.
    const gone = await decide({ ...pairOf(denied), action: 'dismiss' });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: string }).error).toMatch(/Reload the queue/);
  });
});

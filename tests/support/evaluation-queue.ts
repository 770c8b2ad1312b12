/** The registrar's evaluation queue through the API, for the API tests that read and decide it. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import type { EvaluationQueuePage, QueuePair } from '../../src/shared/schemas/evaluation-queue';
import { TRANSCRIPT_TOKEN_HEADER, type CreateTranscriptResponse } from '../../src/shared/schemas/transcripts';
import { cookieHeaderFrom, jsonRequest, TEST_APP_URL, type TestApp } from './test-app';

export const code = (course: { subject: string; number: string }) => `${course.subject} ${course.number}`;
export const findPair = (page: EvaluationQueuePage, course: string) => page.pairs.find((pair) => code(pair.course) === course);
export const pairOf = (pair: QueuePair) => ({ fromInstitutionId: pair.fromInstitution.id, toInstitutionId: pair.toInstitution.id, subject: pair.course.subject, number: pair.course.number });

export async function readQueue(t: TestApp, cookie: string, page = 1): Promise<EvaluationQueuePage> {
  const response = await t.app.request(`/api/admin/evaluation-queue?page=${page}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as EvaluationQueuePage;
}

export async function decide(t: TestApp, cookie: string, body: Record<string, unknown>): Promise<Response> {
  return await t.app.request('/api/admin/evaluation-queue/decisions', jsonRequest('POST', body, cookie));
}

/**
 * A signed-out visitor uploads a sample transcript from a browser (its cookie, or none: a new browser) and the analysis
 * runs; returns the transcript, its token and the browser's cookie as the browser would send it next time.
 */
export async function analyseAsVisitor(t: TestApp, browserCookie: string | null, file: string, destinationKey: string): Promise<{ id: string; token: string; browserCookie: string }> {
  const bytes = readFileSync(resolve(import.meta.dirname, '../fixtures/transcripts', file));
  const response = await t.app.request('/api/transcripts', jsonRequest('POST', { fileName: file, fileType: 'application/pdf', size: bytes.byteLength }, browserCookie ?? undefined));
  expect(response.status).toBe(201);
  const created = (await response.json()) as CreateTranscriptResponse;
  const cookie = browserCookie ?? cookieHeaderFrom(response);
  await t.app.request(created.upload.url, { method: 'PUT', headers: { ...created.upload.headers, origin: TEST_APP_URL }, body: new Uint8Array(bytes) });
  const [destination] = await t.deps.db.query<{ id: number }>('select id from institutions where key = $1', [destinationKey]);
  const request = jsonRequest('POST', { toInstitutionId: destination!.id }, cookie);
  const analyze = await t.app.request(`/api/transcripts/${created.id}/analyze`, { ...request, headers: { ...(request.headers as Record<string, string>), [TRANSCRIPT_TOKEN_HEADER]: created.accessToken! } });
  expect(analyze.status).toBe(202);
  await runPendingJobs(t.deps);
  return { id: created.id, token: created.accessToken!, browserCookie: cookie };
}

/** A student's sample transcript uploaded and analysed through the API, for API tests that need a real report. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import type { CreateTranscriptResponse } from '../../src/shared/schemas/transcripts';
import { jsonRequest, TEST_APP_URL, type TestApp } from './test-app';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/transcripts');

/** Uploads tests/fixtures/transcripts/<file> for a destination (an institution key), runs the analysis; returns the transcript id. */
export async function analyseSampleTranscript(t: TestApp, student: { cookie: string }, file: string, destinationKey: string): Promise<string> {
  const bytes = readFileSync(resolve(FIXTURES, file));
  const created = (await (
    await t.app.request('/api/transcripts', jsonRequest('POST', { fileName: file, fileType: 'application/pdf', size: bytes.byteLength, toInstitutionId: 0 }, student.cookie))
  ).json()) as CreateTranscriptResponse;
  await t.app.request(created.upload.url, { method: 'PUT', headers: { ...created.upload.headers, origin: TEST_APP_URL }, body: new Uint8Array(bytes) });
  const [destination] = await t.deps.db.query<{ id: number }>('select id from institutions where key = $1', [destinationKey]);
  if (!destination) throw new Error(`no school ${destinationKey}`);
  const analyze = await t.app.request(`/api/transcripts/${created.id}/analyze`, jsonRequest('POST', { toInstitutionId: destination.id }, student.cookie));
  expect(analyze.status).toBe(202);
  await runPendingJobs(t.deps);
  return created.id;
}

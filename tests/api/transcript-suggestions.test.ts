// The two nonsense cases a new user met on the demo data: a Valencia transcript sent to the University of Miami showed
// "Possible match: ECO 211 Principles of Macroeconomics" on every Needs Review row, Freshman Composition II and
// Calculus II included, and a Delaware transcript sent to Ohio State got PSYCH 1100 on every row. Both schools have a
// handful of demo courses, so whatever shares a subject, a level or a credit count looked like a match.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed/seed-demo';
import { STUDENT_CONFIDENCE_THRESHOLD } from '../../src/server/features/equivalencies/engine/student-suggestions';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts/reader/read-transcript-in-worker';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import type { CreateTranscriptResponse, TranscriptResponse, TranscriptResultItem } from '../../src/shared/schemas/transcripts';
import { createTestApp, jsonRequest, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/transcripts');

let t: TestApp;
let student: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  // The demo's schools, sample courses and their rules; no real catalogues (the reference sets load only after a start).
  await seedDemoData(t.deps);
  student = await signUp(t);
}, 60_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

async function institutionId(key: string): Promise<number> {
  const [row] = await t.deps.db.query<{ id: number }>('select id from institutions where key = $1', [key]);
  if (!row) throw new Error(`no demo school ${key}`);
  return row.id;
}

/** Uploads a sample transcript for a destination, runs the analysis and returns the report. */
async function analyse(file: string, destinationKey: string): Promise<TranscriptResponse> {
  const bytes = readFileSync(resolve(FIXTURES, file));
  const created = (await (
    await t.app.request('/api/transcripts', jsonRequest('POST', { fileName: file, fileType: 'application/pdf', size: bytes.byteLength, toInstitutionId: 0 }, student.cookie))
  ).json()) as CreateTranscriptResponse;
  const uploaded = await t.app.request(created.upload.url, { method: 'PUT', headers: { ...created.upload.headers, origin: TEST_APP_URL }, body: new Uint8Array(bytes) });
  expect(uploaded.status).toBe(200);
  const analyze = await t.app.request(`/api/transcripts/${created.id}/analyze`, jsonRequest('POST', { toInstitutionId: await institutionId(destinationKey) }, student.cookie));
  expect(analyze.status).toBe(202);
  await runPendingJobs(t.deps);
  const report = (await (await t.app.request(`/api/transcripts/${created.id}`, { headers: { cookie: student.cookie } })).json()) as TranscriptResponse;
  expect(report.status).toBe('done');
  return report;
}

const code = (course: { subject: string; number: string }) => `${course.subject} ${course.number}`;

/** Every (row, suggested course) the student sees. */
function shownSuggestions(items: TranscriptResultItem[]): Array<{ row: string; suggested: string; confidence: number | undefined }> {
  return items.flatMap((item) => item.candidates.map((candidate) => ({ row: code(item), suggested: code(candidate), confidence: candidate.confidence })));
}

describe('suggestions a student sees on the transcript report', () => {
  it('Valencia → University of Miami: ECO 211 is no longer offered for composition, calculus and the rest', async () => {
    const report = await analyse('t11000.pdf', 'miami');
    expect(report.detectedInstitution?.name).toBe('Valencia College');
    const needsReview = report.rows.filter((item) => item.status === 'NEEDS_EVAL');
    expect(needsReview.map(code)).toEqual(expect.arrayContaining(['ENC 1102', 'MAC 2312', 'ENC 1101']));

    const shown = shownSuggestions(report.rows);
    // Only the macroeconomics rows (regular and honors) may carry Miami's macroeconomics course.
    for (const { row, suggested } of shown) if (suggested === 'ECO 211') expect(['ECO 2013', 'ECO 2013H']).toContain(row);
    for (const row of ['ENC 1102', 'MAC 2312', 'ENC 1101', 'PSY 2012', 'POS 2041', 'BSC 1010C']) {
      expect(shown.filter((suggestion) => suggestion.row === row)).toEqual([]);
    }
    for (const { confidence } of shown) expect(confidence).toBeGreaterThanOrEqual(STUDENT_CONFIDENCE_THRESHOLD);
    // A row without a suggestion does not talk about suggestions.
    for (const item of needsReview.filter((row) => row.candidates.length === 0)) expect(item.reason).not.toMatch(/suggestion/);
  }, 60_000);

  it('Delaware → Ohio State: PSYCH 1100 is offered for psychology at most, never for every row', async () => {
    const report = await analyse('t11004.pdf', 'ohio-state');
    expect(report.detectedInstitution?.name).toBe('University of Delaware');
    const shown = shownSuggestions(report.rows);
    for (const { row, suggested } of shown) if (suggested === 'PSYCH 1100') expect(row).toBe('PSYC 100');
    for (const row of ['STAT 200', 'PHIL 100', 'CISC 108', 'SOCI 201', 'POSC 150', 'MATH 241', 'MATH 242', 'BISC 207']) {
      expect(shown.filter((suggestion) => suggestion.row === row)).toEqual([]);
    }
    // No destination course is suggested on two different rows of one report.
    const rowsBySuggestion = new Map<string, Set<string>>();
    for (const { row, suggested } of shown) rowsBySuggestion.set(suggested, new Set([...(rowsBySuggestion.get(suggested) ?? []), row]));
    for (const rows of rowsBySuggestion.values()) expect(rows.size).toBe(1);
  }, 60_000);
});

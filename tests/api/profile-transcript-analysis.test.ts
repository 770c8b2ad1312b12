import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardUnansweredNonTranscripts } from '../../src/server/features/transcripts';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts/reader/read-transcript-in-worker';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import { readCommittedFixture } from '../support/committed-fixtures';
import type { UnreadableTranscriptList } from '../../src/shared/schemas/evaluation-queue';
import type { StudentMe } from '../../src/shared/schemas/student';
import type { TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { createInstitution } from '../support/factories';
import { createTestApp, jsonRequest, signUp, signUpAdmin, type TestApp } from '../support/test-app';
import { makeHeic } from '../support/upload-files';

/** "Analyze for…" on the profile: a transcript saved there goes through the same analysis as the search screen's. */
const NOT_A_TRANSCRIPT = readCommittedFixture('transcript-cases/not-a-transcript.pdf');
const HEIC = makeHeic();

let t: TestApp;
let student: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  student = await signUp(t);
  await createInstitution(t.deps.db, { key: 'fsu', name: 'Florida State University' });
});
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

const send = (method: string, path: string, body: unknown, cookie = student.cookie) => t.app.request(path, jsonRequest(method, body, cookie));

/** The spec's profile upload: create-upload-url (generic content type), PUT, save-transcript. */
async function saveOnProfile(bytes: Buffer, filename: string): Promise<string> {
  const slot = await send('POST', '/api/student/create-upload-url', { filename, contentType: 'application/octet-stream' });
  expect(slot.status).toBe(201);
  const { uploadUrl, key } = (await slot.json()) as { uploadUrl: string; key: string };
  const put = await t.app.request(uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  const saved = await send('POST', '/api/student/save-transcript', { key, url: null, name: filename, size: bytes.byteLength });
  expect(saved.status).toBeLessThan(300);
  return ((await saved.json()) as { transcript: { id: string } }).transcript.id;
}

describe('analysing a transcript saved on the profile', () => {
  it('reads it for the chosen school like an upload from the search screen', async () => {
    const id = await saveOnProfile(readCommittedFixture('transcripts/t11002.pdf'), 'fiu-transcript.pdf');
    const analyze = await send('POST', `/api/transcripts/${id}/analyze`, { toInstitution: 'fsu' });
    expect(analyze.status).toBe(202);
    await runPendingJobs(t.deps);
    const report = (await (await t.app.request(`/api/transcripts/${id}`, { headers: { cookie: student.cookie } })).json()) as { status: string; rows: unknown[] };
    expect(report.status).toBe('done');
    expect(report.rows.length).toBeGreaterThan(5);
  }, 60_000);

  it('keeps the file on the profile when the analysis refuses it', async () => {
    const id = await saveOnProfile(HEIC, 'phone-photo.heic');
    const analyze = await send('POST', `/api/transcripts/${id}/analyze`, { toInstitution: 'fsu' });
    expect(analyze.status).toBe(415);
    const [file] = await t.deps.db.query<{ status: string; storage_key: string }>(
      'select f.status, f.storage_key from stored_files f join transcripts t on t.file_id = f.id where t.id = $1',
      [id],
    );
    expect(file?.status).toBe('stored');
    expect(await t.deps.storage.get(file?.storage_key ?? '')).not.toBeNull();
  });
});

describe('a file the reader finds no courses in (issue 40)', () => {
  /** Saved on the profile and analysed for FSU: the reader finds no course rows in a letter. */
  async function letterOnProfile(name: string): Promise<string> {
    const id = await saveOnProfile(NOT_A_TRANSCRIPT, name);
    expect((await send('POST', `/api/transcripts/${id}/analyze`, { toInstitution: 'fsu' })).status).toBe(202);
    await runPendingJobs(t.deps);
    return id;
  }
  const me = async (cookie = student.cookie) => (await (await t.app.request('/api/student/me', { headers: { cookie } })).json()) as StudentMe;
  const unreadableList = async (cookie: string) => (await (await t.app.request('/api/admin/evaluation-queue/unreadable', { headers: { cookie } })).json()) as UnreadableTranscriptList;

  it('asks whether it is a transcript, and discards it when the student says it is not', async () => {
    const id = await letterOnProfile('letter.pdf');
    const report = (await (await t.app.request(`/api/transcripts/${id}`, { headers: { cookie: student.cookie } })).json()) as TranscriptResponse;
    expect(report).toMatchObject({ status: 'failed', error: 'We could not find courses in this file. Is it a transcript?', noCourses: { state: 'asked' } });
    const discardsAt = new Date((report.noCourses as { discardsAt: string }).discardsAt).getTime();
    expect(Math.abs(discardsAt - (Date.now() + 7 * 24 * 60 * 60_000))).toBeLessThan(10 * 60_000);
    expect((await me()).transcripts.find((transcript) => transcript.id === id)?.noCourses).toEqual({ state: 'asked', discardsAt: report.noCourses && 'discardsAt' in report.noCourses ? report.noCourses.discardsAt : '' });
    const [file] = await t.deps.db.query<{ storage_key: string }>('select f.storage_key from stored_files f join transcripts t on t.file_id = f.id where t.id = $1', [id]);

    // "No, discard it": the file and its record go.
    expect((await send('DELETE', `/api/student/transcripts/${id}`, undefined)).status).toBe(204);
    expect((await me()).transcripts.some((transcript) => transcript.id === id)).toBe(false);
    expect(await t.deps.storage.get(file!.storage_key)).toBeNull();
  }, 60_000);

  it('keeps it when the student says it is a transcript, and lists it on the evaluation queue until a registrar has read it', async () => {
    const id = await letterOnProfile('scan-of-my-transcript.pdf');
    const other = await signUp(t);
    expect((await send('POST', `/api/student/transcripts/${id}/keep-unreadable`, {}, other.cookie)).status).toBe(404);
    const kept = await send('POST', `/api/student/transcripts/${id}/keep-unreadable`, {});
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { transcript: { noCourses: unknown; destination: string } }).transcript).toMatchObject({ noCourses: { state: 'kept' }, destination: 'Florida State University' });
    expect((await me()).transcripts.find((transcript) => transcript.id === id)?.noCourses).toEqual({ state: 'kept' });

    const admin = await signUpAdmin(t);
    const listed = (await unreadableList(admin.cookie)).transcripts.find((transcript) => transcript.id === id);
    expect(listed).toMatchObject({ fileName: 'scan-of-my-transcript.pdf', student: { id: student.id, email: student.email }, destination: { name: 'Florida State University' } });
    // The file opens for the registrar (a disclosure recorded by the transcript's read path).
    expect((await t.app.request(listed!.fileUrl, { headers: { cookie: admin.cookie } })).status).toBe(200);
    // A student cannot see the list or mark it read.
    expect((await t.app.request('/api/admin/evaluation-queue/unreadable', { headers: { cookie: student.cookie } })).status).toBe(403);
    expect((await send('POST', `/api/admin/evaluation-queue/unreadable/${id}/read`, {})).status).toBe(403);

    expect((await send('POST', `/api/admin/evaluation-queue/unreadable/${id}/read`, {}, admin.cookie)).status).toBe(204);
    expect((await unreadableList(admin.cookie)).transcripts.some((transcript) => transcript.id === id)).toBe(false);
    expect((await send('POST', `/api/admin/evaluation-queue/unreadable/${id}/read`, {}, admin.cookie)).status).toBe(404);
    const [audit] = await t.deps.db.query<{ student_id: string }>(`select student_id from audit_log where action = 'unreadable_transcript_read' and subject_id = $1`, [id]);
    expect(audit?.student_id).toBe(student.id);
  }, 60_000);

  it('discards it a week later when the student never answers', async () => {
    const id = await letterOnProfile('unanswered.pdf');
    await discardUnansweredNonTranscripts(t.deps);
    expect((await me()).transcripts.some((transcript) => transcript.id === id)).toBe(true);
    await t.deps.db.query(`update transcripts set no_courses_found_at = now() - interval '8 days' where id = $1`, [id]);
    expect(await discardUnansweredNonTranscripts(t.deps)).toBe(1);
    expect((await me()).transcripts.some((transcript) => transcript.id === id)).toBe(false);
  }, 60_000);
});

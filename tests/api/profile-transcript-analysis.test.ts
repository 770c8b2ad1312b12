import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import { readCommittedFixture } from '../support/committed-fixtures';
import { createInstitution } from '../support/factories';
import { createTestApp, jsonRequest, signUp, type TestApp } from '../support/test-app';
import { makeHeic } from '../support/upload-files';

/** "Analyze for…" on the profile: a transcript saved there goes through the same analysis as the search screen's. */
const HEIC = makeHeic();

let t: TestApp;
let student: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  student = await signUp(t);
  await createInstitution(t.deps.db, { key: 'fsu', name: 'Florida State University' });
});
afterAll(async () => {
  await t?.close();
});

const send = (method: string, path: string, body: unknown) => t.app.request(path, jsonRequest(method, body, student.cookie));

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

/**
 * Issue 20: uploads from outside, as an attacker sent them. A bomb of each kind fails at once with a plain message and
 * is not retried; signed-out visitors have quotas per address and in total, counted by bytes received, and nobody's
 * upload is deleted to make room (issue 37); uploads stop cleanly
 * when the disk is low and health says so; an upload address works once and nothing replaces an accepted file;
 * students' analyses are claimed before visitors'.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPdfPages } from '../../src/server/features/transcripts/reader/count-pdf-pages';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts/reader/read-transcript-in-worker';
import { countVisitorPool } from '../../src/server/features/transcripts/stored-files.queries';
import { deleteExpiredVisitorTranscripts } from '../../src/server/features/transcripts/transcripts.service';
import { VISITOR_LIMITS, VISITOR_QUOTA_CODES } from '../../src/server/features/transcripts/visitor-quotas';
import { claimJob } from '../../src/server/jobs/job-queue';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import { DISK_FULL_MESSAGE } from '../../src/server/storage/disk-space';
import type { FileStorage } from '../../src/server/storage/file-storage';
import { LocalDiskStorage } from '../../src/server/storage/local-disk-storage';
import { TRANSCRIPT_TOKEN_HEADER, type CreateTranscriptResponse, type TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { createInstitution } from '../support/factories';
import { createTestApp, jsonRequest, randomAddress, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';
import { docxBomb, makeHeic, makePdf, pdfBomb } from '../support/upload-files';

const FIU_PDF = readFileSync(resolve(import.meta.dirname, '../fixtures/transcripts/t11002.pdf'));
const MB = 1024 * 1024;

let t: TestApp;
let student: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  student = await signUp(t, { name: 'Hostile Uploader' });
  await createInstitution(t.deps.db, { key: 'fsu', name: 'Florida State University' });
}, 60_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

const errorOf = async (response: Response) => ((await response.clone().json()) as { error: string }).error;

/** A signed-out visitor's upload from the search screen: create (from `address`), PUT, and the visitor's token. */
/** A signed-out visitor's upload slot (POST /api/transcripts from `address`), declaring `size` bytes. */
const visitorSlot = (address: string, size: number, fileName = 'transcript.pdf', fileType = 'application/pdf') =>
  t.app.request('/api/transcripts', {
    ...jsonRequest('POST', { fileName, fileType, size, toInstitution: 'fsu' }),
    headers: { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-real-ip': address },
  });

/** A signed-out visitor's upload from the search screen: create (from `address`), PUT, and the visitor's token. */
async function visitorUpload(bytes: Buffer, { address = randomAddress(), fileName = 'transcript.pdf', fileType = 'application/pdf', declaredSize = bytes.byteLength } = {}) {
  const created = await visitorSlot(address, declaredSize, fileName, fileType);
  if (created.status !== 201) return { created, id: '', token: '', put: null };
  const { id, upload, accessToken } = (await created.clone().json()) as CreateTranscriptResponse;
  const put = await t.app.request(upload.url, { method: 'PUT', headers: { ...upload.headers, origin: TEST_APP_URL }, body: new Uint8Array(bytes) });
  return { created, id, token: accessToken ?? '', put };
}
const analyzeAsVisitor = (id: string, token: string) =>
  t.app.request(`/api/transcripts/${id}/analyze`, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_APP_URL, [TRANSCRIPT_TOKEN_HEADER]: token }, body: '{}' });
const report = async (id: string, token: string) =>
  (await (await t.app.request(`/api/transcripts/${id}`, { headers: { [TRANSCRIPT_TOKEN_HEADER]: token } })).json()) as TranscriptResponse;

async function studentSlot(filename: string, purpose: 'transcript' | 'syllabus') {
  const slot = await t.app.request('/api/student/create-upload-url', jsonRequest('POST', { filename, contentType: 'application/octet-stream', purpose }, student.cookie));
  return slot;
}

describe('a bomb of each kind, through the API', () => {
  it('refuses a signed-out visitor\'s 1 MB PDF that inflates to 1 GB when analysis is asked, at once, keeping nothing', async () => {
    await countPdfPages(makePdf(1)); // the checking thread's start (loading pdf.js) is not the bomb's doing
    const { id, token } = await visitorUpload(pdfBomb(1024));
    const started = performance.now();
    const analyze = await analyzeAsVisitor(id, token);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(analyze.status).toBe(422);
    expect(await errorOf(analyze)).toMatch(/^This PDF unpacks to far more data than a transcript or syllabus holds/);
    expect(await t.deps.db.query(`select 1 from jobs where payload->>'transcriptId' = $1`, [id])).toEqual([]);
  }, 30_000);

  it('fails the analysis once, without a retry, when a bomb reaches the reader, and keeps the server within its memory budget', async () => {
    const { id, token } = await visitorUpload(makePdf(1));
    expect((await analyzeAsVisitor(id, token)).status).toBe(202);
    // Stored bytes changed behind the checks' back (storage written by other means): the reader's own limits hold.
    const [file] = await t.deps.db.query<{ storage_key: string }>(`select f.storage_key from stored_files f join transcripts t on t.file_id = f.id where t.id = $1`, [id]);
    await t.deps.storage.put(file!.storage_key, pdfBomb(1024), 'application/pdf');
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    await runPendingJobs(t.deps);
    clearInterval(sampler);
    expect((peak - before) / MB).toBeLessThan(600);
    expect(await report(id, token)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^We could not read this file\. This PDF unpacks to far more data/) });
    const [job] = await t.deps.db.query<{ status: string; attempts: number }>(`select status, attempts from jobs where payload->>'transcriptId' = $1`, [id]);
    expect(job).toEqual({ status: 'failed', attempts: 1 });
  }, 60_000);

  it('refuses a DOCX zip bomb and a fake HEIC when they are claimed, keeping neither', async () => {
    const docx = await studentSlot('syllabus.docx', 'syllabus');
    const { uploadUrl: docxUrl, key: docxKey } = (await docx.json()) as { uploadUrl: string; key: string };
    expect((await t.app.request(docxUrl, { method: 'PUT', body: new Uint8Array(docxBomb(1024)) })).status).toBe(200);
    const appeal = await t.app.request(
      '/api/student/submit-appeal',
      jsonRequest('POST', { courseName: 'Economics', courseCode: 'ECO 2013', targetSchool: 'Florida State University', notes: 'See the syllabus.', syllabusFile: { key: docxKey, name: 'syllabus.docx' } }, student.cookie),
    );
    expect(appeal.status).toBe(422);
    expect(await errorOf(appeal)).toBe('syllabusFile: This Word document unpacks to more than 100 MB, so it was not saved. Please save it as a PDF and upload that.');
    expect(await t.deps.storage.stat(docxKey)).toBeNull();

    const heic = await studentSlot('photo.heic', 'transcript');
    const { uploadUrl: heicUrl, key: heicKey } = (await heic.json()) as { uploadUrl: string; key: string };
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheicmif1heic', 'latin1'), Buffer.from('MZ this is an executable')]);
    expect((await t.app.request(heicUrl, { method: 'PUT', body: new Uint8Array(fake) })).status).toBe(200);
    const saved = await t.app.request('/api/student/save-transcript', jsonRequest('POST', { key: heicKey, name: 'photo.heic' }, student.cookie));
    expect(saved.status).toBe(422);
    expect(await errorOf(saved)).toMatch(/marked as a HEIC photo but is not a whole one/);
    expect(await t.deps.storage.stat(heicKey)).toBeNull();
    // A real one is kept.
    const real = await studentSlot('photo.heic', 'transcript');
    const { uploadUrl, key } = (await real.json()) as { uploadUrl: string; key: string };
    await t.app.request(uploadUrl, { method: 'PUT', body: new Uint8Array(makeHeic()) });
    expect((await t.app.request('/api/student/save-transcript', jsonRequest('POST', { key, name: 'photo.heic' }, student.cookie))).status).toBe(201);
  });
});

describe('an upload address works once, and nothing replaces an accepted file', () => {
  it('refuses a second upload to the same address, before and after the file is accepted, and admins get the accepted bytes', async () => {
    const admin = await signUpAdmin(t);
    const slot = await studentSlot('syllabus.pdf', 'syllabus');
    const { uploadUrl, key } = (await slot.json()) as { uploadUrl: string; key: string };
    const original = makePdf(2);
    expect((await t.app.request(uploadUrl, { method: 'PUT', body: new Uint8Array(original) })).status).toBe(200);
    const again = await t.app.request(uploadUrl, { method: 'PUT', body: new Uint8Array(makePdf(1000)) });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe('This upload address has already been used. To send another file, start a new upload.');
    const submitted = await t.app.request(
      '/api/student/submit-appeal',
      jsonRequest('POST', { courseName: 'History', courseCode: 'AMH 2010', targetSchool: 'Florida State University', notes: 'Same course.', syllabusFile: { key, name: 'syllabus.pdf' } }, student.cookie),
    );
    expect(submitted.status).toBe(201);
    const { appeal } = (await submitted.json()) as { appeal: { id: string } };
    const executable = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]);
    expect((await t.app.request(uploadUrl, { method: 'PUT', body: new Uint8Array(executable) })).status).toBe(409);
    // An S3 presigned address cannot be refused: bytes written to it land on a key no record names any more.
    await t.deps.storage.put(key, executable, 'application/pdf');
    const download = await t.app.request(`/api/admin/appeals/${appeal.id}/syllabus`, { headers: { cookie: admin.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(original);
  });
});

describe('signed-out visitors\' quotas', () => {
  it(`allows ${VISITOR_LIMITS.slotsPerHour} uploads an hour from one address, then says to sign in; other addresses are not affected`, async () => {
    const address = randomAddress();
    for (let index = 0; index < VISITOR_LIMITS.slotsPerHour; index++) expect((await visitorUpload(makePdf(1), { address })).created.status).toBe(201);
    const refused = await visitorUpload(makePdf(1), { address });
    expect(refused.created.status).toBe(429);
    // The limit, when it resets and that signing in lifts it (issue 40).
    expect(await errorOf(refused.created)).toMatch(
      new RegExp(
        `^Without an account, one connection can start ${VISITOR_LIMITS.slotsPerHour} transcript uploads an hour, and yours has started ${VISITOR_LIMITS.slotsPerHour}\\. You can upload again in (59|60) minutes, or sign in: this limit is only for uploads without an account\\.$`,
      ),
    );
    expect((await visitorUpload(makePdf(1))).created.status).toBe(201);
  });

  it('limits the bytes one address may upload in a day', async () => {
    const address = randomAddress();
    const big = Buffer.alloc(20 * MB, 0x20);
    makePdf(1).copy(big);
    for (let index = 0; index < VISITOR_LIMITS.bytesPerDay / (20 * MB); index++) expect((await visitorUpload(big, { address })).created.status).toBe(201);
    const refused = await visitorUpload(makePdf(1), { address });
    expect(refused.created.status).toBe(429);
    expect(await errorOf(refused.created)).toMatch(
      /^Without an account, one connection can upload 100 MB of transcripts a day, and yours has uploaded 100 MB since this time yesterday\. You can upload this file in 24 hours, or sign in: this limit is only for uploads without an account\.$/,
    );
  });

  it('counts the bytes that arrived, never the size declared: slots declared at 20 MB that got nothing, or a small file, use none of the day', async () => {
    const address = randomAddress();
    // Half an hour later: long after a slot stops waiting for its bytes (VISITOR_LIMITS.slotMinutes).
    const ageSlots = () => t.deps.db.query(`update stored_files set created_at = now() - interval '30 minutes' where uploader_address = $1 and status = 'pending'`, [address]);
    // Five slots declared at 20 MB (the whole day's 100 MB) that never received a byte, each left to expire.
    for (let index = 0; index < 5; index++) {
      expect((await visitorSlot(address, 20 * MB)).status).toBe(201);
      await ageSlots();
    }
    const upload = await visitorUpload(makePdf(1), { address, declaredSize: 20 * MB });
    expect(upload.created.status).toBe(201);
    expect(upload.put?.status).toBe(200);
    const [file] = await t.deps.db.query<{ size_bytes: string }>(`select f.size_bytes from stored_files f join transcripts t on t.file_id = f.id where t.id = $1`, [upload.id]);
    expect(Number(file?.size_bytes)).toBe(makePdf(1).byteLength);
  });

  it('issue 37: 105 slots declared at 20 MB from 21 addresses, with no bytes sent, delete no visitor\'s analysed transcript', async () => {
    const victim = await visitorUpload(FIU_PDF);
    expect((await analyzeAsVisitor(victim.id, victim.token)).status).toBe(202);
    await runPendingJobs(t.deps);
    expect(await report(victim.id, victim.token)).toMatchObject({ status: 'done' });
    const answers: number[] = [];
    for (let address = 1; address <= 21; address++) {
      for (let slot = 0; slot < 5; slot++) answers.push((await visitorSlot(`198.51.100.${address}`, 20 * MB, 'x.pdf')).status);
    }
    const after = await t.app.request(`/api/transcripts/${victim.id}`, { headers: { [TRANSCRIPT_TOKEN_HEADER]: victim.token } });
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ status: 'done' });
    // Each address may keep a few slots waiting for their bytes; the rest are refused (429), never anyone else's file.
    expect(answers.filter((status) => status === 201)).toHaveLength(21 * VISITOR_LIMITS.waitingSlotsPerAddress);
    expect(answers.filter((status) => status !== 201).every((status) => status === 429)).toBe(true);
  }, 60_000);

  it('lets a slot wait for its bytes a few minutes only: then it holds nothing, and the sweep deletes it', async () => {
    const address = randomAddress();
    const waiting: CreateTranscriptResponse[] = [];
    for (let index = 0; index < VISITOR_LIMITS.waitingSlotsPerAddress; index++) {
      const slot = await visitorSlot(address, 1024);
      expect(slot.status).toBe(201);
      waiting.push((await slot.json()) as CreateTranscriptResponse);
    }
    // Its upload address is signed for as long as the slot waits.
    const expires = Number(new URL(waiting[0]!.upload.url, TEST_APP_URL).searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(VISITOR_LIMITS.slotMinutes * 60_000);
    const refused = await visitorSlot(address, 1024);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: VISITOR_QUOTA_CODES.waitingUploads, error: expect.stringMatching(/uploads waiting for their file/) });
    // Minutes later the slots hold nothing: a new one is made.
    const ids = waiting.map((slot) => slot.id);
    await t.deps.db.query(
      `update stored_files set created_at = now() - make_interval(mins => $2::int) where id in (select file_id from transcripts where id = any($1::uuid[]))`,
      [ids, VISITOR_LIMITS.slotMinutes + 1],
    );
    expect((await visitorSlot(address, 1024)).status).toBe(201);
    // …and the periodic sweep deletes them once their address can no longer be in use.
    await t.deps.db.query(`update stored_files set created_at = now() - interval '1 hour' where id in (select file_id from transcripts where id = any($1::uuid[]))`, [ids]);
    await deleteExpiredVisitorTranscripts(t.deps);
    expect(await t.deps.db.query(`select 1 from transcripts where id = any($1::uuid[])`, [ids])).toEqual([]);
  });

  it('refuses a newcomer in plain words when the visitors\' pool is full, deleting nobody\'s upload, when the slot is asked and when bytes arrive', async () => {
    // An earlier visitor's analysed upload, promised for another day, filling the pool but for 64 KB.
    const { keptBytes } = await countVisitorPool(t.deps.db, VISITOR_LIMITS.slotMinutes);
    const key = `transcripts/${randomUUID()}`;
    await t.deps.storage.put(key, makePdf(1), 'application/pdf');
    const [file] = await t.deps.db.query<{ id: string }>(
      `insert into stored_files (storage_key, purpose, original_name, content_type, size_bytes, status, uploader_address)
       values ($1, 'transcript', 'kept.pdf', 'application/pdf', $2, 'stored', '192.0.2.1') returning id`,
      [key, VISITOR_LIMITS.totalBytes - keptBytes - 64 * 1024],
    );
    const [kept] = await t.deps.db.query<{ id: string }>(
      `insert into transcripts (file_id, file_name, status, expires_at) values ($1, 'kept.pdf', 'done', now() + interval '1 day') returning id`,
      [file!.id],
    );
    try {
      const refused = await visitorUpload(Buffer.concat([makePdf(1), Buffer.alloc(80 * 1024, 0x20)]));
      expect(refused.created.status).toBe(503);
      expect(await refused.created.json()).toMatchObject({ code: VISITOR_QUOTA_CODES.full, error: expect.stringMatching(/Too many people are uploading without an account right now\. Sign in to upload/) });
      // A slot made while it fitted is refused when bigger bytes arrive than the room left.
      const slot = (await (await visitorSlot(randomAddress(), 1024)).json()) as CreateTranscriptResponse;
      const put = await t.app.request(slot.upload.url, { method: 'PUT', headers: { ...slot.upload.headers, origin: TEST_APP_URL }, body: new Uint8Array(Buffer.concat([makePdf(1), Buffer.alloc(80 * 1024, 0x20)])) });
      expect(put.status).toBe(503);
      expect(await put.json()).toMatchObject({ code: VISITOR_QUOTA_CODES.full });
      expect(await t.deps.db.query('select 1 from transcripts where id = $1', [kept!.id])).toHaveLength(1);
      expect(await t.deps.storage.stat(key)).not.toBeNull();
      // Too many slots waiting at once, from everywhere, refuse a newcomer as well.
      await t.deps.db.query(
        `insert into stored_files (storage_key, purpose, original_name, content_type, status, uploader_address)
         select 'transcripts/' || gen_random_uuid(), 'transcript', 'w.pdf', 'application/pdf', 'pending', '203.0.113.' || (i % 250) from generate_series(1, $1::int) as i`,
        [VISITOR_LIMITS.waitingSlots],
      );
      await t.deps.db.query(`delete from transcripts where id = $1`, [kept!.id]);
      await t.deps.db.query(`delete from stored_files where id = $1`, [file!.id]);
      const busy = await visitorSlot(randomAddress(), 1024);
      expect(busy.status).toBe(503);
      expect(await busy.json()).toMatchObject({ code: VISITOR_QUOTA_CODES.busy });
    } finally {
      await t.deps.db.query(`delete from transcripts where id = $1`, [kept!.id]);
      await t.deps.db.query(`delete from stored_files where id = $1 or original_name = 'w.pdf'`, [file!.id]);
    }
  });
});

describe('a full or read-only disk', () => {
  async function withStorage(storage: FileStorage, run: () => Promise<void>) {
    const original = t.deps.storage;
    t.deps.storage = storage;
    try {
      await run();
    } finally {
      t.deps.storage = original;
    }
  }
  const filesRoot = () => join(t.deps.config.dataDir, 'files');

  it('refuses uploads cleanly below the free-space margin, says degraded, and still takes appeals', async () => {
    // The real disk, with a margin larger than what it has free: as a full disk looks to the server.
    const full = new LocalDiskStorage(filesRoot(), t.deps.config.appUrl, 'test-secret-that-is-long-enough-0123456789', { minFreeBytes: 2 ** 52 });
    const slot = await studentSlot('before.pdf', 'transcript');
    const { uploadUrl } = (await slot.json()) as { uploadUrl: string };
    await withStorage(full, async () => {
      const visitor = await visitorUpload(makePdf(1));
      expect(visitor.created.status).toBe(503);
      expect(await errorOf(visitor.created)).toBe(DISK_FULL_MESSAGE);
      const refusedSlot = await studentSlot('scan.pdf', 'transcript');
      expect(refusedSlot.status).toBe(503);
      const put = await t.app.request(uploadUrl, { method: 'PUT', body: new Uint8Array(makePdf(1)) });
      expect(put.status).toBe(503);
      const health = await t.app.request('/api/health');
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'degraded', problems: [expect.stringMatching(/almost full/)] });
      const appeal = await t.app.request(
        '/api/student/submit-appeal',
        jsonRequest('POST', { courseName: 'Statistics', courseCode: 'STA 2023', targetSchool: 'Florida State University', notes: 'Please review.' }, student.cookie),
      );
      expect(appeal.status).toBe(201);
    });
    expect((await t.app.request('/api/health')).status).toBe(200);
  });

  it('says degraded when the data folder cannot be written', async () => {
    const root = join(t.deps.config.dataDir, 'unwritable');
    const storage = new LocalDiskStorage(root, t.deps.config.appUrl, 'test-secret-that-is-long-enough-0123456789');
    // Its temporary folder replaced by a file: every write fails, as on a read-only data folder (the tests run as root).
    rmSync(join(root, 'tmp'), { recursive: true, force: true });
    writeFileSync(join(root, 'tmp'), 'not a folder');
    await withStorage(storage, async () => {
      const health = await t.app.request('/api/health');
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'degraded', problems: [expect.stringMatching(/cannot be written/)] });
      expect((await visitorUpload(makePdf(1))).created.status).toBe(503);
    });
  });
});

describe('the fair queue', () => {
  it('claims a signed-in student\'s analysis before earlier visitors\' analyses', async () => {
    await runPendingJobs(t.deps);
    for (let index = 0; index < 5; index++) {
      const { id, token } = await visitorUpload(FIU_PDF);
      expect((await analyzeAsVisitor(id, token)).status).toBe(202);
    }
    const slot = await studentSlot('mine.pdf', 'transcript');
    const { uploadUrl, key } = (await slot.json()) as { uploadUrl: string; key: string };
    await t.app.request(uploadUrl, { method: 'PUT', body: new Uint8Array(FIU_PDF) });
    const saved = (await (await t.app.request('/api/student/save-transcript', jsonRequest('POST', { key, name: 'mine.pdf' }, student.cookie))).json()) as { transcript: { id: string } };
    expect((await t.app.request(`/api/transcripts/${saved.transcript.id}/analyze`, jsonRequest('POST', { toInstitution: 'fsu' }, student.cookie))).status).toBe(202);
    const first = await claimJob(t.deps.db, 'fairness-check', 60);
    expect(first?.payload.transcriptId).toBe(saved.transcript.id);
    await t.deps.db.query(`update jobs set status = 'done' where kind = 'transcript.analyze'`);
  });
});

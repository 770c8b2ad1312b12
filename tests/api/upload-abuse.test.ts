/**
 * Upload abuse (issue 10): the student's transcript upload (create-upload-url → PUT → save-transcript) and the appeal's
 * syllabus upload (create-upload-url → PUT → submit-appeal) are fed bytes that lie about what they are, polyglots,
 * empty and oversized files, path tricks in the name, a 1,000-page PDF and images whose header declares
 * 50,000 × 50,000 pixels. Each is refused with a 4xx naming what is wrong, quickly, and leaves nothing stored; what can
 * only be seen when the file is read (bytes swapped after the checks) ends in a failed analysis with a message.
 * Afterwards the server still answers and a normal upload is analysed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import type { StudentAppealDetail, StudentTranscript } from '../../src/shared/schemas/student';
import type { CreateTranscriptResponse, TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { createInstitution } from '../support/factories';
import { createTestApp, jsonRequest, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';
import { jpegDeclaring, makePdf, pdfWithImage, pdfZipPolyglot, pngDeclaring } from '../support/upload-files';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/transcripts');
const FIU_PDF = readFileSync(resolve(FIXTURES, 't11002.pdf'));
const MB = 1024 * 1024;

type Purpose = 'transcript' | 'syllabus';

let t: TestApp;
let student: Awaited<ReturnType<typeof signUp>>;
let smallPng: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  student = await signUp(t, { name: 'Upload Abuser' });
  await createInstitution(t.deps.db, { key: 'fsu', name: 'Florida State University' });
  smallPng = await pngDeclaring(8, 8);
}, 60_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

const send = (method: string, path: string, body: unknown) => t.app.request(path, jsonRequest(method, body, student.cookie));
const errorOf = async (response: Response) => ((await response.clone().json()) as { error: string }).error;

async function createSlot(filename: string, purpose: Purpose) {
  return send('POST', '/api/student/create-upload-url', { filename, contentType: 'application/octet-stream', purpose });
}

/** create-upload-url and PUT; the slot must be granted (its name has an allowed extension). */
async function upload(filename: string, purpose: Purpose, bytes: Buffer) {
  const slot = await createSlot(filename, purpose);
  expect(slot.status, `slot for ${filename}`).toBe(201);
  const { uploadUrl, key } = (await slot.json()) as { uploadUrl: string; key: string };
  const put = await t.app.request(uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
  return { key, put };
}

let appealsClaimed = 0;
/** The step that claims the bytes: save-transcript, or submit-appeal with the syllabus attached (each for another course). */
function claim(purpose: Purpose, key: string, name: string) {
  if (purpose === 'transcript') return send('POST', '/api/student/save-transcript', { key, url: null, name, size: 1 });
  appealsClaimed += 1;
  return send('POST', '/api/student/submit-appeal', {
    courseName: 'Principles of Microeconomics',
    courseCode: `ECO ${2000 + appealsClaimed}`,
    targetSchool: 'Florida State University',
    notes: 'The syllabus matches.',
    syllabusFile: { key, url: '', name, size: 1 },
  });
}

const counts = async () => {
  const [row] = await t.deps.db.query<{ transcripts: number; appeals: number; files: number }>(
    `select (select count(*)::int from transcripts where user_id = $1) as transcripts,
            (select count(*)::int from appeals where user_id = $1) as appeals,
            (select count(*)::int from stored_files where owner_id = $1 and status = 'stored') as files`,
    [student.id],
  );
  return row!;
};

/** Every file under the storage folder, relative to it. */
function storedPaths(): string[] {
  const root = join(t.deps.config.dataDir, 'files');
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(folder, entry.name)) : [relative(root, join(folder, entry.name))]));
  return walk(root);
}

const limits: Record<Purpose, { maxBytes: number; maxPages: number; field: RegExp }> = {
  transcript: { maxBytes: 20 * MB, maxPages: 30, field: /^/ },
  syllabus: { maxBytes: 10 * MB, maxPages: 100, field: /^syllabusFile: / },
};

describe.each(['transcript', 'syllabus'] as const)('%s upload abuse', (purpose) => {
  const limit = limits[purpose];

  it('refuses content that is not what it claims, polyglots, 1,000 pages and 50,000 × 50,000 pixels, quickly, keeping nothing', async () => {
    const cases: Array<{ label: string; name: string; bytes: () => Promise<Buffer> | Buffer; status: number; message: RegExp }> = [
      { label: 'PNG bytes named .pdf', name: 'scan.pdf', bytes: () => smallPng, status: 415, message: /content is a PNG image, but its name "scan\.pdf" says \.pdf/ },
      { label: 'text named .pdf', name: 'notes.pdf', bytes: () => Buffer.from('just some text, not a document\n'), status: 415, message: /This file is not a PDF/ },
      { label: 'HTML named .jpg', name: 'photo.jpg', bytes: () => Buffer.from('<!doctype html><script>alert(1)</script>'), status: 415, message: /This file is not a PDF/ },
      { label: 'PDF/ZIP polyglot', name: 'poly.pdf', bytes: pdfZipPolyglot, status: 415, message: /more than one kind of content/ },
      { label: 'a damaged PDF', name: 'broken.pdf', bytes: () => Buffer.from('%PDF-1.7\n%%EOF\n'), status: 422, message: /could not be read/ },
      {
        label: '1,000-page PDF',
        name: 'long.pdf',
        bytes: () => makePdf(1000),
        status: 422,
        message: new RegExp(`This PDF has 1000 pages; the limit for a ${purpose} is ${limit.maxPages}`),
      },
      { label: '50,000 × 50,000 PNG', name: 'bomb.png', bytes: () => pngDeclaring(50_000, 50_000), status: 422, message: /too large \(50000×50000 pixels\)/ },
      { label: '50,000 × 50,000 JPEG', name: 'bomb.jpg', bytes: () => jpegDeclaring(50_000, 50_000), status: 422, message: /too large \(50000×50000 pixels\)/ },
      // Issue 37: accepted and kept before; its analysis ran 21–37 s at 1 GB, and the syllabus went to staff's viewers.
      { label: 'a PDF holding one 30,000 × 30,000 image', name: 'image-bomb.pdf', bytes: () => pdfWithImage(30_000, 30_000), status: 422, message: /This PDF holds an image too large to open safely \(30000×30000 pixels\)/ },
    ];
    const before = await counts();
    for (const testCase of cases) {
      const bytes = await testCase.bytes();
      expect(bytes.byteLength, testCase.label).toBeLessThan(200_000); // the bombs are small files
      const { key, put } = await upload(testCase.name, purpose, bytes);
      expect(put.status, testCase.label).toBe(200);
      const started = performance.now();
      const response = await claim(purpose, key, testCase.name);
      expect(performance.now() - started, `${testCase.label} answered quickly`).toBeLessThan(5_000);
      expect(response.status, testCase.label).toBe(testCase.status);
      const error = await errorOf(response);
      expect(error, testCase.label).toMatch(limit.field);
      expect(error, testCase.label).toMatch(testCase.message);
      // Refused bytes are deleted with their row.
      expect(await t.deps.storage.stat(key), testCase.label).toBeNull();
      expect(await t.deps.db.query('select 1 from stored_files where storage_key = $1', [key]), testCase.label).toEqual([]);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an empty file and one over the size limit, whether sent through the signed address or straight to storage', async () => {
    const before = await counts();
    const empty = await upload(`empty.pdf`, purpose, Buffer.alloc(0));
    expect(empty.put.status).toBe(400);
    expect(await errorOf(empty.put)).toMatch(/The file is empty/);
    const emptyClaim = await claim(purpose, empty.key, 'empty.pdf');
    expect(emptyClaim.status).toBe(400);
    expect(await errorOf(emptyClaim)).toMatch(/has not been uploaded yet/);

    const oversized = Buffer.alloc(limit.maxBytes + 1, 0x20);
    makePdf(1).copy(oversized);
    const big = await upload('big.pdf', purpose, oversized);
    expect(big.put.status).toBe(413);
    expect(await errorOf(big.put)).toMatch(new RegExp(`larger than the ${limit.maxBytes / MB} MB limit`));
    expect(await t.deps.storage.stat(big.key)).toBeNull();

    // S3 presigned addresses do not enforce the size: bytes that reach storage another way are refused when claimed.
    const direct = await upload('direct.pdf', purpose, makePdf(1));
    await t.deps.storage.put(direct.key, oversized, 'application/pdf');
    const directClaim = await claim(purpose, direct.key, 'direct.pdf');
    expect(directClaim.status).toBe(413);
    expect(await errorOf(directClaim)).toMatch(new RegExp(`larger than the ${limit.maxBytes / MB} MB limit for a ${purpose}`));
    expect(await t.deps.storage.stat(direct.key)).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('keeps only the base name of a path, refuses control characters, and writes nothing outside the storage folder', async () => {
    const names: Array<[given: string, stored: string]> = [
      ['../../etc/passwd.pdf', 'passwd.pdf'],
      ['C:\\x\\y.pdf', 'y.pdf'],
      ['/absolute/path/to/z.pdf', 'z.pdf'],
    ];
    for (const [given, stored] of names) {
      const { key, put } = await upload(given, purpose, makePdf(1));
      expect(put.status).toBe(200);
      const [file] = await t.deps.db.query<{ original_name: string }>('select original_name from stored_files where storage_key = $1', [key]);
      expect(file?.original_name).toBe(stored);
      const response = await claim(purpose, key, given);
      expect(response.status, given).toBe(201);
      if (purpose === 'transcript') {
        const { transcript } = (await response.json()) as { transcript: StudentTranscript };
        expect(transcript.name).toBe(stored);
        const download = await t.app.request(`/api/student/transcripts/${transcript.id}/file`, { headers: { cookie: student.cookie } });
        expect(download.headers.get('content-disposition')).toContain(`filename="${stored}"`);
      } else {
        const { appeal } = (await response.json()) as { appeal: StudentAppealDetail };
        expect(appeal.syllabusFile?.name).toBe(stored);
      }
    }

    for (const bad of ['evil\u0000.pdf', 'line\nbreak.pdf']) {
      const slot = await createSlot(bad, purpose);
      expect(slot.status, JSON.stringify(bad)).toBe(400);
      // A NUL is refused for every field before the route sees it; a line break by the file name's own rule.
      expect(await errorOf(slot)).toMatch(/^filename: (must not contain control characters|contains a character that cannot be stored)/);
    }
    for (const folder of ['../', 'a/b/..', 'C:\\x\\']) {
      const slot = await createSlot(folder, purpose);
      expect(slot.status, folder).toBe(400);
      expect(await errorOf(slot)).toMatch(/filename: must be a file name, not a folder/);
    }
    const { key } = await upload('fine.pdf', purpose, makePdf(1));
    const nul = await claim(purpose, key, 'fine\u0000.pdf');
    expect(nul.status).toBe(400);
    expect(await errorOf(nul)).toMatch(/^(syllabusFile\.)?name: contains a character that cannot be stored/);

    // Only server-named keys exist under the storage folder (tmp/ holds nothing once writes are done).
    for (const path of storedPaths()) expect(path).toMatch(/^(transcripts|syllabi)\/[0-9a-f-]{36}$/);
  });
});

describe('what only reading the file can show', () => {
  async function saveOnProfile(bytes: Buffer, name: string): Promise<{ id: string; key: string }> {
    const { key, put } = await upload(name, 'transcript', bytes);
    expect(put.status).toBe(200);
    const saved = await claim('transcript', key, name);
    expect(saved.status).toBe(201);
    return { id: ((await saved.json()) as { transcript: StudentTranscript }).transcript.id, key };
  }
  const report = async (id: string) =>
    (await (await t.app.request(`/api/transcripts/${id}`, { headers: { cookie: student.cookie } })).json()) as TranscriptResponse;

  /** The search screen's upload: a slot, the bytes PUT to its address, then the analysis asked for. */
  async function analyzeFromSearchScreen(bytes: Buffer, fileName: string, fileType: string) {
    const created = await send('POST', '/api/transcripts', { fileName, fileType, size: bytes.byteLength, toInstitution: 'fsu' });
    expect(created.status).toBe(201);
    const { id, upload: address } = (await created.json()) as CreateTranscriptResponse;
    expect((await t.app.request(address.url, { method: 'PUT', headers: { ...address.headers, origin: TEST_APP_URL }, body: new Uint8Array(bytes) })).status).toBe(200);
    return { id, analyze: await send('POST', `/api/transcripts/${id}/analyze`, {}) };
  }

  it('refuses a 50,000 × 50,000 image when analysis is asked for (search screen upload), before decoding it', async () => {
    const { id, analyze } = await analyzeFromSearchScreen(await pngDeclaring(50_000, 50_000), 'bomb.png', 'image/png');
    expect(analyze.status).toBe(422);
    expect(await errorOf(analyze)).toMatch(/too large \(50000×50000 pixels\)/);
    expect(await report(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/too large/) });
  });

  it('refuses a PDF holding one 30,000 × 30,000 image when analysis is asked for (search screen upload), keeping nothing (issue 37)', async () => {
    const { id, analyze } = await analyzeFromSearchScreen(pdfWithImage(30_000, 30_000), 'scan.pdf', 'application/pdf');
    expect(analyze.status).toBe(422);
    expect(await errorOf(analyze)).toMatch(/This PDF holds an image too large to open safely \(30000×30000 pixels\)/);
    expect(await report(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/image too large/) });
    const [file] = await t.deps.db.query<{ storage_key: string; status: string }>('select f.storage_key, f.status from stored_files f join transcripts t on t.file_id = f.id where t.id = $1', [id]);
    expect(file?.status).toBe('rejected');
    expect(await t.deps.storage.stat(file!.storage_key)).toBeNull();
    expect(await t.deps.db.query(`select 1 from jobs where payload->>'transcriptId' = $1`, [id])).toEqual([]);
  });

  it('analyses the checked bytes even when the upload address is used again, and fails with a message if stored bytes change', async () => {
    const swaps: Array<{ label: string; original: Buffer; name: string; swapped: Buffer; message: RegExp }> = [
      { label: '1,000 pages', original: makePdf(1), name: 'short.pdf', swapped: makePdf(1000), message: /This PDF has 1000 pages; the limit is 30/ },
      { label: 'pixel bomb', original: smallPng, name: 'small.png', swapped: await pngDeclaring(50_000, 50_000), message: /too large \(50000×50000 pixels\)/ },
    ];
    for (const swap of swaps) {
      const { id, key } = await saveOnProfile(swap.original, swap.name);
      // As an S3 client could, by PUTting again to its presigned address while the job waits: that key is no longer the file's.
      await t.deps.storage.put(key, swap.swapped, 'application/octet-stream');
      const [sealed] = await t.deps.db.query<{ storage_key: string }>('select f.storage_key from stored_files f join transcripts t on t.file_id = f.id where t.id = $1', [id]);
      expect(sealed?.storage_key, swap.label).not.toBe(key);
      expect(await t.deps.storage.get(sealed!.storage_key), swap.label).toEqual(swap.original);
      // Bytes changed in storage by other means are still caught by the reader's own checks.
      await t.deps.storage.put(sealed!.storage_key, swap.swapped, 'application/octet-stream');
      const analyze = await send('POST', `/api/transcripts/${id}/analyze`, { toInstitution: 'fsu' });
      expect(analyze.status, swap.label).toBe(422);
      const again = await saveOnProfile(swap.original, swap.name);
      expect((await send('POST', `/api/transcripts/${again.id}/analyze`, { toInstitution: 'fsu' })).status, swap.label).toBe(202);
      const [queued] = await t.deps.db.query<{ storage_key: string }>('select f.storage_key from stored_files f join transcripts t on t.file_id = f.id where t.id = $1', [again.id]);
      await t.deps.storage.put(queued!.storage_key, swap.swapped, 'application/octet-stream');
      const started = performance.now();
      await runPendingJobs(t.deps);
      expect(performance.now() - started, swap.label).toBeLessThan(15_000);
      const result = await report(again.id);
      expect(result.status, swap.label).toBe('failed');
      expect(result.error, swap.label).toMatch(/^We could not read this file\./);
      expect(result.error, swap.label).toMatch(swap.message);
      expect(result.rows).toEqual([]);
    }
  }, 60_000);

  it('still answers, and analyses a normal upload, after all of that', async () => {
    const health = await t.app.request('/api/health');
    expect(health.status).toBe(200);
    const { id } = await saveOnProfile(FIU_PDF, 'fiu-transcript.pdf');
    const analyze = await send('POST', `/api/transcripts/${id}/analyze`, { toInstitution: 'fsu' });
    expect(analyze.status).toBe(202);
    await runPendingJobs(t.deps);
    const result = await report(id);
    expect(result).toMatchObject({ status: 'done', source: 'pdf-text', error: null });
    expect(result.rows.length).toBeGreaterThan(5);
  }, 60_000);
});

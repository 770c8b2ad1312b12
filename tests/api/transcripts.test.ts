import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import type { CompareResponse } from '../../src/shared/schemas/student';
import type { CreateTranscriptResponse, SearchAppealResponse, TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { createInstitution, createRule } from '../support/factories';
import { makePdf } from '../support/upload-files';
import { createTestApp, jsonRequest, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/transcripts');
const FIU_PDF = readFileSync(resolve(FIXTURES, 't11002.pdf'));
const PNG_PHOTO = readFileSync(resolve(FIXTURES, 't11001.png'));
// De Anza College; its ECON 2 has an F. The school is not in this test database until a test adds it.
const DE_ANZA_PDF = readFileSync(resolve(FIXTURES, 't11005.pdf'));

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let fiu: { id: number };
let destination: { id: number; key: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  const db = t.deps.db;
  fiu = await createInstitution(db, { name: 'Florida International University', aliases: ['FIU'] });
  destination = await createInstitution(db, { name: 'Test Destination University' });
  // t11002.pdf (FIU): POS 2042 transfers directly, CHM 1045 does not transfer, the rest have no rule (needs review).
  await createRule(db, { from: fiu.id, to: destination.id, sources: [{ subject: 'POS', number: '2042' }], targets: [{ subject: 'POL', number: '101', title: 'American Politics' }] });
  await createRule(db, { from: fiu.id, to: destination.id, sources: [{ subject: 'CHM', number: '1045' }], targets: [], transfers: false, creditsAwarded: 0 });
  // MAC 2311 is still in progress on that transcript (no grade yet): a rule exists, but nothing is earned yet.
  await createRule(db, { from: fiu.id, to: destination.id, sources: [{ subject: 'MAC', number: '2311' }], targets: [{ subject: 'MATH', number: '201', title: 'Calculus I' }] });
}, 60_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

async function create(body: Record<string, unknown>, cookie?: string) {
  return t.app.request('/api/transcripts', jsonRequest('POST', body, cookie));
}

async function upload(created: CreateTranscriptResponse, bytes: Buffer) {
  return t.app.request(created.upload.url, { method: 'PUT', headers: { ...created.upload.headers, origin: TEST_APP_URL }, body: new Uint8Array(bytes) });
}

/** Creates, uploads and asks for analysis; returns the answers of each step. */
async function submit(input: { fileName: string; fileType: string; bytes: Buffer; cookie?: string; to?: Record<string, unknown> }) {
  const createResponse = await create(
    { fileName: input.fileName, fileType: input.fileType, size: input.bytes.byteLength, toInstitutionId: 0 },
    input.cookie,
  );
  expect(createResponse.status).toBe(201);
  const created = (await createResponse.json()) as CreateTranscriptResponse;
  expect((await upload(created, input.bytes)).status).toBe(200);
  const headers: Record<string, string> = created.accessToken ? { 'x-transcript-token': created.accessToken } : {};
  const init = jsonRequest('POST', input.to ?? { toInstitutionId: destination.id }, input.cookie);
  const analyze = await t.app.request(`/api/transcripts/${created.id}/analyze`, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } });
  return { created, analyze, headers };
}

async function read(id: string, headers: Record<string, string>) {
  return t.app.request(`/api/transcripts/${id}`, { headers });
}

describe('transcript analysis API', () => {
  it('reads the FIU PDF, matches every course and reports all three outcomes', async () => {
    const { created, analyze } = await submit({ fileName: 'fiu.pdf', fileType: 'application/pdf', bytes: FIU_PDF, cookie: alice.cookie });
    expect(analyze.status).toBe(202);
    expect(created.accessToken).toBeUndefined();
    const queued = (await (await read(created.id, { cookie: alice.cookie })).json()) as TranscriptResponse;
    expect(queued.status).toBe('queued');

    expect(await runPendingJobs(t.deps)).toBeGreaterThanOrEqual(1);
    const response = await read(created.id, { cookie: alice.cookie });
    expect(response.status).toBe(200);
    const report = (await response.json()) as TranscriptResponse;
    expect(report).toMatchObject({ status: 'done', progress: 100, source: 'pdf-text', error: null });
    expect(report.detectedInstitution).toEqual({ id: fiu.id, name: 'Florida International University' });
    expect(report.destination?.id).toBe(destination.id);
    expect(report.rows).toHaveLength(8);
    expect(report.rows[0]).toMatchObject({ subject: 'POS', number: '2042', title: 'American Government', earned: expect.any(Number), grade: 'S', status: 'DIRECT', to_equivalency_id: expect.any(Number) });

    const byCode = new Map(report.rows.map((item) => [`${item.subject} ${item.number}`, item]));
    expect(byCode.get('POS 2042')).toMatchObject({ status: 'DIRECT', statusLabel: 'Direct Transfer', transfers: true, originalSchool: 'Florida International University' });
    expect(byCode.get('POS 2042')?.transfersTo).toContain('POL 101');
    expect(byCode.get('CHM 1045')).toMatchObject({ status: 'NO_TRANSFER', statusLabel: 'No Transfer', transfers: false, transfersTo: null });
    expect(byCode.get('STA 2023')).toMatchObject({ status: 'NEEDS_EVAL', statusLabel: 'Needs Review' });
    // In progress ("IP" on the transcript): not Direct Transfer yet, and the reason says what finishing it will give.
    expect(byCode.get('MAC 2311')).toMatchObject({ status: 'NEEDS_EVAL', grade: 'IP', transfers: false });
    expect(byCode.get('MAC 2311')?.reason).toMatch(/MAC 2311 is still in progress\. Once it is finished with a passing grade, it is expected to transfer as MATH 201/);
    for (const item of report.rows) expect(item.reason.length).toBeGreaterThan(10);
    expect(report.summary).toMatchObject({ courses: 8, directTransfers: 1 });
    expect(report.summary!.totalCredits).toBeGreaterThan(0);
  });

  it('reads a photo, and lists the rows of an unknown school as needing review', async () => {
    const { created, analyze } = await submit({ fileName: 'photo.png', fileType: 'image/png', bytes: PNG_PHOTO, cookie: alice.cookie });
    expect(analyze.status).toBe(202);
    await runPendingJobs(t.deps);
    const report = (await (await read(created.id, { cookie: alice.cookie })).json()) as TranscriptResponse;
    expect(report.status).toBe('done');
    expect(report.source).toBe('ocr');
    expect(report.detectedInstitution).toBeNull(); // Valencia College is not in this test database
    expect(report.rows.length).toBeGreaterThan(3);
    for (const item of report.rows) {
      expect(item.status).toBe('NEEDS_EVAL');
      expect(item.reason).toMatch(/We don't know this school's courses yet/);
    }
  }, 60_000);

  it('decides an F by the same grade rule whether or not we know the school', async () => {
    const analyse = async () => {
      const { created } = await submit({ fileName: 'de-anza.pdf', fileType: 'application/pdf', bytes: DE_ANZA_PDF, cookie: bob.cookie });
      await runPendingJobs(t.deps);
      const report = (await (await read(created.id, { cookie: bob.cookie })).json()) as TranscriptResponse;
      expect(report.status).toBe('done');
      return report;
    };
    const failed = (report: TranscriptResponse) => report.rows.find((item) => item.grade === 'F');

    const unknownSchool = await analyse();
    expect(unknownSchool.detectedInstitution).toBeNull();
    expect(failed(unknownSchool)).toMatchObject({ subject: 'ECON', number: '2', status: 'NO_TRANSFER', reason: "ECON 2 can't transfer: a grade of F does not earn credit." });
    // Only the grade is decided without the school's courses: a passed course still waits for the destination's review.
    expect(unknownSchool.rows.find((item) => item.grade === 'A-')).toMatchObject({ status: 'NEEDS_EVAL' });
    expect(unknownSchool.rows.find((item) => item.grade === 'A-')?.reason).toMatch(/We don't know this school's courses yet/);

    // Known, with no rule for the course: the same rule, the same answer.
    await createInstitution(t.deps.db, { name: 'De Anza College' });
    const knownSchool = await analyse();
    expect(knownSchool.detectedInstitution?.name).toBe('De Anza College');
    expect(failed(knownSchool)).toMatchObject({ status: failed(unknownSchool)!.status, reason: failed(unknownSchool)!.reason });
  });

  it('accepts a destination key from the web list', async () => {
    const { analyze } = await submit({ fileName: 'fiu.pdf', fileType: 'application/pdf', bytes: FIU_PDF, cookie: alice.cookie, to: { toInstitution: destination.key } });
    expect(analyze.status).toBe(202);
    const unknown = await create({ fileName: 'a.pdf', fileType: 'application/pdf', size: 10, toInstitution: 'no-such-school' }, alice.cookie);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/toInstitution/);
  });

  it('refuses too large and unsupported files up front, and stores nothing', async () => {
    const count = async () => (await t.deps.db.query<{ count: number }>('select count(*)::int as count from transcripts'))[0]?.count;
    const before = await count();
    const tooLarge = await create({ fileName: 'big.pdf', fileType: 'application/pdf', size: 21 * 1024 * 1024, toInstitutionId: 0 });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: string }).error).toMatch(/20 MB/);
    const svg = await create({ fileName: 'x.svg', fileType: 'image/svg+xml', size: 100, toInstitutionId: 0 });
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { error: string }).error).toMatch(/PDF, JPEG or PNG/);
    const empty = await create({ fileName: 'empty.pdf', fileType: 'application/pdf', size: 0, toInstitutionId: 0 });
    expect(empty.status).toBe(400);
    const missing = await create({ fileType: 'application/pdf', size: 100 });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toMatch(/fileName/);
    expect(await count()).toBe(before);
  });

  it('checks the uploaded bytes by content: wrong type, text, polyglot, empty and too many pages are refused and not analysed', async () => {
    const cases: Array<{ name: string; type: string; bytes: Buffer; status: number; message: RegExp }> = [
      { name: 'photo.pdf', type: 'application/pdf', bytes: PNG_PHOTO, status: 415, message: /content is a PNG image, but it was sent as a PDF/ },
      { name: 'notes.pdf', type: 'application/pdf', bytes: Buffer.from('just some text, not a transcript'), status: 415, message: /not supported/ },
      { name: 'poly.pdf', type: 'application/pdf', bytes: Buffer.concat([FIU_PDF, Buffer.from('PK\u0003\u0004zipzipzip', 'latin1')]), status: 415, message: /more than one kind of content/ },
      { name: 'blank.pdf', type: 'application/pdf', bytes: Buffer.from('   \n\n  '), status: 400, message: /empty/ },
      { name: 'long.pdf', type: 'application/pdf', bytes: makePdf(31), status: 422, message: /31 pages; the limit for a transcript is 30/ },
    ];
    const ids: string[] = [];
    for (const testCase of cases) {
      const { created, analyze, headers } = await submit({ fileName: testCase.name, fileType: testCase.type, bytes: testCase.bytes });
      ids.push(created.id);
      expect(analyze.status, testCase.name).toBe(testCase.status);
      expect(((await analyze.json()) as { error: string }).error, testCase.name).toMatch(testCase.message);
      const report = (await (await read(created.id, headers)).json()) as TranscriptResponse;
      expect(report.status, testCase.name).toBe('failed');
      expect(report.rows).toEqual([]);
      const [file] = await t.deps.db.query<{ status: string; storage_key: string }>(
        'select f.status, f.storage_key from stored_files f join transcripts t on t.file_id = f.id where t.id = $1',
        [created.id],
      );
      expect(file?.status).toBe('rejected');
      expect(await t.deps.storage.get(file!.storage_key)).toBeNull();
    }
    const jobs = await t.deps.db.query(`select id from jobs where payload->>'transcriptId' = any($1::text[])`, [ids]);
    expect(jobs).toEqual([]);
  });

  it('an empty upload is refused, and analysis waits for the bytes', async () => {
    const created = (await (await create({ fileName: 'a.pdf', fileType: 'application/pdf', size: 100, toInstitutionId: destination.id }, alice.cookie)).json()) as CreateTranscriptResponse;
    expect((await upload(created, Buffer.alloc(0))).status).toBe(400);
    const analyze = await t.app.request(`/api/transcripts/${created.id}/analyze`, jsonRequest('POST', {}, alice.cookie));
    expect(analyze.status).toBe(409);
    expect(((await analyze.json()) as { error: string }).error).toMatch(/not been uploaded/);
  });

  it('shows a transcript only to its owner, the visitor holding its token, or an admin', async () => {
    const { created } = await submit({ fileName: 'fiu.pdf', fileType: 'application/pdf', bytes: FIU_PDF, cookie: alice.cookie });
    expect((await read(created.id, { cookie: bob.cookie })).status).toBe(404);
    expect((await read(created.id, {})).status).toBe(404);
    // A malformed id is bad input, named (one rule for every path parameter: docs/decisions/009-malformed-ids.md).
    expect((await read('not-a-uuid', { cookie: alice.cookie })).status).toBe(400);

    const visitor = await submit({ fileName: 'fiu.pdf', fileType: 'application/pdf', bytes: FIU_PDF });
    expect(visitor.created.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect((await read(visitor.created.id, {})).status).toBe(404);
    expect((await read(visitor.created.id, { 'x-transcript-token': 'wrong' })).status).toBe(404);
    expect((await read(visitor.created.id, { cookie: bob.cookie })).status).toBe(404);
    const ok = await read(visitor.created.id, visitor.headers);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as TranscriptResponse).expiresAt).not.toBeNull();
    const [stored] = await t.deps.db.query<{ visitor_token_hash: string }>('select visitor_token_hash from transcripts where id = $1', [visitor.created.id]);
    expect(stored?.visitor_token_hash).not.toContain(visitor.created.accessToken!);
  });

  it('deletes a visitor transcript and its file once it expires', async () => {
    const { created } = await submit({ fileName: 'fiu.pdf', fileType: 'application/pdf', bytes: FIU_PDF });
    const [file] = await t.deps.db.query<{ storage_key: string }>('select f.storage_key from stored_files f join transcripts t on t.file_id = f.id where t.id = $1', [created.id]);
    await t.deps.db.query(`update transcripts set expires_at = now() - interval '1 minute' where id = $1`, [created.id]);
    const { deleteExpiredVisitorTranscripts } = await import('../../src/server/features/transcripts');
    expect(await deleteExpiredVisitorTranscripts(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.db.query('select id from transcripts where id = $1', [created.id])).toEqual([]);
    expect(await t.deps.storage.get(file!.storage_key)).toBeNull();
  });
});

describe('appeals from the transcript report', () => {
  async function analysedFor(cookie: string) {
    const { created } = await submit({ fileName: 'fiu.pdf', fileType: 'application/pdf', bytes: FIU_PDF, cookie });
    await runPendingJobs(t.deps);
    return created.id;
  }

  it('needs a signed-in student', async () => {
    const response = await t.app.request('/api/appeals', jsonRequest('POST', { transcriptId: 'manual_1', subject: 'CHM', number: '1045', toInstitutionId: destination.id, note: '' }));
    expect(response.status).toBe(401);
  });

  it("stores the student's appeal with its first event, and refuses another student's row", async () => {
    const transcriptId = await analysedFor(alice.cookie);
    const payload = { transcriptId, subject: 'CHM', number: '1045', institutionId: fiu.id, toInstitutionId: destination.id, note: 'Same syllabus as CHEM 101.' };
    expect((await t.app.request('/api/appeals', jsonRequest('POST', payload, bob.cookie))).status).toBe(404);
    expect((await t.app.request('/api/appeals', jsonRequest('POST', { ...payload, number: '9999' }, alice.cookie))).status).toBe(404);

    const response = await t.app.request('/api/appeals', jsonRequest('POST', payload, alice.cookie));
    expect(response.status).toBe(201);
    const { appeal } = (await response.json()) as SearchAppealResponse;
    expect(appeal).toEqual({ id: expect.any(String), status: 'submitted', createdAt: expect.any(String) });
    const [stored] = await t.deps.db.query<Record<string, unknown>>('select * from appeals where id = $1', [appeal.id]);
    expect(stored).toMatchObject({
      user_id: alice.id,
      transcript_id: transcriptId,
      course_code: 'CHM 1045',
      course_name: 'General Chemistry I',
      current_school: 'Florida International University',
      target_school: 'Test Destination University',
      notes: 'Same syllabus as CHEM 101.',
      status: 'submitted',
    });
    const events = await t.deps.db.query<{ to_status: string; actor_id: string }>('select to_status, actor_id from appeal_events where appeal_id = $1', [appeal.id]);
    expect(events).toEqual([{ to_status: 'submitted', actor_id: alice.id }]);
  });

  it('accepts a manual entry', async () => {
    const response = await t.app.request(
      '/api/appeals',
      jsonRequest('POST', { transcriptId: 'manual_123', subject: 'ECO', number: '2013', institutionId: fiu.id, toInstitutionId: destination.id, note: 'Please review' }, bob.cookie),
    );
    expect(response.status).toBe(201);
  });

  it('lets a visitor who signs in claim their transcript, then appeal', async () => {
    const visitor = await submit({ fileName: 'fiu.pdf', fileType: 'application/pdf', bytes: FIU_PDF });
    await runPendingJobs(t.deps);
    const claimInit = jsonRequest('POST', {}, bob.cookie);
    const wrong = await t.app.request(`/api/transcripts/${visitor.created.id}/claim`, claimInit);
    expect(wrong.status).toBe(404);
    const claim = await t.app.request(`/api/transcripts/${visitor.created.id}/claim`, {
      ...claimInit,
      headers: { ...(claimInit.headers as Record<string, string>), ...visitor.headers },
    });
    expect(claim.status).toBe(200);
    expect((await read(visitor.created.id, { cookie: bob.cookie })).status).toBe(200);
    const appeal = await t.app.request(
      '/api/appeals',
      jsonRequest('POST', { transcriptId: visitor.created.id, subject: 'CHM', number: '1045', toInstitutionId: destination.id, note: '' }, bob.cookie),
    );
    expect(appeal.status).toBe(201);
  });

  it('treats a course listed without a grade in the current term as in progress, not as earned', async () => {
    // Last: other tests read Valencia College's photo as a school nobody has entered.
    // t11000.pdf (Valencia College) lists BSC 1010C in its last term with no grade: the reader marks it in progress.
    const valencia = await createInstitution(t.deps.db, { name: 'Valencia College' });
    await createRule(t.deps.db, { from: valencia.id, to: destination.id, sources: [{ subject: 'BSC', number: '1010C' }], targets: [{ subject: 'BIO', number: '110', title: 'Biology I' }] });
    const { created } = await submit({ fileName: 'valencia.pdf', fileType: 'application/pdf', bytes: readFileSync(resolve(FIXTURES, 't11000.pdf')), cookie: bob.cookie });
    await runPendingJobs(t.deps);
    const report = (await (await read(created.id, { cookie: bob.cookie })).json()) as TranscriptResponse;
    expect(report.status).toBe('done');
    const biology = report.rows.find((item) => item.subject === 'BSC' && item.number === '1010C');
    expect(biology).toMatchObject({ status: 'NEEDS_EVAL', grade: null, transfers: false });
    expect(biology?.reason).toMatch(/BSC 1010C is still in progress\. Once it is finished with a passing grade, it is expected to transfer as BIO 110/);
    // The compare view decides again from the stored rows, and agrees.
    const compare = await t.app.request(`/api/student/compare?a=${encodeURIComponent(destination.name)}&b=${encodeURIComponent('Florida International University')}`, {
      headers: { cookie: bob.cookie },
    });
    expect(compare.status).toBe(200);
    const compared = (await compare.json()) as CompareResponse;
    expect(compared.transcript?.id).toBe(created.id);
    expect(compared.schools[0]!.courses.find((course) => course.subject === 'BSC' && course.number === '1010C')).toMatchObject({ status: 'NEEDS_EVAL' });
  });
});

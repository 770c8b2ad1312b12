import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareResponse, StudentAppealDetail, StudentMe, StudentTranscript } from '../../src/shared/schemas/student';
import { createCourse, createInstitution, createRule } from '../support/factories';
import { createTestApp, jsonRequest, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';
import { makePdf } from '../support/upload-files';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t, { name: 'Alice Student' });
  bob = await signUp(t, { name: 'Bob Student' });
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const PDF = makePdf(1);
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');

const request = (path: string, init: RequestInit = {}) => t.app.request(path, init);
const get = (path: string, cookie: string) => request(path, { headers: { cookie } });
const send = (method: string, path: string, body: unknown, cookie: string) => request(path, jsonRequest(method, body, cookie));
const del = (path: string, cookie: string) => request(path, { method: 'DELETE', headers: { cookie, origin: TEST_APP_URL } });

async function me(cookie: string): Promise<StudentMe> {
  const response = await get('/api/student/me', cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as StudentMe;
}

async function upload(cookie: string, bytes: Buffer, filename: string, purpose?: 'transcript' | 'syllabus') {
  const slot = await send('POST', '/api/student/create-upload-url', { filename, contentType: 'application/pdf', purpose }, cookie);
  expect(slot.status).toBe(201);
  const { uploadUrl, key } = (await slot.json()) as { uploadUrl: string; key: string };
  const put = await request(uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(bytes) });
  return { key, put };
}

async function saveTranscript(cookie: string, bytes = PDF, name = 'transcript.pdf') {
  const { key, put } = await upload(cookie, bytes, name);
  expect(put.status).toBe(200);
  return send('POST', '/api/student/save-transcript', { key, url: 'https://evil.example/ignored', name, size: 1 }, cookie);
}

describe('profile and favorites', () => {
  it('starts empty and saves a trimmed profile whose target schools are the favorites', async () => {
    const fresh = await me(alice.cookie);
    expect(fresh).toMatchObject({ role: 'student', profile: { fullName: 'Alice Student', targetSchools: [] }, transcripts: [], appeals: [], savedSearches: [] });

    const response = await send(
      'PUT',
      '/api/student/profile',
      { fullName: '  Alice Q. Student ', currentSchool: ' Miami Dade College ', intendedMajor: ' Economics', targetSchools: ' University of Florida, , FSU ,fsu' },
      alice.cookie,
    );
    expect(response.status).toBe(200);
    const saved = await me(alice.cookie);
    expect(saved.profile).toEqual({
      fullName: 'Alice Q. Student',
      currentSchool: 'Miami Dade College',
      intendedMajor: 'Economics',
      targetSchools: ['University of Florida', 'FSU'],
    });
    expect(saved.favorites.map((favorite) => favorite.school)).toEqual(['University of Florida', 'FSU']);

    // Saving a shorter list removes the favorites that are no longer there.
    await send('PUT', '/api/student/profile', { ...saved.profile, targetSchools: ['FSU'] }, alice.cookie);
    expect((await me(alice.cookie)).profile.targetSchools).toEqual(['FSU']);
  });

  it('adds comma-separated favorites without duplicates (any case) and removes one by id', async () => {
    const response = await send('POST', '/api/student/favorites', { schools: 'fsu,  UCF , ,ucf, Ohio State' }, alice.cookie);
    expect(response.status).toBe(200);
    const { favorites } = (await response.json()) as { favorites: Array<{ id: string; school: string }> };
    expect(favorites.map((favorite) => favorite.school)).toEqual(['FSU', 'UCF', 'Ohio State']);
    const ucf = favorites.find((favorite) => favorite.school === 'UCF')!;
    expect((await del(`/api/student/favorites/${ucf.id}`, bob.cookie)).status).toBe(404);
    expect((await del(`/api/student/favorites/${ucf.id}`, alice.cookie)).status).toBe(204);
    expect((await me(alice.cookie)).profile.targetSchools).toEqual(['FSU', 'Ohio State']);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const empty = await send('POST', '/api/student/favorites', { schools: '   ' }, alice.cookie);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toMatch(/schools/);
    const wrongType = await send('PUT', '/api/student/profile', { fullName: 42 }, alice.cookie);
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { error: string }).error).toMatch(/fullName/);
    expect((await del('/api/student/favorites/not-a-uuid', alice.cookie)).status).toBe(400);
  });
});

describe('transcripts', () => {
  it('uploads, saves, lists, streams safely, and deletes a transcript', async () => {
    const response = await saveTranscript(alice.cookie);
    expect(response.status).toBe(201);
    const { transcript } = (await response.json()) as { transcript: StudentTranscript };
    expect(transcript).toMatchObject({ name: 'transcript.pdf', size: PDF.byteLength, status: 'saved', url: `/api/student/transcripts/${transcript.id}/file` });
    expect(transcript.key).toMatch(/^transcripts\/[0-9a-f-]{36}$/);
    expect((await me(alice.cookie)).transcripts.map((item) => item.id)).toContain(transcript.id);

    const file = await get(`/api/student/transcripts/${transcript.id}/file`, alice.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    // Another student: 404 for the file and for deleting it.
    expect((await get(`/api/student/transcripts/${transcript.id}/file`, bob.cookie)).status).toBe(404);
    expect((await del(`/api/student/transcripts/${transcript.id}`, bob.cookie)).status).toBe(404);

    expect((await del(`/api/student/transcripts/${transcript.id}`, alice.cookie)).status).toBe(204);
    expect((await me(alice.cookie)).transcripts.map((item) => item.id)).not.toContain(transcript.id);
    expect(await t.deps.storage.stat(transcript.key!)).toBeNull();
    expect(await t.deps.db.query('select 1 from stored_files where storage_key = $1', [transcript.key])).toEqual([]);
  });

  it("lets an admin read a student's transcript file and records the disclosure", async () => {
    const { transcript } = (await (await saveTranscript(alice.cookie)).json()) as { transcript: StudentTranscript };
    const file = await get(`/api/student/transcripts/${transcript.id}/file`, admin.cookie);
    expect(file.status).toBe(200);
    const audit = await t.deps.db.query<{ student_id: string; actor_id: string }>(
      `select student_id, actor_id from audit_log where action = 'sensitive_read_transcript' and subject_id = $1`,
      [transcript.id],
    );
    expect(audit).toEqual([{ student_id: alice.id, actor_id: admin.id }]);
  });

  it('refuses bytes that are not a PDF or image and keeps nothing', async () => {
    const { key, put } = await upload(alice.cookie, HTML, 'transcript.pdf');
    expect(put.status).toBe(200);
    const before = (await me(alice.cookie)).transcripts.length;
    const response = await send('POST', '/api/student/save-transcript', { key, url: null, name: 'transcript.pdf', size: 10 }, alice.cookie);
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: string }).error).toMatch(/not a PDF, PNG, JPEG or HEIC/);
    expect((await me(alice.cookie)).transcripts.length).toBe(before);
    expect(await t.deps.storage.stat(key)).toBeNull();
    expect(await t.deps.db.query('select 1 from stored_files where storage_key = $1', [key])).toEqual([]);
  });

  it("refuses another student's upload key, a wrong extension and a file that was never uploaded", async () => {
    const { key } = await upload(alice.cookie, PDF, 'mine.pdf');
    expect((await send('POST', '/api/student/save-transcript', { key, name: 'stolen.pdf' }, bob.cookie)).status).toBe(404);
    const exe = await send('POST', '/api/student/create-upload-url', { filename: 'virus.exe', contentType: 'application/pdf' }, alice.cookie);
    expect(exe.status).toBe(400);
    expect(((await exe.json()) as { error: string }).error).toMatch(/filename/);
    const slot = (await (await send('POST', '/api/student/create-upload-url', { filename: 'later.pdf' }, alice.cookie)).json()) as { key: string };
    const notYet = await send('POST', '/api/student/save-transcript', { key: slot.key, name: 'later.pdf' }, alice.cookie);
    expect(notYet.status).toBe(400);
    expect(((await notYet.json()) as { error: string }).error).toMatch(/not been uploaded/);
  });

  it('signs upload addresses with the size limit: 20 MB transcripts, 10 MB syllabi', async () => {
    const transcript = (await (await send('POST', '/api/student/create-upload-url', { filename: 'a.pdf' }, alice.cookie)).json()) as { uploadUrl: string };
    expect(new URL(transcript.uploadUrl).searchParams.get('max')).toBe(String(20 * 1024 * 1024));
    const syllabus = (await (await send('POST', '/api/student/create-upload-url', { filename: 'a.docx', purpose: 'syllabus' }, alice.cookie)).json()) as {
      uploadUrl: string;
      key: string;
    };
    expect(new URL(syllabus.uploadUrl).searchParams.get('max')).toBe(String(10 * 1024 * 1024));
    expect(syllabus.key).toMatch(/^syllabi\//);
    const tooBig = await request(syllabus.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(10 * 1024 * 1024 + 1).fill(0x20) });
    expect(tooBig.status).toBe(413);
    expect(await t.deps.storage.stat(syllabus.key)).toBeNull();
  });
});

const appealBody = {
  courseName: '  Principles of Microeconomics ',
  courseCode: ' ECO 2023 ',
  currentSchool: '',
  targetSchool: ' University of Florida ',
  notes: ' The syllabus matches ECO 2023 at UF. ',
  syllabusLink: '',
  syllabusFile: null,
  // A client trying to choose who it is and what status the appeal has: ignored.
  student: { name: 'Someone Else', email: 'else@example.edu', major: 'x', currentSchool: 'y' },
  userId: 'someone-else',
  status: 'resolved',
};

describe('upload limits', () => {
  it('refuses more than 30 upload slots an hour per student, naming the limit', async () => {
    const student = await signUp(t);
    await t.deps.db.query(
      `insert into stored_files (storage_key, owner_id, purpose, original_name, content_type)
       select 'transcripts/' || gen_random_uuid(), $1, 'transcript', 'x.pdf', 'application/pdf' from generate_series(1, 30)`,
      [student.id],
    );
    const response = await send('POST', '/api/student/create-upload-url', { filename: 'one-more.pdf' }, student.cookie);
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: string }).error).toMatch(/30 uploads in the last hour/);
  });
});

describe('appeals', () => {
  it("submits an appeal from the server's own data, then shows it with its timeline (student messages only)", async () => {
    await send('PUT', '/api/student/profile', { fullName: 'Alice Q. Student', currentSchool: 'Miami Dade College', intendedMajor: 'Economics', targetSchools: 'FSU' }, alice.cookie);
    const response = await send('POST', '/api/student/submit-appeal', appealBody, alice.cookie);
    expect(response.status).toBe(201);
    const { appeal } = (await response.json()) as { appeal: StudentAppealDetail };
    expect(appeal).toMatchObject({
      courseName: 'Principles of Microeconomics',
      courseCode: 'ECO 2023',
      currentSchool: 'Miami Dade College',
      targetSchool: 'University of Florida',
      notes: 'The syllabus matches ECO 2023 at UF.',
      status: 'submitted',
      student: { name: 'Alice Q. Student', email: alice.email, major: 'Economics', currentSchool: 'Miami Dade College' },
    });
    const [owner] = await t.deps.db.query<{ user_id: string }>('select user_id from appeals where id = $1', [appeal.id]);
    expect(owner?.user_id).toBe(alice.id);

    // An admin moves it on, with a private note and a message for the student.
    await t.deps.db.query(`update appeals set status = 'in_review', admin_notes = 'secret staff note', student_message = 'We are looking at it' where id = $1`, [appeal.id]);
    await t.deps.db.query(
      `insert into appeal_events (appeal_id, actor_id, from_status, to_status, notes, student_message) values ($1, $2, 'submitted', 'in_review', 'secret staff note', 'We are looking at it')`,
      [appeal.id, admin.id],
    );
    const detail = await get(`/api/student/appeals/${appeal.id}`, alice.cookie);
    expect(detail.status).toBe(200);
    const text = await detail.text();
    expect(text).not.toContain('secret staff note');
    const body = JSON.parse(text) as { appeal: StudentAppealDetail };
    expect(body.appeal.status).toBe('in_review');
    expect(body.appeal.timeline).toEqual([
      { at: expect.any(String), from: null, to: 'submitted', decision: null, studentMessage: null },
      { at: expect.any(String), from: 'submitted', to: 'in_review', decision: null, studentMessage: 'We are looking at it' },
    ]);
    expect((await get(`/api/student/appeals/${appeal.id}`, bob.cookie)).status).toBe(404);
    expect((await me(alice.cookie)).appeals.map((item) => item.id)).toContain(appeal.id);
    expect((await me(bob.cookie)).appeals.map((item) => item.id)).not.toContain(appeal.id);
  });

  it('names every missing required field and stores nothing', async () => {
    const before = await t.deps.db.query('select id from appeals where user_id = $1', [bob.id]);
    const response = await send('POST', '/api/student/submit-appeal', { courseName: ' ', notes: '' }, bob.cookie);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: string };
    for (const field of ['courseName', 'courseCode', 'targetSchool', 'notes']) expect(error).toContain(field);
    const badLink = await send('POST', '/api/student/submit-appeal', { ...appealBody, syllabusLink: 'javascript:alert(1)' }, bob.cookie);
    expect(badLink.status).toBe(400);
    expect(await t.deps.db.query('select id from appeals where user_id = $1', [bob.id])).toEqual(before);
  });

  it("accepts the student's own PDF or DOCX syllabus and refuses other bytes or another student's file", async () => {
    const pdf = await upload(alice.cookie, PDF, 'syllabus.pdf', 'syllabus');
    const ok = await send('POST', '/api/student/submit-appeal', { ...appealBody, courseCode: 'ECO 2013', syllabusFile: { key: pdf.key, url: '', name: 'syllabus.pdf', size: 1 } }, alice.cookie);
    expect(ok.status).toBe(201);
    // Accepted bytes are moved to a key no upload address names (sealed-uploads.ts).
    const accepted = ((await ok.json()) as { appeal: StudentAppealDetail }).appeal.syllabusFile;
    expect(accepted).toMatchObject({ key: expect.stringMatching(/^syllabi\//), size: PDF.byteLength });
    expect(accepted?.key).not.toBe(pdf.key);

    const stolen = await send('POST', '/api/student/submit-appeal', { ...appealBody, syllabusFile: { key: pdf.key, name: 'x.pdf' } }, bob.cookie);
    expect(stolen.status).toBe(404);

    const html = await upload(alice.cookie, HTML, 'syllabus.doc', 'syllabus');
    const refused = await send('POST', '/api/student/submit-appeal', { ...appealBody, courseCode: 'ECO 2000', syllabusFile: { key: html.key, name: 'syllabus.doc' } }, alice.cookie);
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { error: string }).error).toMatch(/syllabusFile/);
    expect(await t.deps.storage.stat(html.key)).toBeNull();
  });
});

describe('appeal limits', () => {
  it('refuses a second open appeal for the same course and school, allows one with new evidence once denied, and caps appeals an hour', async () => {
    const student = await signUp(t);
    const first = await send('POST', '/api/student/submit-appeal', { ...appealBody, courseCode: 'SYG 2000' }, student.cookie);
    expect(first.status).toBe(201);
    const { appeal } = (await first.json()) as { appeal: StudentAppealDetail };

    // Spelled differently, same course and school: refused, naming the open appeal.
    const again = await send('POST', '/api/student/submit-appeal', { ...appealBody, courseCode: 'syg2000', targetSchool: 'university of florida' }, student.cookie);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(
      'You already appealed SYG 2000 to University of Florida (submitted). Follow it in your appeal center; you can appeal again once it is resolved.',
    );
    // Another school is another appeal.
    expect((await send('POST', '/api/student/submit-appeal', { ...appealBody, courseCode: 'SYG 2000', targetSchool: 'Florida State University' }, student.cookie)).status).toBe(201);
    await t.deps.db.query(`update appeals set status = 'resolved', decision = 'denied' where id = $1`, [appeal.id]);
    // Denied: the same appeal again is refused; one with new evidence is another appeal.
    expect((await send('POST', '/api/student/submit-appeal', { ...appealBody, courseCode: 'SYG 2000' }, student.cookie)).status).toBe(409);
    const newEvidence = { ...appealBody, courseCode: 'SYG 2000', notes: `${appealBody.notes} The department has since confirmed the lab hours.` };
    expect((await send('POST', '/api/student/submit-appeal', newEvidence, student.cookie)).status).toBe(201);
    expect(await t.deps.db.query('select id from appeals where user_id = $1', [student.id])).toHaveLength(3);

    await t.deps.db.query(
      `insert into appeals (user_id, course_name, course_code, target_school, status) select $1, 'Course', 'CRS ' || g, 'University of Florida', 'resolved' from generate_series(1, 27) g`,
      [student.id],
    );
    const tooMany = await send('POST', '/api/student/submit-appeal', { ...appealBody, courseCode: 'PSY 2012' }, student.cookie);
    expect(tooMany.status).toBe(429);
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/30 appeals in the last hour/);
    expect(await t.deps.db.query('select id from appeals where user_id = $1', [student.id])).toHaveLength(30);
  });
});

describe('compare favorites', () => {
  it('compares the latest analysed transcript at two schools', async () => {
    const student = await signUp(t);
    const none = await get('/api/student/compare?a=x&b=y', student.cookie);
    expect(((await none.json()) as CompareResponse).transcript).toBeNull();

    const from = await createInstitution(t.deps.db, { name: 'Compare Community College' });
    const first = await createInstitution(t.deps.db, { name: 'Compare State University' });
    const second = await createInstitution(t.deps.db, { name: 'Compare Tech' });
    await createCourse(t.deps.db, from.id, { subject: 'ECO', number: '2013', title: 'Macroeconomics' });
    await createRule(t.deps.db, { from: from.id, to: first.id, sources: [{ subject: 'ECO', number: '2013' }], targets: [{ subject: 'ECON', number: '2100' }] });
    const [transcript] = await t.deps.db.query<{ id: string }>(
      `insert into transcripts (user_id, file_name, status, detected_institution_id, detected_institution_name, analyzed_at)
       values ($1, 'mine.pdf', 'done', $2, $3, now()) returning id`,
      [student.id, from.id, from.name],
    );
    await t.deps.db.query(
      `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade)
       values ($1, 0, 'ECO', '2013', 'Macroeconomics', 3, 3, 'A'), ($1, 1, 'ART', '1000', 'Drawing', 1, 1, 'B'), ($1, 2, 'AMH', '2010', 'History', 3, 0, 'W')`,
      [transcript!.id],
    );
    const response = await get(`/api/student/compare?a=${encodeURIComponent(first.name)}&b=${encodeURIComponent(second.key)}`, student.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as CompareResponse;
    expect(body.transcript?.id).toBe(transcript!.id);
    expect(body.schools.map((school) => school.school.name)).toEqual([first.name, second.name]);
    expect(body.schools[0]!.courses[0]).toMatchObject({ subject: 'ECO', number: '2013', status: 'DIRECT' });
    // A W earns nothing, but it is a 3-credit course not accepted: counted as the report counts it.
    expect(body.schools[0]!.courses[2]).toMatchObject({ subject: 'AMH', number: '2010', status: 'NO_TRANSFER', credits: 3 });
    expect(body.schools[0]!.credits).toEqual({ total: 7, direct: 3, review: 1, none: 3 });
    expect(body.schools[0]!.acceptedShare).toBe(0.43);
    expect(body.schools[1]!.credits.direct).toBe(0);

    const unknown = await get('/api/student/compare?a=Nowhere%20U&b=Compare%20Tech', student.cookie);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/Nowhere U/);
    expect((await get('/api/student/compare?a=x', student.cookie)).status).toBe(400);
  });
});

describe('announcements, export and account deletion', () => {
  it('lists published announcements only', async () => {
    await t.deps.db.query(`insert into announcements (title, body, published) values ('Fall deadlines', 'Apply by May 1', true), ('Draft', 'not yet', false)`);
    const response = await get('/api/announcements', bob.cookie);
    const { announcements } = (await response.json()) as { announcements: Array<{ title: string }> };
    expect(announcements.map((item) => item.title)).toContain('Fall deadlines');
    expect(announcements.map((item) => item.title)).not.toContain('Draft');
  });

  it('exports everything, then deletes the account with its files after a typed confirmation', async () => {
    const student = await signUp(t, { name: 'Leaving Student' });
    await send('PUT', '/api/student/profile', { fullName: 'Leaving Student', currentSchool: 'MDC', intendedMajor: 'History', targetSchools: 'FSU, UCF' }, student.cookie);
    await send('POST', '/api/student/saved-searches', { q: 'history at fsu', filters: {} }, student.cookie);
    const { transcript } = (await (await saveTranscript(student.cookie)).json()) as { transcript: StudentTranscript };
    await t.deps.db.query(`insert into transcript_rows (transcript_id, position, subject, number, title) values ($1, 0, 'HIS', '1001', 'World History')`, [transcript.id]);
    await send('POST', '/api/student/submit-appeal', appealBody, student.cookie);

    const exported = await get('/api/student/export', student.cookie);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment;/);
    const data = (await exported.json()) as Record<string, unknown> & {
      profile: StudentMe['profile'];
      favorites: unknown[];
      savedSearches: unknown[];
      transcripts: Array<{ rows: unknown[] }>;
      appeals: Array<{ timeline: unknown[] }>;
    };
    expect(data.profile.targetSchools).toEqual(['FSU', 'UCF']);
    expect(data.favorites).toHaveLength(2);
    expect(data.savedSearches).toHaveLength(1);
    expect(data.transcripts[0]!.rows).toEqual([expect.objectContaining({ subject: 'HIS', number: '1001', title: 'World History' })]);
    expect(data.appeals[0]!.timeline).toHaveLength(1);

    const unconfirmed = await send('DELETE', '/api/student/account', { confirm: 'delete' }, student.cookie);
    expect(unconfirmed.status).toBe(400);
    expect(((await unconfirmed.json()) as { error: string }).error).toMatch(/confirm/);
    expect(await t.deps.storage.stat(transcript.key!)).not.toBeNull();

    expect((await send('DELETE', '/api/student/account', { confirm: 'DELETE' }, student.cookie)).status).toBe(204);
    expect(await t.deps.storage.stat(transcript.key!)).toBeNull();
    expect(await t.deps.db.query('select 1 from "user" where id = $1', [student.id])).toEqual([]);
    expect(await t.deps.db.query('select 1 from appeals where user_id = $1', [student.id])).toEqual([]);
    expect((await get('/api/student/me', student.cookie)).status).toBe(401);
  });
});

describe('another student', () => {
  it("gets 404 for every one of the first student's records and files", async () => {
    const { transcript } = (await (await saveTranscript(alice.cookie)).json()) as { transcript: StudentTranscript };
    const { appeal } = (await (await send('POST', '/api/student/submit-appeal', { ...appealBody, courseCode: 'ECO 3101' }, alice.cookie)).json()) as { appeal: { id: string } };
    const { favorites } = (await (await send('POST', '/api/student/favorites', { schools: 'Alice Only U' }, alice.cookie)).json()) as {
      favorites: Array<{ id: string; school: string }>;
    };
    const saved = (await (await send('POST', '/api/student/saved-searches', { q: 'alice search', filters: {} }, alice.cookie)).json()) as { id: string };
    const favorite = favorites.find((item) => item.school === 'Alice Only U')!;

    expect((await get(`/api/student/transcripts/${transcript.id}/file`, bob.cookie)).status).toBe(404);
    expect((await del(`/api/student/transcripts/${transcript.id}`, bob.cookie)).status).toBe(404);
    expect((await get(`/api/student/appeals/${appeal.id}`, bob.cookie)).status).toBe(404);
    expect((await del(`/api/student/favorites/${favorite.id}`, bob.cookie)).status).toBe(404);
    expect((await del(`/api/student/saved-searches/${saved.id}`, bob.cookie)).status).toBe(404);
    const bobs = await me(bob.cookie);
    expect(JSON.stringify(bobs)).not.toMatch(/Alice Only U|alice search/);
    // Alice still has all of them.
    const alices = await me(alice.cookie);
    expect(alices.transcripts.map((item) => item.id)).toContain(transcript.id);
    expect(alices.profile.targetSchools).toContain('Alice Only U');
  });
});

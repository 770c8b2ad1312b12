import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAppeal, AdminStats, AdminStudent, AdminStudentList } from '../../src/shared/schemas/admin';
import { createAppeal, createProfile, createStoredFile, createTranscript, insertStudentAccount } from '../support/admin-factories';
import { createInstitution } from '../support/factories';
import { createTestApp, jsonRequest, mailsTo, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let student: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  student = await signUp(t, { name: 'Refused Student' });
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, cookie = admin.cookie) => t.app.request(path, { headers: { cookie, origin: TEST_APP_URL } });
async function getJson<T>(path: string): Promise<T> {
  const response = await get(path);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}
const post = (path: string, body: unknown, cookie = admin.cookie) => t.app.request(path, jsonRequest('POST', body, cookie));

const ADMIN_ROUTES: Array<[string, string]> = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/appeals'],
  ['GET', '/api/admin/appeals/counts'],
  ['POST', '/api/admin/appeals/mark-in-review'],
  ['GET', '/api/admin/appeals/00000000-0000-4000-8000-000000000000'],
  ['GET', '/api/admin/appeals/00000000-0000-4000-8000-000000000000/syllabus'],
  ['POST', '/api/admin/appeals/update'],
  ['GET', '/api/admin/students'],
  ['GET', '/api/admin/students/x/transcripts/00000000-0000-4000-8000-000000000000/file'],
  ['GET', '/api/admin/announcements'],
  ['POST', '/api/admin/announcements'],
  ['DELETE', '/api/admin/announcements/00000000-0000-4000-8000-000000000000'],
  ['GET', '/api/admin/partners'],
  ['POST', '/api/admin/partners/studentu/connect'],
  ['GET', '/api/admin/overview/schools'],
  ['GET', '/api/admin/overview/pathways'],
];

describe('admin routes refuse everyone but admins', () => {
  it.each(ADMIN_ROUTES)('%s %s: 401 signed out, 403 for a student', async (method, path) => {
    const init = (cookie?: string): RequestInit => ({
      method,
      headers: { origin: TEST_APP_URL, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect((await t.app.request(path, init())).status).toBe(401);
    expect((await t.app.request(path, init(student.cookie))).status).toBe(403);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts students, their transcripts and pending and resolved appeals', async () => {
    const before = await getJson<Record<string, number>>('/api/admin/stats');
    const s = await signUp(t);
    await createTranscript(t.deps.db, t.deps.storage, s.id);
    await createAppeal(t.deps.db, s.id, { status: 'submitted' });
    await createAppeal(t.deps.db, s.id, { status: 'in_review' });
    await createAppeal(t.deps.db, s.id, { status: 'resolved' });
    const after = await getJson<Record<string, number>>('/api/admin/stats');
    expect(after).toMatchObject({
      students: before.students! + 1,
      transcripts: before.transcripts! + 1,
      pendingAppeals: before.pendingAppeals! + 2,
      resolvedAppeals: before.resolvedAppeals! + 1,
    });
  });

  it('says how far the reference data has loaded, set by set', async () => {
    const { referenceData } = await getJson<AdminStats>('/api/admin/stats');
    expect(referenceData.loading).toBe(false);
    expect(referenceData.sets.find((set) => set.name === 'wisconsin-transfer-rules')).toMatchObject({ state: 'not-loaded', rows: 125_503, unit: 'rules' });
  });
});

describe('GET /api/admin/appeals', () => {
  it('filters by status (empty means all), searches student, course and school, newest first', async () => {
    const s = await signUp(t, { name: 'Quentin Zebulon', email: `quentin-${Date.now()}@example.edu` });
    const tag = `Xylo${Date.now()}`;
    const older = await createAppeal(t.deps.db, s.id, { courseName: `${tag} Biology`, status: 'submitted', createdAt: '2026-01-01T00:00:00Z' });
    const newer = await createAppeal(t.deps.db, s.id, { courseName: `${tag} Chemistry`, status: 'in_review', createdAt: '2026-02-01T00:00:00Z' });

    const all = await getJson<{ appeals: AdminAppeal[] }>(`/api/admin/appeals?status=&q=${tag}`);
    expect(all.appeals.map((appeal) => appeal.id)).toEqual([newer.id, older.id]);
    const submitted = await getJson<{ appeals: AdminAppeal[] }>(`/api/admin/appeals?status=submitted&q=${tag}`);
    expect(submitted.appeals.map((appeal) => appeal.id)).toEqual([older.id]);
    const byStudent = await getJson<{ appeals: AdminAppeal[] }>('/api/admin/appeals?status=&q=zebulon');
    expect(byStudent.appeals.map((appeal) => appeal.id).sort()).toEqual([newer.id, older.id].sort());
    const bySchool = await getJson<{ appeals: AdminAppeal[] }>(`/api/admin/appeals?status=&q=${encodeURIComponent('University of Florida')}`);
    expect(bySchool.appeals.length).toBeGreaterThan(0);

    const record = all.appeals[0]!;
    expect(record).toMatchObject({
      id: newer.id,
      userId: s.id,
      courseName: `${tag} Chemistry`,
      courseCode: 'ECO 2013',
      currentSchool: 'Miami Dade College',
      targetSchool: 'University of Florida',
      notes: 'The syllabus covers the same topics.',
      syllabusLink: null,
      syllabusFile: null,
      student: { name: 'Quentin Zebulon', email: s.email, major: '', currentSchool: 'Miami Dade College' },
      status: 'in_review',
      decision: null,
      adminNotes: '',
      version: 1,
    });
    expect(record.createdAt).toBe('2026-02-01T00:00:00.000Z');
    expect(typeof record.updatedAt).toBe('string');
  });

  it('pages by 50 with a cursor and never repeats or skips an appeal', async () => {
    const s = await signUp(t);
    const tag = `Paged${Date.now()}`;
    const ids = new Set<string>();
    for (let index = 0; index < 53; index++) {
      ids.add((await createAppeal(t.deps.db, s.id, { courseName: `${tag} ${index}` })).id);
    }
    const first = await getJson<{ appeals: AdminAppeal[]; nextCursor: string | null }>(`/api/admin/appeals?status=&q=${tag}`);
    expect(first.appeals).toHaveLength(50);
    expect(first.nextCursor).toBeTruthy();
    const second = await getJson<{ appeals: AdminAppeal[]; nextCursor: string | null }>(
      `/api/admin/appeals?status=&q=${tag}&cursor=${first.nextCursor}`,
    );
    expect(second.appeals).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.appeals, ...second.appeals].map((appeal) => appeal.id))).toEqual(ids);
  });

  it('answers bad input with a 400 naming it', async () => {
    const badStatus = await get('/api/admin/appeals?status=lost');
    expect(badStatus.status).toBe(400);
    expect(((await badStatus.json()) as { error: string }).error).toMatch(/status/);
    const badCursor = await get('/api/admin/appeals?cursor=nonsense');
    expect(badCursor.status).toBe(400);
    expect(((await badCursor.json()) as { error: string }).error).toMatch(/cursor/);
    expect((await get('/api/admin/appeals/not-a-uuid')).status).toBe(400);
    expect((await get(`/api/admin/appeals/${randomUUID()}`)).status).toBe(404);
  });
});

describe('POST /api/admin/appeals/update', () => {
  it('moves an appeal through the statuses with events, audit rows and an e-mail to the student', async () => {
    const s = await signUp(t, { name: 'Mail Student' });
    const appeal = await createAppeal(t.deps.db, s.id, { courseName: 'Intro to Logic', courseCode: 'PHI 2100' });

    const inReview = await post('/api/admin/appeals/update', {
      userId: s.id,
      appealId: appeal.id,
      status: 'in_review',
      adminNotes: 'Asked the philosophy department.',
      expectedVersion: 1,
    });
    expect(inReview.status, await inReview.clone().text()).toBe(200);
    const reviewed = ((await inReview.json()) as { appeal: AdminAppeal }).appeal;
    expect(reviewed).toMatchObject({ status: 'in_review', adminNotes: 'Asked the philosophy department.', version: 2 });

    const resolved = await post('/api/admin/appeals/update', {
      userId: s.id,
      appealId: appeal.id,
      status: 'resolved',
      adminNotes: 'Department agrees.',
      decision: 'denied',
      studentMessage: 'The course covers only half of PHI 2101.',
      expectedVersion: 2,
    });
    expect(resolved.status).toBe(200);
    expect(((await resolved.json()) as { appeal: AdminAppeal }).appeal).toMatchObject({ status: 'resolved', decision: 'denied', version: 3 });

    const detail = await getJson<{ appeal: AdminAppeal; history: Array<Record<string, unknown>> }>(`/api/admin/appeals/${appeal.id}`);
    expect(detail.history).toMatchObject([
      { fromStatus: 'submitted', toStatus: 'in_review', notes: 'Asked the philosophy department.', actorName: 'Test Admin' },
      { fromStatus: 'in_review', toStatus: 'resolved', decision: 'denied', studentMessage: 'The course covers only half of PHI 2101.' },
    ]);

    const audit = await t.deps.db.query<{ action: string; student_id: string; actor_id: string }>(
      `select action, student_id, actor_id from audit_log where subject_id = $1 order by id`,
      [appeal.id],
    );
    expect(audit).toEqual([
      { action: 'appeal_status_changed', student_id: s.id, actor_id: admin.id },
      { action: 'appeal_status_changed', student_id: s.id, actor_id: admin.id },
    ]);

    const outbox = { messages: await mailsTo(t, s.email) };
    expect(outbox.messages.map((message) => message.subject)).toEqual([
      'Your appeal for PHI 2100 Intro to Logic is now Resolved',
      'Your appeal for PHI 2100 Intro to Logic is now In review',
    ]);
    expect(outbox.messages[0]!.text).toContain('The course covers only half of PHI 2101.');
    expect(outbox.messages[0]!.text).toContain(`${TEST_APP_URL}/student/appeals/${appeal.id}`);

    // Reopening is allowed too (any two statuses) and clears the decision.
    const reopened = await post('/api/admin/appeals/update', { userId: s.id, appealId: appeal.id, status: 'submitted', adminNotes: 'Reopened' });
    expect(((await reopened.json()) as { appeal: AdminAppeal }).appeal).toMatchObject({ status: 'submitted', decision: null });
  });

  it('refuses a stale version with 409 and a clear message, and changes nothing', async () => {
    const s = await signUp(t);
    const appeal = await createAppeal(t.deps.db, s.id);
    const first = await post('/api/admin/appeals/update', { userId: s.id, appealId: appeal.id, status: 'in_review', adminNotes: 'A', expectedVersion: 1 });
    expect(first.status).toBe(200);
    const stale = await post('/api/admin/appeals/update', { userId: s.id, appealId: appeal.id, status: 'resolved', adminNotes: 'B', expectedVersion: 1 });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toMatch(/Someone else updated this appeal/);
    const detail = await getJson<{ appeal: AdminAppeal; history: unknown[] }>(`/api/admin/appeals/${appeal.id}`);
    expect(detail.appeal).toMatchObject({ status: 'in_review', adminNotes: 'A', version: 2 });
    expect(detail.history).toHaveLength(1);
  });

  it('answers wrong input with 4xx naming it', async () => {
    const s = await signUp(t);
    const appeal = await createAppeal(t.deps.db, s.id);
    const badStatus = await post('/api/admin/appeals/update', { userId: s.id, appealId: appeal.id, status: 'closed', adminNotes: '' });
    expect(badStatus.status).toBe(400);
    expect(((await badStatus.json()) as { error: string }).error).toMatch(/status/);
    const otherStudent = await post('/api/admin/appeals/update', { userId: student.id, appealId: appeal.id, status: 'in_review', adminNotes: '' });
    expect(otherStudent.status).toBe(404);
    const ruleWhenDenied = await post('/api/admin/appeals/update', {
      userId: s.id,
      appealId: appeal.id,
      status: 'resolved',
      decision: 'denied',
      adminNotes: '',
      createRule: { targetSubject: 'ECO', targetNumber: '2013' },
    });
    expect(ruleWhenDenied.status).toBe(400);
    expect(((await ruleWhenDenied.json()) as { error: string }).error).toMatch(/createRule/);
  });

  it('approving with a target course creates the equivalency rule with origin appeal', async () => {
    const from = await createInstitution(t.deps.db);
    const to = await createInstitution(t.deps.db);
    const s = await signUp(t);
    const appeal = await createAppeal(t.deps.db, s.id, {
      courseCode: 'ECO 2013',
      subject: 'ECO',
      number: '2013',
      fromInstitutionId: from.id,
      toInstitutionId: to.id,
    });
    const response = await post('/api/admin/appeals/update', {
      userId: s.id,
      appealId: appeal.id,
      status: 'resolved',
      decision: 'approved',
      adminNotes: 'Matches ECON 201.',
      studentMessage: 'Approved: you get ECON 201.',
      createRule: { targetSubject: 'econ', targetNumber: '201', targetTitle: 'Macroeconomics', credits: 3 },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const updated = ((await response.json()) as { appeal: AdminAppeal }).appeal;
    expect(updated.createdRuleId).toEqual(expect.any(Number));
    const [rule] = await t.deps.db.query<Record<string, unknown>>(
      `select r.origin, r.from_institution_id, r.to_institution_id, r.transfers, s.subject as s_subject, s.number as s_number,
              tg.subject as t_subject, tg.number as t_number, tg.title as t_title, tg.credits as t_credits
         from equivalency_rules r
         join equivalency_rule_sources s on s.rule_id = r.id
         join equivalency_rule_targets tg on tg.rule_id = r.id
        where r.id = $1`,
      [updated.createdRuleId],
    );
    expect(rule).toEqual({
      origin: 'appeal',
      from_institution_id: from.id,
      to_institution_id: to.id,
      transfers: true,
      s_subject: 'ECO',
      s_number: '2013',
      t_subject: 'ECON',
      t_number: '201',
      t_title: 'Macroeconomics',
      t_credits: 3,
    });
  });

  it('finds the schools by name for an appeal from the student form, which names them as text', async () => {
    const from = await createInstitution(t.deps.db, { name: `Lakeside College ${Date.now()}` });
    const to = await createInstitution(t.deps.db, { name: `Hilltop University ${Date.now()}` });
    const s = await signUp(t);
    const appeal = await createAppeal(t.deps.db, s.id, { courseCode: 'SYG 1000', subject: null, number: null, currentSchool: from.name, targetSchool: to.name });
    const response = await post('/api/admin/appeals/update', {
      userId: s.id,
      appealId: appeal.id,
      status: 'resolved',
      decision: 'approved',
      adminNotes: '',
      createRule: { targetSubject: 'SYG', targetNumber: '2000' },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { appeal: updated } = (await response.json()) as { appeal: AdminAppeal };
    const [rule] = await t.deps.db.query(
      `select r.from_institution_id, r.to_institution_id, s.subject, s.number from equivalency_rules r join equivalency_rule_sources s on s.rule_id = r.id where r.id = $1`,
      [updated.createdRuleId],
    );
    expect(rule).toEqual({ from_institution_id: from.id, to_institution_id: to.id, subject: 'SYG', number: '1000' });
  });
});

describe('GET /api/admin/students', () => {
  it('lists students with profile, favorites, the first 3 transcripts and 2 appeals with counts, and searches', async () => {
    const tag = `dirtest${Date.now()}`;
    const s = await signUp(t, { name: 'Directory Person', email: `${tag}@example.edu` });
    await createProfile(t.deps.db, s.id, { fullName: 'Dana Directory', currentSchool: 'Valencia College', intendedMajor: 'Biology', favorites: ['UCF', 'FSU'] });
    for (let index = 0; index < 4; index++) await createTranscript(t.deps.db, t.deps.storage, s.id, { name: `t${index}.pdf` });
    for (let index = 0; index < 3; index++) await createAppeal(t.deps.db, s.id, { courseName: `Course ${index}`, status: 'in_review' });

    const list = await getJson<AdminStudentList>(`/api/admin/students?q=${tag}`);
    expect(list.total).toBe(1);
    expect(list.nextCursor).toBeNull();
    const found = list.students[0] as AdminStudent;
    expect(found).toMatchObject({
      id: s.id,
      name: 'Dana Directory',
      email: s.email,
      profile: { fullName: 'Dana Directory', currentSchool: 'Valencia College', intendedMajor: 'Biology', targetSchools: ['UCF', 'FSU'] },
      transcriptCount: 4,
      appealCount: 3,
    });
    expect(found.transcripts).toHaveLength(3);
    expect(found.transcripts[0]).toMatchObject({ name: expect.stringMatching(/^t\d\.pdf$/), size: 24 });
    expect(found.transcripts[0]!.url).toMatch(new RegExp(`^/api/admin/students/${s.id}/transcripts/[0-9a-f-]{36}/file$`));
    expect(found.appeals).toHaveLength(2);
    expect(found.appeals[0]).toMatchObject({ status: 'in_review', courseName: expect.stringMatching(/^Course \d$/) });

    const byProfile = await getJson<AdminStudentList>('/api/admin/students?q=Dana%20Directory');
    expect(byProfile.students.map((item) => item.id)).toContain(s.id);
    // Admins are staff, not students.
    const staff = await getJson<AdminStudentList>(`/api/admin/students?q=${encodeURIComponent(admin.email)}`);
    expect(staff.total).toBe(0);
  });

  it('pages by 50 with a cursor', async () => {
    const tag = `pagestudents${Date.now()}`;
    for (let index = 0; index < 52; index++) await insertStudentAccount(t.deps.db, { email: `${tag}-${index}@example.edu` });
    const first = await getJson<AdminStudentList>(`/api/admin/students?q=${tag}`);
    expect(first.total).toBe(52);
    expect(first.students).toHaveLength(50);
    const second = await getJson<AdminStudentList>(`/api/admin/students?q=${tag}&cursor=${first.nextCursor}`);
    expect(second.students).toHaveLength(2);
    expect(new Set([...first.students, ...second.students].map((item) => item.id)).size).toBe(52);
  });
});

describe('file downloads', () => {
  it('streams a transcript as an attachment and records the sensitive read for the student', async () => {
    const s = await signUp(t);
    const transcript = await createTranscript(t.deps.db, t.deps.storage, s.id, { name: 'my record.pdf', bytes: Buffer.from('%PDF-1.4 hello') });
    const response = await get(`/api/admin/students/${s.id}/transcripts/${transcript.id}/file`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="my record.pdf"/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('%PDF-1.4 hello');
    const audit = await t.deps.db.query(`select action, actor_id, subject_id from audit_log where student_id = $1`, [s.id]);
    expect(audit).toEqual([{ action: 'sensitive_read_transcript', actor_id: admin.id, subject_id: transcript.id }]);

    // Another student's id with this transcript: not found.
    expect((await get(`/api/admin/students/${student.id}/transcripts/${transcript.id}/file`)).status).toBe(404);
  });

  it('streams an appeal syllabus as an attachment, audited, and lists it on the appeal', async () => {
    const s = await signUp(t);
    const file = await createStoredFile(t.deps.db, t.deps.storage, s.id, { purpose: 'syllabus', name: 'syllabus.pdf', bytes: Buffer.from('%PDF syllabus') });
    const appeal = await createAppeal(t.deps.db, s.id, { syllabusFileId: file.id });
    const detail = await getJson<{ appeal: AdminAppeal }>(`/api/admin/appeals/${appeal.id}`);
    expect(detail.appeal.syllabusFile).toEqual({ key: file.id, url: `/api/admin/appeals/${appeal.id}/syllabus`, name: 'syllabus.pdf', size: 13 });
    const response = await get(`/api/admin/appeals/${appeal.id}/syllabus`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    const audit = await t.deps.db.query<{ action: string }>(`select action from audit_log where student_id = $1`, [s.id]);
    expect(audit).toEqual([{ action: 'sensitive_read_student' }]);
  });
});

describe('announcements, partners and overviews', () => {
  it('posts, lists and deletes announcements, audited', async () => {
    const created = await post('/api/admin/announcements', { title: 'Deadline', body: 'Appeals close Friday.' });
    expect(created.status).toBe(201);
    const { announcement } = (await created.json()) as { announcement: { id: string; title: string } };
    expect(announcement.title).toBe('Deadline');
    const list = await getJson<{ announcements: Array<{ id: string }> }>('/api/admin/announcements');
    expect(list.announcements.map((item) => item.id)).toContain(announcement.id);
    const empty = await post('/api/admin/announcements', { title: '', body: 'x' });
    expect(empty.status).toBe(400);
    const deleted = await t.app.request(`/api/admin/announcements/${announcement.id}`, jsonRequest('DELETE', undefined, admin.cookie));
    expect(deleted.status).toBe(200);
    const again = await t.app.request(`/api/admin/announcements/${announcement.id}`, jsonRequest('DELETE', undefined, admin.cookie));
    expect(again.status).toBe(404);
    const audit = await t.deps.db.query<{ action: string }>(`select action from audit_log where subject_id = $1 order by id`, [announcement.id]);
    expect(audit.map((row) => row.action)).toEqual(['announcement_posted', 'announcement_deleted']);
  });

  it('shows demo figures until a partner is connected, and toggles the connection', async () => {
    const before = await getJson<{ partners: Array<{ partner: string; status: string; figuresAreDemo: boolean }> }>('/api/admin/partners');
    expect(before.partners[0]).toMatchObject({ partner: 'studentu', status: 'disconnected', figuresAreDemo: true });
    const connected = await post('/api/admin/partners/studentu/connect', {});
    expect(((await connected.json()) as { status: string }).status).toBe('connected');
    const disconnected = await post('/api/admin/partners/studentu/connect', {});
    expect(((await disconnected.json()) as { status: string }).status).toBe('disconnected');
    expect((await post('/api/admin/partners/nobody/connect', {})).status).toBe(400);
  });

  it('lists schools with rule counts and the commonest pathways', async () => {
    const schools = await getJson<{ schools: unknown[] }>('/api/admin/overview/schools');
    expect(Array.isArray(schools.schools)).toBe(true);
    const pathways = await getJson<{ pathways: unknown[] }>('/api/admin/overview/pathways');
    expect(Array.isArray(pathways.pathways)).toBe(true);
  });
});

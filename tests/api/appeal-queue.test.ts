import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAppeal, AdminAppealCounts, AdminAppealDetail, AdminAppealList, MarkAppealsInReviewResult } from '../../src/shared/schemas/admin';
import type { ReportRowAppeal, StudentMe } from '../../src/shared/schemas/student';
import { createAppeal } from '../support/admin-factories';
import { createInstitution } from '../support/factories';
import { createTestApp, jsonRequest, mailsTo, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, cookie = admin.cookie) => t.app.request(path, { headers: { cookie, origin: TEST_APP_URL } });
async function getJson<T>(path: string, cookie = admin.cookie): Promise<T> {
  const response = await get(path, cookie);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}
const post = (path: string, body: unknown, cookie = admin.cookie) => t.app.request(path, jsonRequest('POST', body, cookie));

/** Every page of a list, following its cursors. */
async function allPages(path: string): Promise<AdminAppeal[]> {
  const appeals: AdminAppeal[] = [];
  let cursor: string | null = null;
  do {
    const page: AdminAppealList = await getJson<AdminAppealList>(`${path}${cursor ? `&cursor=${cursor}` : ''}`);
    appeals.push(...page.appeals);
    cursor = page.nextCursor;
  } while (cursor);
  return appeals;
}

/** A student's analysed transcript with one row the engine refused, as the report stores it. */
async function analysedTranscript(userId: string, destinationId: number | null) {
  const [transcript] = await t.deps.db.query<{ id: string }>(
    `insert into transcripts (user_id, file_name, status, detected_institution_name, to_institution_id, summary, analyzed_at)
     values ($1, 'spring.pdf', 'done', 'Valencia College', $2, '{"courses": 2, "directTransfers": 1, "totalCredits": 7, "creditsTransferring": 4}', now()) returning id`,
    [userId, destinationId],
  );
  const [row] = await t.deps.db.query<{ id: string }>(
    `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade, term, status, reason, evidence)
     values ($1, 0, 'SYG', '2010', 'Social Problems', 3, 3, 'D', 'Fall 2025', 'NO_TRANSFER', 'Needs at least a C',
             '{"candidates": [{"subject": "SOC", "number": "2100", "title": "Social Problems", "score": 0.82, "why": ["same title"]}]}')
     returning id`,
    [transcript!.id],
  );
  return { transcriptId: transcript!.id, rowId: row!.id };
}

describe('the clerk queue: order, filters and counts', () => {
  const tag = `queue${randomUUID().slice(0, 6)}`;
  const schools = [`${tag} Alpha University`, `${tag} Beta University`];
  const ids: Array<{ id: string; school: string; status: string; at: string }> = [];

  beforeAll(async () => {
    const s = await signUp(t, { name: 'Queue Student' });
    // 60 appeals a minute apart, so the lists need two pages of 50; statuses and schools interleaved.
    for (let i = 0; i < 60; i++) {
      const school = schools[i % 2]!;
      const status = i % 3 === 0 ? 'in_review' : 'submitted';
      const at = new Date(Date.UTC(2026, 9, 1, 9, i)).toISOString();
      const { id } = await createAppeal(t.deps.db, s.id, { courseName: `${tag} course ${i}`, targetSchool: school, status: status as 'submitted', createdAt: at });
      ids.push({ id, school, status, at });
    }
  });

  it('lists oldest first by due date across pages, each with its due date 3 business days on', async () => {
    const due = await allPages(`/api/admin/appeals?status=&q=${tag}&sort=due`);
    expect(due.map((appeal) => appeal.id)).toEqual(ids.map((appeal) => appeal.id));
    // 2026-10-01 is a Thursday: due the Tuesday after, at the end of the day.
    expect(due[0]!.dueAt).toBe('2026-10-06T23:59:59.999Z');
    const newest = await allPages(`/api/admin/appeals?status=&q=${tag}&sort=newest`);
    expect(newest.map((appeal) => appeal.id)).toEqual(ids.map((appeal) => appeal.id).reverse());
  });

  it('sorts by school, oldest first within each, across pages', async () => {
    const bySchool = await allPages(`/api/admin/appeals?status=&q=${tag}&sort=school`);
    const expected = [...ids].sort((a, b) => a.school.localeCompare(b.school) || a.at.localeCompare(b.at)).map((appeal) => appeal.id);
    expect(bySchool.map((appeal) => appeal.id)).toEqual(expected);
  });

  it('filters by school and status together, and counts per status in a school', async () => {
    const betaSubmitted = await allPages(`/api/admin/appeals?status=submitted&school=${encodeURIComponent(schools[1]!)}&sort=due`);
    expect(betaSubmitted.map((appeal) => appeal.id)).toEqual(ids.filter((appeal) => appeal.school === schools[1] && appeal.status === 'submitted').map((appeal) => appeal.id));

    const counts = await getJson<AdminAppealCounts>(`/api/admin/appeals/counts?school=${encodeURIComponent(schools[0]!)}`);
    expect(counts.byStatus).toEqual({ submitted: 20, in_review: 10, resolved: 0 });
    expect(counts.schools).toEqual(expect.arrayContaining(schools));
    const sorted = [...counts.schools].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(counts.schools).toEqual(sorted);
    // Every school's: the hub's running totals, which agree with the table.
    const all = await getJson<AdminAppealCounts>('/api/admin/appeals/counts');
    const counted = await t.deps.db.query<{ status: string; count: number }>('select status, count(*)::int as count from appeals group by status');
    expect(all.byStatus).toEqual({ submitted: 0, in_review: 0, resolved: 0, ...Object.fromEntries(counted.map((row) => [row.status, row.count])) });
  });

  it('refuses an unknown sort and a cursor from another order', async () => {
    expect((await get('/api/admin/appeals?sort=random')).status).toBe(400);
    const first = await getJson<AdminAppealList>(`/api/admin/appeals?status=&q=${tag}&sort=due`);
    expect((await get(`/api/admin/appeals?status=&q=${tag}&sort=school&cursor=${first.nextCursor}`)).status).toBe(400);
  });
});

describe('bulk "Mark in review"', () => {
  it('moves the submitted ones through the one update (event, e-mail) and lists the rest with why', async () => {
    const s = await signUp(t, { name: 'Bulk Student' });
    const a = await createAppeal(t.deps.db, s.id, { courseName: 'Bulk one', courseCode: 'BLK 1001' });
    const b = await createAppeal(t.deps.db, s.id, { courseName: 'Bulk two', courseCode: 'BLK 1002' });
    const c = await createAppeal(t.deps.db, s.id, { courseName: 'Bulk three', status: 'resolved' });
    const missing = randomUUID();
    const response = await post('/api/admin/appeals/mark-in-review', { appealIds: [a.id, b.id, c.id, missing] });
    expect(response.status).toBe(200);
    const result = (await response.json()) as MarkAppealsInReviewResult;
    expect(result.updated.map((appeal) => [appeal.id, appeal.status]).sort()).toEqual([
      [a.id, 'in_review'],
      [b.id, 'in_review'],
    ].sort());
    expect(result.skipped).toEqual([
      { id: c.id, reason: 'Already resolved.' },
      { id: missing, reason: 'This appeal no longer exists.' },
    ]);
    const events = await t.deps.db.query<{ to_status: string }>('select to_status from appeal_events where appeal_id = $1', [a.id]);
    expect(events).toEqual([{ to_status: 'in_review' }]);
    const outbox = { messages: await mailsTo(t, s.email) };
    expect(outbox.messages.map((message) => message.subject).sort()).toEqual([
      'Your appeal for BLK 1001 Bulk one is now In review',
      'Your appeal for BLK 1002 Bulk two is now In review',
    ]);
    expect((await post('/api/admin/appeals/mark-in-review', { appealIds: [] })).status).toBe(400);
  });
});

describe("the appeal's evidence", () => {
  it('shows the report row as the engine decided it, its transcript and the hook for a correction', async () => {
    const s = await signUp(t, { name: 'Evidence Student' });
    const destination = await createInstitution(t.deps.db, { name: `Evidence University ${randomUUID().slice(0, 6)}` });
    const { transcriptId } = await analysedTranscript(s.id, destination.id);
    const sent = await post('/api/appeals', { transcriptId, subject: 'SYG', number: '2010', toInstitutionId: destination.id, note: 'The D was replaced by a B.' }, s.cookie);
    expect(sent.status).toBe(201);
    const { appeal } = (await sent.json()) as { appeal: { id: string } };
    const detail = await getJson<AdminAppealDetail>(`/api/admin/appeals/${appeal.id}`);
    expect(detail.evidence.row).toEqual({
      subject: 'SYG',
      number: '2010',
      title: 'Social Problems',
      grade: 'D',
      term: 'Fall 2025',
      credits: 3,
      status: 'NO_TRANSFER',
      // A row stored without a class (as before migration 0110) shows the class its status showed.
      verdictClass: 'does-not-transfer',
      reason: 'Needs at least a C',
      transfersTo: null,
      ruleId: null,
      suggestions: [{ subject: 'SOC', number: '2100', title: 'Social Problems', score: 0.82, why: ['same title'] }],
      matchedByCode: false,
    });
    expect(detail.evidence.correction).toBeNull();
    expect(detail.evidence.transcript).toMatchObject({
      id: transcriptId,
      fileName: 'spring.pdf',
      fileUrl: null,
      fromSchool: 'Valencia College',
      toSchool: destination.name,
      summary: { courses: 2, directTransfers: 1, totalCredits: 7, creditsTransferring: 4 },
    });
  });

  it('finds the course on the newest report for an appeal sent from the form, and says so', async () => {
    const s = await signUp(t, { name: 'Form Student' });
    await analysedTranscript(s.id, null);
    const form = await createAppeal(t.deps.db, s.id, { courseCode: 'SYG 2010', subject: null, number: null });
    const detail = await getJson<AdminAppealDetail>(`/api/admin/appeals/${form.id}`);
    expect(detail.evidence.row).toMatchObject({ grade: 'D', matchedByCode: true });
    const none = await createAppeal(t.deps.db, s.id, { courseCode: 'XYZ 9999', subject: null, number: null });
    expect((await getJson<AdminAppealDetail>(`/api/admin/appeals/${none.id}`)).evidence).toEqual({ row: null, correction: null, transcript: null });
  });
});

describe("the student's side of a decision", () => {
  it('offers no second appeal while one is open or after an approval; a denied one again only with new evidence', async () => {
    const s = await signUp(t, { name: 'Again Student' });
    const other = await signUp(t, { name: 'Other Student' });
    const destination = await createInstitution(t.deps.db, { name: `Again University ${randomUUID().slice(0, 6)}` });
    const { transcriptId, rowId } = await analysedTranscript(s.id, destination.id);
    const payload = { transcriptId, subject: 'SYG', number: '2010', toInstitutionId: destination.id, note: 'Same topics as SOC 2100.' };
    const first = await post('/api/appeals', payload, s.cookie);
    expect(first.status).toBe(201);
    const firstId = ((await first.json()) as { appeal: { id: string } }).appeal.id;

    const rows = () => getJson<{ rows: ReportRowAppeal[] }>(`/api/student/transcripts/${transcriptId}/appeals`, s.cookie);
    expect((await rows()).rows).toEqual([{ rowId, appeal: expect.objectContaining({ id: firstId, status: 'submitted', decision: null }), canAppealAgain: false, grantedOnAppeal: false }]);
    // Another student's transcript has nothing to show them.
    expect((await getJson<{ rows: ReportRowAppeal[] }>(`/api/student/transcripts/${transcriptId}/appeals`, other.cookie)).rows).toEqual([]);

    const open = await post('/api/appeals', { ...payload, note: 'Something else' }, s.cookie);
    expect(open.status).toBe(409);
    expect(((await open.json()) as { error: string }).error).toMatch(/^You already appealed SYG 2010 to Again University/);

    const deny = await post('/api/admin/appeals/update', {
      userId: s.id,
      appealId: firstId,
      status: 'resolved',
      decision: 'denied',
      adminNotes: '',
      studentMessage: 'A D does not transfer; send the replaced grade.',
    });
    expect(deny.status).toBe(200);
    expect((await rows()).rows[0]).toMatchObject({
      appeal: { status: 'resolved', decision: 'denied', studentMessage: 'A D does not transfer; send the replaced grade.' },
      canAppealAgain: true,
      grantedOnAppeal: false,
    });

    const same = await post('/api/appeals', { ...payload, note: '  same topics as SOC 2100. ' }, s.cookie);
    expect(same.status).toBe(409);
    expect(((await same.json()) as { error: string }).error).toContain('To appeal again, add new evidence');
    const again = await post('/api/appeals', { ...payload, note: 'My grade was replaced by a B in spring; the registrar letter is attached.' }, s.cookie);
    expect(again.status).toBe(201);
    const againId = ((await again.json()) as { appeal: { id: string } }).appeal.id;

    const approve = await post('/api/admin/appeals/update', { userId: s.id, appealId: againId, status: 'resolved', decision: 'approved', adminNotes: '' });
    expect(approve.status).toBe(200);
    // Approved without a rule: the row still reads No Transfer by the engine, and the server says the appeal granted it.
    expect((await rows()).rows[0]).toMatchObject({ appeal: { id: againId, decision: 'approved' }, canAppealAgain: false, grantedOnAppeal: true });
    const afterApproval = await post('/api/appeals', { ...payload, note: 'One more thing' }, s.cookie);
    expect(afterApproval.status).toBe(409);
    expect(((await afterApproval.json()) as { error: string }).error).toContain('was approved');
  });

  it('the hub shows the decision and message, and marks what changed since the last visit', async () => {
    const s = await signUp(t, { name: 'Hub Student' });
    const appeal = await createAppeal(t.deps.db, s.id, { courseName: 'Hub course', courseCode: 'HUB 1000' });
    const me = () => getJson<StudentMe>('/api/student/me', s.cookie);
    expect((await me()).appeals[0]).toMatchObject({ id: appeal.id, status: 'submitted', decision: null, changedSinceLastVisit: false });

    const resolve = await post('/api/admin/appeals/update', {
      userId: s.id,
      appealId: appeal.id,
      status: 'resolved',
      decision: 'approved',
      adminNotes: 'internal',
      studentMessage: 'Approved as SOC 2100.',
    });
    expect(resolve.status).toBe(200);
    expect((await me()).appeals[0]).toMatchObject({ status: 'resolved', decision: 'approved', studentMessage: 'Approved as SOC 2100.', changedSinceLastVisit: true });

    expect((await post('/api/student/appeals/seen', {}, s.cookie)).status).toBe(204);
    expect((await me()).appeals[0]).toMatchObject({ decision: 'approved', changedSinceLastVisit: false });
    const outbox = { messages: await mailsTo(t, s.email) };
    expect(outbox.messages[0]!.text).toContain('Decision: Approved.');
    expect(outbox.messages[0]!.text).toContain('Approved as SOC 2100.');
  });
});

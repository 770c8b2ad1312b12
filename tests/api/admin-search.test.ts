/**
 * The admin searches and figures after migrations 0009 and 0010 (lower-cased search columns kept on write, running
 * totals for the hub): what a clerk types still finds the same rows, and the figures always equal a count of the tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAppeal, AdminStats, AdminStudentList } from '../../src/shared/schemas/admin';
import { compactAdminCounts, refreshAdminStatistics } from '../../src/server/features/admin';
import { createAppeal, createProfile, createTranscript, insertStudentAccount } from '../support/admin-factories';
import { createTestApp, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

async function getJson<T>(path: string): Promise<T> {
  const response = await t.app.request(path, { headers: { cookie: admin.cookie, origin: TEST_APP_URL } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}
const appealIds = async (query: string) =>
  (await getJson<{ appeals: AdminAppeal[] }>(`/api/admin/appeals?status=&q=${encodeURIComponent(query)}`)).appeals.map((appeal) => appeal.id).sort();
const studentIds = async (query: string) =>
  (await getJson<AdminStudentList>(`/api/admin/students?q=${encodeURIComponent(query)}`)).students.map((student) => student.id).sort();

/** Every appeal a status filter lists, page after page. */
async function listAll(status: string): Promise<AdminAppeal[]> {
  const appeals: AdminAppeal[] = [];
  let cursor: string | null = null;
  do {
    const page: { appeals: AdminAppeal[]; nextCursor: string | null } = await getJson(
      `/api/admin/appeals?status=${status}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    appeals.push(...page.appeals);
    cursor = page.nextCursor;
  } while (cursor);
  return appeals;
}

describe('appeals search', () => {
  it('finds by student name, e-mail, course and school, by part of a word and in any case', async () => {
    const tag = `Quokka${Date.now()}`;
    const s = await signUp(t, { name: 'Philippa Marchbanks', email: `${tag.toLowerCase()}@Example.edu` });
    const appeal = await createAppeal(t.deps.db, s.id, {
      courseName: `Thermodynamics ${tag}`,
      courseCode: 'PHY 3513',
      currentSchool: 'Seminole State College',
      targetSchool: 'Embry-Riddle Aeronautical University',
    });
    const expected = [appeal.id];
    expect(await appealIds(tag)).toEqual(expected);
    expect(await appealIds(tag.toUpperCase())).toEqual(expected); // course, any case
    expect(await appealIds('ermodynamics ' + tag.slice(0, 5).toLowerCase())).toEqual(expected); // part of a word
    expect(await appealIds('phy 3513')).toEqual(expected); // course code
    expect(await appealIds('MARCHBAN')).toEqual(expected); // student name
    expect(await appealIds(`${tag.toLowerCase()}@example.EDU`)).toEqual(expected); // e-mail
    expect(await appealIds('embry-riddle aero')).toEqual(expected); // target school
    expect(await appealIds('seminole STATE')).toEqual(expected); // current school
    // The appeal's text and the student's are separate fields, as before: a phrase across them matches nothing.
    expect(await appealIds('seminole state college philippa')).toEqual([]);
    // % and _ are taken literally.
    expect(await appealIds('marchbanks%')).toEqual([]);
    expect(await appealIds('phy_3513')).toEqual([]);
  });

  it('follows the live account: a renamed student is found by the new name and no longer by the old one', async () => {
    const s = await signUp(t, { name: 'Bartholomew Oldname' });
    const appeal = await createAppeal(t.deps.db, s.id, { courseName: 'Rename check' });
    expect(await appealIds('oldname')).toEqual([appeal.id]);
    await t.deps.db.query(`update "user" set name = 'Bartholomew Newsurname', email = 'new-address-9@example.edu' where id = $1`, [s.id]);
    expect(await appealIds('oldname')).toEqual([]);
    expect(await appealIds('newsurname')).toEqual([appeal.id]);
    expect(await appealIds('new-address-9@')).toEqual([appeal.id]);
    expect(await appealIds(s.email)).toEqual([]);
  });

  it('pages a common word newest first without repeats, as the unfiltered list does', async () => {
    const s = await signUp(t);
    const ids: string[] = [];
    for (let index = 0; index < 55; index++) {
      ids.push((await createAppeal(t.deps.db, s.id, { courseName: `Commonword Survey ${index}`, createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString() })).id);
    }
    const first = await getJson<{ appeals: AdminAppeal[]; nextCursor: string }>('/api/admin/appeals?status=&q=commonword');
    const second = await getJson<{ appeals: AdminAppeal[]; nextCursor: string | null }>(`/api/admin/appeals?status=&q=commonword&cursor=${first.nextCursor}`);
    expect([...first.appeals, ...second.appeals].map((appeal) => appeal.id)).toEqual(ids.reverse());
    expect(second.nextCursor).toBeNull();
  });
});

describe('student directory search', () => {
  it('finds by account name, e-mail, profile name and school, by part of a word and in any case', async () => {
    const tag = `wombat${Date.now()}`;
    const s = await signUp(t, { name: 'Account Hollingsworth', email: `${tag}@Valley.edu` });
    await createProfile(t.deps.db, s.id, { fullName: 'Profile Vanderslice', currentSchool: 'Pasco-Hernando State College' });
    const expected = [s.id];
    expect(await studentIds('HOLLINGS')).toEqual(expected);
    expect(await studentIds(`${tag.toUpperCase()}@valley`)).toEqual(expected);
    expect(await studentIds('vanderSLICE')).toEqual(expected);
    expect(await studentIds('pasco-hern')).toEqual(expected);
    expect(await studentIds('profile vanderslice pasco')).toEqual(expected); // full name and school are one text, as before
    expect(await studentIds('valley.edu profile')).toEqual([]); // the account and the profile are not
    const renamed = (await getJson<AdminStudentList>(`/api/admin/students?q=${tag}`)).total;
    expect(renamed).toBe(1);
    await t.deps.db.query(`update student_profiles set full_name = 'Profile Renamed' where user_id = $1`, [s.id]);
    expect(await studentIds('vanderslice')).toEqual([]);
    expect(await studentIds('profile renamed')).toEqual(expected);
  });

  it('counts every match, not only the page', async () => {
    const tag = `koala${Date.now()}`;
    for (let index = 0; index < 53; index++) await insertStudentAccount(t.deps.db, { email: `${tag}-${index}@example.edu`, name: `Koala ${index}` });
    const list = await getJson<AdminStudentList>(`/api/admin/students?q=${tag.toUpperCase()}`);
    expect(list.total).toBe(53);
    expect(list.students).toHaveLength(50);
    const second = await getJson<AdminStudentList>(`/api/admin/students?q=${tag}&cursor=${list.nextCursor}`);
    expect(second).toMatchObject({ total: 53, nextCursor: null });
    expect(second.students).toHaveLength(3);
    expect(await getJson<AdminStudentList>(`/api/admin/students?q=${tag}-nobody`)).toEqual({ students: [], total: 0, nextCursor: null });

    // Without a search the total is every student (staff excluded), from the running count.
    const [counted] = await t.deps.db.query<{ total: number }>(
      `select count(*)::int as total from "user" where (',' || coalesce(role, '') || ',') like '%,student,%' and (',' || coalesce(role, '') || ',') not like '%,admin,%'`,
    );
    expect((await getJson<AdminStudentList>('/api/admin/students')).total).toBe(counted!.total);
  });
});

describe('hub figures', () => {
  type HubFigures = Omit<AdminStats, 'referenceData'>;
  const figures = async (): Promise<HubFigures> => {
    const { students, transcripts, pendingAppeals, resolvedAppeals } = await getJson<AdminStats>('/api/admin/stats');
    return { students, transcripts, pendingAppeals, resolvedAppeals };
  };
  const counted = async (): Promise<HubFigures> => {
    const [row] = await t.deps.db.query<HubFigures>(
      `select (select count(*)::int from "user" where (',' || coalesce(role, '') || ',') like '%,student,%'
                                                 and (',' || coalesce(role, '') || ',') not like '%,admin,%') as "students",
              (select count(*)::int from transcripts where user_id is not null) as "transcripts",
              (select count(*)::int from appeals where status <> 'resolved') as "pendingAppeals",
              (select count(*)::int from appeals where status = 'resolved') as "resolvedAppeals"`,
    );
    return row!;
  };

  it('always equal a count of the tables, through inserts, status changes, claims, role changes and deletions', async () => {
    expect(await figures()).toEqual(await counted());
    const s = await signUp(t);
    const other = await signUp(t);
    await createTranscript(t.deps.db, t.deps.storage, s.id);
    const appeals = [
      await createAppeal(t.deps.db, s.id, { status: 'submitted' }),
      await createAppeal(t.deps.db, s.id, { status: 'in_review' }),
      await createAppeal(t.deps.db, other.id, { status: 'resolved' }),
    ];
    expect(await figures()).toEqual(await counted());

    // Several rows in one statement, a status change and an edit that leaves the status alone.
    await t.deps.db.query(`update appeals set status = 'resolved' where id = any($1::uuid[])`, [[appeals[0]!.id, appeals[1]!.id]]);
    await t.deps.db.query(`update appeals set admin_notes = 'checked' where id = $1`, [appeals[2]!.id]);
    // A visitor's transcript does not count until a student claims it.
    await t.deps.db.query(`insert into transcripts (file_name, status) values ('visitor.pdf', 'saved')`);
    const before = await counted();
    await t.deps.db.query(`update transcripts set user_id = $1 where user_id is null and file_name = 'visitor.pdf'`, [other.id]);
    expect((await counted()).transcripts).toBe(before.transcripts + 1);
    expect(await figures()).toEqual(await counted());

    // A student made admin leaves the student figure; a deleted account takes its transcripts and appeals with it.
    await t.deps.db.query(`update "user" set role = 'admin,student' where id = $1`, [other.id]);
    await t.deps.db.query(`delete from "user" where id = $1`, [s.id]);
    expect(await figures()).toEqual(await counted());

    // Folding the change rows keeps the figures.
    await compactAdminCounts(t.deps.db);
    const [{ rows }] = (await t.deps.db.query<{ rows: number }>(`select count(*)::int as rows from admin_count_deltas`)) as [{ rows: number }];
    expect(rows).toBeLessThanOrEqual(5);
    expect(await figures()).toEqual(await counted());
  });

  it('"Pending appeals" is what the appeals list shows under its Pending filter: submitted and in review', async () => {
    const s = await signUp(t);
    await createAppeal(t.deps.db, s.id, { status: 'submitted' });
    await createAppeal(t.deps.db, s.id, { status: 'in_review' });
    await createAppeal(t.deps.db, s.id, { status: 'resolved' });
    const stats = await getJson<AdminStats>('/api/admin/stats');
    const pending = await listAll('pending');
    expect(pending).toHaveLength(stats.pendingAppeals);
    expect(new Set(pending.map((appeal) => appeal.status))).toEqual(new Set(['submitted', 'in_review']));
    expect(await listAll('resolved')).toHaveLength(stats.resolvedAppeals);
    const searched = await getJson<{ appeals: AdminAppeal[] }>(`/api/admin/appeals?status=pending&q=${encodeURIComponent(s.email)}`);
    expect(searched.appeals.map((appeal) => appeal.status).sort()).toEqual(['in_review', 'submitted']);
  });
});

describe('planner statistics', () => {
  it('are refreshed on the embedded database once the appeals have grown, and not again until they grow further', async () => {
    if (t.deps.db.kind !== 'embedded') {
      expect(await refreshAdminStatistics(t.deps.db)).toEqual([]); // PostgreSQL's autovacuum does it
      return;
    }
    await refreshAdminStatistics(t.deps.db); // whatever the earlier tests added
    expect(await refreshAdminStatistics(t.deps.db)).toEqual([]);
    const s = await signUp(t);
    await t.deps.db.query(
      `insert into appeals (user_id, course_name, course_code, target_school)
       select $1, 'Bulk course ' || g, 'BLK ' || g, 'Somewhere University' from generate_series(1, 200) g`,
      [s.id],
    );
    expect(await refreshAdminStatistics(t.deps.db)).toEqual(['appeals']);
    const [appeals] = await t.deps.db.query<{ estimated: number; counted: number }>(
      `select reltuples::int as estimated, (select count(*)::int from appeals) as counted from pg_class where relname = 'appeals'`,
    );
    expect(appeals!.estimated).toBe(appeals!.counted);
    expect(await refreshAdminStatistics(t.deps.db)).toEqual([]);
  });
});

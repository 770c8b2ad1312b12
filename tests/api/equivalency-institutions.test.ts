import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstitutionListResponse, InstitutionRecord, SchoolSearchResponse, TransferDataOverview } from '../../src/shared/schemas/equivalencies';
import { findInstitution, resolveSchoolName } from '../../src/server/features/institutions';
import { createInstitution, createRule } from '../support/factories';
import { createTestApp, jsonRequest, signUp, signUpAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let student: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  student = await signUp(t);
});
afterAll(async () => {
  await t?.close();
});

const suffix = () => Math.random().toString(36).slice(2, 8);

async function create(body: Record<string, unknown>) {
  const response = await t.app.request('/api/admin/institutions', jsonRequest('POST', body, admin.cookie));
  return { status: response.status, body: (await response.json()) as { institution: InstitutionRecord; error?: string; fields?: unknown } };
}

describe('institutions', () => {
  it('an admin adds a school with aliases; it is listed and audited', async () => {
    const key = `uw-test-${suffix()}`;
    const { status, body } = await create({
      name: `University of Wisconsin-Test ${key}`,
      key,
      state: 'wi',
      control: 'public',
      calendar: 'semester',
      floridaStatewideNumbering: false,
      aliases: [`UW-Test ${key}`],
    });
    expect(status).toBe(201);
    expect(body.institution).toMatchObject({ key, state: 'WI', control: 'public', calendar: 'semester', courseCount: 0, ruleCount: 0 });
    expect(body.institution.aliases).toEqual(expect.arrayContaining([`UW-Test ${key}`, key]));

    const list = await t.app.request(`/api/admin/institutions?q=${encodeURIComponent(`UW-Test ${key}`)}`, { headers: { cookie: admin.cookie } });
    const listed = (await list.json()) as InstitutionListResponse;
    expect(listed.institutions.map((school) => school.key)).toEqual([key]);

    const [audit] = await t.deps.db.query<{ actor_id: string; subject_id: string }>(
      `select actor_id, subject_id from audit_log where action = 'institution_created' and subject_id = $1`,
      [String(body.institution.id)],
    );
    expect(audit?.actor_id).toBe(admin.id);
  });

  it('an admin edits a school: only what changed is recorded in the audit log', async () => {
    const key = `edit-${suffix()}`;
    const { body } = await create({ name: `Edit College ${key}`, key, aliases: [] });
    const response = await t.app.request(
      `/api/admin/institutions/${body.institution.id}`,
      jsonRequest('PATCH', { control: 'private', floridaStatewideNumbering: true, aliases: [`EC ${key}`] }, admin.cookie),
    );
    expect(response.status).toBe(200);
    const updated = ((await response.json()) as { institution: InstitutionRecord }).institution;
    expect(updated).toMatchObject({ key, control: 'private', floridaStatewideNumbering: true });
    expect(updated.aliases).toContain(`EC ${key}`);
    const [audit] = await t.deps.db.query<{ details: { changed: Record<string, unknown> } }>(
      `select details from audit_log where action = 'institution_updated' and subject_id = $1`,
      [String(body.institution.id)],
    );
    expect(Object.keys(audit?.details.changed ?? {}).sort()).toEqual(['aliases', 'control', 'floridaStatewideNumbering']);
  });

  it('refuses bad fields, a taken key, an alias that is another school’s name (400 naming the field) and an unknown id (404), changing nothing', async () => {
    const key = `dupe-${suffix()}`;
    const { body: first } = await create({ name: `Dupe University ${key}`, key, aliases: [`DU ${key}`] });
    const bad = await create({ name: 'X', key: 'Not A Key', state: 'Florida' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/name/);
    expect(bad.body.error).toMatch(/key/);
    expect(bad.body.error).toMatch(/state/);
    const takenKey = await create({ name: 'Another School', key });
    expect(takenKey.status).toBe(400);
    expect(takenKey.body.error).toMatch(/^key: /);
    const takenAlias = await create({ name: 'Third School', key: `third-${suffix()}`, aliases: [`dupe university ${key}`] });
    expect(takenAlias.status).toBe(400);
    expect(takenAlias.body.error).toMatch(/^aliases: "dupe university dupe-\w+" is the name of Dupe University/);
    const missing = await t.app.request('/api/admin/institutions/999999', jsonRequest('PATCH', { name: 'Nobody' }, admin.cookie));
    expect(missing.status).toBe(404);
    const empty = await t.app.request(`/api/admin/institutions/${first.institution.id}`, jsonRequest('PATCH', {}, admin.cookie));
    expect(empty.status).toBe(400);
    const [count] = await t.deps.db.query<{ count: number }>(`select count(*)::int as count from institutions where name in ('Another School', 'Third School')`);
    expect(Number(count?.count)).toBe(0);
  });

  it('lets two schools share an alias (the directory’s "UNO"), which then names neither alone', async () => {
    const key = `shared-${suffix()}`;
    const first = await create({ name: `Shared North ${key}`, key: `${key}-n`, state: 'LA', aliases: [`SN ${key}`] });
    const second = await create({ name: `Shared South ${key}`, key: `${key}-s`, state: 'NE', aliases: [`sn ${key}`] });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await findInstitution(t.deps.db, `SN ${key}`)).toBeNull();
    const resolved = await resolveSchoolName(t.deps.db, `SN ${key}`, { states: ['NE'] });
    expect([resolved.school?.id, resolved.decidedBy]).toEqual([second.body.institution.id, 'state']);
  });

  it('is for admins only', async () => {
    expect((await t.app.request('/api/admin/institutions')).status).toBe(401);
    expect((await t.app.request('/api/admin/institutions', { headers: { cookie: student.cookie } })).status).toBe(403);
    expect((await t.app.request('/api/admin/institutions', jsonRequest('POST', { name: 'Sneaky', key: 'sneaky' }, student.cookie))).status).toBe(403);
    expect((await t.app.request('/api/admin/institutions/1', jsonRequest('PATCH', { name: 'Sneaky' }, student.cookie))).status).toBe(403);
    expect((await t.app.request('/api/admin/transfer-data', { headers: { cookie: student.cookie } })).status).toBe(403);
  });
});

describe('GET /api/schools (every school picker)', () => {
  const search = async (q: string, cookie?: string) => t.app.request(`/api/schools?${new URLSearchParams({ q })}`, cookie ? { headers: { cookie } } : {});

  it('finds schools by part of a name or by an alias, the one the text names exactly first', async () => {
    const word = `Zephyr${suffix()}`;
    const state = await createInstitution(t.deps.db, { name: `${word} State University`, aliases: [`${word} State`, `ZSU ${word}`] });
    const college = await createInstitution(t.deps.db, { name: `${word} Valley College` });
    const byWord = (await (await search(word.toLowerCase(), student.cookie)).json()) as SchoolSearchResponse;
    expect(byWord.schools.map((school) => school.name).sort()).toEqual([college.name, state.name].sort());
    expect(byWord.schools.every((school) => !school.exact)).toBe(true);

    // An alias, in another case and spacing, names the school exactly.
    const byAlias = (await (await search(`${word.toUpperCase()}  STATE`, student.cookie)).json()) as SchoolSearchResponse;
    expect(byAlias.schools[0]).toMatchObject({ id: state.id, key: state.key, name: state.name, state: 'FL', exact: true, alsoKnownAs: `${word} State` });
    const exactName = (await (await search(college.name, student.cookie)).json()) as SchoolSearchResponse;
    expect(exactName.schools).toEqual([{ id: college.id, key: college.key, name: college.name, state: 'FL', city: null, exact: true, alsoKnownAs: null, hasData: false }]);
    expect(((await (await search(`${word} Nowhere`, student.cookie)).json()) as SchoolSearchResponse).schools).toEqual([]);
  });

  it('needs some text or a list of first choices; anyone may ask (the search page’s pickers are public)', async () => {
    expect((await search('  ', student.cookie)).status).toBe(400);
    expect((await search('Florida')).status).toBe(200);
  });
});

describe('GET /api/admin/transfer-data', () => {
  it('counts schools, courses and rules by origin', async () => {
    const a = await create({ name: `Overview A ${suffix()}`, key: `overview-a-${suffix()}` });
    const b = await create({ name: `Overview B ${suffix()}`, key: `overview-b-${suffix()}` });
    const before = (await (await t.app.request('/api/admin/transfer-data', { headers: { cookie: admin.cookie } })).json()) as TransferDataOverview;
    await createRule(t.deps.db, { from: a.body.institution.id, to: b.body.institution.id, sources: [{ subject: 'A', number: '1' }], targets: [{ subject: 'B', number: '1' }], origin: 'admin' });
    const response = await t.app.request('/api/admin/transfer-data', { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    const after = (await response.json()) as TransferDataOverview;
    expect(after.rules).toBe(before.rules + 1);
    expect(after.institutions).toBeGreaterThanOrEqual(2);
    const adminRules = (overview: TransferDataOverview) => overview.rulesByOrigin.find((entry) => entry.origin === 'admin')?.count ?? 0;
    expect(adminRules(after)).toBe(adminRules(before) + 1);
    expect(after).toHaveProperty('transcriptRowsByOutcome');
    expect(after).toHaveProperty('appealsByStatus');
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SavedSearchListResponse, SavedSearchRecord } from '../../src/shared/schemas/saved-search';
import { createTestApp, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';

let testApp: TestApp;
// Sign-up is rate limited per address, so the file signs up three students once and each test starts them empty.
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
beforeAll(async () => {
  testApp = await createTestApp();
  alice = await signUp(testApp);
  bob = await signUp(testApp);
});
beforeEach(async () => {
  await testApp.deps.db.query('delete from saved_searches where user_id = any($1::text[])', [[alice.id, bob.id]]);
});
afterAll(async () => {
  await testApp?.close();
});

const PATH = '/api/student/saved-searches';

function save(cookie: string, body: unknown) {
  return testApp.app.request(PATH, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: TEST_APP_URL },
    body: JSON.stringify(body),
  });
}

async function list(cookie: string): Promise<SavedSearchRecord[]> {
  const response = await testApp.app.request(PATH, { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as SavedSearchListResponse).savedSearches;
}

function remove(cookie: string, id: string) {
  return testApp.app.request(`${PATH}/${id}`, { method: 'DELETE', headers: { cookie, origin: TEST_APP_URL } });
}

describe('saved searches API', () => {
  it('saves, lists newest first and deletes', async () => {
    const { cookie } = alice;
    const first = await save(cookie, { q: 'Calculus 1 at Miami Dade College to University of Florida', filters: { homeCollege: 'mdc', targetCollege: 'florida' } });
    expect(first.status).toBe(201);
    const saved = (await first.json()) as SavedSearchRecord;
    expect(saved).toEqual({
      id: expect.any(String),
      ts: expect.any(Number),
      q: 'Calculus 1 at Miami Dade College to University of Florida',
      filters: { homeCollege: 'mdc', targetCollege: 'florida' },
    });
    await save(cookie, { q: 'history', filters: {} });
    expect((await list(cookie)).map((item) => item.q)).toEqual(['history', 'Calculus 1 at Miami Dade College to University of Florida']);
    expect((await remove(cookie, saved.id)).status).toBe(204);
    expect((await list(cookie)).map((item) => item.q)).toEqual(['history']);
  });

  it('deduplicates by query plus filters: saving again moves it to the top', async () => {
    const { cookie } = alice;
    await save(cookie, { q: 'Econ', filters: { state: 'FL' } });
    await save(cookie, { q: 'biology' });
    await save(cookie, { q: '  econ ', filters: { state: 'FL', term: '' } });
    const items = await list(cookie);
    expect(items.map((item) => item.q)).toEqual(['econ', 'biology']);
  });

  it('keeps at most 20 per student, removing the oldest', async () => {
    const { cookie } = alice;
    for (let index = 0; index < 23; index++) expect((await save(cookie, { q: `query ${index}` })).status).toBe(201);
    const items = await list(cookie);
    expect(items).toHaveLength(20);
    expect(items[0]?.q).toBe('query 22');
    expect(items.at(-1)?.q).toBe('query 3');
    const rows = await testApp.deps.db.query('select 1 from saved_searches where user_id = $1', [alice.id]);
    expect(rows).toHaveLength(20);
  });

  it('validates the body, naming the field', async () => {
    const { cookie } = alice;
    const empty = await save(cookie, { q: '   ', filters: {} });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toContain('q: Enter a search topic first');
    const badFilter = await save(cookie, { q: 'econ', filters: { state: 'ZZ' } });
    expect(badFilter.status).toBe(400);
    expect(((await badFilter.json()) as { fields: Array<{ field: string }> }).fields[0]?.field).toBe('filters.state');
    const badId = await remove(cookie, 'not-a-uuid');
    expect(badId.status).toBe(400);
  });

  it("never shows or deletes another student's saved search: 404", async () => {
    const owner = alice;
    const other = bob;
    const saved = (await (await save(owner.cookie, { q: 'owner only' })).json()) as SavedSearchRecord;
    expect(await list(other.cookie)).toEqual([]);
    const response = await remove(other.cookie, saved.id);
    expect(response.status).toBe(404);
    expect((await list(owner.cookie)).map((item) => item.id)).toEqual([saved.id]);
  });

  it('answers 401 when signed out', async () => {
    expect((await testApp.app.request(PATH)).status).toBe(401);
    expect((await save('', { q: 'econ' })).status).toBe(401);
    expect((await remove('', '00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });
});

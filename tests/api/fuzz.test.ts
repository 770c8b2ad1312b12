import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStreamingBodyRoute } from '../../src/server/http/body-limits';
import { createTestApp, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

/**
 * Bad input never gets a 500, and a refused request changes nothing stored. Every route the server registers is
 * fuzzed (a new route is covered without touching this file): random path parameters, query strings and JSON
 * bodies built from the field names the API uses, with values of every JSON type, as a student and as an admin.
 */
const FIELD_NAMES = [
  'q', 'status', 'cursor', 'limit', 'id', 'userId', 'appealId', 'adminNotes', 'decision', 'role', 'action', 'email', 'name',
  'fileName', 'fileType', 'size', 'toInstitutionId', 'toInstitution', 'transcriptId', 'subject', 'number', 'institutionId',
  'note', 'notes', 'courseName', 'courseCode', 'currentSchool', 'targetSchool', 'syllabusLink', 'syllabusFile', 'student',
  'filename', 'contentType', 'key', 'url', 'fullName', 'intendedMajor', 'targetSchools', 'schools', 'filters', 'searchType',
  'deliveryFormat', 'institutionType', 'state', 'term', 'homeCollege', 'targetCollege', 'targetSubject', 'className',
  'courseCodes', 'a', 'b', 'confirm', 'title', 'body', 'expectedVersion', 'createRule', 'dryRun', 'purpose',
];

const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'null', '../../etc/passwd', '<script>', "' or 1=1 --", '\u0000', 'submitted', 'admin', 'fsu'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
);
const bodyArbitrary = fc.oneof(fc.dictionary(fc.constantFrom(...FIELD_NAMES), anyValue, { maxKeys: 6 }), fc.jsonValue({ maxDepth: 2 }));
const queryArbitrary = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', '%', '0', '-5', '99999999999', 'all')), { maxKeys: 4 });
const pathParameterArbitrary = fc.oneof(fc.uuid(), fc.integer().map(String), fc.constantFrom('0', '-1', 'null', '%2e%2e', 'x'.repeat(300), 'transcripts'));

let t: TestApp;
let cookies: { student: string; admin: string };
let snapshotSql = '';

beforeAll(async () => {
  t = await createTestApp();
  cookies = { student: (await signUp(t)).cookie, admin: (await signUpAdmin(t)).cookie };
  const tables = await t.deps.db.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('rateLimit', 'session', 'verification', 'sign_in_failures') order by 1`,
  );
  snapshotSql = `select ${tables.map(({ name }) => `(select count(*) from "${name}")::int as "${name}"`).join(', ')}`;
});
afterAll(async () => {
  await t?.close();
});

const snapshot = async () => JSON.stringify(await t.deps.db.query(snapshotSql));

describe('fuzzing every route', () => {
  it('never answers 500, and a refused request changes nothing stored', async () => {
    const routes = t.routeTable.filter((route) => !route.path.includes('*'));
    const problems: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(pathParameterArbitrary, queryArbitrary, bodyArbitrary, fc.constantFrom<'student' | 'admin'>('student', 'admin'), async (parameter, query, body, who) => {
          const path = route.path.replace(/:[a-zA-Z]+/g, encodeURIComponent(parameter));
          const url = `${path}?${new URLSearchParams(query)}`;
          const before = await snapshot();
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const response = await t.app.request(url, {
            method: route.method,
            headers: { origin: TEST_APP_URL, cookie: cookies[who], ...(hasBody ? { 'content-type': 'application/json' } : {}) },
            body: hasBody ? JSON.stringify(body) : undefined,
          });
          const text = await response.text();
          if (response.status >= 500) problems.push(`${route.method} ${url} as ${who} with ${JSON.stringify(body)}: ${response.status} ${text.slice(0, 200)}`);
          if (response.status >= 400 && (await snapshot()) !== before) problems.push(`${route.method} ${url} as ${who}: refused with ${response.status} but changed stored data`);
          return true;
        }),
        { numRuns: 12, seed: 20261122 },
      );
    }
    expect(problems).toEqual([]);
  }, 240_000);
});

/** Values that broke the server from outside: PostgreSQL cannot store a NUL, and a surrogate half is not Unicode. */
const HOSTILE_TEXT: Array<{ label: string; json: string; url: string }> = [
  { label: 'a NUL character', json: 'before\u0000after', url: 'before%00after' },
  { label: 'a broken Unicode sequence', json: 'broken \ud800 text', url: 'broken%20%ED%A0%80%20text' },
  { label: 'bytes that are not UTF-8', json: '', url: 'latin%E9%FF' },
];
const NOT_UTF8_BODY = Buffer.concat([Buffer.from('{"q":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('","name":"x","email":"a@b.edu"}')]);

describe('hostile text on every route', () => {
  it('answers a NUL, a broken Unicode sequence or bytes that are not UTF-8 with a 400 in plain words, in the body and the query', async () => {
    const problems: string[] = [];
    const fields = [...FIELD_NAMES, 'password', 'newPassword', 'code', 'token'];
    for (const route of t.routeTable) {
      const path = route.path.replace(/:[a-zA-Z]+/g, '00000000-0000-0000-0000-000000000000').replace('*', 'sign-in/email');
      // The routes that stream files check their bytes themselves; their query strings are checked like any other.
      const jsonBody = route.method !== 'GET' && route.method !== 'DELETE' && !isStreamingBodyRoute(route.method, path);
      for (const { label, json, url } of HOSTILE_TEXT) {
        for (const who of ['student', 'admin'] as const) {
          const requests: Array<[string, RequestInit]> = [[`${path}?${fields.map((field) => `${field}=${url}`).join('&')}`, { method: route.method }]];
          if (jsonBody && json) requests.push([path, { method: route.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(Object.fromEntries(fields.map((field) => [field, json]))) }]);
          if (jsonBody && !json) requests.push([path, { method: route.method, headers: { 'content-type': 'application/json' }, body: new Uint8Array(NOT_UTF8_BODY) }]);
          for (const [target, init] of requests) {
            const response = await t.app.request(target, { ...init, headers: { origin: TEST_APP_URL, cookie: cookies[who], ...(init.headers as Record<string, string>) } });
            const body = (await response.json().catch(() => ({}))) as { error?: string };
            if (response.status !== 400) problems.push(`${route.method} ${target.slice(0, 60)} (${label}, ${who}): ${response.status} ${JSON.stringify(body).slice(0, 120)}`);
            else if (!/cannot be stored|not UTF-8/.test(body.error ?? '')) problems.push(`${route.method} ${route.path} (${label}): 400 without saying why: ${body.error}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('refuses a NUL in the path too', async () => {
    const response = await t.app.request('/api/admin/institutions/x%00y', { headers: { cookie: cookies.admin } });
    expect(response.status).toBe(400);
  });

  it('answers a malformed admin list cursor with a 400 saying to start again, never a 500', async () => {
    const cursors = [
      ['2024-13-45 99:99:99', '00000000-0000-0000-0000-000000000000'],
      ['2023-02-29 10:00:00+00', '00000000-0000-0000-0000-000000000000'],
      ['2024-01-01 10:00:00+99', '00000000-0000-0000-0000-000000000000'],
      ['2024-01-01 24:00:00', 'not-an-id'],
    ].map((cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url'));
    for (const list of ['/api/admin/appeals', '/api/admin/students', '/api/admin/users']) {
      for (const cursor of [...cursors, '%%%', 'W10', Buffer.from('{"a":1}').toString('base64url')]) {
        const response = await t.app.request(`${list}?cursor=${cursor}`, { headers: { cookie: cookies.admin } });
        expect(response.status, `${list} ${cursor}`).toBeLessThan(500);
        if (response.status === 400) expect(((await response.json()) as { error: string }).error).toMatch(/cursor|cannot be stored|UTF-8/);
      }
    }
  });
});


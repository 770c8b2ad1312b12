import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

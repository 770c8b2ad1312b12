import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStreamingBodyRoute } from '../../src/server/http/body-limits';
import { MAX_JSON_NESTING } from '../../src/server/http/json-nesting';
import { MAX_DATABASE_INTEGER } from '../../src/shared/schemas/database-integers';
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


/**
 * Issue 37: bodies an attacker built to break the parser or the database, sent to every JSON route: ours (the route
 * table) and better-auth's (its own endpoint list). A body nested deeper than MAX_JSON_NESTING is refused before
 * anything reads it (400 naming the problem: a 120,000-deep array answered 500 everywhere); very wide bodies and
 * numbers out of every column's range never give a 5xx (`"fromInstitutionId":2147483648` did).
 */
const nested = (depth: number, open: string, close: string, inner = '1') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const DEEP_BODIES: Array<[string, string]> = [
  ['a 120,000-deep array', nested(120_000, '[', ']')],
  ['a 5,000-deep object', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
  ['a body one level too deep', nested(MAX_JSON_NESTING + 1, '[', ']')],
  ['a deep value in a field', `{"scores":${nested(2_000, '[', ']')},"name":${nested(300, '{"x":', '}')}}`],
];
const OUT_OF_RANGE = [MAX_DATABASE_INTEGER + 1, -MAX_DATABASE_INTEGER - 2, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e-308, 0.5, -0];
/** Every field name our routes and better-auth's read, each given the same out-of-range number or a wide value. */
const EVERY_FIELD = [...FIELD_NAMES, 'password', 'newPassword', 'currentPassword', 'token', 'code', 'image', 'scores', 'examType', 'exam', 'score', 'rows', 'rowId', 'credits', 'fromInstitutionId', 'target', 'page', 'callbackURL', 'redirectTo', 'rememberMe', 'provider'];
const wideValue = fc.oneof(
  fc.constant(Array.from({ length: 30_000 }, (_, index) => index)),
  fc.constant(Object.fromEntries(Array.from({ length: 8_000 }, (_, index) => [`k${index}`, index]))),
  fc.constant('x'.repeat(200_000)),
);
/**
 * A plausible value for every field, so that one field made hostile still reaches the code behind the other checks
 * (a pair decision with a valid action and course, an exam score with a valid exam…).
 */
const PLAUSIBLE: Record<string, unknown> = {
  q: 'calculus', status: 'submitted', cursor: '', limit: 5, id: 1, userId: 'someone', appealId: '00000000-0000-0000-0000-000000000000',
  adminNotes: 'Checked.', decision: 'approved', role: 'admin', action: 'dismiss', email: 'fuzz@example.edu', name: 'Fuzz Tester',
  fileName: 'transcript.pdf', fileType: 'application/pdf', size: 1024, toInstitutionId: 1, toInstitution: 'fsu', transcriptId: '00000000-0000-0000-0000-000000000000',
  subject: 'ENC', number: '1101', institutionId: 1, note: 'A note.', notes: 'Some notes.', courseName: 'Composition', courseCode: 'ENC 1101',
  currentSchool: 'Valencia College', targetSchool: 'Florida State University', filename: 'syllabus.pdf', contentType: 'application/pdf',
  key: 'transcripts/00000000-0000-0000-0000-000000000000', fullName: 'Fuzz Tester', intendedMajor: 'History', targetSchools: 'FSU',
  searchType: 'smart', state: 'FL', term: 'fall-2024', title: 'A title', body: 'A body.', expectedVersion: 1, dryRun: true, purpose: 'transcript',
  fromInstitutionId: 1, examType: 'AP', exam: 'Calculus AB', score: 4, scores: [{ examType: 'AP', exam: 'Calculus AB', score: 4 }], credits: 3,
  grade: 'A', page: 1, target: { subject: 'MAC', number: '2311' }, reason: 'Not the same course.',
};
/** Fields that hold numbers the database stores: the likeliest to overflow a column. */
const NUMBER_FIELDS = ['id', 'limit', 'size', 'toInstitutionId', 'institutionId', 'fromInstitutionId', 'expectedVersion', 'score', 'credits', 'page', 'a', 'b'];

/** Routes that would end the session the rest of the run relies on. */
const ENDS_THE_SESSION = /\/(sign-out|revoke-sessions|revoke-other-sessions|delete-user)/;

/** Every route that reads a JSON body: the route table's, then better-auth's (its paths under /api/auth). */
function jsonRoutes(): Array<{ method: string; path: string }> {
  const ours = t.routeTable.filter((route) => !route.path.includes('*') && route.method !== 'GET' && route.method !== 'DELETE' && !isStreamingBodyRoute(route.method, route.path));
  const theirs = Object.values(t.deps.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)
    .filter((endpoint) => endpoint.path && [endpoint.options?.method].flat().includes('POST'))
    .map((endpoint) => ({ method: 'POST', path: `/api/auth${endpoint.path!}` }));
  return [...ours, ...theirs].map((route) => ({ ...route, path: route.path.replace(/:[a-zA-Z]+/g, '00000000-0000-0000-0000-000000000000') }));
}

describe('deep, wide and out-of-range bodies on every JSON route (issue 37)', () => {
  const send = (route: { method: string; path: string }, body: string, who: 'student' | 'admin') =>
    t.app.request(route.path, { method: route.method, headers: { origin: TEST_APP_URL, cookie: cookies[who], 'content-type': 'application/json' }, body });
  /** Sends each body to the route, noting every 5xx with what was sent. */
  async function noteServerErrors(problems: string[], route: { method: string; path: string }, bodies: unknown[], who: 'student' | 'admin') {
    for (const body of bodies) {
      const text = JSON.stringify(body);
      const response = await send(route, text, who);
      if (response.status >= 500) problems.push(`${route.method} ${route.path} as ${who} with ${text.slice(0, 100)}: ${response.status} ${(await response.text()).slice(0, 160)}`);
    }
  }

  it('lists better-auth\'s routes as well as ours', () => {
    const paths = jsonRoutes().map((route) => route.path);
    expect(paths).toContain('/api/auth/update-user');
    expect(paths).toContain('/api/admin/evaluation-queue/decisions');
    expect(paths).toContain('/api/student/exam-scores');
  });

  it(`refuses a body nested deeper than ${MAX_JSON_NESTING} levels with a 400 that says so, before anything reads it`, async () => {
    const problems: string[] = [];
    for (const route of jsonRoutes()) {
      for (const [label, body] of DEEP_BODIES) {
        const response = await send(route, body, 'admin');
        const answer = (await response.json().catch(() => ({}))) as { error?: string };
        if (response.status !== 400 || !/nested more than 64 levels deep/.test(answer.error ?? '')) problems.push(`${route.method} ${route.path} with ${label}: ${response.status} ${JSON.stringify(answer).slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('never answers 5xx to a number out of range in any number field of an otherwise plausible body, on every JSON route', async () => {
    const problems: string[] = [];
    for (const route of jsonRoutes()) {
      if (ENDS_THE_SESSION.test(route.path)) continue;
      for (const field of NUMBER_FIELDS) {
        await noteServerErrors(problems, route, OUT_OF_RANGE.map((value) => ({ ...PLAUSIBLE, [field]: value })), 'admin');
      }
    }
    expect(problems).toEqual([]);
  }, 900_000);

  it('never answers 5xx to null, a number or an object in a text field better-auth reads', async () => {
    const problems: string[] = [];
    for (const route of jsonRoutes().filter((candidate) => candidate.path.startsWith('/api/auth/') && !ENDS_THE_SESSION.test(candidate.path))) {
      for (const field of ['name', 'email', 'image', 'password', 'newPassword', 'currentPassword', 'token', 'code', 'callbackURL', 'redirectTo', 'provider']) {
        // Alone (as the probe sent `{"name":null,"image":null}`), and inside an otherwise plausible body.
        const values = [null, 2 ** 31, { a: 1 }, ['x']];
        await noteServerErrors(problems, route, values.flatMap((value) => [{ [field]: value }, { ...PLAUSIBLE, [field]: value }]), 'student');
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('never answers 5xx to wide bodies, nulls and out-of-range numbers in random fields, as a student or an admin (seeded)', async () => {
    const problems: string[] = [];
    for (const route of jsonRoutes()) {
      if (ENDS_THE_SESSION.test(route.path)) continue;
      await fc.assert(
        fc.asyncProperty(
          fc.subarray(EVERY_FIELD, { minLength: 1, maxLength: 3 }),
          fc.oneof(fc.constantFrom(...OUT_OF_RANGE), wideValue, fc.constant(null)),
          fc.boolean(),
          fc.constantFrom<'student' | 'admin'>('student', 'admin'),
          async (fields, value, alone, who) => {
            // The hostile fields alone, or inside an otherwise plausible body.
            const hostile = Object.fromEntries(fields.map((field) => [field, value]));
            const body = alone ? hostile : { ...PLAUSIBLE, ...hostile };
            // Within the 256 KB a JSON body may have: one wide field at a time when several would pass it.
            await noteServerErrors(problems, route, [JSON.stringify(body).length > 250_000 ? { ...PLAUSIBLE, [fields[0]!]: value } : body], who);
            return true;
          },
        ),
        { numRuns: 6, seed: 20261128 },
      );
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('answers the three 500s the probe found with a 400 naming the field', async () => {
    const own = { admin: (await signUpAdmin(t)).cookie, student: (await signUp(t)).cookie };
    const admin = (path: string, body: unknown, method = 'POST') =>
      t.app.request(path, { method, headers: { origin: TEST_APP_URL, cookie: own.admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const decision = await admin('/api/admin/evaluation-queue/decisions', { action: 'dismiss', fromInstitutionId: 2147483648, toInstitutionId: 1, subject: 'ENC', number: '1101' });
    expect(decision.status).toBe(400);
    expect(((await decision.json()) as { error: string }).error).toMatch(/^fromInstitutionId: /);
    const nulls = await admin('/api/auth/update-user', { name: null, image: null });
    expect(nulls.status).toBe(400);
    expect(((await nulls.json()) as { error: string }).error).toMatch(/^name: /);
    const scores = await t.app.request('/api/student/exam-scores', {
      method: 'PUT',
      headers: { origin: TEST_APP_URL, cookie: own.student, 'content-type': 'application/json' },
      body: `{"scores":${nested(5_000, '[', ']')}}`,
    });
    expect(scores.status).toBe(400);
  });
});

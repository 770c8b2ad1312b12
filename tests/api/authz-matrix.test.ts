import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/server/http/route-table';
import { createTestApp, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

/**
 * Who may call every /api route. Built against the server's own route table: a route added without an entry here,
 * or with a different access level than the one it declares, fails this test.
 */
const EXPECTED_ACCESS: Record<string, Access> = {
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  'GET /api/health': 'public',
  'GET /api/public-config': 'public',
  'GET /api/dev/outbox': 'public',
  'PUT /api/uploads/:prefix/:id': 'public',
  'GET /api/account/session': 'public',
  'GET /api/account/me': 'signed-in',
  'POST /api/account/ensure-student-role': 'signed-in',
  'GET /api/courses/search': 'public',
  'GET /api/courses/:id': 'public',
  'GET /api/student/saved-searches': 'student',
  'POST /api/student/saved-searches': 'student',
  'DELETE /api/student/saved-searches/:id': 'student',
  'POST /api/transcripts': 'public',
  'POST /api/transcripts/:id/analyze': 'public',
  'GET /api/transcripts/:id': 'public',
  'GET /api/transcripts/:id/destinations': 'public',
  'POST /api/transcripts/:id/rows': 'public',
  'PATCH /api/transcripts/:id/rows/:rowId': 'public',
  'PUT /api/transcripts/:id/calendar': 'public',
  'PUT /api/transcripts/:id/school': 'public',
  'POST /api/transcripts/:id/claim': 'student',
  'POST /api/appeals': 'student',
  'GET /api/student/me': 'student',
  'PUT /api/student/profile': 'student',
  'POST /api/student/favorites': 'student',
  'DELETE /api/student/favorites/:id': 'student',
  'POST /api/student/create-upload-url': 'student',
  'POST /api/student/save-transcript': 'student',
  'GET /api/student/transcripts/:id/file': 'student',
  'DELETE /api/student/transcripts/:id': 'student',
  'POST /api/student/transcripts/:id/keep-unreadable': 'student',
  'POST /api/student/submit-appeal': 'student',
  'GET /api/student/appeals/:id': 'student',
  'GET /api/student/compare': 'student',
  'GET /api/schools': 'public',
  'GET /api/student/export': 'student',
  'DELETE /api/student/account': 'student',
  'GET /api/announcements': 'signed-in',
  'GET /api/admin/users': 'admin',
  'POST /api/admin/users/role': 'admin',
  'POST /api/admin/equivalencies/import': 'admin',
  'GET /api/admin/equivalencies/export': 'admin',
  'GET /api/admin/institutions': 'admin',
  'POST /api/admin/institutions': 'admin',
  'PATCH /api/admin/institutions/:id': 'admin',
  'GET /api/admin/transfer-data': 'admin',
  'GET /api/admin/stats': 'admin',
  'GET /api/student/transcripts/:id/appeals': 'student',
  'POST /api/student/appeals/seen': 'student',
  'GET /api/admin/appeals/counts': 'admin',
  'POST /api/admin/appeals/mark-in-review': 'admin',
  'GET /api/admin/appeals': 'admin',
  'GET /api/admin/appeals/:id': 'admin',
  'GET /api/admin/appeals/:id/syllabus': 'admin',
  'POST /api/admin/appeals/update': 'admin',
  'GET /api/admin/evaluation-queue': 'admin',
  'POST /api/admin/evaluation-queue/decisions': 'admin',
  'POST /api/admin/evaluation-queue/decisions/:id/undo': 'admin',
  'GET /api/admin/rule-health': 'admin',
  'GET /api/admin/rule-health/findings': 'admin',
  'GET /api/admin/rule-health/export': 'admin',
  'POST /api/admin/rule-health/check': 'admin',
  'POST /api/admin/rule-health/fixes': 'admin',
  'GET /api/admin/evaluation-queue/unreadable': 'admin',
  'POST /api/admin/evaluation-queue/unreadable/:id/read': 'admin',
  'GET /api/admin/students': 'admin',
  'GET /api/admin/students/:id/transcripts/:transcriptId/file': 'admin',
  'GET /api/admin/announcements': 'admin',
  'POST /api/admin/announcements': 'admin',
  'DELETE /api/admin/announcements/:id': 'admin',
  'GET /api/admin/partners': 'admin',
  'POST /api/admin/partners/:partner/connect': 'admin',
  'GET /api/admin/overview/schools': 'admin',
  'GET /api/admin/overview/pathways': 'admin',
  'GET /api/programs': 'public',
  'GET /api/programs/:id': 'public',
  'GET /api/exams': 'public',
  'GET /api/student/exam-scores': 'student',
  'PUT /api/student/exam-scores': 'student',
  'GET /api/student/transcripts/:id/programs': 'student',
  'GET /api/student/transcripts/:id/progress': 'student',
  'GET /api/student/transcripts/:id/degree-compare': 'student',
  'GET /api/admin/programs': 'admin',
  'GET /api/admin/programs/export': 'admin',
  'POST /api/admin/programs/import': 'admin',
  'GET /api/admin/programs/:id': 'admin',
  'PATCH /api/admin/programs/:id': 'admin',
};

let t: TestApp;
let studentA: Awaited<ReturnType<typeof signUp>>;
let studentB: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // A developer's server (no proxy header), so the development routes exist and are in the table too.
  t = await createTestApp({ TRUSTED_PROXY_HEADER: '' });
  studentA = await signUp(t);
  studentB = await signUp(t);
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

function call(route: { method: string; path: string }, cookie?: string) {
  const path = route.path.replace(/:[a-zA-Z]+/g, randomUUID());
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.request(path, {
    method: route.method,
    headers: { origin: TEST_APP_URL, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: hasBody ? '{}' : undefined,
  });
}

describe('the authorization matrix', () => {
  it('has an entry for every route the server registers, with the access level the route declares', () => {
    const declared = Object.fromEntries(t.routeTable.map((route) => [key(route), route.access]));
    expect(declared).toEqual(EXPECTED_ACCESS);
  });

  it('answers every guarded route with 401 signed out, 403 for the wrong role, and lets the right people through', async () => {
    const failures: string[] = [];
    for (const route of t.routeTable) {
      if (route.path.includes('*')) continue; // better-auth's own routes guard themselves
      const access = route.access;
      const statuses = {
        anonymous: (await call(route)).status,
        studentA: (await call(route, studentA.cookie)).status,
        studentB: (await call(route, studentB.cookie)).status,
        admin: (await call(route, admin.cookie)).status,
      };
      const expectStatus = (who: keyof typeof statuses, check: (status: number) => boolean, wanted: string) => {
        if (!check(statuses[who])) failures.push(`${key(route)} as ${who}: ${statuses[who]}, wanted ${wanted}`);
      };
      for (const who of Object.keys(statuses) as Array<keyof typeof statuses>) {
        expectStatus(who, (status) => status < 500, 'no server error');
      }
      if (access === 'public') continue;
      expectStatus('anonymous', (status) => status === 401, '401');
      if (access === 'admin') {
        expectStatus('studentA', (status) => status === 403, '403');
        expectStatus('studentB', (status) => status === 403, '403');
        expectStatus('admin', (status) => status !== 401 && status !== 403, 'allowed');
      } else {
        expectStatus('studentA', (status) => status !== 401 && status !== 403, 'allowed');
        expectStatus('studentB', (status) => status !== 401 && status !== 403, 'allowed');
        expectStatus('admin', (status) => status !== 401 && status !== 403, 'allowed');
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a malformed path parameter with 400 naming it, on every route that has one, for someone allowed to call it', async () => {
    const failures: string[] = [];
    for (const route of t.routeTable) {
      const params = [...route.path.matchAll(/:([a-zA-Z]+)/g)].map((match) => match[1]!);
      if (route.path.includes('*') || params.length === 0) continue;
      const cookie = route.access === 'admin' ? admin.cookie : route.access === 'public' ? undefined : studentA.cookie;
      for (const param of params) {
        // The other parameters well-formed (a uuid, or the one known partner), this one not.
        const path = route.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => (name === param ? 'not.an.id' : name === 'partner' ? 'studentu' : name === 'prefix' ? 'transcripts' : randomUUID()));
        const response = await call({ method: route.method, path }, cookie);
        const body = (await response.json().catch(() => ({}))) as { fields?: Array<{ field: string }> };
        if (response.status !== 400 || body.fields?.[0]?.field !== param) failures.push(`${key(route)} with ${param} malformed: ${response.status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

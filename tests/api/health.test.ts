import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/health', () => {
  it('reports the database kind, storage and version', async () => {
    const response = await testApp.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: testApp.databaseKind,
      storage: 'local',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
    });
  });

  it('answers 503 when the database does not answer', async () => {
    const broken = await createTestApp();
    await broken.deps.db.close();
    const response = await broken.app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable' });
    await broken.close().catch(() => undefined);
  });
});

describe('unknown API routes', () => {
  it('answer a JSON 404 naming the route', async () => {
    const response = await testApp.app.request('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'No such API route: GET /api/does-not-exist' });
  });
});

describe('cross-origin writes', () => {
  it('are refused on every route', async () => {
    const response = await testApp.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'x@example.edu', password: 'long enough password', name: 'X' }),
    });
    expect(response.status).toBe(403);
    const users = await testApp.deps.db.query(`select 1 from "user" where email = 'x@example.edu'`);
    expect(users).toHaveLength(0);
  });
});

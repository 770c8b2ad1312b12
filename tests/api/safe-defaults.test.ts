import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemoData } from '../../src/server/db/seed/seed-demo';
import { isLoopbackAddress } from '../../src/server/features/dev/dev.routes';
import { createTestApp, randomAddress, TEST_APP_URL, type TestApp } from '../support/test-app';

let development: TestApp;
let production: TestApp;
beforeAll(async () => {
  development = await createTestApp();
  production = await createTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await development?.close();
  await production?.close();
});

/** A request as it arrives from a socket with this remote address (what @hono/node-server gives the app). */
const fromSocket = (app: TestApp, path: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.app.request(path, { headers }, { incoming: { socket: { remoteAddress } } });

describe('development routes: this machine only, never in production', () => {
  it('the outbox answers a loopback socket and nobody else, whatever a header claims', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await fromSocket(development, '/api/dev/outbox', address)).status, address).toBe(200);
    for (const address of ['192.0.2.10', '::ffff:192.0.2.10', '2001:db8::1']) expect((await fromSocket(development, '/api/dev/outbox', address)).status, address).toBe(404);
    // The trusted proxy header (x-real-ip here) and any other header are the client's word, not its address.
    const spoofed = await fromSocket(development, '/api/dev/outbox', '192.0.2.10', { 'x-real-ip': '127.0.0.1', 'x-forwarded-for': '127.0.0.1' });
    expect(spoofed.status).toBe(404);
    expect(await spoofed.json()).toEqual({ error: 'No such API route: GET /api/dev/outbox' });
  });

  it('the outbox does not exist in production, not even for this machine', async () => {
    expect((await fromSocket(production, '/api/dev/outbox', '127.0.0.1')).status).toBe(404);
  });

  it('knows a loopback address', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['128.0.0.1', '10.0.0.1', '::ffff:10.0.0.1', '::2', '', '127.0.0.1.example.com'].some(isLoopbackAddress)).toBe(false);
  });
});

async function signIn(app: TestApp, email: string, password: string) {
  return app.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-real-ip': randomAddress() },
    body: JSON.stringify({ email, password }),
  });
}

describe('demo accounts', () => {
  it('get passwords generated when they are made, shown once; later starts know no password', async () => {
    const first = await seedDemoData(development.deps);
    expect(first.map((account) => account.email)).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
    const [student, admin] = first;
    expect(student?.password).toMatch(/^[\w-]{16}$/);
    expect(admin?.password).toMatch(/^[\w-]{16}$/);
    expect(student?.password).not.toBe(admin?.password);
    expect((await signIn(development, student!.email, student!.password!)).status).toBe(200);

    const later = await seedDemoData(development.deps);
    expect(later.map((account) => account.password)).toEqual([null, null]);
    expect((await signIn(development, student!.email, student!.password!)).status).toBe(200);
  });

  it('are never made in production', async () => {
    expect(await seedDemoData(production.deps)).toEqual([]);
    const rows = await production.deps.db.query(`select 1 from "user" where email = any($1::text[])`, [DEMO_ACCOUNTS.map((account) => account.email)]);
    expect(rows).toEqual([]);
  });
});

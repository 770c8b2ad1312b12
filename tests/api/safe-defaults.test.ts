import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemoData } from '../../src/server/db/seed/seed-demo';
import { FORWARDING_HEADERS } from '../../src/server/features/dev/dev.routes';
import { isLoopbackHost } from '../../src/server/http/loopback';
import { createTestApp, randomAddress, TEST_APP_URL, type TestApp } from '../support/test-app';

let development: TestApp;
let production: TestApp;
beforeAll(async () => {
  // A developer's server: nothing in front of it (the test app's default trusted proxy header removed).
  development = await createTestApp({ TRUSTED_PROXY_HEADER: '' });
  production = await createTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await development?.close();
  await production?.close();
});

/** A request as it arrives from a socket with this remote address (what @hono/node-server gives the app). */
const fromSocket = (app: TestApp, path: string, remoteAddress: string, init: RequestInit = {}) =>
  app.app.request(path, init, { incoming: { socket: { remoteAddress } } });

describe('development routes: this machine only, never in production', () => {
  it('the outbox answers a loopback socket and nobody else, whatever a header claims', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await fromSocket(development, '/api/dev/outbox', address)).status, address).toBe(200);
    for (const address of ['192.0.2.10', '::ffff:192.0.2.10', '2001:db8::1']) expect((await fromSocket(development, '/api/dev/outbox', address)).status, address).toBe(404);
    // Headers are the client's word, not its address.
    const spoofed = await fromSocket(development, '/api/dev/outbox', '192.0.2.10', { headers: { 'x-real-ip': '127.0.0.1', 'x-forwarded-for': '127.0.0.1' } });
    expect(spoofed.status).toBe(404);
    expect(await spoofed.json()).toEqual({ error: 'No such API route: GET /api/dev/outbox' });
  });

  it('refuses a loopback socket that carries any forwarding header, or names this server by a public name: a proxy on this machine', async () => {
    for (const name of FORWARDING_HEADERS) {
      const forwarded = await fromSocket(development, '/api/dev/outbox', '127.0.0.1', { headers: { [name]: name === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' } });
      expect(forwarded.status, name).toBe(404);
    }
    expect((await fromSocket(development, 'http://crosswalk.school.edu/api/dev/outbox', '127.0.0.1')).status).toBe(404);
    expect((await fromSocket(development, 'http://localhost:3000/api/dev/outbox', '127.0.0.1')).status).toBe(200);
  });

  it('the outbox does not exist in production, not even for this machine', async () => {
    expect((await fromSocket(production, '/api/dev/outbox', '127.0.0.1')).status).toBe(404);
  });

  it('knows a loopback address', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST', 'app.localhost'].every(isLoopbackHost)).toBe(true);
    expect(['128.0.0.1', '10.0.0.1', '::ffff:10.0.0.1', '::2', '', '127.0.0.1.example.com', 'localhost.example.com', '0.0.0.0'].some(isLoopbackHost)).toBe(false);
  });
});

describe('a development server behind a proxy on the same machine (issue 37: the outbox gave away every account)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    // No NODE_ENV (development), TRUSTED_PROXY_HEADER set: nginx on this machine forwards everyone from 127.0.0.1.
    proxied = await createTestApp({ NODE_ENV: 'development', TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  /** What the attacker did from 203.0.113.9, through the proxy: ask for a reset, read the link, set a password, sign in. */
  async function takeOver(email: string, newPassword: string) {
    const through = { origin: TEST_APP_URL, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' };
    const requested = await fromSocket(proxied, '/api/auth/request-password-reset', '127.0.0.1', {
      method: 'POST',
      headers: through,
      body: JSON.stringify({ email, redirectTo: `${TEST_APP_URL}/reset-password` }),
    });
    expect(requested.status).toBe(200);
    const outbox = await fromSocket(proxied, `/api/dev/outbox?to=${encodeURIComponent(email)}`, '127.0.0.1', { headers: through });
    const messages = outbox.status === 200 ? ((await outbox.json()) as { messages: Array<{ text: string }> }).messages : [];
    const token = messages.map((message) => /reset-password\/([\w-]+)/.exec(message.text)?.[1]).find(Boolean);
    if (token) {
      await fromSocket(proxied, '/api/auth/reset-password', '127.0.0.1', { method: 'POST', headers: through, body: JSON.stringify({ token, newPassword }) });
    }
    const signIn = await fromSocket(proxied, '/api/auth/sign-in/email', '127.0.0.1', { method: 'POST', headers: through, body: JSON.stringify({ email, password: newPassword }) });
    return { outboxStatus: outbox.status, signedIn: signIn.status === 200 };
  }

  it('never serves the outbox, so a reset link cannot be read from outside', async () => {
    const [admin] = (await seedDemoData(proxied.deps)).filter((account) => account.role === 'admin');
    expect(proxied.deps.config.devOutbox).toBe(false);
    const attempt = await takeOver(admin!.email, 'attacker chosen passphrase');
    expect(attempt).toEqual({ outboxStatus: 404, signedIn: false });
    // The reset mail exists; only its owner's mailbox (SMTP) may show it.
    expect(await proxied.deps.db.query(`select 1 from mail_outbox where to_address = $1`, [admin!.email])).toHaveLength(1);
    expect(proxied.routeTable.some((route) => route.path.startsWith('/api/dev/'))).toBe(false);
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

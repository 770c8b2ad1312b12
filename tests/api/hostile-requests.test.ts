/**
 * Issue 20: requests built to get around the limits. Bodies are limited while they stream in; the sign-in limits hold
 * whatever the encoding (only JSON reaches better-auth); text fields have lengths; common passwords are refused; HSTS
 * is sent in production.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILED_SIGN_INS_PER_HOUR } from '../../src/server/auth/sign-in-guard';
import { MAX_JSON_BODY_BYTES } from '../../src/server/http/json-body';
import { bearerTokenFrom, cookieHeaderFrom, createTestApp, jsonRequest, randomAddress, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A body of `total` bytes sent without a length, counting how many bytes the server actually pulled. */
function chunkedBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  chunk.set(new TextEncoder().encode('{"name":"'));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, sent: () => sent };
}

const failures = async (email: string) =>
  (await t.deps.db.query<{ n: number }>(`select count(*)::int as n from sign_in_failures where email_normalized = $1`, [email]))[0]?.n ?? 0;

describe('bodies are limited while they stream in', () => {
  it.each(['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/transcripts', '/api/student/profile'])(
    'refuses a 300 MB body sent without a length to %s after reading no more than the limit',
    async (path) => {
      const student = await signUp(t);
      const body = chunkedBody(300 * 1024 * 1024);
      const response = await t.app.request(path, {
        method: path === '/api/student/profile' ? 'PUT' : 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_APP_URL, cookie: student.cookie, 'x-real-ip': randomAddress() },
        body: body.stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: string }).error).toMatch(/larger than the 256 KB we accept/);
      expect(body.sent()).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES + 2 * 64 * 1024);
    },
  );

  it('writes an upload to disk as it streams in and stops it at its signed limit, keeping nothing', async () => {
    const student = await signUp(t);
    const slot = await t.app.request('/api/student/create-upload-url', jsonRequest('POST', { filename: 'huge.pdf', purpose: 'transcript' }, student.cookie));
    const { uploadUrl, key } = (await slot.json()) as { uploadUrl: string; key: string };
    const body = chunkedBody(300 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const response = await t.app.request(uploadUrl, { method: 'PUT', body: body.stream, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(body.sent()).toBeLessThanOrEqual(20 * 1024 * 1024 + 2 * 64 * 1024);
    expect((process.memoryUsage().rss - before) / 1024 / 1024).toBeLessThan(64);
    expect(await t.deps.storage.stat(key)).toBeNull();
  });

  it('refuses a body that announces more than the limit without reading it', async () => {
    const response = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_APP_URL, 'content-length': String(300 * 1024 * 1024) },
      body: '{}',
    });
    expect(response.status).toBe(413);
  });
});

describe('the sign-in limits hold whatever the encoding', () => {
  const formRequest = (email: string, password: string, type: 'form' | 'multipart') => {
    const form = new FormData();
    form.set('email', email);
    form.set('password', password);
    const body = type === 'form' ? new URLSearchParams({ email, password }) : form;
    return t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin: TEST_APP_URL, 'x-real-ip': randomAddress() }, body });
  };

  it('refuses form-encoded and multipart sign-ins (415) before better-auth sees them, so none can go uncounted', async () => {
    const account = await signUp(t);
    for (let attempt = 0; attempt < 150; attempt++) {
      const response = await formRequest(account.email, `guess ${attempt}`, attempt % 2 ? 'form' : 'multipart');
      expect(response.status).toBe(415);
    }
    expect((await formRequest(account.email, account.password, 'form')).status).toBe(415);
    // A JSON sign-in with a charset still counts its failure.
    const wrong = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', origin: TEST_APP_URL, 'x-real-ip': randomAddress() },
      body: JSON.stringify({ email: account.email, password: 'not the password' }),
    });
    expect(wrong.status).toBe(401);
    expect(await failures(account.email)).toBe(1);
  });

  it('keeps a locked account locked by every encoding', async () => {
    const account = await signUp(t);
    // 99 earlier failures from many addresses, then the 100th through the route.
    await t.deps.db.query(
      `insert into sign_in_failures (email_normalized, ip_address) select $1, '10.0.0.' || (i % 250) from generate_series(1, $2::int) as i`,
      [account.email, MAX_FAILED_SIGN_INS_PER_HOUR - 1],
    );
    expect((await t.app.request('/api/auth/sign-in/email', jsonRequest('POST', { email: account.email, password: 'wrong' }))).status).toBe(401);
    expect(await failures(account.email)).toBe(MAX_FAILED_SIGN_INS_PER_HOUR);
    expect((await t.app.request('/api/auth/sign-in/email', jsonRequest('POST', { email: account.email, password: account.password }))).status).toBe(429);
    expect((await formRequest(account.email, account.password, 'form')).status).toBe(415);
    expect((await formRequest(account.email, account.password, 'multipart')).status).toBe(415);
  });
});

describe('text fields have lengths, passwords are not common', () => {
  it('refuses a 101-character name and a 20 MB one, keeping no account', async () => {
    const long = await t.app.request('/api/auth/sign-up/email', jsonRequest('POST', { email: 'long-name@example.edu', password: 'a fine long password', name: 'x'.repeat(101) }));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ error: 'name: use at most 100 characters.' });
    const huge = await t.app.request('/api/auth/sign-up/email', jsonRequest('POST', { email: 'huge-name@example.edu', password: 'a fine long password', name: 'x'.repeat(20 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await t.deps.db.query(`select 1 from "user" where email in ('long-name@example.edu', 'huge-name@example.edu')`)).toEqual([]);
  });

  it('refuses a common password at sign-up and at reset, in any case', async () => {
    for (const password of ['password', 'Password1', 'QWERTYUIOP', 'iloveyou']) {
      const response = await t.app.request('/api/auth/sign-up/email', jsonRequest('POST', { email: `common-${password}@example.edu`, password, name: 'Common' }));
      expect(response.status, password).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/one of the most common passwords/);
    }
    const reset = await t.app.request('/api/auth/reset-password', jsonRequest('POST', { token: 'whatever', newPassword: 'baseball' }));
    expect(reset.status).toBe(400);
    expect(((await reset.json()) as { error: string }).error).toMatch(/most common passwords/);
    expect((await t.app.request('/api/auth/sign-up/email', jsonRequest('POST', { email: 'uncommon@example.edu', password: 'violet tractor harbour', name: 'Fine' }))).status).toBe(200);
  });

  it('refuses a pattern and the product\'s own name (issue 37: aaaaaaaa and crosswalk were accepted), at sign-up and at reset', async () => {
    for (const password of ['aaaaaaaa', 'abababab', 'abcdefghij', '98765432', 'crosswalk', 'CrossWalk', 'crosswalk2024!', 'Crosswalk123']) {
      const response = await t.app.request('/api/auth/sign-up/email', jsonRequest('POST', { email: `weak-${randomUUID().slice(0, 8)}@example.edu`, password, name: 'Weak' }));
      expect(response.status, password).toBe(400);
      expect(((await response.json()) as { error: string }).error, password).toMatch(/easy to guess|first thing anyone guessing would try/);
    }
    const reset = await t.app.request('/api/auth/reset-password', jsonRequest('POST', { token: 'whatever', newPassword: 'CROSSWALK1' }));
    expect(reset.status).toBe(400);
    expect((await t.app.request('/api/auth/sign-up/email', jsonRequest('POST', { email: `phrase-${randomUUID().slice(0, 8)}@example.edu`, password: 'meet me at the crosswalk at nine', name: 'Fine' }))).status).toBe(200);
    expect(await t.deps.db.query(`select 1 from "user" where name = 'Weak'`)).toEqual([]);
  });
});

/** Every key of a JSON value, in order, with its path: the shape two answers must share. */
function shapeOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => shapeOf(item, `${path}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [`${path}.${key}`, ...shapeOf(item, `${path}.${key}`)]);
  return [];
}
/** A Set-Cookie header with its (decoded) value's characters blurred: names, attributes and the value's form stay. */
const cookieForm = (header: string) => header.replace(/=([^;]*)/, (_, value: string) => `=${decodeURIComponent(value).replace(/[A-Za-z0-9+/=]/g, 'x')}`);

describe('sign-up does not say whether an account exists', () => {
  it('answers a taken address exactly like a new one: status, body, cookies and headers (issue 37), mailing its owner at most once an hour', async () => {
    const owner = await signUp(t, { email: `taken-${Date.now()}@example.edu` });
    const fresh = await t.app.request('/api/auth/sign-up/email', jsonRequest('POST', { email: `free-${Date.now()}@example.edu`, password: 'violet tractor harbour', name: 'New' }));
    const taken = await t.app.request('/api/auth/sign-up/email', jsonRequest('POST', { email: owner.email, password: 'another long password', name: 'Impostor' }));
    expect(taken.status).toBe(fresh.status);
    const freshBody = (await fresh.json()) as { user: Record<string, unknown> };
    const takenBody = (await taken.json()) as { user: Record<string, unknown> };
    expect(shapeOf(takenBody)).toEqual(shapeOf(freshBody));
    expect(JSON.stringify(takenBody)).not.toMatch(/exist/i);
    expect(takenBody.user.id).not.toBe(owner.id);
    expect(String(takenBody.user.id).length).toBe(String(freshBody.user.id).length);
    // The same cookies: names, attributes and the form of their values.
    expect(fresh.headers.getSetCookie()).toHaveLength(1);
    expect(taken.headers.getSetCookie().map(cookieForm)).toEqual(fresh.headers.getSetCookie().map(cookieForm));
    expect([...taken.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    await t.app.request('/api/auth/sign-up/email', jsonRequest('POST', { email: owner.email, password: 'yet another password', name: 'Again' }));
    const notices = await t.deps.db.query<{ text_body: string }>(`select text_body from mail_outbox where to_address = $1`, [owner.email]);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text_body).toMatch(/tried to create a Crosswalk account with this e-mail address, which already has one/);
    // The owner's account is untouched, and the taken answer's cookie signs nobody in (what is left: docs/SECURITY.md).
    expect((await t.app.request('/api/auth/sign-in/email', jsonRequest('POST', { email: owner.email, password: owner.password }))).status).toBe(200);
    expect((await t.app.request('/api/account/me', { headers: { cookie: cookieHeaderFrom(taken) } })).status).toBe(401);
  });
});

describe('the session token travels only in its cookie', () => {
  it('is in no JSON body and no header but Set-Cookie: sign-up, sign-in, the session and the list of sessions (issue 37)', async () => {
    const email = `token-${randomUUID().slice(0, 8)}@example.edu`;
    const created = await t.app.request('/api/auth/sign-up/email', jsonRequest('POST', { email, password: 'violet tractor harbour', name: 'Token' }));
    const signedIn = await t.app.request('/api/auth/sign-in/email', jsonRequest('POST', { email, password: 'violet tractor harbour' }));
    const cookie = cookieHeaderFrom(signedIn);
    const token = bearerTokenFrom(cookie).split('.')[0]!;
    const session = await t.app.request('/api/auth/get-session', { headers: { cookie } });
    const sessions = await t.app.request('/api/auth/list-sessions', { headers: { cookie } });
    for (const [name, response] of Object.entries({ created, signedIn, session, sessions })) {
      expect(response.status, name).toBe(200);
      const text = await response.text();
      expect(text, name).not.toContain(token);
      expect(shapeOf(JSON.parse(text)).some((path) => path.endsWith('.token')), name).toBe(false);
      expect(response.headers.get('set-auth-token'), name).toBeNull();
      expect(response.headers.get('access-control-expose-headers') ?? '', name).not.toMatch(/set-auth-token/i);
    }
    expect(((await (await t.app.request('/api/auth/get-session', { headers: { cookie } })).json()) as { user: { email: string } }).user.email).toBe(email);
    // A script still has a bearer token: the cookie's value.
    expect((await t.app.request('/api/account/me', { headers: { authorization: `Bearer ${bearerTokenFrom(cookie)}` } })).status).toBe(200);
  });
});

describe('HSTS', () => {
  it('is sent in production only', async () => {
    expect((await t.app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    const production = await createTestApp({ NODE_ENV: 'production', APP_URL: 'https://crosswalk.example.edu' });
    try {
      expect((await production.app.request('/api/health')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await production.close();
    }
  });
});

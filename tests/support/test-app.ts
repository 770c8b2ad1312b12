import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../../src/server/app';
import { startServices } from '../../src/server/bootstrap';
import { openDatabase, type Database } from '../../src/server/db/client';
import { loadConfig } from '../../src/server/env';
import { listOutboxMessages } from '../../src/server/features/dev/dev.queries';
import type { AppDeps } from '../../src/server/http/app-env';
import { createLogger } from '../../src/server/logger';
import { POSTGRES_TEMPLATE_DB, TEMPLATE_TARBALL } from './api-global-setup';

export const TEST_APP_URL = 'http://localhost:3000';

export interface TestApp {
  app: ReturnType<typeof createApp>['app'];
  routeTable: ReturnType<typeof createApp>['routeTable'];
  deps: AppDeps;
  databaseKind: 'embedded' | 'postgres';
  /** The cloned PostgreSQL database's URL (unset on the embedded database), for a second instance on the same data. */
  databaseUrl?: string;
  close(): Promise<void>;
}

async function openTestDatabase(dataDir: string): Promise<{ db: Database; url?: string; drop(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const name = `crosswalk_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: databaseUrl.toString(), dataDir });
    return {
      db,
      url: databaseUrl.toString(),
      async drop() {
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const template = new Blob([readFileSync(TEMPLATE_TARBALL)]);
  const db = await openDatabase({ dataDir, inMemory: true, template });
  return { db, drop: async () => undefined };
}

/** A real app on a real, freshly cloned database: PGlite by default, PostgreSQL with TEST_DB=postgres. */
export async function createTestApp(environment: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    APP_URL: TEST_APP_URL,
    BETTER_AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    // Lets each simulated client send its own address, as a trusted proxy would.
    TRUSTED_PROXY_HEADER: 'x-real-ip',
    ...environment,
  });
  const { db, url, drop } = await openTestDatabase(dataDir);
  const deps = await startServices(config, { db, logger: createLogger('silent') });
  const { app, routeTable } = createApp(deps);
  return {
    app,
    routeTable,
    deps,
    databaseKind: db.kind,
    databaseUrl: url,
    async close() {
      await db.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A different client address per simulated person, so per-address rate limits do not couple unrelated tests. */
export function randomAddress(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

/** Signs up a new account through the real auth routes; returns its cookie header and id. */
export async function signUp(app: TestApp, overrides: { email?: string; password?: string; name?: string } = {}) {
  const email = overrides.email ?? `student-${randomUUID().slice(0, 8)}@example.edu`;
  const password = overrides.password ?? 'correct horse battery';
  const response = await app.app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-real-ip': randomAddress() },
    body: JSON.stringify({ email, password, name: overrides.name ?? 'Test Student' }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, email, password, cookie: cookieHeaderFrom(response) };
}

/** A bearer token for scripts: the session cookie's value (the token travels nowhere else, docs/decisions/145). */
export function bearerTokenFrom(cookie: string): string {
  const value = /session_token=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error('no session cookie');
  return decodeURIComponent(value);
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeaderFrom(response: Response): string {
  return (response.headers.getSetCookie?.() ?? []).map((header) => header.split(';')[0]).join('; ');
}

/**
 * An admin as the product requires one: the admin role (given here directly in the database, as ADMIN_EMAILS or
 * another admin would) and two-factor authentication on (the real TOTP flow is tested in accounts.test.ts).
 */
export async function signUpAdmin(app: TestApp) {
  const account = await signUp(app, { name: 'Test Admin' });
  await app.deps.db.query(`update "user" set role = 'admin,student', "twoFactorEnabled" = true where id = $1`, [account.id]);
  return account;
}

/** Request helpers that send JSON with the app's own origin, as the browser does. */
export function jsonRequest(method: string, body: unknown, cookie?: string): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-real-ip': randomAddress(), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  };
}

/**
 * The mails the server wrote for this address, newest first: read from the outbox table, as SMTP would deliver them.
 * The test app has a trusted proxy header, so it serves no outbox route (docs/decisions/140).
 */
export async function mailsTo(app: TestApp, email: string) {
  return (await listOutboxMessages(app.deps.db, email)) as Array<{ subject: string; text: string; category: string }>;
}

/**
 * The product's app on a benchmark's database with one admin signed in as the product makes one (signed up through
 * better-auth, then the admin role and two-factor on): what bench:admin and bench:eval-queue time requests against.
 */
import { createApp } from '../../src/server/app';
import { startServices } from '../../src/server/bootstrap';
import type { Database } from '../../src/server/db/client';
import { loadConfig } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';

export const BENCH_APP_URL = 'http://127.0.0.1:3000';

export async function benchAppWithAdmin(db: Database, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    APP_URL: BENCH_APP_URL,
    BETTER_AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
  });
  const deps = await startServices(config, { db, logger: createLogger('silent') });
  const { app } = createApp(deps);
  const signUp = await app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BENCH_APP_URL },
    body: JSON.stringify({ email: 'bench-admin@school.edu', password: 'a long bench password', name: 'Bench Admin' }),
  });
  if (!signUp.ok) throw new Error(`admin sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = (signUp.headers.getSetCookie?.() ?? []).map((header) => header.split(';')[0]).join('; ');
  await db.query(`update "user" set role = 'admin,student', "twoFactorEnabled" = true where email = 'bench-admin@school.edu'`);
  return { deps, app, cookie };
}

/** The p-th percentile of sorted timings. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

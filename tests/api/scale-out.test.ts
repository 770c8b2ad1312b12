import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { startServices } from '../../src/server/bootstrap';
import { openDatabase } from '../../src/server/db/client';
import { loadConfig } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import { createTestApp, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';

/**
 * Two server instances behind one address share everything through PostgreSQL and S3-compatible storage:
 * a session made on one works on the other, and a file stored through one is read by the other.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('two instances on PostgreSQL and S3', () => {
  let first: TestApp;
  let second: { app: TestApp['app']; deps: TestApp['deps'] };
  let s3: S3rver;
  const s3Dir = mkdtempSync(join(tmpdir(), 'crosswalk-s3-'));

  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'crosswalk' }] });
    const { port } = await s3.run();
    const s3Environment = {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'crosswalk',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    first = await createTestApp(s3Environment);
    // The second instance: its own connection pool and services, the same database URL and bucket.
    const databaseUrl = first.databaseUrl;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'crosswalk-second-')),
      APP_URL: TEST_APP_URL,
      BETTER_AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_URL: databaseUrl,
      ...s3Environment,
    });
    const deps = await startServices(config, { db: await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }), logger: createLogger('silent') });
    second = { app: createApp(deps).app, deps };
  });

  afterAll(async () => {
    await second?.deps.db.close();
    await first?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('accepts a session made on one instance at the other', async () => {
    const account = await signUp(first);
    const response = await second.app.request('/api/account/me', { headers: { cookie: account.cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: account.email });
  });

  it('reads through one instance a file stored through the other', async () => {
    const key = 'transcripts/00000000-0000-4000-8000-000000000001';
    await first.deps.storage.put(key, Buffer.from('%PDF-1.4 shared bytes'), 'application/pdf');
    expect((await second.deps.storage.get(key))?.toString()).toBe('%PDF-1.4 shared bytes');
    expect(await second.deps.storage.stat(key)).toEqual({ size: 21 });
  });

  it('reports S3 storage and PostgreSQL in the health answer of both', async () => {
    for (const app of [first.app, second.app]) {
      expect(await (await app.request('/api/health')).json()).toMatchObject({ status: 'ok', database: 'postgres', storage: 's3' });
    }
  });
});

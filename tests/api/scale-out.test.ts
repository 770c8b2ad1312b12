import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { startServices } from '../../src/server/bootstrap';
import { openDatabase } from '../../src/server/db/client';
import { loadConfig } from '../../src/server/env';
import { analyzeTranscriptJob, terminateTranscriptWorker, TRANSCRIPT_ANALYZE_JOB } from '../../src/server/features/transcripts';
import type { AppDeps } from '../../src/server/http/app-env';
import { enqueueJob, type JobRow } from '../../src/server/jobs/job-queue';
import { createJobRunner, type JobHandler } from '../../src/server/jobs/job-runner';
import { createLogger } from '../../src/server/logger';
import { deleteOrphanedFiles } from '../../src/server/storage/orphaned-files';
import type { CreateTranscriptResponse, TranscriptResponse } from '../../src/shared/schemas/transcripts';
import { createInstitution } from '../support/factories';
import { createTestApp, jsonRequest, signUp, TEST_APP_URL, type TestApp } from '../support/test-app';

const FIU_PDF = readFileSync(resolve(import.meta.dirname, '../fixtures/transcripts/t11002.pdf'));

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
    await terminateTranscriptWorker();
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

  it('lists the bucket for the orphaned-file sweep, which deletes only files no row names', async () => {
    const orphan = 'transcripts/00000000-0000-4000-8000-0000000000aa';
    const named = 'syllabi/00000000-0000-4000-8000-0000000000bb';
    await first.deps.storage.put(orphan, Buffer.from('orphan'), 'application/pdf');
    await first.deps.storage.put(named, Buffer.from('named'), 'application/pdf');
    await first.deps.db.query(
      `insert into stored_files (storage_key, purpose, original_name, content_type, status) values ($1, 'syllabus', 's.pdf', 'application/pdf', 'stored')`,
      [named],
    );
    const listed: string[] = [];
    for await (const file of second.deps.storage.list()) listed.push(file.key);
    expect(listed).toEqual(expect.arrayContaining([orphan, named]));
    await deleteOrphanedFiles(second.deps, -60_000);
    expect(await first.deps.storage.stat(orphan)).toBeNull();
    expect(await first.deps.storage.stat(named)).toEqual({ size: 5 });
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

  it('saves a profile upload that went straight to the bucket, and refuses one over the limit that S3 let through', async () => {
    const student = await signUp(first);
    const uploadTo = async (bytes: Buffer, filename: string) => {
      const slot = await first.app.request('/api/student/create-upload-url', jsonRequest('POST', { filename, contentType: 'application/pdf' }, student.cookie));
      expect(slot.status).toBe(201);
      const { uploadUrl, key, headers } = (await slot.json()) as { uploadUrl: string; key: string; headers: Record<string, string> };
      expect((await fetch(uploadUrl, { method: 'PUT', headers, body: new Uint8Array(bytes) })).status).toBe(200);
      return key;
    };
    // Saved through the other instance: the file is recorded as stored on first sight (no PUT route of ours saw it).
    const key = await uploadTo(FIU_PDF, 'fiu.pdf');
    const saved = await second.app.request('/api/student/save-transcript', jsonRequest('POST', { key, name: 'fiu.pdf' }, student.cookie));
    expect(saved.status).toBe(201);
    // Accepted bytes are sealed under a key no presigned address names; the upload's key is gone from the bucket.
    const { transcript } = (await saved.json()) as { transcript: { key: string } };
    expect(transcript.key).not.toBe(key);
    const [file] = await first.deps.db.query<{ status: string; size_bytes: number }>('select status, size_bytes from stored_files where storage_key = $1', [transcript.key]);
    expect(file).toEqual({ status: 'stored', size_bytes: FIU_PDF.byteLength });
    expect(await first.deps.storage.get(transcript.key)).toEqual(FIU_PDF);
    expect(await first.deps.storage.stat(key)).toBeNull();

    // A presigned S3 address does not enforce the signed size: the 20 MB limit is applied when the file is claimed.
    const oversized = Buffer.concat([FIU_PDF, Buffer.alloc(20 * 1024 * 1024, 0x20)]);
    const bigKey = await uploadTo(oversized, 'big.pdf');
    const refused = await second.app.request('/api/student/save-transcript', jsonRequest('POST', { key: bigKey, name: 'big.pdf' }, student.cookie));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: string }).error).toMatch(/larger than the 20 MB limit/);
    expect(await first.deps.storage.stat(bigKey)).toBeNull();
  }, 60_000);

  it("shares analysis jobs between both instances' runners, and runs each job exactly once", async () => {
    // Every handler execution is recorded with the instance that ran it; the real analysis runs inside the wrapper.
    const executions: Array<{ jobId: number; kind: string; instance: 'first' | 'second' }> = [];
    const recorded = (instance: 'first' | 'second', handler: JobHandler): JobHandler => ({
      run: async (job: JobRow, deps: AppDeps) => {
        executions.push({ jobId: job.id, kind: job.kind, instance });
        return handler.run(job, deps);
      },
    });
    const counted: JobHandler = { run: async () => new Promise((done) => setTimeout(() => done({ ok: true }), 5 + Math.random() * 15)) };
    const runners = (['first', 'second'] as const).map((instance) =>
      createJobRunner(instance === 'first' ? first.deps : second.deps, {
        workers: 2,
        pollMs: 50,
        handlers: { [TRANSCRIPT_ANALYZE_JOB]: recorded(instance, analyzeTranscriptJob), 'test.counted': recorded(instance, counted) },
      }),
    );
    runners.forEach((runner) => runner.start());
    try {
      // Real uploads analysed for a student: created through one instance, the analysis asked for through the other.
      const destination = await createInstitution(first.deps.db, { name: 'Scale-out Destination University' });
      const student = await signUp(first);
      const transcriptIds: string[] = [];
      for (let index = 0; index < 4; index += 1) {
        const [via, other] = index % 2 === 0 ? [first.app, second.app] : [second.app, first.app];
        const created = await via.request(
          '/api/transcripts',
          jsonRequest('POST', { fileName: `fiu-${index}.pdf`, fileType: 'application/pdf', size: FIU_PDF.byteLength, toInstitutionId: destination.id }, student.cookie),
        );
        expect(created.status).toBe(201);
        const { id, upload } = (await created.json()) as CreateTranscriptResponse;
        expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(FIU_PDF) })).status).toBe(200);
        expect((await other.request(`/api/transcripts/${id}/analyze`, jsonRequest('POST', {}, student.cookie))).status).toBe(202);
        transcriptIds.push(id);
      }
      // Many small jobs straight through the queue, enqueued on both instances' connections.
      const countedIds: number[] = [];
      for (let index = 0; index < 200; index += 1) {
        countedIds.push(await enqueueJob(index % 2 === 0 ? first.deps.db : second.deps.db, { kind: 'test.counted', payload: { index } }));
      }

      const deadline = Date.now() + 90_000;
      for (;;) {
        const [open] = await first.deps.db.query<{ count: number }>(`select count(*)::int as count from jobs where status in ('queued', 'running')`);
        if (open?.count === 0) break;
        if (Date.now() > deadline) throw new Error(`${open?.count} jobs still open`);
        await new Promise((done) => setTimeout(done, 100));
      }

      const jobs = await first.deps.db.query<{ id: number; kind: string; status: string; attempts: number; locked_by: string | null }>(
        'select id, kind, status, attempts, locked_by from jobs order by id',
      );
      expect(jobs).toHaveLength(204);
      for (const job of jobs) expect(job, `job ${job.id}`).toMatchObject({ status: 'done', attempts: 1, locked_by: null });
      // Exactly once: one execution per job id, and no execution of a job that does not exist.
      const perJob = new Map<number, number>();
      for (const execution of executions) perJob.set(execution.jobId, (perJob.get(execution.jobId) ?? 0) + 1);
      expect(perJob.size).toBe(jobs.length);
      expect([...perJob.values()].every((count) => count === 1)).toBe(true);
      expect(new Set(perJob.keys())).toEqual(new Set(jobs.map((job) => Number(job.id))));
      expect(countedIds.every((id) => perJob.get(id) === 1)).toBe(true);
      // Both instances took part.
      const byInstance = (instance: string) => executions.filter((execution) => execution.instance === instance).length;
      expect(byInstance('first')).toBeGreaterThan(10);
      expect(byInstance('second')).toBeGreaterThan(10);

      for (const id of transcriptIds) {
        const report = (await (await first.app.request(`/api/transcripts/${id}`, { headers: { cookie: student.cookie } })).json()) as TranscriptResponse;
        expect(report).toMatchObject({ status: 'done', error: null });
        expect(report.rows).toHaveLength(8);
      }
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
  }, 120_000);
});

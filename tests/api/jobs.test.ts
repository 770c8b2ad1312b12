import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJob, enqueueJob } from '../../src/server/jobs/job-queue';
import { createJobRunner, runDueJobs, type JobHandlers } from '../../src/server/jobs/job-runner';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const jobRow = async (id: number) =>
  (await t.deps.db.query<{ status: string; attempts: number; last_error: string | null; result: unknown; run_after: Date }>(
    'select status, attempts, last_error, result, run_after from jobs where id = $1',
    [id],
  ))[0]!;

describe('the job runner', () => {
  it('runs a job by its kind and stores the result', async () => {
    const handlers: JobHandlers = { 'test.echo': { run: async (job) => ({ echoed: job.payload.value }) } };
    const id = await enqueueJob(t.deps.db, { kind: 'test.echo', payload: { value: 42 } });
    expect(await runDueJobs(t.deps, handlers)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, result: { echoed: 42 } });
  });

  it('retries a failing job later with backoff, then gives up after max_attempts and says so', async () => {
    const gaveUp: string[] = [];
    const handlers: JobHandlers = {
      'test.fail': {
        run: async () => {
          throw new Error('boom');
        },
        onGiveUp: async (_job, _deps, error) => void gaveUp.push(error),
      },
    };
    const id = await enqueueJob(t.deps.db, { kind: 'test.fail', payload: {}, maxAttempts: 2 });
    await runDueJobs(t.deps, handlers);
    const first = await jobRow(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom' });
    expect(new Date(first.run_after).getTime()).toBeGreaterThan(Date.now());
    expect(await runDueJobs(t.deps, handlers)).toBe(0); // not due yet
    await t.deps.db.query('update jobs set run_after = now() where id = $1', [id]);
    await runDueJobs(t.deps, handlers);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(gaveUp).toEqual(['boom']);
  });

  it('claims each job once, and frees a job whose worker stopped (lock expired)', async () => {
    const id = await enqueueJob(t.deps.db, { kind: 'test.lost', payload: {} });
    const claimed = await claimJob(t.deps.db, 'worker-a', 60);
    expect(claimed?.id).toBe(id);
    expect(await claimJob(t.deps.db, 'worker-b', 60)).toBeNull();
    await t.deps.db.query(`update jobs set locked_until = now() - interval '1 second' where id = $1`, [id]);
    const again = await claimJob(t.deps.db, 'worker-b', 60);
    expect(again).toMatchObject({ id, locked_by: 'worker-b', attempts: 2 });
    await t.deps.db.query(`update jobs set status = 'done' where id = $1`, [id]);
  });

  it('a started runner picks up an enqueued job at once and stops cleanly', async () => {
    let resolveDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (resolveDone = resolve));
    const runner = createJobRunner(t.deps, { workers: 2, pollMs: 60_000, handlers: { 'test.wake': { run: async () => resolveDone() } } });
    runner.start();
    const id = await enqueueJob(t.deps.db, { kind: 'test.wake', payload: {} });
    await done; // a 60 s poll interval: only the in-process wake-up can start it within the test's time
    await runner.stop();
    expect((await jobRow(id)).status).toBe('done');
  });
});

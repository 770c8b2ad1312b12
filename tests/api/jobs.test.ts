import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_JOB_REASON, claimJob, enqueueJob, JOB_PRIORITY, JobInputError, JobPostponedError, MAX_POSTPONEMENTS } from '../../src/server/jobs/job-queue';
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

  it('puts a job the machine was too busy for back in the queue, later each time and without using an attempt, then fails it saying why (issue 37)', async () => {
    const gaveUp: unknown[] = [];
    const handlers: JobHandlers = {
      'test.busy': {
        run: async () => {
          throw new JobPostponedError('The server was too busy to read this file in time.');
        },
        onGiveUp: async (_job, _deps, _error, cause) => void gaveUp.push(cause),
      },
    };
    const id = await enqueueJob(t.deps.db, { kind: 'test.busy', payload: {} });
    for (let postponed = 1; postponed <= MAX_POSTPONEMENTS; postponed++) {
      expect(await runDueJobs(t.deps, handlers)).toBe(1);
      const row = await jobRow(id);
      expect(row).toMatchObject({ status: 'queued', attempts: 0, last_error: 'The server was too busy to read this file in time.' });
      // 1, 2, 4… minutes later: a quieter moment.
      expect(new Date(row.run_after).getTime() - Date.now()).toBeGreaterThan(60_000 * 2 ** (postponed - 1) - 10_000);
      expect(await runDueJobs(t.deps, handlers)).toBe(0);
      await t.deps.db.query('update jobs set run_after = now() where id = $1', [id]);
    }
    expect(gaveUp).toEqual([]);
    await runDueJobs(t.deps, handlers);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]).toBeInstanceOf(JobPostponedError);
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

  it('never retries a job that failed for its input, and tells its handler why', async () => {
    const gaveUp: Array<{ error: string; cause: unknown }> = [];
    const handlers: JobHandlers = {
      'test.bad-input': {
        run: async () => {
          throw new JobInputError('This file is too large.');
        },
        onGiveUp: async (_job, _deps, error, cause) => void gaveUp.push({ error, cause }),
      },
    };
    const id = await enqueueJob(t.deps.db, { kind: 'test.bad-input', payload: {} });
    expect(await runDueJobs(t.deps, handlers)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'This file is too large.' });
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]?.cause).toBeInstanceOf(JobInputError);
  });

  it('retries a crashed job once by default, then marks it failed with the reason', async () => {
    const handlers: JobHandlers = {
      'test.crash': {
        run: async () => {
          throw new Error('worker died');
        },
      },
    };
    const id = await enqueueJob(t.deps.db, { kind: 'test.crash', payload: {} });
    await runDueJobs(t.deps, handlers);
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 1 });
    await t.deps.db.query('update jobs set run_after = now() where id = $1', [id]);
    await runDueJobs(t.deps, handlers);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'worker died' });
  });

  it('gives up a job whose worker died during its last attempt, and tells its handler', async () => {
    const gaveUp: string[] = [];
    const handlers: JobHandlers = { 'test.abandoned': { run: async () => undefined, onGiveUp: async (_job, _deps, error) => void gaveUp.push(error) } };
    const id = await enqueueJob(t.deps.db, { kind: 'test.abandoned', payload: {} });
    // Two claims whose workers never finished (a process killed twice by the same upload).
    for (const worker of ['first', 'second']) {
      expect((await claimJob(t.deps.db, worker, 60))?.id).toBe(id);
      await t.deps.db.query(`update jobs set locked_until = now() - interval '1 second' where id = $1`, [id]);
    }
    expect(await runDueJobs(t.deps, handlers)).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: ABANDONED_JOB_REASON });
    expect(gaveUp).toEqual([ABANDONED_JOB_REASON]);
  });

  it('claims a signed-in student\'s job before any number of earlier visitors\' jobs', async () => {
    const visitors = [];
    for (let index = 0; index < 40; index++) visitors.push(await enqueueJob(t.deps.db, { kind: 'test.lane', payload: { index }, priority: JOB_PRIORITY.visitor }));
    const student = await enqueueJob(t.deps.db, { kind: 'test.lane', payload: {}, priority: JOB_PRIORITY.normal });
    expect((await claimJob(t.deps.db, 'worker-a', 60))?.id).toBe(student);
    expect((await claimJob(t.deps.db, 'worker-a', 60))?.id).toBe(visitors[0]);
    await t.deps.db.query(`update jobs set status = 'done' where kind = 'test.lane'`);
  });
});

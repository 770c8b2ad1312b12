import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../http/app-env';
import { claimJob, completeJob, failJob, giveUpAbandonedJobs, JobInputError, JobPostponedError, jobSignals, postponeJob, type JobRow } from './job-queue';

export interface JobHandler {
  run(job: JobRow, deps: AppDeps): Promise<unknown>;
  /**
   * Called once when the job failed for the last time (so the record it works on can say so): `error` is the last
   * message, `cause` what was thrown (undefined when the worker running it died).
   */
  onGiveUp?(job: JobRow, deps: AppDeps, error: string, cause?: unknown): Promise<void>;
}

export type JobHandlers = Record<string, JobHandler>;

export interface PeriodicTask {
  everyMs: number;
  run(deps: AppDeps): Promise<void>;
}

export interface JobRunnerOptions {
  workers: number;
  handlers: JobHandlers;
  pollMs?: number;
  /** A worker that does not finish within this time is presumed dead and its job is claimed again. */
  lockSeconds?: number;
  periodic?: PeriodicTask[];
}

/** Runs one claimed job with its handler; never throws. */
async function runJob(job: JobRow, deps: AppDeps, handlers: JobHandlers): Promise<void> {
  const handler = handlers[job.kind];
  if (!handler) {
    await failJob(deps.db, { ...job, attempts: job.max_attempts }, `No handler for job kind ${job.kind}`);
    deps.logger.error('job_failed', { jobId: job.id, kind: job.kind, error: 'no handler' });
    return;
  }
  const started = performance.now();
  try {
    const result = await handler.run(job, deps);
    await completeJob(deps.db, job, result);
    deps.logger.info('job_done', { jobId: job.id, kind: job.kind, ms: Math.round(performance.now() - started) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Not the job's fault (a busy machine): back in the queue for later, until it has waited long enough.
    if (error instanceof JobPostponedError && (await postponeJob(deps.db, job, message).catch(() => false))) {
      deps.logger.info('job_postponed', { jobId: job.id, kind: job.kind, reason: message });
      return;
    }
    const inputFailed = error instanceof JobInputError || error instanceof JobPostponedError;
    const gaveUp = await failJob(deps.db, job, message, { retry: !inputFailed }).catch(() => false);
    deps.logger.warn('job_failed', { jobId: job.id, kind: job.kind, attempt: job.attempts, gaveUp, inputFailed, error: message });
    if (gaveUp) await handler.onGiveUp?.(job, deps, message, error).catch(() => undefined);
  }
}

/** Jobs whose worker died on their last attempt: failed, and their handlers told so. */
async function settleAbandonedJobs(deps: AppDeps, handlers: JobHandlers): Promise<void> {
  for (const job of await giveUpAbandonedJobs(deps.db)) {
    deps.logger.warn('job_failed', { jobId: job.id, kind: job.kind, attempt: job.attempts, gaveUp: true, error: job.last_error });
    await handlers[job.kind]?.onGiveUp?.(job, deps, job.last_error).catch(() => undefined);
  }
}

/**
 * Background workers in this process: each claims due jobs from the `jobs` table, polls every `pollMs`
 * and wakes at once when a job is enqueued here. Heavy work inside handlers runs in worker threads.
 */
export function createJobRunner(deps: AppDeps, options: JobRunnerOptions) {
  const pollMs = options.pollMs ?? 250;
  const lockSeconds = options.lockSeconds ?? 300;
  const instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let stopping = false;
  const loops: Promise<void>[] = [];
  const timers: NodeJS.Timeout[] = [];
  const sleepers = new Set<() => void>();
  // Set by a wake-up that arrives while every worker is busy claiming, so it is not lost before they sleep.
  let woken = false;
  const wake = () => {
    woken = true;
    sleepers.forEach((resolve) => resolve());
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (woken || stopping) {
        woken = false;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      sleepers.add(done);
    });

  async function loop(workerId: string) {
    while (!stopping) {
      let job: JobRow | null = null;
      woken = false;
      try {
        await settleAbandonedJobs(deps, options.handlers);
        job = await claimJob(deps.db, workerId, lockSeconds);
      } catch (error) {
        deps.logger.error('job_claim_failed', { error: (error as Error).message });
      }
      if (job) await runJob(job, deps, options.handlers);
      else await sleep();
    }
  }

  return {
    start() {
      jobSignals.on('enqueued', wake);
      for (let index = 0; index < options.workers; index += 1) loops.push(loop(`${instance}:${index}`));
      for (const task of options.periodic ?? []) {
        const timer = setInterval(() => {
          task.run(deps).catch((error: unknown) => deps.logger.error('periodic_task_failed', { error: (error as Error).message }));
        }, task.everyMs);
        timer.unref();
        timers.push(timer);
      }
      deps.logger.info('job_runner_started', { workers: options.workers, instance });
    },
    /** Stops claiming new jobs and waits for the running ones to finish. */
    async stop() {
      stopping = true;
      jobSignals.off('enqueued', wake);
      timers.forEach((timer) => clearInterval(timer));
      wake();
      await Promise.all(loops);
    },
  };
}

/** Runs every due job now, one after another, in the caller's flow (API tests, scripts). Returns how many ran. */
export async function runDueJobs(deps: AppDeps, handlers: JobHandlers): Promise<number> {
  let count = 0;
  await settleAbandonedJobs(deps, handlers);
  for (;;) {
    const job = await claimJob(deps.db, `inline:${process.pid}`, 300);
    if (!job) return count;
    await runJob(job, deps, handlers);
    count += 1;
  }
}

import { EventEmitter } from 'node:events';
import type { Queryable } from '../db/client';

export interface JobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
}

/**
 * In-process wake-up: a runner in this process starts a job as soon as it is enqueued instead of at its next poll.
 * Runners in other processes still find it by polling the table.
 */
export const jobSignals = new EventEmitter();
jobSignals.setMaxListeners(64);

/**
 * How often a job runs at most: once, and once more if the first run crashed (its worker thread or process died, or it
 * threw something that was not about its input). A job that fails because of its input is not retried at all
 * (JobInputError). So one hostile upload can crash a worker at most twice.
 */
export const DEFAULT_MAX_ATTEMPTS = 2;

/** The job cannot succeed with this input (a file over a limit, unreadable data): it fails at once, never retried. */
export class JobInputError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JobInputError';
  }
}

/**
 * The job could not finish now for a reason outside its input (the machine was too busy): it goes back in the queue
 * without using one of its attempts, at most MAX_POSTPONEMENTS times, each later than the last (postponeJob).
 */
export class JobPostponedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'JobPostponedError';
  }
}

/** How often a job is put back for a busy machine before it fails (after about 1 + 2 + 4 + 8 minutes of waiting). */
export const MAX_POSTPONEMENTS = 4;

export async function enqueueJob(
  db: Queryable,
  input: {
    kind: string;
    payload: Record<string, unknown>;
    maxAttempts?: number;
    priority?: number;
    /** Not before this many seconds from now (the database's clock): work that waits for something to settle. */
    delaySeconds?: number;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into jobs (kind, payload, max_attempts, priority, run_after) values ($1, $2, $3, $4, now() + make_interval(secs => $5)) returning id`,
    [input.kind, JSON.stringify(input.payload), input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, input.priority ?? JOB_PRIORITY.normal, input.delaySeconds ?? 0],
  );
  jobSignals.emit('enqueued');
  return Number(row!.id);
}

/** Takes a job that has not started off the queue; false when it is already running or done. */
export async function cancelQueuedJob(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(`delete from jobs where id = $1 and status = 'queued' returning id`, [id]);
  return rows.length > 0;
}

/** A queued job's time comes now: for tests and scripts that must not wait for a delayed job. */
export async function makeQueuedJobsDue(db: Queryable, kind: string): Promise<number> {
  const rows = await db.query<{ id: number }>(`update jobs set run_after = now() where kind = $1 and status = 'queued' and run_after > now() returning id`, [kind]);
  return rows.length;
}

/**
 * Which queued job runs first: lower first, then oldest first. Signed-in students' analyses go before signed-out
 * visitors', so a flood of anonymous uploads cannot make a student wait behind it (visitors are also limited per address).
 */
export const JOB_PRIORITY = { normal: 0, visitor: 10 } as const;

export const ABANDONED_JOB_REASON = 'The worker stopped before the job finished.';

/**
 * Jobs whose worker died (lock expired) on their last attempt are given up rather than run again; answers them so
 * their handlers can mark the record they work on as failed.
 */
export async function giveUpAbandonedJobs(db: Queryable): Promise<Array<JobRow & { last_error: string }>> {
  const rows = await db.query<JobRow & { last_error: string }>(
    `update jobs set status = 'failed', last_error = coalesce(last_error, $1), locked_by = null, locked_until = null, finished_at = now()
      where status = 'running' and locked_until < now() and attempts >= max_attempts
      returning id, kind, payload, status, attempts, max_attempts, locked_by, last_error`,
    [ABANDONED_JOB_REASON],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Claims one due job for `workerId`: a queued job whose time has come, or a running one whose worker's lock expired
 * with attempts left, in priority order. `for update skip locked` lets several workers (and instances) claim different
 * jobs without waiting on each other; PGlite has one connection, where it is simply a row lock.
 */
export async function claimJob(db: Queryable, workerId: string, lockSeconds: number): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `update jobs set status = 'running', locked_by = $1, locked_until = now() + make_interval(secs => $2), attempts = attempts + 1
      where id = (select id from jobs
                   where (status = 'queued' and run_after <= now())
                      or (status = 'running' and locked_until < now() and attempts < max_attempts)
                   order by priority, run_after, id
                   for update skip locked
                   limit 1)
      returning id, kind, payload, status, attempts, max_attempts, locked_by`,
    [workerId, lockSeconds],
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

export async function completeJob(db: Queryable, job: JobRow, result: unknown): Promise<void> {
  await db.query(
    `update jobs set status = 'done', result = $3, locked_by = null, locked_until = null, finished_at = now()
      where id = $1 and locked_by = $2`,
    [job.id, job.locked_by, JSON.stringify(result ?? null)],
  );
}

/**
 * Retries with exponential backoff (2 s, 4 s, 8 s…) until max_attempts, then marks the job failed; a failure of the
 * job's input is never retried. Returns true when given up.
 */
export async function failJob(db: Queryable, job: JobRow, error: string, { retry = true }: { retry?: boolean } = {}): Promise<boolean> {
  const giveUp = !retry || job.attempts >= job.max_attempts;
  await db.query(
    `update jobs set status = $3, last_error = $4, locked_by = null, locked_until = null,
            run_after = case when $3 = 'queued' then now() + make_interval(secs => $5) else run_after end,
            finished_at = case when $3 = 'failed' then now() else null end
      where id = $1 and locked_by = $2`,
    [job.id, job.locked_by, giveUp ? 'failed' : 'queued', error.slice(0, 2000), 2 ** job.attempts],
  );
  return giveUp;
}

/**
 * Puts a claimed job back in the queue, its attempt not counted, to run again in 1, 2, 4… minutes. False (and nothing
 * changed) when it was postponed MAX_POSTPONEMENTS times already, or is no longer this worker's.
 */
export async function postponeJob(db: Queryable, job: JobRow, reason: string): Promise<boolean> {
  const rows = await db.query(
    `update jobs set status = 'queued', attempts = attempts - 1, postponements = postponements + 1, last_error = $3,
            locked_by = null, locked_until = null, run_after = now() + make_interval(secs => 60 * power(2, postponements))
      where id = $1 and locked_by = $2 and postponements < $4 returning id`,
    [job.id, job.locked_by, reason.slice(0, 2000), MAX_POSTPONEMENTS],
  );
  return rows.length > 0;
}

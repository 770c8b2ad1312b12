import type { AppDeps } from '../http/app-env';
import { compactAdminCounts, refreshAdminStatistics } from '../features/admin';
import { EVALUATION_REDECIDE_JOB, redecidePairJob } from '../features/evaluation-queue';
import { analyzeTranscriptJob, deleteExpiredVisitorTranscripts, TRANSCRIPT_ANALYZE_JOB } from '../features/transcripts';
import { deleteOrphanedFiles } from '../storage/orphaned-files';
import { runDueJobs, type JobHandlers, type PeriodicTask } from './job-runner';

/** Every kind of background job the product runs. */
export const JOB_HANDLERS: JobHandlers = {
  [TRANSCRIPT_ANALYZE_JOB]: analyzeTranscriptJob,
  [EVALUATION_REDECIDE_JOB]: redecidePairJob,
};

/**
 * Housekeeping on a timer: signed-out visitors' transcripts (and files) go 24 h after analysis; stored files no row
 * names (a crash between file and row) go once they are a day old; the admin hub's change rows are folded into one
 * row per figure; on the embedded database, the admin tables' planner statistics are refreshed when their size has
 * moved (PGlite has no autovacuum).
 */
export const PERIODIC_TASKS: PeriodicTask[] = [
  { everyMs: 10 * 60 * 1000, run: (deps) => deleteExpiredVisitorTranscripts(deps).then(() => undefined) },
  { everyMs: 5 * 60 * 1000, run: (deps) => compactAdminCounts(deps.db) },
  { everyMs: 10 * 60 * 1000, run: (deps) => refreshAdminStatistics(deps.db).then(() => undefined) },
  { everyMs: 60 * 60 * 1000, run: (deps) => deleteOrphanedFiles(deps).then(() => undefined) },
];

/** For API tests: run queued jobs synchronously. */
export function runPendingJobs(deps: AppDeps): Promise<number> {
  return runDueJobs(deps, JOB_HANDLERS);
}

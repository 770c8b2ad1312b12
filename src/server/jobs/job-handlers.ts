import type { AppDeps } from '../http/app-env';
import { compactAdminCounts, refreshAdminStatistics } from '../features/admin';
import {
  EVALUATION_NOTIFY_JOB,
  EVALUATION_RANK_JOB,
  EVALUATION_REDECIDE_JOB,
  notifyPairJob,
  rankEvaluationQueue,
  rankQueueJob,
  redecidePairJob,
  requestQueueRanking,
} from '../features/evaluation-queue';
import { RULE_HEALTH_CHECK_JOB, RULE_HEALTH_REDECIDE_JOB, ruleHealthCheckJob, ruleHealthRedecideJob, scheduleNightlyRuleHealthCheck } from '../features/rule-health';
import { analyzeTranscriptJob, decideOlderReportsAgain, deleteExpiredVisitorTranscripts, discardUnansweredNonTranscripts, TRANSCRIPT_ANALYZE_JOB } from '../features/transcripts';
import { deleteOrphanedFiles } from '../storage/orphaned-files';
import { runDueJobs, type JobHandlers, type PeriodicTask } from './job-runner';

/** Every kind of background job the product runs. */
export const JOB_HANDLERS: JobHandlers = {
  // A report's undecided rows are demand in the evaluation queue: an analysis asks for the pairs to be ranked again.
  [TRANSCRIPT_ANALYZE_JOB]: {
    ...analyzeTranscriptJob,
    async run(job, deps) {
      const result = await analyzeTranscriptJob.run(job, deps);
      await requestQueueRanking(deps.db);
      return result;
    },
  },
  [EVALUATION_REDECIDE_JOB]: redecidePairJob,
  [EVALUATION_NOTIFY_JOB]: notifyPairJob,
  [EVALUATION_RANK_JOB]: rankQueueJob,
  [RULE_HEALTH_CHECK_JOB]: ruleHealthCheckJob,
  [RULE_HEALTH_REDECIDE_JOB]: ruleHealthRedecideJob,
};

/**
 * Housekeeping on a timer: signed-out visitors' transcripts (and files) go 24 h after analysis; a student's file the
 * reader found no courses in goes a week after they were asked whether it is a transcript, unanswered; stored files no row
 * names (a crash between file and row) go once they are a day old; the admin hub's change rows are folded into one
 * row per figure; on the embedded database, the admin tables' planner statistics are refreshed when their size has
 * moved (PGlite has no autovacuum); the evaluation queue is ranked again; rule health's next nightly check is queued;
 * reports stored before verdict classes get theirs.
 */
export const PERIODIC_TASKS: PeriodicTask[] = [
  { everyMs: 10 * 60 * 1000, run: (deps) => deleteExpiredVisitorTranscripts(deps).then(() => undefined) },
  { everyMs: 60 * 60 * 1000, run: (deps) => discardUnansweredNonTranscripts(deps).then(() => undefined) },
  { everyMs: 5 * 60 * 1000, run: (deps) => compactAdminCounts(deps.db) },
  { everyMs: 10 * 60 * 1000, run: (deps) => refreshAdminStatistics(deps.db).then(() => undefined) },
  { everyMs: 60 * 60 * 1000, run: (deps) => deleteOrphanedFiles(deps).then(() => undefined) },
  // New appeals, expired and deleted reports move the evaluation queue's order without an event of their own.
  { everyMs: 60 * 1000, run: (deps) => rankEvaluationQueue(deps.db).then(() => undefined) },
  // Rule health's nightly check (jobs table): one always waits for the coming night.
  { everyMs: 60 * 60 * 1000, run: (deps) => scheduleNightlyRuleHealthCheck(deps.db) },
  // Reports decided before verdict classes (migration 0110) are decided again, a few hundred a minute, until none is left.
  { everyMs: 60 * 1000, run: (deps) => decideOlderReportsAgain(deps.db).then(() => undefined) },
];

/** For API tests: run queued jobs synchronously. */
export function runPendingJobs(deps: AppDeps): Promise<number> {
  return runDueJobs(deps, JOB_HANDLERS);
}

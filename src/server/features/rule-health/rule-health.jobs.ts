/** Rule health's background work: the check (nightly, or when asked for), and reports decided again after a fix. */
import type { JobHandler } from '../../jobs/job-runner';
import { redecideReports } from '../transcripts';
import { checkRuleHealth } from './rule-health.service';

/** The next night's check is queued by the hourly task (scheduleNightlyRuleHealthCheck), once this one has finished. */
export const ruleHealthCheckJob: JobHandler = {
  run: (_job, deps) => checkRuleHealth(deps.db),
};

export const ruleHealthRedecideJob: JobHandler = {
  async run(job, deps) {
    const transcriptIds = Array.isArray(job.payload.transcriptIds) ? job.payload.transcriptIds.map(String) : [];
    return { reports: await redecideReports(deps.db, transcriptIds) };
  },
};

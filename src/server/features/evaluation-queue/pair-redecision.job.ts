/**
 * After a registrar decides a pair, off the request thread: every kept report that listed the course undecided is
 * decided again at once (the transcripts feature's re-decision, with the new rule); once the minute to undo the
 * decision has passed, open appeals on the course are resolved through the appeals feature (each student e-mailed
 * there), and every other student concerned gets one e-mail.
 */
import type { AppDeps } from '../../http/app-env';
import type { JobRow } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-runner';
import { mergeRoles } from '../../../shared/roles';
import { resolveOpenAppealsOnCourse } from '../appeals';
import { listReportsWithUndecidedCourse, redecideReports } from '../transcripts';
import { findDecider, findDecision, findStudents, saveDecisionOutcome, type DecisionRow } from './evaluation-queue.queries';
import { rankEvaluationQueue, requestQueueRanking } from './evaluation-queue.service';

interface RedecidePayload {
  decisionId: number;
  transcriptIds: string[];
}

interface NotifyPayload {
  decisionId: number;
  studentIds: string[];
  studentMessage: string | null;
  ipAddress: string;
}

const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

function readRedecidePayload(job: JobRow): RedecidePayload {
  return { decisionId: Number(job.payload.decisionId), transcriptIds: strings(job.payload.transcriptIds) };
}

function readNotifyPayload(job: JobRow): NotifyPayload {
  const payload = job.payload;
  return {
    decisionId: Number(payload.decisionId),
    studentIds: strings(payload.studentIds),
    studentMessage: typeof payload.studentMessage === 'string' ? payload.studentMessage : null,
    ipAddress: typeof payload.ipAddress === 'string' ? payload.ipAddress : '',
  };
}

/** What the student reads: the decision in plain words, the registrar's message, where to see the new answer. */
export function decisionMessage(decision: DecisionRow, studentMessage: string | null): string {
  const course = `${decision.subject} ${decision.number}`;
  const what = decision.action === 'no-transfer' ? `${course} does not transfer${decision.reason ? `: ${decision.reason}` : '.'}` : `${course} now transfers as ${decision.target ?? 'a course the office named'}.`;
  return studentMessage ? `${what} ${studentMessage}` : what;
}

function studentMail(appUrl: string, student: { email: string; name: string | null }, decision: DecisionRow, message: string) {
  const course = `${decision.subject} ${decision.number}`;
  return {
    to: student.email,
    subject: `The transfer office decided ${course} on your transcript`,
    text: [
      `Hello ${student.name || 'there'},`,
      '',
      `A course on your transcript report was waiting for the transfer office. It has now been decided: ${message}`,
      '',
      `Your report shows the new answer: ${appUrl.replace(/\/$/, '')}/student`,
    ].join('\n'),
    category: 'general' as const,
  };
}

/**
 * The reports a decision (or its undo) changes, decided again with the rules as they are now: at once, so the registrar
 * sees the report change while the decision can still be undone, and sees it change back after an undo.
 */
async function redecidePair(deps: AppDeps, payload: RedecidePayload, undo: boolean): Promise<Record<string, unknown>> {
  const listed = new Set(payload.transcriptIds);
  // A report analysed while the decision was being made may list the course undecided still.
  const decision = undo ? null : await findDecision(deps.db, payload.decisionId);
  if (decision && !decision.undone_at) {
    const pair = { fromInstitutionId: decision.from_institution_id, toInstitutionId: decision.to_institution_id, codeKey: decision.code_key };
    for (const report of await listReportsWithUndecidedCourse(deps.db, pair)) listed.add(report.transcript_id);
  }
  const reports = await redecideReports(deps.db, [...listed]);
  await requestQueueRanking(deps.db);
  return { reports };
}

/**
 * Once the minute to undo a decision has passed: open appeals on the course are resolved through the appeals feature
 * (each student e-mailed there), and every other student whose report listed the course gets one e-mail. Nothing
 * happens for a decision that was undone.
 */
async function notifyPair(deps: AppDeps, payload: NotifyPayload): Promise<Record<string, unknown>> {
  const { db } = deps;
  const decision = await findDecision(db, payload.decisionId);
  if (!decision || decision.undone_at || decision.rule_id === null || !decision.decided_by) return { skipped: decision?.undone_at ? 'undone' : true };
  const pair = { fromInstitutionId: decision.from_institution_id, toInstitutionId: decision.to_institution_id, codeKey: decision.code_key };
  const decider = await findDecider(db, decision.decided_by);
  if (!decider) return { skipped: 'the registrar who decided is gone' };

  const message = decisionMessage(decision, payload.studentMessage);
  const resolved = await resolveOpenAppealsOnCourse(
    { db, mailer: deps.mailer, appUrl: deps.config.appUrl },
    {
      pair,
      decision: decision.action === 'no-transfer' ? 'denied' : 'approved',
      ruleId: decision.rule_id,
      studentMessage: message,
      actor: { id: decider.id, email: decider.email, name: decider.name, roles: mergeRoles(undefined, decider.role), twoFactorEnabled: true },
      ipAddress: payload.ipAddress,
    },
  );
  // One e-mail each: a student whose appeal was resolved has had the appeal's e-mail.
  const toldByAppeal = new Set(resolved.map((appeal) => appeal.userId));
  let mailed = 0;
  for (const student of await findStudents(db, payload.studentIds)) {
    if (toldByAppeal.has(student.id)) continue;
    await deps.mailer.send(studentMail(deps.config.appUrl, student, decision, message));
    mailed++;
  }
  const outcome = { appealsResolved: resolved.length, studentsMailed: mailed + toldByAppeal.size };
  await saveDecisionOutcome(db, decision.id, outcome);
  return outcome;
}

export const redecidePairJob: JobHandler = {
  run: async (job, deps) => {
    const payload = readRedecidePayload(job);
    const undo = job.payload.undo === true;
    const outcome = await redecidePair(deps, payload, undo);
    if (!undo) await saveDecisionOutcome(deps.db, payload.decisionId, outcome);
    return outcome;
  },
};

export const notifyPairJob: JobHandler = {
  run: (job, deps) => notifyPair(deps, readNotifyPayload(job)),
};

export const rankQueueJob: JobHandler = {
  run: (_job, deps) => rankEvaluationQueue(deps.db),
};

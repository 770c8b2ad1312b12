/**
 * After a registrar decides a pair: every kept report that listed the course undecided is decided again (the
 * transcripts feature's re-decision, with the new rule), open appeals on the course are resolved through the appeals
 * feature (each student e-mailed there), and every other student concerned gets one e-mail. Off the request thread.
 */
import type { AppDeps } from '../../http/app-env';
import type { JobRow } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-runner';
import { mergeRoles } from '../../../shared/roles';
import { resolveOpenAppealsOnCourse } from '../appeals';
import { listReportsWithUndecidedCourse, redecideReports, type ReportWithUndecidedCourse } from '../transcripts';
import { findDecider, findDecision, saveDecisionOutcome, type DecisionRow } from './evaluation-queue.queries';
import { rankEvaluationQueue, requestQueueRanking } from './evaluation-queue.service';

interface Payload {
  decisionId: number;
  transcriptIds: string[];
  studentMessage: string | null;
  ipAddress: string;
}

function readPayload(job: JobRow): Payload {
  const payload = job.payload;
  return {
    decisionId: Number(payload.decisionId),
    transcriptIds: Array.isArray(payload.transcriptIds) ? payload.transcriptIds.map(String) : [],
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

async function redecidePair(deps: AppDeps, payload: Payload): Promise<Record<string, unknown>> {
  const { db } = deps;
  const decision = await findDecision(db, payload.decisionId);
  if (!decision || decision.rule_id === null || !decision.decided_by) return { skipped: true };
  const pair = { fromInstitutionId: decision.from_institution_id, toInstitutionId: decision.to_institution_id, codeKey: decision.code_key };
  const decider = await findDecider(db, decision.decided_by);
  if (!decider) return { skipped: 'the registrar who decided is gone' };

  // The students of the reports listed when the decision was made, and any report that still lists the course.
  const still = await listReportsWithUndecidedCourse(db, pair);
  const listed = new Set([...payload.transcriptIds, ...still.map((report) => report.transcript_id)]);
  const students = new Map<string, ReportWithUndecidedCourse>(still.filter((report) => report.user_id).map((report) => [report.user_id!, report]));
  const reports = await redecideReports(db, [...listed]);

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
  for (const [userId, student] of students) {
    if (toldByAppeal.has(userId) || !student.email) continue;
    await deps.mailer.send(studentMail(deps.config.appUrl, { email: student.email, name: student.name }, decision, message));
    mailed++;
  }
  const outcome = { reports, appealsResolved: resolved.length, studentsMailed: mailed + toldByAppeal.size };
  await saveDecisionOutcome(db, decision.id, outcome);
  await requestQueueRanking(db);
  return outcome;
}

export const redecidePairJob: JobHandler = {
  run: (job, deps) => redecidePair(deps, readPayload(job)),
};

export const rankQueueJob: JobHandler = {
  run: (_job, deps) => rankEvaluationQueue(deps.db),
};

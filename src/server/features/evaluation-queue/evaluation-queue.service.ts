/**
 * The registrar's evaluation queue (issue 25, docs/decisions/080-evaluation-queue.md): courses no rule decides, ranked
 * by demand, each with the suggestion owner's best three; a decision writes one rule (origin admin) and hands the rest
 * (re-deciding reports, resolving appeals, telling students) to a background job.
 */
import {
  EVALUATION_QUEUE_PAGE_SIZE,
  type EvaluationDecision,
  type EvaluationDecisionResult,
  type EvaluationQueuePage,
  type EvaluationUndoResult,
  type QueuePair,
} from '../../../shared/schemas/evaluation-queue';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import { conflict, notFound } from '../../domain-errors';
import type { SignedInUser } from '../../http/app-env';
import { cancelQueuedJob, enqueueJob } from '../../jobs/job-queue';
import { countOpenAppealsOnCourse } from '../appeals';
import { codeKey, readCatalogueVersion } from '../catalogue';
import { deleteRegistrarRule, isGoodForRegistrars, writeRegistrarRule } from '../equivalencies';
import { listReportsWithUndecidedCourse, redecideReports } from '../transcripts';
import {
  catalogueVersionChecked,
  countPairsNow,
  countSuggestionsAccepted,
  findDecidedReportIds,
  findUndecidedPair,
  listReportsPerhapsDecidedNow,
  markCatalogueVersionChecked,
  markDecisionUndone,
  setDecisionJobs,
  forgetUnrankedSuggestions,
  insertDecision,
  listRankedPairs,
  pairKeyText,
  queueRankedAt,
  rankedAfter,
  rankingJobQueued,
  rankQueuePairs,
  removeRankedPair,
  type PairKey,
  type QueuePairRow,
} from './evaluation-queue.queries';
import { pairSuggestions, type StoredSuggestion } from './pair-suggestions';

export const EVALUATION_REDECIDE_JOB = 'evaluation.redecide';
export const EVALUATION_NOTIFY_JOB = 'evaluation.notify';
export const EVALUATION_RANK_JOB = 'evaluation.rank';

/**
 * How long a registrar may take a decision back (issue 38). The reports change at once (and change back on undo); the
 * appeals it resolves and the e-mails to students, which cannot be taken back, wait for the minute to pass, plus a few
 * seconds so that an undo at the last moment is never overtaken by them.
 */
export const UNDO_SECONDS = 60;
const NOTIFY_MARGIN_SECONDS = 5;

/**
 * Asks for the pairs to be ranked again in the background (after an analysis, a decision, a dismissal); one waiting
 * ranking job serves every request made before it runs.
 */
export async function requestQueueRanking(db: Queryable): Promise<void> {
  if (!(await rankingJobQueued(db, EVALUATION_RANK_JOB))) await enqueueJob(db, { kind: EVALUATION_RANK_JOB, payload: {} });
}

/**
 * How many pages the ranking job gives stored suggestions (the rest are computed when their page is first shown): the
 * pages registrars open first. At ~12 ms a pair on the benchmark, 100 pairs add ~1.2 s to the job after a catalogue
 * change and nothing otherwise; every pair (20,592) would be ~4 minutes after each (docs/BENCHMARKS.md).
 */
const EAGER_PAGES = 5;

/**
 * The ranking job, and the periodic re-ranking that catches what no event announces (appeals, expiry, deletions); then
 * the first pages' suggestions, computed where missing or older than the catalogue.
 */
export async function rankEvaluationQueue(db: Database): Promise<{ pairs: number; suggestionsComputed: number; reportsRedecided: number }> {
  const reportsRedecided = await redecideReportsTheCatalogueDecides(db);
  const pairs = await rankQueuePairs(db);
  await forgetUnrankedSuggestions(db);
  const { computed } = await pairSuggestions(db, await listRankedPairs(db, { afterPlace: 0, limit: EAGER_PAGES * EVALUATION_QUEUE_PAGE_SIZE }));
  return { pairs, suggestionsComputed: computed, reportsRedecided };
}

/**
 * A pair that a rule or statewide numbering decides is not waiting for anyone (issue 38): reports analysed before the
 * rule was written, or before both schools took part in statewide numbering, still list its course undecided. After
 * each catalogue change (an import, a rule, a school's settings: search's catalogue version), the reports listing a
 * course the catalogue may now decide are decided again by the transcripts feature, so the students see the answer
 * too and the course leaves the queue; whatever the engine still cannot decide stays.
 */
async function redecideReportsTheCatalogueDecides(db: Database): Promise<number> {
  const version = await readCatalogueVersion(db);
  if ((await catalogueVersionChecked(db)) === version) return 0;
  const reports = await listReportsPerhapsDecidedNow(db);
  const redecided = reports.length > 0 ? await redecideReports(db, reports) : 0;
  await markCatalogueVersionChecked(db, version);
  return redecided;
}
function presentPair(row: QueuePairRow, suggestions: StoredSuggestion[]): QueuePair {
  return {
    key: `${row.from_id}:${row.to_id}:${row.code_key}`,
    fromInstitution: { id: row.from_id, name: row.from_name },
    toInstitution: { id: row.to_id, name: row.to_name },
    course: courseOf(row),
    students: row.students,
    openAppeals: row.open_appeals,
    oldestAt: new Date(row.oldest_at).toISOString(),
    dismissed: row.dismissed,
    // Judged when shown, not when stored: a new floor applies to answers computed before it.
    suggestions: suggestions.map((suggestion) => ({ ...suggestion, good: isGoodForRegistrars(suggestion) })),
  };
}

/**
 * One page of the queue: the pairs in the background ranking's order (ranked once, inline, on a database that was
 * never ranked), each counted now and with the suggestion owner's best three.
 */
export async function listEvaluationQueue(db: Database, query: { page: number; pair?: string }): Promise<EvaluationQueuePage> {
  if ((await queueRankedAt(db)) === null) await rankQueuePairs(db);
  const pageSize = EVALUATION_QUEUE_PAGE_SIZE;
  const lastPlace = query.page * pageSize;
  const ranked = query.pair ? [parsePairKey(query.pair)] : await listRankedPairs(db, { afterPlace: lastPlace - pageSize, limit: pageSize });
  const counted = new Map((await countPairsNow(db, ranked)).map((row) => [pairKeyText({ fromInstitutionId: row.from_id, toInstitutionId: row.to_id, codeKey: row.code_key }), row]));
  const shown = ranked.flatMap((pair) => counted.get(pairKeyText(pair)) ?? []);
  const [{ suggestions }, accepted, rankedAt, hasMore] = await Promise.all([
    pairSuggestions(db, shown.map((row) => ({ fromInstitutionId: row.from_id, toInstitutionId: row.to_id, codeKey: row.code_key, course: courseOf(row) }))),
    countSuggestionsAccepted(db),
    queueRankedAt(db),
    query.pair ? Promise.resolve(false) : rankedAfter(db, lastPlace),
  ]);
  return {
    pairs: shown.map((row, index) => presentPair(row, suggestions[index] ?? [])),
    page: query.page,
    pageSize,
    hasMore,
    rankedAt: rankedAt?.toISOString() ?? null,
    accepted: { decided: accepted.decided, acceptedAsOffered: accepted.accepted_as_offered },
  };
}

/** "4:9:eco2013" (the schema has checked its shape). */
function parsePairKey(key: string): PairKey {
  const [from, to, codeKey] = key.split(':');
  return { fromInstitutionId: Number(from), toInstitutionId: Number(to), codeKey: codeKey ?? '' };
}

const courseOf = (row: QueuePairRow) => ({ subject: row.subject, number: row.number, title: row.title, credits: row.credits === null ? null : Number(row.credits) });

const NOTHING_WAITING = 'Nothing waits on this course any more: another registrar may have decided it. Reload the queue.';

/** "ECO 2013 Principles of Macroeconomics": a course as the registrar reads it in a message. */
const courseWords = (course: { subject: string; number: string; title?: string | null }) => [course.subject, course.number, course.title].filter(Boolean).join(' ');

/**
 * A registrar decides a pair. Dismiss leaves it for later (ranked last). Otherwise, in one transaction: the rule through
 * the one rule writer (origin admin, the registrar as its author), the decision with the suggestion it took (if any),
 * and the audit entry; then, off the request thread, the reports are decided again at once, and the appeals and the
 * students' e-mails follow once the minute to undo it has passed. The answer says what was done: the rule, the reports
 * that will change, the appeals it resolves, and until when it can be undone.
 */
export async function decideEvaluationPair(
  db: Database,
  input: EvaluationDecision & { actor: SignedInUser; ipAddress: string },
): Promise<EvaluationDecisionResult> {
  const pair: PairKey = { fromInstitutionId: input.fromInstitutionId, toInstitutionId: input.toInstitutionId, codeKey: codeKey(input) };
  const course = await findUndecidedPair(db, pair);
  if (!course) throw notFound(NOTHING_WAITING);
  const audit = (tx: Queryable, details: Record<string, unknown>) =>
    recordAudit(tx, {
      actor: { id: input.actor.id, email: input.actor.email },
      action: 'evaluation_pair_decided',
      subjectType: 'course_pair',
      subjectId: `${pair.fromInstitutionId}:${pair.toInstitutionId}:${pair.codeKey}`,
      details: { course: `${course.subject} ${course.number}`, ...details },
      ipAddress: input.ipAddress,
    });

  if (input.action === 'dismiss') {
    const decisionId = await db.transaction(async (tx) => {
      const id = await insertDecision(tx, { ...pair, ...course, action: 'dismissed', ruleId: null, target: null, suggestionRank: null, suggestionsOffered: 0, reason: null, decidedBy: input.actor.id, undoSeconds: null });
      await audit(tx, { action: 'dismissed' });
      return id.id;
    });
    await requestQueueRanking(db);
    return { decisionId, ruleId: null, jobId: null, reports: 0, rule: null, appealsToResolve: 0, undoUntil: null };
  }

  // The suggestions on offer now, to record whether the registrar took one of them as offered.
  const [offered = []] = (await pairSuggestions(db, [{ ...pair, course }])).suggestions;
  const target = input.action === 'approve' ? { subject: input.target.subject.toUpperCase(), number: input.target.number.toUpperCase(), title: input.target.title || null } : null;
  const rank = target ? offered.findIndex((suggestion) => codeKey(suggestion) === codeKey(target)) : -1;
  const action = input.action === 'no-transfer' ? 'no-transfer' : rank >= 0 ? 'approved' : 'another-course';
  const reason = input.action === 'no-transfer' ? input.reason : null;
  const studentMessage = input.studentMessage || null;
  const [reports, appealsToResolve] = await Promise.all([listReportsWithUndecidedCourse(db, pair), countOpenAppealsOnCourse(db, pair)]);

  const targetCourse = target ? { ...target, title: target.title ?? offered[rank]?.title ?? null } : null;
  const { decisionId, ruleId, undoUntil, names } = await db.transaction(async (tx) => {
    const rule = await writeRegistrarRule(tx, db, {
      fromInstitutionId: pair.fromInstitutionId,
      toInstitutionId: pair.toInstitutionId,
      source: { subject: course.subject, number: course.number, title: course.title || null, credits: course.credits },
      target: targetCourse,
      notes: reason,
      actorId: input.actor.id,
    });
    const decided = await insertDecision(tx, {
      ...pair,
      ...course,
      action,
      ruleId: rule.id,
      target: targetCourse ? courseWords(targetCourse) : null,
      suggestionRank: rank >= 0 ? rank : null,
      suggestionsOffered: offered.length,
      reason,
      decidedBy: input.actor.id,
      // A rule that was stored before (rewritten now) is not the decision's to delete: no undo.
      undoSeconds: rule.created ? UNDO_SECONDS : null,
    });
    await removeRankedPair(tx, pair);
    await audit(tx, { action, ruleId: rule.id, target: target ? `${target.subject} ${target.number}` : null, suggestionRank: rank >= 0 ? rank : null, reports: reports.length });
    return { decisionId: decided.id, ruleId: rule.id, undoUntil: decided.undoUntil, names: decided.names };
  });
  const transcriptIds = reports.map((report) => report.transcript_id);
  const jobId = await enqueueJob(db, { kind: EVALUATION_REDECIDE_JOB, payload: { decisionId, transcriptIds } });
  const notifyJobId = await enqueueJob(db, {
    kind: EVALUATION_NOTIFY_JOB,
    payload: { decisionId, studentIds: [...new Set(reports.flatMap((report) => report.user_id ?? []))], studentMessage, ipAddress: input.ipAddress },
    delaySeconds: undoUntil ? UNDO_SECONDS + NOTIFY_MARGIN_SECONDS : 0,
  });
  await setDecisionJobs(db, decisionId, { jobId, notifyJobId });
  return {
    decisionId,
    ruleId,
    jobId,
    reports: reports.length,
    rule: { from: names.from, source: courseWords(course), to: names.to, target: targetCourse ? courseWords(targetCourse) : null, reason },
    appealsToResolve,
    undoUntil: undoUntil?.toISOString() ?? null,
  };
}

/**
 * Takes a decision back within its minute (issue 38): its rule is removed, the appeals and e-mails that were waiting
 * for the minute are called off, and the reports it changed are decided again without the rule, in the background;
 * the pair is back in the queue with the next ranking. After the minute the rule stands (fix it on Rule health).
 */
export async function undoEvaluationDecision(db: Database, input: { decisionId: number; actor: SignedInUser; ipAddress: string }): Promise<EvaluationUndoResult> {
  const undone = await db.transaction(async (tx) => {
    const decision = await markDecisionUndone(tx, input.decisionId, input.actor.id);
    if (!decision) return null;
    if (decision.rule_id !== null) await deleteRegistrarRule(tx, decision.rule_id);
    if (decision.notify_job_id !== null) await cancelQueuedJob(tx, decision.notify_job_id);
    await recordAudit(tx, {
      actor: { id: input.actor.id, email: input.actor.email },
      action: 'evaluation_decision_undone',
      subjectType: 'course_pair',
      subjectId: `${decision.from_institution_id}:${decision.to_institution_id}:${decision.code_key}`,
      details: { decisionId: input.decisionId, course: `${decision.subject} ${decision.number}`, ruleId: decision.rule_id },
      ipAddress: input.ipAddress,
    });
    return decision;
  });
  if (!undone) throw conflict('This decision can no longer be undone: the minute to undo it has passed, or it was undone already. Change its rule on Rule health.');
  const transcriptIds = await findDecidedReportIds(db, undone);
  const jobId = transcriptIds.length > 0 ? await enqueueJob(db, { kind: EVALUATION_REDECIDE_JOB, payload: { decisionId: input.decisionId, transcriptIds, undo: true } }) : null;
  await requestQueueRanking(db);
  return { decisionId: input.decisionId, reports: transcriptIds.length, jobId };
}

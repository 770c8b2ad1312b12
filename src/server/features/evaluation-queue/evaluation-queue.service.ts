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
  type QueuePair,
  type QueueSuggestion,
} from '../../../shared/schemas/evaluation-queue';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import { notFound } from '../../domain-errors';
import type { SignedInUser } from '../../http/app-env';
import { enqueueJob } from '../../jobs/job-queue';
import { codeKey, writeRegistrarRule } from '../equivalencies';
import { listReportsWithUndecidedCourse } from '../transcripts';
import {
  countPairsNow,
  countSuggestionsAccepted,
  findUndecidedPair,
  forgetUnrankedSuggestions,
  insertDecision,
  listRankedPairs,
  pairKeyText,
  queueRankedAt,
  rankedAfter,
  rankingJobQueued,
  rankQueuePairs,
  removeRankedPair,
  setDecisionJob,
  type PairKey,
  type QueuePairRow,
} from './evaluation-queue.queries';
import { pairSuggestions } from './pair-suggestions';

export const EVALUATION_REDECIDE_JOB = 'evaluation.redecide';
export const EVALUATION_RANK_JOB = 'evaluation.rank';

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
export async function rankEvaluationQueue(db: Database): Promise<{ pairs: number; suggestionsComputed: number }> {
  const pairs = await rankQueuePairs(db);
  await forgetUnrankedSuggestions(db);
  const { computed } = await pairSuggestions(db, await listRankedPairs(db, { afterPlace: 0, limit: EAGER_PAGES * EVALUATION_QUEUE_PAGE_SIZE }));
  return { pairs, suggestionsComputed: computed };
}
function presentPair(row: QueuePairRow, suggestions: QueueSuggestion[]): QueuePair {
  return {
    key: `${row.from_id}:${row.to_id}:${row.code_key}`,
    fromInstitution: { id: row.from_id, name: row.from_name },
    toInstitution: { id: row.to_id, name: row.to_name },
    course: courseOf(row),
    students: row.students,
    openAppeals: row.open_appeals,
    oldestAt: new Date(row.oldest_at).toISOString(),
    dismissed: row.dismissed,
    suggestions,
  };
}

/**
 * One page of the queue: the pairs in the background ranking's order (ranked once, inline, on a database that was
 * never ranked), each counted now and with the suggestion owner's best three.
 */
export async function listEvaluationQueue(db: Database, query: { page: number }): Promise<EvaluationQueuePage> {
  if ((await queueRankedAt(db)) === null) await rankQueuePairs(db);
  const pageSize = EVALUATION_QUEUE_PAGE_SIZE;
  const lastPlace = query.page * pageSize;
  const ranked = await listRankedPairs(db, { afterPlace: lastPlace - pageSize, limit: pageSize });
  const counted = new Map((await countPairsNow(db, ranked)).map((row) => [pairKeyText({ fromInstitutionId: row.from_id, toInstitutionId: row.to_id, codeKey: row.code_key }), row]));
  const shown = ranked.flatMap((pair) => counted.get(pairKeyText(pair)) ?? []);
  const [{ suggestions }, accepted, rankedAt, hasMore] = await Promise.all([
    pairSuggestions(db, shown.map((row) => ({ fromInstitutionId: row.from_id, toInstitutionId: row.to_id, codeKey: row.code_key, course: courseOf(row) }))),
    countSuggestionsAccepted(db),
    queueRankedAt(db),
    rankedAfter(db, lastPlace),
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

/** A pair's course (its credits are numbers: the queue's SQL casts them to float8). */
const courseOf = (row: QueuePairRow) => ({ subject: row.subject, number: row.number, title: row.title, credits: row.credits });

const NOTHING_WAITING = 'Nothing waits on this course any more: another registrar may have decided it. Reload the queue.';

/**
 * A registrar decides a pair. Dismiss leaves it for later (ranked last). Otherwise, in one transaction: the rule through
 * the one rule writer (origin admin, the registrar as its author), the decision with the suggestion it took (if any),
 * and the audit entry; then the re-decision job is queued (off the request thread).
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
      const id = await insertDecision(tx, { ...pair, ...course, action: 'dismissed', ruleId: null, target: null, suggestionRank: null, suggestionsOffered: 0, reason: null, decidedBy: input.actor.id });
      await audit(tx, { action: 'dismissed' });
      return id;
    });
    await requestQueueRanking(db);
    return { decisionId, ruleId: null, jobId: null, reports: 0 };
  }

  // The suggestions on offer now, to record whether the registrar took one of them as offered.
  const [offered = []] = (await pairSuggestions(db, [{ ...pair, course }])).suggestions;
  const target = input.action === 'approve' ? { subject: input.target.subject.toUpperCase(), number: input.target.number.toUpperCase(), title: input.target.title || null } : null;
  const rank = target ? offered.findIndex((suggestion) => codeKey(suggestion) === codeKey(target)) : -1;
  const action = input.action === 'no-transfer' ? 'no-transfer' : rank >= 0 ? 'approved' : 'another-course';
  const reason = input.action === 'no-transfer' ? input.reason : null;
  const studentMessage = input.studentMessage || null;
  const reports = await listReportsWithUndecidedCourse(db, pair);

  const targetCourse = target ? { ...target, title: target.title ?? offered[rank]?.title ?? null } : null;
  const { decisionId, ruleId } = await db.transaction(async (tx) => {
    const ruleId = await writeRegistrarRule(tx, db, {
      fromInstitutionId: pair.fromInstitutionId,
      toInstitutionId: pair.toInstitutionId,
      source: { subject: course.subject, number: course.number, title: course.title || null, credits: course.credits },
      target: targetCourse,
      notes: reason,
      actorId: input.actor.id,
    });
    const decisionId = await insertDecision(tx, {
      ...pair,
      ...course,
      action,
      ruleId,
      target: targetCourse ? [targetCourse.subject, targetCourse.number, targetCourse.title].filter(Boolean).join(' ') : null,
      suggestionRank: rank >= 0 ? rank : null,
      suggestionsOffered: offered.length,
      reason,
      decidedBy: input.actor.id,
    });
    await removeRankedPair(tx, pair);
    await audit(tx, { action, ruleId, target: target ? `${target.subject} ${target.number}` : null, suggestionRank: rank >= 0 ? rank : null, reports: reports.length });
    return { decisionId, ruleId };
  });
  const jobId = await enqueueJob(db, {
    kind: EVALUATION_REDECIDE_JOB,
    payload: { decisionId, transcriptIds: reports.map((report) => report.transcript_id), studentMessage, ipAddress: input.ipAddress },
  });
  await setDecisionJob(db, decisionId, jobId);
  return { decisionId, ruleId, jobId, reports: reports.length };
}

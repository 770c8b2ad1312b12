/**
 * The registrar's evaluation queue: courses no rule decides, ranked by demand with the suggestion owner's best three,
 * and the decision that writes a rule and re-decides the reports and appeals it touches (in the background).
 */
export { registerEvaluationQueueRoutes } from './evaluation-queue.routes';
export { EVALUATION_NOTIFY_JOB, EVALUATION_RANK_JOB, EVALUATION_REDECIDE_JOB, rankEvaluationQueue, requestQueueRanking } from './evaluation-queue.service';
export { notifyPairJob, rankQueueJob, redecidePairJob } from './pair-redecision.job';
export { listMostAskedPairs } from './evaluation-queue.queries';

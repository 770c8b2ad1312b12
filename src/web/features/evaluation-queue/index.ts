/** The registrar's evaluation queue: its data and the decision form for one pair (sending school's course, destination). */
export { evaluationQueueQueries, useDecidePair, useMarkUnreadableRead } from './evaluation-queue-queries';
export { PairDecisionForm } from './pair-decision-form';
export { UnreadableTranscripts } from './unreadable-transcripts';

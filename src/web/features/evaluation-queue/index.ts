/** The registrar's evaluation queue: its data, the decision form for one pair (sending school's course, destination) and what a decision did, with its undo. */
export { DecisionNotice, decisionSummary } from './decision-notice';
export { evaluationQueueQueries, useDecidePair, useMarkUnreadableRead, useUndoDecision } from './evaluation-queue-queries';
export { PairDecisionForm } from './pair-decision-form';
export { UnreadableTranscripts } from './unreadable-transcripts';

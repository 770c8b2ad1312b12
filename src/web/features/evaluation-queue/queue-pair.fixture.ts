import type { QueuePair } from '@shared/schemas/evaluation-queue';

/**
 * A queue pair and a decision's answer as the server sends them, for the evaluation queue's component tests: Valencia's
 * ECO 2013 to Miami, one good suggestion (ECO 211) and one weak one.
 */
const evidence = {
  statewideNumber: null,
  sameCode: false,
  peerSchools: 3,
  transfersElsewhereAs: 'Principles of Macroeconomics',
  titleSimilarity: 0.92,
  descriptionSimilarity: null,
  credits: { yours: 3, candidate: 3 },
  level: { yours: 2, candidate: 2 },
};

export const samplePair: QueuePair = {
  key: '4:9:eco2013',
  fromInstitution: { id: 4, name: 'Valencia College' },
  toInstitution: { id: 9, name: 'University of Miami' },
  course: { subject: 'ECO', number: '2013', title: 'Principles of Macroeconomics', credits: 3 },
  students: 2,
  openAppeals: 1,
  oldestAt: '2026-11-20T10:00:00Z',
  dismissed: false,
  suggestions: [
    { subject: 'ECO', number: '211', title: 'Principles of Macroeconomics', confidence: 0.96, good: true, why: ['3 other schools transfer it as ECO 211'], evidence },
    { subject: 'ECO', number: '212', title: 'Principles of Microeconomics', confidence: 0.21, good: false, why: [], evidence: { ...evidence, peerSchools: 0, titleSimilarity: 0.6 } },
  ],
};

export const sampleIdentity = { fromInstitutionId: 4, toInstitutionId: 9, subject: 'ECO', number: '2013' };
export const DECISIONS_ROUTE = 'POST /api/admin/evaluation-queue/decisions';
export const sampleDecision = {
  body: {
    decisionId: 1,
    ruleId: 77,
    jobId: 5,
    reports: 2,
    rule: { from: 'Valencia College', source: 'ECO 2013 Principles of Macroeconomics', to: 'University of Miami', target: 'ECO 211 Principles of Macroeconomics', reason: null },
    appealsToResolve: 1,
    undoUntil: '2999-01-01T00:00:00Z',
  },
};

// @vitest-environment jsdom
import type { EvaluationQueuePage, QueuePair } from '@shared/schemas/evaluation-queue';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp } from '../../../../tests/support/web-render';
import AdminEvaluationQueuePage from './admin-evaluation-queue-page';

const emptyPage = (page: number, hasMore: boolean): EvaluationQueuePage => ({
  pairs: [],
  page,
  pageSize: 20,
  hasMore,
  rankedAt: null,
  accepted: { decided: 0, acceptedAsOffered: 0 },
});

describe('an evaluation-queue page with no pairs', () => {
  it('says the queue is empty only when no page has courses left', async () => {
    fakeApi({ 'GET /api/admin/evaluation-queue': { body: emptyPage(1, false) } });
    renderWithApp(<AdminEvaluationQueuePage />, { url: '/admin/evaluation-queue' });
    expect(await screen.findByText(/Nothing waits for review/)).toBeInTheDocument();
  });

  it('says this page is done and others wait when its pairs were all just decided', async () => {
    fakeApi({ 'GET /api/admin/evaluation-queue': { body: emptyPage(2, true) } });
    renderWithApp(<AdminEvaluationQueuePage />, { url: '/admin/evaluation-queue?page=2' });
    expect(await screen.findByText('Every course on this page is decided. More courses wait on the other pages.')).toBeInTheDocument();
    expect(screen.queryByText(/Nothing waits for review/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });
});

describe('deciding a pair', () => {
  const pair: QueuePair = {
    key: '4:9:eco2013',
    fromInstitution: { id: 4, name: 'Valencia College' },
    toInstitution: { id: 9, name: 'University of Miami' },
    course: { subject: 'ECO', number: '2013', title: 'Principles of Macroeconomics', credits: 3 },
    students: 2,
    openAppeals: 1,
    oldestAt: '2026-11-20T10:00:00Z',
    dismissed: false,
    suggestions: [
      {
        subject: 'ECO',
        number: '211',
        title: 'Principles of Macroeconomics',
        confidence: 0.96,
        good: true,
        why: ['3 other schools transfer it as ECO 211'],
        evidence: { statewideNumber: null, sameCode: false, peerSchools: 3, transfersElsewhereAs: null, titleSimilarity: 0.92, descriptionSimilarity: null, credits: { yours: 3, candidate: 3 }, level: { yours: 2, candidate: 2 } },
      },
    ],
  };

  it('keeps what was decided in view with its Undo, though the decided pair leaves the refetched queue', async () => {
    let decided = false;
    fakeApi({
      'GET /api/admin/evaluation-queue': () => ({ body: { ...emptyPage(1, false), pairs: decided ? [] : [pair] } }),
      'POST /api/admin/evaluation-queue/decisions': () => {
        decided = true;
        return {
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
      },
    });
    renderWithApp(<AdminEvaluationQueuePage />, { url: '/admin/evaluation-queue' });
    fireEvent.click(await screen.findByRole('button', { name: /^Approve ECO 211/ }));
    const notice = await screen.findByRole('status', { name: 'Decisions' });
    expect(notice).toHaveTextContent(/^Rule written: ECO 2013 Principles of Macroeconomics from Valencia College transfers to University of Miami as ECO 211/);
    expect(await screen.findByText(/Nothing waits for review/)).toBeInTheDocument();
  });
});

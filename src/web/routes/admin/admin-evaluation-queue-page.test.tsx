// @vitest-environment jsdom
import type { EvaluationQueuePage } from '@shared/schemas/evaluation-queue';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp } from '../../../../tests/support/web-render';
import { DECISIONS_ROUTE, sampleDecision, samplePair } from '../../features/evaluation-queue/queue-pair.fixture';
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
  it('keeps what was decided in view with its Undo, though the decided pair leaves the refetched queue', async () => {
    let decided = false;
    fakeApi({
      'GET /api/admin/evaluation-queue': () => ({ body: { ...emptyPage(1, false), pairs: decided ? [] : [samplePair] } }),
      [DECISIONS_ROUTE]: () => {
        decided = true;
        return sampleDecision;
      },
    });
    renderWithApp(<AdminEvaluationQueuePage />, { url: '/admin/evaluation-queue' });
    fireEvent.click(await screen.findByRole('button', { name: /^Approve ECO 211/ }));
    const notice = await screen.findByRole('status', { name: 'Decisions' });
    expect(notice).toHaveTextContent(/^Rule written: ECO 2013 Principles of Macroeconomics from Valencia College transfers to University of Miami as ECO 211/);
    expect(await screen.findByText(/Nothing waits for review/)).toBeInTheDocument();
  });
});

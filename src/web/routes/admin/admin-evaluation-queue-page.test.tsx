// @vitest-environment jsdom
import type { EvaluationQueuePage } from '@shared/schemas/evaluation-queue';
import { screen } from '@testing-library/react';
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

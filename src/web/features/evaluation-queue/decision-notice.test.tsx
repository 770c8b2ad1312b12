// @vitest-environment jsdom
import type { EvaluationDecisionResult, QueuePair } from '@shared/schemas/evaluation-queue';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp } from '../../../../tests/support/web-render';
import { DecisionNotice } from './decision-notice';
import { samplePair } from './queue-pair.fixture';

const pair: QueuePair = { ...samplePair, openAppeals: 0, suggestions: [] };

const result = (undoUntil: string | null): EvaluationDecisionResult => ({
  decisionId: 12,
  ruleId: 77,
  jobId: 5,
  reports: 1,
  rule: { from: 'Valencia College', source: 'ECO 2013 Principles of Macroeconomics', to: 'University of Miami', target: null, reason: 'Miami has no such course.' },
  appealsToResolve: 0,
  undoUntil,
});

describe('DecisionNotice', () => {
  it('says what the decision did and undoes it while its minute lasts', async () => {
    const api = fakeApi({ 'POST /api/admin/evaluation-queue/decisions/12/undo': { body: { decisionId: 12, reports: 1, jobId: 9 } } });
    renderWithApp(<DecisionNotice pair={pair} result={result(new Date(Date.now() + 45_000).toISOString())} />);
    expect(
      screen.getByText('Rule written: ECO 2013 Principles of Macroeconomics from Valencia College does not transfer to University of Miami (“Miami has no such course.”). 1 report changes. Students are told once the minute to undo it has passed.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo the decision on ECO 2013' }));
    await waitFor(() => expect(api.to('POST /api/admin/evaluation-queue/decisions/12/undo')).toHaveLength(1));
    expect(await screen.findByText(/Undone: the rule for ECO 2013 from Valencia College is removed and 1 report is decided again without it\./)).toBeTruthy();
  });

  it('offers no undo once the minute has passed, or for a decision that cannot be undone', () => {
    const { unmount } = renderWithApp(<DecisionNotice pair={pair} result={result(new Date(Date.now() - 1_000).toISOString())} />);
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    unmount();
    renderWithApp(<DecisionNotice pair={pair} result={result(null)} />);
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    expect(screen.getByText(/Students are told now\./)).toBeTruthy();
  });
});

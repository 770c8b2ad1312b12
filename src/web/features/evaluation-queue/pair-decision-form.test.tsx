// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithApp } from '../../../../tests/support/web-render';
import { PairDecisionForm } from './pair-decision-form';
import { DECISIONS_ROUTE as DECISIONS, sampleDecision as decided, sampleIdentity as identity, samplePair as pair } from './queue-pair.fixture';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PairDecisionForm', () => {
  it('shows each suggestion labelled as a suggestion with its confidence and evidence, and approves the one chosen', async () => {
    const api = fakeApi({ [DECISIONS]: decided });
    const onDecided = vi.fn();
    renderWithApp(<PairDecisionForm pair={pair} onDecided={onDecided} />);
    expect(screen.getByText('Suggestions (not rules yet)')).toBeTruthy();
    expect(screen.getByText('Suggestion 1')).toBeTruthy();
    expect(screen.getByText('Confidence 96%')).toBeTruthy();
    // The weak candidate is folded away under its own heading.
    expect(screen.getByText('More candidates, low confidence (1)')).toBeTruthy();
    expect(screen.queryByText('No good suggestion.')).toBeNull();
    expect(screen.getByText('3 other schools transfer it as ECO 211')).toBeTruthy();
    type('Message to the students (optional, e-mailed with the decision)', ' Approved by the economics department. ');
    fireEvent.click(screen.getByRole('button', { name: 'Approve ECO 211' }));
    await waitFor(() => expect(api.to(DECISIONS)).toHaveLength(1));
    expect(api.to(DECISIONS)[0]?.body).toEqual({
      ...identity,
      action: 'approve',
      target: { subject: 'ECO', number: '211', title: 'Principles of Macroeconomics' },
      studentMessage: 'Approved by the economics department.',
    });
    const summary =
      'Rule written: ECO 2013 Principles of Macroeconomics from Valencia College transfers to University of Miami as ECO 211 Principles of Macroeconomics. 2 reports change; it resolves 1 open appeal. Students are told once the minute to undo it has passed.';
    expect(await screen.findByText(summary)).toBeTruthy();
    expect(onDecided).toHaveBeenCalledWith(decided.body);
  });

  it('says "no good suggestion" when every candidate is under the floor, and keeps them folded', () => {
    renderWithApp(<PairDecisionForm pair={{ ...pair, suggestions: pair.suggestions.map((suggestion) => ({ ...suggestion, good: false })) }} />);
    expect(screen.getByText('No good suggestion.')).toBeTruthy();
    const folded = screen.getByText('Candidates, low confidence (2)').closest('details')!;
    expect(folded.open).toBe(false);
    expect(folded.textContent).toContain('ECO 211');
  });

  it('approves another course the clerk types, and says in plain words what is missing first', async () => {
    const api = fakeApi({ [DECISIONS]: decided });
    renderWithApp(<PairDecisionForm pair={pair} />);
    type('Number', '215');
    fireEvent.click(screen.getByRole('button', { name: 'Approve another course' }));
    expect(await screen.findByText("Enter the destination course's subject, such as ENG")).toBeTruthy();
    expect(api.to(DECISIONS)).toHaveLength(0);
    type('Subject', 'eco');
    fireEvent.click(screen.getByRole('button', { name: 'Approve another course' }));
    await waitFor(() => expect(api.to(DECISIONS)).toHaveLength(1));
    expect(api.to(DECISIONS)[0]?.body).toEqual({ ...identity, action: 'approve', target: { subject: 'eco', number: '215' } });
  });

  it('"Does not transfer" needs the reason the students will read; "Leave for later" dismisses', async () => {
    const api = fakeApi({ [DECISIONS]: decided });
    renderWithApp(<PairDecisionForm pair={pair} />);
    fireEvent.click(screen.getByRole('button', { name: 'Does not transfer' }));
    expect(await screen.findByText('Say why the course does not transfer: the student will read it')).toBeTruthy();
    expect(api.to(DECISIONS)).toHaveLength(0);
    type('Reason the students will read', 'Miami has no macroeconomics course at this level.');
    fireEvent.click(screen.getByRole('button', { name: 'Does not transfer' }));
    await waitFor(() => expect(api.to(DECISIONS)).toHaveLength(1));
    expect(api.to(DECISIONS)[0]?.body).toEqual({ ...identity, action: 'no-transfer', reason: 'Miami has no macroeconomics course at this level.' });
  });

  it('leaves a pair for later, and shows the server’s words when a decision is refused', async () => {
    const api = fakeApi({ [DECISIONS]: { status: 404, body: { error: 'Nothing waits on this course any more: another registrar may have decided it. Reload the queue.' } } });
    renderWithApp(<PairDecisionForm pair={pair} />);
    fireEvent.click(screen.getByRole('button', { name: 'Leave for later' }));
    await waitFor(() => expect(api.to(DECISIONS)).toHaveLength(1));
    expect(api.to(DECISIONS)[0]?.body).toEqual({ ...identity, action: 'dismiss' });
    expect(await screen.findByText(/another registrar may have decided it\. Reload the queue\./)).toBeTruthy();
  });
});

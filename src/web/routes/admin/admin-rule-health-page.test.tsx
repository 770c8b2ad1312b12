// @vitest-environment jsdom
import type { RuleHealthFinding, RuleHealthFindingsPage, RuleHealthSummary } from '@shared/schemas/rule-health';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithApp } from '../../../../tests/support/web-render';
import AdminRuleHealthPage from './admin-rule-health-page';

vi.mock('../../lib/use-media-query', () => ({ useMediaQuery: () => true }));

const summary: RuleHealthSummary = {
  checkedAt: '2026-11-28T03:00:00Z',
  checking: false,
  counts: { conflict: 1, 'missing-target': 3, 'missing-source': 0, expired: 2, 'no-start': 125503, asked: 7 },
};
const finding = (id: number, target: string): RuleHealthFinding => ({
  id,
  kind: 'conflict',
  ruleId: 100 + id,
  group: '1:2:csv:eng101',
  fromInstitution: 'Lakeside Community College',
  toInstitution: 'Hilltop State University',
  source: 'ENG 101 Composition I',
  target,
  origin: 'csv',
  terms: 'from Fall 2020 on',
  detail: '2 imported rules send this course here with different answers',
  students: null,
  fixes: [{ action: 'keep', label: 'Keep this rule, remove the others' }],
  pairKey: null,
});
const conflicts: RuleHealthFindingsPage = { kind: 'conflict', findings: [finding(1, 'ENGL 1010 Writing I'), finding(2, 'ENGL 1020 Writing II')], next: null };

describe('the rule health page', () => {
  it('shows each list with its count, the conflict rules together, and keeps one in one click', async () => {
    const api = fakeApi({
      'GET /api/admin/rule-health': { body: summary },
      'GET /api/admin/rule-health/findings': { body: conflicts },
      'POST /api/admin/rule-health/fixes': { body: { rules: 1, reports: 2 } },
    });
    renderWithApp(<AdminRuleHealthPage />, { url: '/admin/rule-health' });
    expect(await screen.findByRole('tab', { name: 'No start date 125,503' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Conflicting rules 1' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('ENGL 1010 Writing I')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/rule-health/export?kind=conflict');
    fireEvent.click(
      screen.getByRole('button', { name: 'Keep this rule, remove the others: ENG 101 Composition I from Lakeside Community College to Hilltop State University as ENGL 1010 Writing I' }),
    );
    await waitFor(() => expect(api.to('POST /api/admin/rule-health/fixes')).toHaveLength(1));
    expect(api.to('POST /api/admin/rule-health/fixes')[0]?.body).toEqual({ findingId: 1, action: 'keep' });
    expect(await screen.findByText(/Keep this rule, remove the others: done for ENG 101 .* 2 reports are decided again\./)).toBeInTheDocument();
  });

  it('asks for a check now and says it runs in the background; narrows a list by school', async () => {
    const api = fakeApi({
      'GET /api/admin/rule-health': { body: summary },
      'GET /api/admin/rule-health/findings': { body: { kind: 'expired', findings: [], next: null } },
      'POST /api/admin/rule-health/check': { status: 202, body: { queued: true } },
    });
    renderWithApp(<AdminRuleHealthPage />, { url: '/admin/rule-health?list=expired' });
    fireEvent.click(await screen.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('The check runs in the background: the counts change when it has finished.')).toBeInTheDocument();
    expect(api.to('POST /api/admin/rule-health/check')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('School'), { target: { value: 'Lakeside' } });
    await waitFor(() => expect(api.to('GET /api/admin/rule-health/findings').some((request) => request.url.includes('school=Lakeside'))).toBe(true));
    expect(await screen.findByText('Nothing in this list for a school named like “Lakeside”.')).toBeInTheDocument();
  });
});

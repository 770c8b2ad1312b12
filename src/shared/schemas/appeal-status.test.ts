import { describe, expect, it } from 'vitest';
import { appealDueDate, isAppealOverdue } from './appeal-status';

describe('appeal due date (3 business days)', () => {
  it('counts weekdays only: a Thursday appeal is due on Tuesday', () => {
    expect(appealDueDate('2026-11-19T10:00:00Z').toISOString()).toBe('2026-11-24T23:59:59.999Z');
  });
  it('a Monday appeal is due on Thursday', () => {
    expect(appealDueDate('2026-11-23T08:00:00Z').toISOString()).toBe('2026-11-26T23:59:59.999Z');
  });
  it('a weekend appeal counts from the Monday after: Saturday → Wednesday', () => {
    expect(appealDueDate('2026-11-21T12:00:00Z').toISOString()).toBe('2026-11-25T23:59:59.999Z');
  });
  it('is overdue only while open and after the due date', () => {
    const now = new Date('2026-11-25T00:00:00Z');
    expect(isAppealOverdue({ status: 'submitted', createdAt: '2026-11-19T10:00:00Z' }, now)).toBe(true);
    expect(isAppealOverdue({ status: 'in_review', createdAt: '2026-11-20T10:00:00Z' }, now)).toBe(false);
    expect(isAppealOverdue({ status: 'resolved', createdAt: '2026-11-01T10:00:00Z' }, now)).toBe(false);
  });
});

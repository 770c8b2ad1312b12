import { describe, expect, it } from 'vitest';
import { appealStatusText, appealStatusTitle } from './appeal-status';

describe('appeal status words', () => {
  it('shows underscores as spaces (spec section 4)', () => {
    expect(appealStatusText('in_review')).toBe('in review');
    expect(appealStatusText('submitted')).toBe('submitted');
  });
  it('titles statuses and decisions in sentence case for charts and filters', () => {
    expect(appealStatusTitle('in_review')).toBe('In review');
    expect(appealStatusTitle('approved')).toBe('Approved');
    expect(appealStatusTitle('resolved')).toBe('Resolved');
  });
});

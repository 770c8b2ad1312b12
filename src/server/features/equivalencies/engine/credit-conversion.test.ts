import { describe, expect, it } from 'vitest';
import { convertCredits, roundCredits } from './credit-conversion';

describe('convertCredits', () => {
  it('turns quarter credits into semester credits × 2/3', () => {
    const { credits, conversion } = convertCredits(4, 'quarter', 'semester');
    expect(credits).toBe(2.67);
    expect(conversion).toEqual({ from: 'quarter', to: 'semester', factor: 2 / 3, originalCredits: 4, convertedCredits: 2.67 });
    expect(convertCredits(5, 'quarter', 'semester').credits).toBe(3.33);
    expect(convertCredits(3, 'quarter', 'semester').credits).toBe(2);
  });
  it('turns semester credits into quarter credits × 3/2', () => {
    expect(convertCredits(3, 'semester', 'quarter').credits).toBe(4.5);
    expect(convertCredits(4, 'semester', 'quarter').conversion?.factor).toBe(1.5);
  });
  it('does nothing when calendars match', () => {
    expect(convertCredits(3, 'semester', 'semester')).toEqual({ credits: 3, conversion: null });
  });
  it('rounds to hundredths', () => {
    expect(roundCredits(1.005)).toBe(1.01);
    expect(roundCredits(2.666666)).toBe(2.67);
  });
});

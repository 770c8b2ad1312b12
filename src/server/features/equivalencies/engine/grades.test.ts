import { describe, expect, it } from 'vitest';
import { checkGrade, isValidMinimumGrade, letterRank, readGrade } from './grades';

describe('letter order', () => {
  it('orders A+ > A > A- > … > D- > F', () => {
    const order = ['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-', 'F'];
    for (let i = 1; i < order.length; i += 1) {
      expect(letterRank(order[i - 1]!)!).toBeGreaterThan(letterRank(order[i]!)!);
    }
  });
});

describe('checkGrade', () => {
  it('accepts a grade at or above the minimum', () => {
    expect(checkGrade('C', 'C')).toEqual({ outcome: 'meets' });
    expect(checkGrade('b-', 'C')).toEqual({ outcome: 'meets' });
    expect(checkGrade('A +', 'B')).toEqual({ outcome: 'meets' });
  });
  it('refuses a grade below the minimum and names both', () => {
    expect(checkGrade('C-', 'C')).toEqual({ outcome: 'below-minimum', grade: 'C-', minimum: 'C' });
    expect(checkGrade('D', 'C-')).toEqual({ outcome: 'below-minimum', grade: 'D', minimum: 'C-' });
  });
  it('accepts any passing letter when there is no minimum, but never F', () => {
    expect(checkGrade('D-', null)).toEqual({ outcome: 'meets' });
    expect(checkGrade('F', null)).toEqual({ outcome: 'no-credit', grade: 'F' });
  });
  it('lets P, S and T meet minimums up to C only', () => {
    expect(checkGrade('P', 'C')).toEqual({ outcome: 'meets' });
    expect(checkGrade('S', 'D')).toEqual({ outcome: 'meets' });
    expect(checkGrade('T', null)).toEqual({ outcome: 'meets' });
    expect(checkGrade('P', 'B').outcome).toBe('needs-review');
    expect(checkGrade('S', 'C+').outcome).toBe('needs-review');
  });
  it.each(['W', 'I', 'U', 'F', 'NC', 'WF', 'AU', 'NR', 'UW', 'AF', 'WN'])('never transfers %s (the one grade policy, as the reader)', (grade) => {
    expect(checkGrade(grade, null).outcome).toBe('no-credit');
  });
  it('flags in-progress work', () => {
    expect(checkGrade('IP', 'C')).toEqual({ outcome: 'in-progress', grade: 'IP' });
    expect(checkGrade('In Progress', null).outcome).toBe('in-progress');
  });
  it('does not check a missing grade, and asks for review on an unreadable one', () => {
    expect(checkGrade(null, 'B')).toEqual({ outcome: 'meets' });
    expect(checkGrade('Q7', null).outcome).toBe('needs-review');
  });
});

describe('readGrade and isValidMinimumGrade', () => {
  it('classifies', () => {
    expect(readGrade(' b+ ')).toEqual({ kind: 'letter', value: 'B+' });
    expect(readGrade('cr').kind).toBe('pass');
    expect(isValidMinimumGrade('C')).toBe(true);
    expect(isValidMinimumGrade('F')).toBe(false);
    expect(isValidMinimumGrade('P')).toBe(false);
  });
});

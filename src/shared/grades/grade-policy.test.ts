import { describe, expect, it } from 'vitest';
import { earnsNoCredit, noCreditWords } from './grade-policy';

describe('the one grade policy', () => {
  it('no credit after withdrawals, incompletes, failures, no-credit marks, not reported and audits', () => {
    for (const grade of ['W', 'WD', 'WF', 'WP', 'WU', 'WX', 'WN', 'EW', 'UW', 'AF', 'I', 'INC', 'F', 'E', 'FN', 'FA', 'FX', 'XF', 'IF', 'U', 'NC', 'NP', 'NR', 'AU', 'ABS', 'X']) {
      expect(earnsNoCredit(grade), grade).toBe(true);
      expect(noCreditWords(grade), grade).toMatch(/credit|final grade/);
    }
  });

  it('credit for letters, passes and transfer marks; a missing grade is not judged', () => {
    for (const grade of ['A', 'B+', 'C-', 'D', 'P', 'S', 'CR', 'T', 'TR', 'IP', 'AB', 'TE', 'K', null, undefined, '']) expect(earnsNoCredit(grade), String(grade)).toBe(false);
    expect(noCreditWords('A')).toBeNull();
  });

  it('reads a grade as written: case and spaces do not matter', () => {
    expect(earnsNoCredit(' au ')).toBe(true);
    expect(earnsNoCredit('w d')).toBe(true);
    expect(noCreditWords('au')).toBe('an audited course does not earn credit');
  });
});

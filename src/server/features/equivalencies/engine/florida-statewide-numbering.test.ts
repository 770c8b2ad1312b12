import { describe, expect, it } from 'vitest';
import { areStatewideEquivalent, parseStatewideCourseNumber, statewideEquivalenceKey, statewideException } from './florida-statewide-numbering';

const code = (subject: string, number: string) => ({ subject, number });

describe('parseStatewideCourseNumber', () => {
  it('reads prefix, level, last three digits and lab code', () => {
    expect(parseStatewideCourseNumber(code('BSC', '2010C'))).toEqual({ prefix: 'BSC', levelDigit: '2', lastThreeDigits: '010', labCode: 'C', honors: false });
    expect(parseStatewideCourseNumber(code('eco', '2013H'))).toMatchObject({ lastThreeDigits: '013', labCode: '', honors: true });
    expect(parseStatewideCourseNumber(code('CHM', '2045L'))?.labCode).toBe('L');
  });
  it('rejects codes that are not statewide numbers', () => {
    expect(parseStatewideCourseNumber(code('MATH', '221'))).toBeNull();
    expect(parseStatewideCourseNumber(code('ECON', '101'))).toBeNull();
    expect(parseStatewideCourseNumber(code('ECO', '2013X'))).toBeNull();
  });
});

describe('areStatewideEquivalent', () => {
  it('matches the same prefix and last three digits, ignoring the level digit', () => {
    expect(areStatewideEquivalent(code('ECO', '2013'), code('ECO', '2013'))).toBe(true);
    expect(areStatewideEquivalent(code('ACG', '1011'), code('ACG', '2011'))).toBe(true);
  });
  it('does not match a different prefix or different last digits', () => {
    expect(areStatewideEquivalent(code('ECO', '2013'), code('ECO', '2023'))).toBe(false);
    expect(areStatewideEquivalent(code('ECO', '2013'), code('ECP', '2013'))).toBe(false);
  });
  it('keeps lab codes apart but ignores honors', () => {
    expect(areStatewideEquivalent(code('BSC', '2010'), code('BSC', '2010L'))).toBe(false);
    expect(areStatewideEquivalent(code('BSC', '2010'), code('BSC', '2010C'))).toBe(false);
    expect(areStatewideEquivalent(code('ENC', '1101H'), code('ENC', '1101'))).toBe(true);
  });
  it('knows the exceptions a number shows: college prep below 1000, the 900–999 series and graduate courses', () => {
    const exception = (prefix: string, number: string) => statewideException(parseStatewideCourseNumber(code(prefix, number))!);
    expect(exception('MAT', '0018')).toBe('college-prep');
    expect(exception('ENC', '0025')).toBe('college-prep');
    expect(exception('ACG', '2930')).toBe('special-series');
    expect(exception('ACG', '4949')).toBe('special-series');
    expect(exception('ACG', '5005')).toBe('graduate');
    expect(exception('STA', '6166')).toBe('graduate');
    expect(exception('ACG', '2021')).toBeNull();
    expect(exception('MAC', '1105')).toBeNull();
    expect(exception('ENC', '4311')).toBeNull();
    expect(statewideEquivalenceKey(parseStatewideCourseNumber(code('BSC', '2010'))!, 'C')).toBe('BSC010C');
  });
});

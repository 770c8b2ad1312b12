import { describe, expect, it } from 'vitest';
import { codeKey, codeShape, courseLevel, formatCourseCode, splitCourseCode, wisconsinStatewideKey } from './course-code';

describe('codeKey', () => {
  it('treats case, spaces, dashes and parentheses as the same code, from parts or as typed', () => {
    expect(codeKey('ECO 2013')).toBe('eco2013');
    expect(codeKey('eco2013')).toBe('eco2013');
    expect(codeKey('Eco-2013')).toBe('eco2013');
    expect(codeKey({ subject: 'E C E', number: '252' })).toBe(codeKey({ subject: 'ECE', number: '252' }));
    expect(codeKey({ subject: 'SOCSCI', number: '(809) 122' })).toBe('socsci809122');
  });
  it('keeps different codes different', () => {
    expect(codeKey('ECO 2013')).not.toBe(codeKey('ECO 2023'));
    expect(codeKey('MATH 1110.01')).not.toBe(codeKey('MATH 1110'));
  });
  it('drops a character before folding its case, as the database does', () => {
    // 'İ'.toLowerCase() is 'i' plus a combining dot: folded first, an 'i' would survive that SQL's regexp drops.
    expect(codeKey('İST 101')).toBe('st101');
  });
});

describe('codeShape', () => {
  it('keeps what a code is written with, upper-case, for reading its shape', () => {
    expect(codeShape('bsc 2010c')).toBe('BSC2010C');
    expect(codeShape('ACCT ***')).toBe('ACCT***');
  });
});

describe('splitCourseCode', () => {
  it.each([
    ['ECO2013', 'ECO', '2013'],
    ['ECO 2013H', 'ECO', '2013H'],
    ['bsc2010l', 'BSC', '2010L'],
    ['MATH 1110.01', 'MATH', '1110.01'],
    ['E C E 252', 'E C E', '252'],
    ['CP & CE 105', 'CP & CE', '105'],
    ['ECON EL', 'ECON', 'EL'],
    ['PHYS/AST EL', 'PHYS/AST', 'EL'],
    ['Eco-2013', 'ECO', '2013'],
    ['NDC', 'NDC', ''],
  ])('%s → %s / %s', (raw, subject, number) => {
    const split = splitCourseCode(raw);
    expect(split?.subject).toBe(subject);
    expect(split?.number).toBe(number);
    expect(split?.statewideProgram).toBeNull();
  });

  it('reads the Wisconsin statewide program', () => {
    expect(splitCourseCode('SOCSCI (809) 122')).toEqual({ subject: 'SOCSCI', number: '(809) 122', statewideProgram: '809', catalogNumber: '122' });
    expect(wisconsinStatewideKey({ subject: 'SOCSCI', number: '(809) 198' })).toBe('809-198');
    expect(wisconsinStatewideKey({ subject: 'PSYCH', number: '202' })).toBeNull();
  });

  it('returns null for empty input', () => {
    expect(splitCourseCode('   ')).toBeNull();
  });
});

describe('formatCourseCode and courseLevel', () => {
  it('formats for display', () => {
    expect(formatCourseCode({ subject: 'ECO', number: '2013' })).toBe('ECO 2013');
    expect(formatCourseCode({ subject: 'NDC', number: '' })).toBe('NDC');
  });
  it('maps 1xxx to the same level as 1xx', () => {
    expect(courseLevel('2013')).toBe(2);
    expect(courseLevel('202')).toBe(2);
    expect(courseLevel('1110.01')).toBe(1);
    expect(courseLevel('(809) 198')).toBe(1);
    expect(courseLevel('EL')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { describeCoursePattern, formatCoursePattern, matchesCoursePattern, parseCoursePattern, type CoursePattern, type MatchableCourse } from './course-patterns';

const parse = (token: string): CoursePattern => {
  const parsed = parseCoursePattern(token);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.pattern;
};
const course = (subject: string, number: string, extra: Partial<MatchableCourse> = {}): MatchableCourse => ({
  subject,
  number,
  isElective: false,
  attributes: new Set(),
  ...extra,
});
const matches = (token: string, subject: string, number: string, extra: Partial<MatchableCourse> = {}) => matchesCoursePattern(course(subject, number, extra), parse(token));

describe('course patterns', () => {
  it('reads every option form and writes it back the same way', () => {
    const forms: Array<[string, CoursePattern['kind'], string]> = [
      ['CSE 2221', 'course', 'CSE 2221'],
      ['econ 2001.01h', 'course', 'ECON 2001.01H'],
      ['ENC X101', 'statewide', 'ENC X101'],
      ['ECON 1XX', 'range', 'ECON 1XX'],
      ['any 3000-level HIST', 'range', 'HIST 3XXX'],
      ['HIST 3000+', 'range', 'HIST 3000+'],
      ['* 4XXX', 'range', '* 4XXX'],
      ['BIOLOGY *', 'subject', 'BIOLOGY *'],
      ['E C E *', 'subject', 'E C E *'],
      ['attr:AH1', 'attribute', 'attr:AH1'],
      ['ATTR: coll 100', 'attribute', 'attr:COLL 100'],
    ];
    for (const [token, kind, canonical] of forms) {
      const pattern = parse(token);
      expect(pattern.kind, token).toBe(kind);
      expect(formatCoursePattern(pattern), token).toBe(canonical);
      expect(parse(formatCoursePattern(pattern)), token).toEqual(pattern);
    }
  });

  it('refuses what is not an option, saying what one looks like', () => {
    for (const token of ['2182H', '', 'see ucta_courses_from_tis.csv', '* *', 'HISTORY', 'ECON EL']) {
      const parsed = parseCoursePattern(token);
      expect('error' in parsed, token).toBe(true);
    }
    expect(parseCoursePattern('2182H')).toEqual({ error: expect.stringContaining('ENC X101') });
  });

  it('matches Florida statewide patterns at any level, combined and honors sections, but not a lab alone', () => {
    expect(matches('ENC X101', 'ENC', '1101')).toBe(true);
    expect(matches('ENC X101', 'ENC', '2101')).toBe(true);
    expect(matches('BSC X010', 'BSC', '2010C')).toBe(true);
    expect(matches('BSC X010', 'BSC', '1010H')).toBe(true);
    expect(matches('BSC X010', 'BSC', '2010L')).toBe(false);
    expect(matches('ENC X101', 'ENC', '1102')).toBe(false);
    expect(matches('ENC X101', 'ENL', '1101')).toBe(false);
  });

  it('matches ranges by each digit and by the number of digits', () => {
    expect(matches('ECON 1XX', 'ECON', '101')).toBe(true);
    expect(matches('ECON 1XX', 'ECON', '201')).toBe(false);
    expect(matches('ECON 1XX', 'ECON', '1010')).toBe(false);
    expect(matches('any 3000-level HIST', 'HIST', '3253')).toBe(true);
    expect(matches('any 3000-level HIST', 'HISTORY', '3253')).toBe(false);
    expect(matches('HIST 3000+', 'HIST', '4100')).toBe(true);
    expect(matches('HIST 3000+', 'HIST', '2100')).toBe(false);
    expect(matches('* 4XXX', 'BIOS', '4103')).toBe(true);
  });

  it('takes an exact code with or without a section (2001 and 2001.01), never a different honors course', () => {
    expect(matches('ECON 2001.01', 'ECON', '2001')).toBe(true);
    expect(matches('ECON 2001', 'ECON', '2001.02')).toBe(true);
    expect(matches('ECON 2001.01', 'ECON', '2001.01H')).toBe(false);
    expect(matches('CSE 2221', 'cse', '2221')).toBe(true);
  });

  it('lets elective credit in a subject fill only a whole-subject option', () => {
    expect(matches('ECON *', 'ECON', 'EL', { isElective: true })).toBe(true);
    expect(matches('ECON 1XX', 'ECON', 'EL', { isElective: true })).toBe(false);
    expect(matches('ECON 101', 'ECON', 'EL', { isElective: true })).toBe(false);
  });

  it('matches attributes the school puts on the course', () => {
    expect(matches('attr:AH1', 'HISTORY', '2650', { attributes: new Set(['AH1', 'SD2']) })).toBe(true);
    expect(matches('attr:AH2', 'HISTORY', '2650', { attributes: new Set(['AH1']) })).toBe(false);
  });

  it('says each option in words', () => {
    expect(describeCoursePattern(parse('any 3000-level HIST'))).toBe('any 3000-level HIST course');
    expect(describeCoursePattern(parse('HIST 3000+'))).toBe('any HIST course numbered 3000 or higher');
    expect(describeCoursePattern(parse('BIOLOGY *'))).toBe('any BIOLOGY course');
    expect(describeCoursePattern(parse('attr:AH1'))).toBe('a course marked AH1');
    expect(describeCoursePattern(parse('ENC X101'))).toBe('ENC x101');
  });
});

import { describe, expect, it } from 'vitest';
import { findTerm, matchCourseCode } from './course-code';
import { gradePoints, normaliseGrade } from './grades';

const code = (s: string) => matchCourseCode(s.split(/\s+/));

describe('matchCourseCode', () => {
  it.each([
    ['ENC 1102 Composition', 'ENC', '1102', 2],
    ['ENC1102 Composition', 'ENC', '1102', 1],
    ['ECON-101 Intro', 'ECON', '101', 1],
    ['ECON - 101 Intro', 'ECON', '101', 3],
    ['MATH 1110.01 Calculus', 'MATH', '1110.01', 2],
    ['E C E 252 Circuits', 'E C E', '252', 4],
    ['ACT SCI 300 Risk', 'ACT SCI', '300', 3],
    ['ECO 2013H Honors', 'ECO', '2013H', 2],
    ['BSC 2010L Lab', 'BSC', '2010L', 2],
    ['BSC 1010C Bio', 'BSC', '1010C', 2],
    ['CHM 101A Chem', 'CHM', '101A', 2],
    ['ECON 1 Macro', 'ECON', '1', 2],
    ['CIS 22A Programming', 'CIS', '22A', 2],
  ])('%s', (text, subject, number, consumed) => {
    expect(code(text)).toEqual({ subject, number, consumed });
  });

  it.each(['Term Totals 17.000', 'TERM 2', 'PAGE 1 of 2', 'GPA 3.0', 'FALL 2022', 'FA22 ENC 1102', 'FL 32802', 'Name: Maria', 'Cumulative 45.0', 'TOTAL 15.00'])(
    'is not a course: %s',
    (text) => expect(code(text)).toBeNull(),
  );
});

describe('findTerm', () => {
  it.each([
    ['Term: Fall 2022', 'Fall 2022'],
    ['2022 Fall Term', 'Fall 2022'],
    ['Academic Period: 2023 Spring Semester', 'Spring 2023'],
    ['Fall Semester 2022', 'Fall 2022'],
    ['Spring Quarter 2023', 'Spring 2023'],
    ['FA22', 'Fall 2022'],
    ['SP 2023', 'Spring 2023'],
    ['2022-2023 Spring', 'Spring 2023'],
    ['2022-23 Fall Semester', 'Fall 2022'],
    ['Summer I 2021', 'Summer 2021'],
    ["Winter '24", 'Winter 2024'],
    ['Autumn 2020', 'Fall 2020'],
  ])('%s → %s', (text, term) => expect(findTerm(text)?.term).toBe(term));

  it('finds no term in ordinary text', () => {
    expect(findTerm('Date Issued: 11/15/2025')).toBeNull();
    expect(findTerm('Principles of Economics')).toBeNull();
  });
});

describe('grades', () => {
  it('normalises unicode minus and dashes, case and in-progress spellings', () => {
    expect(normaliseGrade('A\u2212')).toBe('A-');
    expect(normaliseGrade('B\u2013')).toBe('B-');
    expect(normaliseGrade('b+')).toBe('B+');
    expect(normaliseGrade('In Progress')).toBe('IP');
    expect(normaliseGrade('IP')).toBe('IP');
    expect(normaliseGrade('TA')).toBe('TA');
    expect(normaliseGrade('W')).toBe('W');
    expect(normaliseGrade('Calculus')).toBeNull();
    expect(normaliseGrade('3.000')).toBeNull();
  });
  it('knows grade points', () => {
    expect(gradePoints('A-')).toBeCloseTo(3.7);
    expect(gradePoints('S')).toBeNull();
  });
});

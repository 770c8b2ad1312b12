import { describe, expect, it } from 'vitest';
import { detectCalendar } from './calendar';
import { linesFromText, parseCourseLines } from './parse-course-lines';

const calendarOf = (text: string) => {
  const lines = linesFromText(text);
  return detectCalendar(lines, parseCourseLines(lines).rows);
};

describe('detectCalendar', () => {
  it('reads quarters from term names ("Fall Qtr", "Winter Quarter") and says why', () => {
    expect(calendarOf(`FALL QTR 2022\nCSE 8A   Intro to Programming I   4.00   A\nWINTER QTR 2023\nCSE 8B   Intro to Programming II   4.00   B`)).toEqual({ value: 'quarter', sure: true, evidence: 'FALL QTR' });
    expect(calendarOf(`Fall Quarter 2022 (2227)\nENGL& 101   English Composition I   5.0   3.8`)).toMatchObject({ value: 'quarter', sure: true });
  });

  it('reads quarters from a Winter term of several courses between Fall and Spring (ctcLink, Stanford)', () => {
    const text = `
FALL 2022
ENGL& 101   English Composition I   5.00   3.6
MATH& 141   Precalculus I           5.00   2.9
WINTER 2023
ENGL& 102   Composition II          5.00   3.9
MATH& 142   Precalculus II          5.00   3.2
SPRING 2023
MATH& 151   Calculus I              5.00   3.0`;
    expect(calendarOf(text)).toEqual({ value: 'quarter', sure: true, evidence: 'a Winter 2023 term between Fall and Spring' });
  });

  it('does not take a one-course winter session at a semester school for a quarter', () => {
    const text = `
Fall 2022
ENG 101   Composition I   3.00   A
MAT 108   Algebra         3.00   B
Winter Session 2023
HIS 101   World History   3.00   A
Spring 2023
ENG 102   Composition II  3.00   B
BIO 101   Biology         4.00   C`;
    expect(calendarOf(text)).toEqual({ value: 'semester', sure: false, evidence: null });
  });

  it('reads semesters from term names and unit words, and is only likely sure of Fall and Spring alone', () => {
    expect(calendarOf(`2023 Spring Semester (01/17/2023-05/12/2023)\nENGL 1301 - Composition I   3.00   3.00   A   12.00`)).toMatchObject({ value: 'semester', sure: true });
    expect(calendarOf(`Term: Fall 2022\nENG 101   Composition I   3.00   A\nTerm: Spring 2023\nENG 102   Composition II   3.00   B\nSEM HRS 6.0`)).toMatchObject({ value: 'semester', sure: true, evidence: 'SEM HRS' });
    expect(calendarOf(`Term: Fall 2022\nENG 101   Composition I   3.00   A\nTerm: Spring 2023\nENG 102   Composition II   3.00   B`)).toEqual({ value: 'semester', sure: false, evidence: null });
  });

  it('says nothing from a legend that names both, or a page with no terms', () => {
    expect(calendarOf(`ENG 101   Composition I   3.00   A\nOne quarter hour equals two-thirds of a semester hour.`)).toEqual({ value: null, sure: false, evidence: null });
  });
});

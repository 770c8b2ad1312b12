import { describe, expect, it } from 'vitest';
import { findInstitution } from './institution';
import { linesFromText } from './parse-course-lines';

/** The school found in the lines above the first table (`firstRowIndex` = where the courses begin). */
const school = (text: string) => {
  const lines = linesFromText(text);
  const first = lines.findIndex((l) => /^(ENC|Course)\b/.test(l.text));
  return findInstitution(lines, first < 0 ? lines.length : first);
};

describe('findInstitution', () => {
  it('finds the school in the header, in capitals or not', () => {
    expect(school('                 NORTHERN PLAINS STATE UNIVERSITY\n    Unofficial Transcript\nENC 1101 Composition I 3.0 A').name).toBe('Northern Plains State University');
    expect(school('Cedar Ridge College Unofficial Academic Transcript\nENC 1101 Composition I 3.0 A').name).toBe('Cedar Ridge College');
  });

  it('joins logo text split over two lines', () => {
    expect(school('CEDAR RIDGE\nCOMMUNITY COLLEGE\nUnofficial Transcript\nENC 1101 Composition I 3.0 A').name).toBe('Cedar Ridge Community College');
    expect(school('RED MESA INSTITUTE\nOF TECHNOLOGY\nENC 1101 Composition I 3.0 A').name).toBe('Red Mesa Institute of Technology');
  });

  it('names a state system’s campus', () => {
    expect(school('University of California, Santa Cruz\nENC 1101 Composition I 3.0 A').name).toBe('University of California, Santa Cruz');
  });

  it('does not take a summary line, a college inside a university or a transfer school for the school', () => {
    expect(school('Summary of College Credits\nCollege: College of Engineering\nTransfer Credit from Lakeside College\nENC 1101 Composition I 3.0 A').name).toBeNull();
    expect(school('Summary of College Credits\nPine Hollow University\nENC 1101 Composition I 3.0 A').name).toBe('Pine Hollow University');
  });

  it('finds the school in a footer, and a web address as a hint of its own', () => {
    const found = school('Unofficial Transcript\nCourse Title Credits Grade\nENC 1101 Composition I 3.0 A\n\n\nFoxglove College · Office of the Registrar · www.foxglove.edu');
    expect(found).toEqual({ name: 'Foxglove College', webAddress: 'www.foxglove.edu' });
    expect(school('Unofficial Transcript\nENC 1101 Composition I 3.0 A\nhttps://selfservice.bluestem.edu/ssb/transcript')).toEqual({ name: null, webAddress: 'selfservice.bluestem.edu' });
  });
});

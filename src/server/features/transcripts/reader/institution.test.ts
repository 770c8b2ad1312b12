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
    expect(found).toMatchObject({ name: 'Foxglove College', webAddress: 'www.foxglove.edu', candidates: [{ name: 'Foxglove College', where: 'furniture' }] });
    expect(school('Unofficial Transcript\nENC 1101 Composition I 3.0 A\nhttps://selfservice.bluestem.edu/ssb/transcript')).toMatchObject({
      name: null,
      webAddress: 'selfservice.bluestem.edu',
      webAddresses: ['selfservice.bluestem.edu'],
    });
  });

  it('keeps the lines printed with a name (its address), which tell schools sharing a name apart', () => {
    const found = school('WESTMINSTER COLLEGE\n501 Westminster Ave, Fulton, MO 65251\nUnofficial Transcript\nStudent: Avery Tindale\nENC 1101 Composition I 3.0 A');
    expect(found.besideNames.slice(0, 2)).toEqual(['WESTMINSTER COLLEGE', '501 Westminster Ave, Fulton, MO 65251']);
  });

  it('keeps the words a name runs on with, and the first lines of the page', () => {
    const found = school('COLUMBIA COLLEGE CHICAGO\nUnofficial Transcript\nENC 1101 Composition I 3.0 A');
    expect(found.candidates[0]).toMatchObject({ name: 'Columbia College', printedAs: 'Columbia College Chicago' });
    expect(found.name).toBe('Columbia College');
    expect(found.topLines).toEqual(['COLUMBIA COLLEGE CHICAGO', 'Unofficial Transcript']);
  });

  it('leaves out a page number printed after the name', () => {
    expect(school('University of Waterloo Page 1 of 2\nENC 1101 Composition I 3.0 A').name).toBe('University of Waterloo');
  });

  it('never takes a school named inside a transfer or test-credit block, even in capitals on a line of its own', () => {
    const text = [
      'Unofficial Transcript',
      'TRANSFER CREDIT',
      'IOWA CENTRAL COMMUNITY COLLEGE',
      'ENC 1101 Composition I 3.0 T',
      'INSTITUTION CREDIT',
      'ENC 1102 Composition II 3.0 A',
      '',
      '',
      'Iowa State University · Office of the Registrar · www.registrar.iastate.edu',
    ].join('\n');
    const found = school(text);
    expect(found.candidates.map((candidate) => candidate.name)).toEqual(['Iowa State University']);
    expect(found.webAddresses).toEqual(['www.registrar.iastate.edu']);
    expect(found.besideNames).not.toContain('IOWA CENTRAL COMMUNITY COLLEGE');
  });

  it('does not take a system or a board for the school, and keeps every candidate for the directory to decide', () => {
    const found = school('University of Wisconsin System\nUniversity of California San Diego\nEarl Warren College\nENC 1101 Composition I 3.0 A');
    expect(found.candidates.map((candidate) => candidate.name)).toEqual(expect.arrayContaining(['University of California San Diego', 'Earl Warren College']));
    expect(found.candidates.map((candidate) => candidate.name)).not.toContain('University of Wisconsin System');
    expect(found.candidates.every((candidate) => candidate.where === 'header')).toBe(true);
  });
});

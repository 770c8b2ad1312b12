import { describe, expect, it } from 'vitest';
import { createCsvRowParser } from './csv-row-parser';
import { conditionsInNotes, generalEducationCodesInNotes } from './general-education-codes';

/** The notes column of real lines of reference-data/equivalencies/wisconsin-transfer-rules.csv, read as the import reads them. */
function notesOf(line: string): string {
  const parser = createCsvRowParser();
  const [row] = [...parser.push(`${line}\n`), ...parser.end()];
  return row!.fields[7]!;
}

describe('generalEducationCodesInNotes', () => {
  it('reads one code, with and without a footnote', () => {
    expect(generalEducationCodesInNotes(notesOf('Milwaukee Area Tech. College,HIST 205,Contemporary World Affairs,UW-Madison,HISTORY EL,History Elective,3.00,gen ed S'))).toEqual(['S']);
    expect(generalEducationCodesInNotes(notesOf('Milwaukee Area Tech. College,SPEECH 203,Interpersonal Comm,UW-Madison,COM ARTS 273,Thry & Pract-Interpersonl Comm,3.00,gen ed S; footnote 330'))).toEqual(['S']);
  });

  it('reads several codes from a quoted field, with or without spaces after the commas, and the UCTA flag as a code', () => {
    expect(generalEducationCodesInNotes(notesOf('Milwaukee Area Tech. College,HIST 216,Hist Am Minorities,UW-Madison,HISTORY EL,History Elective,3.00,"gen ed S, ETHNIC"'))).toEqual(['S', 'ETHNIC']);
    expect(generalEducationCodesInNotes(notesOf('Moraine Park Tech. College,SOCSCI (809) 122,Intro to Amer Government,UW Branch Campus,POL 104,Amer Gov & Politics,3.00,"gen ed UCTA,SS; footnote 22"'))).toEqual(['UCTA', 'SS']);
    expect(generalEducationCodesInNotes('gen ed NSCI, PHYSC, LAB, ARNS')).toEqual(['NSCI', 'PHYSC', 'LAB', 'ARNS']);
    expect(generalEducationCodesInNotes('gen ed P, QR-B, UCTA; footnote 234, 22')).toEqual(['P', 'QR-B', 'UCTA']);
  });

  it('keeps codes written with a space as written (the receiving school decides what they stand for)', () => {
    expect(generalEducationCodesInNotes('gen ed COM A; footnote 328')).toEqual(['COM A']);
    expect(generalEducationCodesInNotes('gen ed HIST P, INT ED')).toEqual(['HIST P', 'INT ED']);
    expect(generalEducationCodesInNotes('gen ed P P; footnote 7600')).toEqual(['P P']);
  });

  it('states no code for footnotes alone, "None", empty places and punctuation the source left behind', () => {
    expect(generalEducationCodesInNotes('footnote 5')).toEqual([]);
    expect(generalEducationCodesInNotes('footnote 327, 328, 300')).toEqual([]);
    expect(generalEducationCodesInNotes('')).toEqual([]);
    expect(generalEducationCodesInNotes(null)).toEqual([]);
    expect(generalEducationCodesInNotes('gen ed None; footnote None')).toEqual([]);
    expect(generalEducationCodesInNotes('gen ed UCTA,; footnote 22')).toEqual(['UCTA']);
    expect(generalEducationCodesInNotes('gen ed NS,+')).toEqual(['NS']);
    expect(generalEducationCodesInNotes('gen ed SS, &amp;')).toEqual(['SS']);
  });

  it('reads every "gen ed" part of a grouped rule\'s joined notes, each code once, and ignores the words elsewhere', () => {
    expect(generalEducationCodesInNotes('gen ed S; footnote 5; gen ed S, H')).toEqual(['S', 'H']);
    expect(generalEducationCodesInNotes('Counts as gen ed credit only with a C or better')).toEqual([]);
    expect(generalEducationCodesInNotes('Gen Ed: hu, ss')).toEqual(['HU', 'SS']);
  });
});

describe('conditionsInNotes', () => {
  it('keeps what a student can act on; drops general-education codes, footnote references and a stated kind of transfer', () => {
    expect(conditionsInNotes('Must be taken with BIOL 101L')).toBe('Must be taken with BIOL 101L');
    expect(conditionsInNotes('gen ed UCTA; footnote 22')).toBeNull();
    expect(conditionsInNotes('footnote 200, 215')).toBeNull();
    expect(conditionsInNotes('direct')).toBeNull();
    expect(conditionsInNotes('gen ed HU; Only with a grade of C or better; footnote 5')).toBe('Only with a grade of C or better');
    expect(conditionsInNotes('direct; NE = no direct equivalent')).toBe('NE = no direct equivalent');
    expect(conditionsInNotes(null)).toBeNull();
  });
});

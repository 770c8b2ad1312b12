import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SchoolNames } from './school-names';
import { askedFor, readSearchText, type SearchVocabulary } from './search-text';
import { canonicalWords, displayTitle, readTitle, tokensOf } from './search-words';

const school = (id: number, key: string, name: string, aliases: string[] = [], courses = 100) => ({ id, key, name, aliases, courses });
const SCHOOLS = SchoolNames.of([
  school(1, 'valencia', 'Valencia College', ['Valencia', 'VC', 'Valencia Community College']),
  school(2, 'ucf', 'University of Central Florida', ['UCF', 'Central Florida']),
  school(3, 'mdc', 'Miami Dade College', ['MDC', 'Miami Dade']),
  school(4, 'miami', 'University of Miami', ['UM', 'U of Miami', 'Miami']),
  school(5, 'fsu', 'Florida State University', ['FSU', 'Florida State']),
  school(6, 'delgado', 'Delgado Community College', ['DCC']),
  school(7, 'uno', 'University of New Orleans', ['UNO']),
  school(8, 'uw-oshkosh', 'UW-Oshkosh'),
  school(9, 'uw-madison', 'University of Wisconsin-Madison', ['UW-Madison', 'Wisconsin'], 10_000),
  school(10, 'matc', 'Madison Area Tech. College', [], 0),
  school(11, 'lsu', 'Louisiana State University (A&M, Baton Rouge)', ['LSU AM'], 180),
  school(12, 'lsua', 'LSU Alexandria', ['LSUA'], 140),
  school(13, 'slu', 'Southeastern Louisiana University', ['SLU']),
  school(14, 'delaware', 'University of Delaware', ['UD', 'U DEL', 'UDel', 'Delaware']),
  school(15, 'tsc', 'Tallahassee State College', ['TSC', 'Tallahassee Community College']),
  school(16, 'wm', 'William & Mary', ['W&M', 'College of William & Mary']),
  school(17, 'western-tech', 'Western Tech. College'),
]);
const SUBJECTS = new Set(['enc', 'eco', 'econ', 'psy', 'mac', 'engl', 'english', 'poli sci', 'chem', 'hist', 'math', 'amh', 'mat']);
const COMMON = new Set(['general', 'introduction', 'western', 'business', 'calculus', 'psychology', 'english', 'history']);
const vocabulary: SearchVocabulary = { schools: SCHOOLS, isSubject: (code) => SUBJECTS.has(code), isCommonTitleWord: (word) => COMMON.has(word) };
// Terms follow the date (src/shared/terms.ts): these read as on 28 November 2026.
const today = new Date('2026-11-28T12:00:00Z');
const read = (text: string, on: Date = today) => readSearchText(text, vocabulary, on);
const schoolsOf = (text: string) => {
  const reading = read(text);
  return [reading.home?.school?.key ?? reading.home?.asWritten ?? null, reading.target?.school?.key ?? reading.target?.asWritten ?? null];
};

describe('readSearchText: schools', () => {
  it.each([
    ['intro psychology from Valencia College to UCF', 'valencia', 'ucf'],
    ['transfer general psychology to FSU from UCF', 'ucf', 'fsu'],
    ['to UCF from Valencia: english composition 2', 'valencia', 'ucf'],
    ['intro to philosophy Valencia → UCF', 'valencia', 'ucf'],
    ['PSYCH 101 UW-Oshkosh -> UW-Madison', 'uw-oshkosh', 'uw-madison'],
    ['enc1101 valencia to ucf', 'valencia', 'ucf'],
    ['AMH 2020 Valencia UCF', 'valencia', 'ucf'],
    ['English comp from Delgado to UNO', 'delgado', 'uno'],
    ['calc 2 oshkosh to madison', 'uw-oshkosh', 'uw-madison'],
    ['MATH 1550 from LSU to Southeastern Louisiana University', 'lsu', 'slu'],
    ['philosophy LSU Southeastern', 'lsu', 'slu'],
    ['western civ 1 Tallahassee to FSU', 'tsc', 'fsu'],
    ['english composition 1 from Western Tech to UW-Madison', 'western-tech', 'uw-madison'],
    ['I go to Miami Dade College and want to transfer intro to sociology to FSU', 'mdc', 'fsu'],
    ['Which of my classes from Delaware count at FSU?', 'delaware', 'fsu'],
    ['general chemistry lab at William and Mary', 'wm', null],
    ['math 112 w&m', 'wm', null],
    ['calculus at Springfield Community College', 'Springfield Community College', null],
  ])('%s', (text, home, target) => {
    expect(schoolsOf(text)).toEqual([home, target]);
  });

  it('reads a place name as a school only after at, from or to, and the filler "um" never', () => {
    expect(schoolsOf('I live in Miami and take english composition')).toEqual([null, null]);
    expect(schoolsOf('transfer to Miami')).toEqual([null, 'miami']);
    expect(schoolsOf('um, econ at UM')).toEqual(['miami', null]);
  });

  it('does not take a course word for a school', () => {
    expect(schoolsOf('intro to business from Valencia to UCF')).toEqual(['valencia', 'ucf']);
    expect(schoolsOf('switching from calculus to statistics')).toEqual([null, null]);
    expect(schoolsOf('intro to Western Civilization at Valencia')).toEqual(['valencia', null]);
  });
});

describe('readSearchText: codes, words, sequence, format and term', () => {
  it.each([
    ['ENC 1101 from Valencia College to UCF', ['ENC 1101']],
    ['enc1101', ['ENC 1101']],
    ['psy-2012 from MDC', ['PSY 2012']],
    ['english 101 at UW-Oshkosh', ['ENGLISH 101']],
    ['POLI SCI 105 at UW-Oshkosh', ['POLI SCI 105']],
    ['U DEL: ECON101, HIST103 to FSU', ['U DEL: ECON 101', 'U DEL: HIST 103']],
    ['us history to 1877', []],
    ['calculus 2', []],
    ['fall 2024 history', []],
  ])('%s → codes %j', (text, codes) => {
    expect(read(text).codes.map((code) => code.label)).toEqual(codes);
  });

  it('reads the words into canonical words and the sequence asked for', () => {
    expect(read('intro psych from Valencia to UCF')).toMatchObject({ words: ['introduction', 'psychology'], typedWords: ['intro', 'psych'], sequence: null });
    expect(read('calc 2 from Valencia to UCF')).toMatchObject({ words: ['calculus'], sequence: 2 });
    expect(read('Calculus II at Valencia')).toMatchObject({ words: ['calculus'], sequence: 2 });
    expect(read('calculus I from UW-Oshkosh to UW-Madison')).toMatchObject({ words: ['calculus'], sequence: 1 });
    expect(read('A&P 1 from Valencia to UCF')).toMatchObject({ words: ['anatomy', 'physiology'], sequence: 1 });
    expect(read('poli sci at Valencia').words).toEqual(['politics']);
    expect(read('us history at Valencia').words).toEqual(['american', 'history']);
    expect(read("I'm Maria at Valencia College and want to transfer Principles of Macroeconomics to FSU")).toMatchObject({
      name: 'Maria',
      words: ['principles', 'macroeconomics'],
    });
  });

  it('reads what kind of course the words ask for', () => {
    expect(askedFor(read('intro to chemistry lab').words)).toMatchObject({ introductory: true, lab: true, kind: false, preparatory: false });
    expect(askedFor(read('special topics in psychology').words)).toMatchObject({ kind: true });
    expect(askedFor(read('developmental math').words)).toMatchObject({ preparatory: true });
  });

  it('understands the delivery format and the term, and says which season it could not use', () => {
    expect(read('college algebra online from Valencia to UCF')).toMatchObject({ format: 'online', words: ['college', 'algebra'] });
    expect(read('summer econ in person')).toMatchObject({ format: 'in-person', term: 'summer-2027' });
    expect(read('hybrid statistics next fall')).toMatchObject({ format: 'hybrid', term: 'fall-2026' });
    expect(read('history fall 2031')).toMatchObject({ term: null, unusedWords: ['fall 2031'], words: ['history'] });
    expect(read('history spring 2025')).toMatchObject({ term: null, unusedWords: ['spring 2025'] });
    expect(read('summer econ', new Date('2027-08-02T12:00:00Z')).term).toBe('summer-2028');
    expect(read('upper-level history')).toMatchObject({ level: 'upper', words: ['history'] });
  });

  it('never throws, on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const reading = read(text);
        expect(reading.words.length).toBeLessThanOrEqual(300);
        expect((reading.home?.asWritten ?? '').length).toBeLessThanOrEqual(120);
      }),
      { numRuns: 300 },
    );
  });
});

describe('search-words: titles as the ranking reads them', () => {
  it('reads a title: its words, its sequence and its kind', () => {
    expect(readTitle('CALCULUS WITH ANALYTIC GEOMETRY III')).toMatchObject({ words: ['calculus', 'analytic', 'geometry'], sequence: 3, introductory: false });
    expect(readTitle('Principles Macroecon(Xs)')).toMatchObject({ words: ['principles', 'macroeconomics'], introductory: true });
    expect(readTitle('H: Prin of Microeconomics (Xs)')).toMatchObject({ words: ['principles', 'microeconomics'], honors: true });
    expect(readTitle('Amer Govt & Pol (Xs)').words).toEqual(['american', 'government', 'politics']);
    expect(readTitle('COOP PSYCHOLOGY')).toMatchObject({ kind: true });
    expect(readTitle('GENERAL CHEMISTRY I LABORATORY')).toMatchObject({ lab: true, sequence: 1, introductory: true });
    expect(readTitle('DEVELOPMENTAL MATHEMATICS I')).toMatchObject({ preparatory: true });
    expect(readTitle('UNITED STATES HISTORY TO 1877').words).toEqual(['american', 'history', '1877']);
  });

  it('joins two-word short forms', () => {
    expect(canonicalWords(tokensOf('poli sci and comp sci'))).toEqual(['politics', 'and', 'computer', 'science']);
  });

  it('shows a title in capitals in title case, and any other as printed', () => {
    expect(displayTitle('GENERAL PSYCHOLOGY')).toBe('General Psychology');
    expect(displayTitle('CALCULUS WITH ANALYTIC GEOMETRY III')).toBe('Calculus with Analytic Geometry III');
    expect(displayTitle('US MODERN WORLD SINCE 1945')).toBe('US Modern World Since 1945');
    expect(displayTitle('HUMAN GROWTH & DEVELOPMENT')).toBe('Human Growth & Development');
    expect(displayTitle('Principles Macroecon(Xs)')).toBe('Principles Macroecon(Xs)');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { courseSearchQuerySchema, searchFiltersSchema } from '../schemas/search';
import {
  parseSmartSearch,
  removeUnderstanding,
  subjectForCodePrefix,
  toSearchFilters,
} from './smart-search-parser';

describe('parseSmartSearch: examples from the spec and the brief', () => {
  it('understands the /student/search placeholder example', () => {
    const u = parseSmartSearch('Calculus 1 at Miami Dade College to University of Florida');
    expect(u).toMatchObject({
      searchType: 'smart',
      query: 'Calculus 1',
      homeCollege: null,
      targetCollege: null,
      transferFromSchool: 'Miami Dade College',
      transferToSchool: 'University of Florida',
      targetSubject: 'mathematics',
      className: 'Calculus 1',
      transferScenario: null,
      extractedName: null,
      courseCodes: [],
    });
  });

  it('understands a full sentence and leaves the course words as the query', () => {
    const u = parseSmartSearch("I'm Maria at Valencia College and want to transfer macroeconomics to FSU");
    expect(u).toMatchObject({
      extractedName: 'Maria',
      transferFromSchool: 'Valencia College',
      transferToSchool: 'FSU',
      targetSubject: 'economics',
      className: null,
      query: 'macroeconomics',
    });
    expect(u.chips).toEqual([
      { field: 'extractedName', label: 'Name: Maria', value: 'Maria' },
      { field: 'homeCollege', label: 'Current school: Valencia College', value: 'Valencia College' },
      { field: 'targetCollege', label: 'Transfer to: FSU', value: 'FSU' },
      { field: 'targetSubject', label: 'Subject: Economics', value: 'economics' },
    ]);
  });
});

describe('rule: a first name', () => {
  it.each([
    ["I'm Maria", 'Maria'],
    ['I am Jordan and I go to UCF', 'Jordan'],
    ['my name is priya', 'Priya'],
    ['Hi, this is Carlos. Need econ', 'Carlos'],
    ['im MARIA', 'Maria'],
    ["I’m o'brien", "O'Brien"],
    ['my name is mary-jane', 'Mary-Jane'],
    ['I am McKenzie', 'McKenzie'],
    ['Hola, soy... my name is José', 'José'],
  ])('%s → %s', (text, name) => {
    expect(parseSmartSearch(text).extractedName).toBe(name);
  });

  it.each([
    "I'm looking for a history class",
    "I'm a junior at FIU",
    "I'm transferring to UCF",
    'I am at Valencia College',
    "I'm currently at Ohio State",
    "I'm interested in chemistry",
    'I am not sure',
    'this is urgent',
    "I'm FSU student",
    'I am eligible for transfer',
    "I'm in econ 101",
    'Calculus I want at FSU',
  ])('finds no name in %j', (text) => {
    expect(parseSmartSearch(text).extractedName).toBeNull();
  });

  it('removes the name phrase from the query', () => {
    expect(parseSmartSearch('my name is Priya and I need statistics').query).toBe('statistics');
  });
});

// Which school a name is (its key) is the server's: features/institutions (school-directory.test.ts, search-school-names API test).
describe('rule: a current school ending in University, College, State or Community', () => {
  it.each([
    ['I go to Valencia College', 'Valencia College'],
    ['at Miami Dade College', 'Miami Dade College'],
    ['currently at Ohio State', 'Ohio State'],
    ['from Penn State', 'Penn State'],
    ['I attend Florida State University', 'Florida State University'],
    ['student at the University of Delaware', 'University of Delaware'],
    ['at FIU', 'FIU'],
  ])('%s → %s', (text, raw) => {
    const u = parseSmartSearch(text);
    expect(u.transferFromSchool).toBe(raw);
    expect(u.homeCollege).toBeNull();
    expect(u.transferToSchool).toBeNull();
  });

  it('keeps an unknown school as written', () => {
    const u = parseSmartSearch('intro psych at Springfield Community College');
    expect(u.homeCollege).toBeNull();
    expect(u.transferFromSchool).toBe('Springfield Community College');
    expect(u.chips).toContainEqual({
      field: 'homeCollege',
      label: 'Current school: Springfield Community College',
      value: 'Springfield Community College',
    });
    expect(u.query).toBe('psych');
    expect(u.level).toBe('lower');
  });

  it('does not shorten a longer school to a known name inside it', () => {
    expect(parseSmartSearch('at Miami Christian College').transferFromSchool).toBe('Miami Christian College');
    expect(parseSmartSearch('at Miami International University').transferFromSchool).toBe('Miami International University');
  });

  it.each([
    ['I study at Seminole State College', 'Seminole State College'],
    ['I go to Kent State', 'Kent State'],
    ['at Tallahassee Community', 'Tallahassee Community'],
    ['i attend ohio state', 'ohio state'],
  ])('finds the generic school in %j', (text, raw) => {
    expect(parseSmartSearch(text).transferFromSchool).toBe(raw);
  });
});

describe('rule: a transfer-to school', () => {
  it.each([
    ['transfer to FSU', 'FSU'],
    ['transferring to the University of Florida', 'University of Florida'],
    ['want to go to UCF next fall', 'UCF'],
    ['I hope to get into Penn State', 'Penn State'],
    ['moving to the University of Toledo', 'University of Toledo'],
  ])('%s → %s', (text, raw) => {
    const u = parseSmartSearch(text);
    expect(u.transferToSchool).toBe(raw);
    expect(u.transferFromSchool).toBeNull();
  });

  it('reads "count at" / "accepted at" as the transfer-to school', () => {
    const u = parseSmartSearch('Which of my classes from Valencia College count at Penn State?');
    expect(u.transferFromSchool).toBe('Valencia College');
    expect(u.transferToSchool).toBe('Penn State');
    expect(parseSmartSearch('is ECO 2013 accepted at UCF').transferToSchool).toBe('UCF');
  });

  it('removes the school and the timing from the query', () => {
    expect(parseSmartSearch('want to go to UCF next fall').query).toBe('');
  });
});

describe('rule: a "transfer from X to Y" scenario', () => {
  it('fills the scenario and both schools', () => {
    const u = parseSmartSearch("I'm transferring from Valencia College to UCF for ECO 2013");
    expect(u.transferScenario).toEqual({ fromSchool: 'Valencia College', toSchool: 'UCF' });
    expect(u).toMatchObject({
      homeCollege: null,
      targetCollege: null,
      transferFromSchool: 'Valencia College',
      transferToSchool: 'UCF',
      extractedName: null,
      query: 'ECO 2013',
    });
  });

  it('works with "the" and unknown schools', () => {
    const u = parseSmartSearch('transfer from the University of Wisconsin–Madison to Springfield Community College');
    expect(u.transferScenario).toEqual({
      fromSchool: 'University of Wisconsin–Madison',
      toSchool: 'Springfield Community College',
    });
    expect(u.transferFromSchool).toBe('University of Wisconsin–Madison');
  });

  it('lets a scenario win over an earlier "at"', () => {
    const u = parseSmartSearch('history at Valencia, transfer from MDC to FIU');
    expect(u.transferScenario).toEqual({ fromSchool: 'MDC', toSchool: 'FIU' });
    expect(u.transferFromSchool).toBe('MDC');
  });

  it('is not a scenario without "from"', () => {
    expect(parseSmartSearch('at USF to UF').transferScenario).toBeNull();
    expect(parseSmartSearch('from 9 to 5 at USF').transferScenario).toBeNull();
  });
});

describe('rule: a course subject and number', () => {
  it.each([
    ['macroeconomics 2013', 'economics', 'Macroeconomics 2013'],
    ['ECO 2013', 'economics', 'ECO 2013'],
    ['econ 101', 'economics', 'ECON 101'],
    ['intro psych', 'psychology', null],
    ['intro to psychology', 'psychology', null],
    ['calculus 2', 'mathematics', 'Calculus 2'],
    ['Calculus II', 'mathematics', 'Calculus II'],
    ['US history', 'history', null],
    ['AMH 2020', 'history', 'AMH 2020'],
    ['english composition 1', 'english', 'English Composition 1'],
    ['ENC1101', 'english', 'ENC 1101'],
    ['bio 1', 'biology', 'Bio 1'],
    ['general chemistry', 'chemistry', null],
    ['CHM 1045', 'chemistry', 'CHM 1045'],
    ['political science', 'political-science', null],
    ['POS 2041', 'political-science', 'POS 2041'],
    ['principles of microeconomics', 'economics', null],
  ])('%s → %s / %s', (text, subject, className) => {
    const u = parseSmartSearch(text);
    expect(u.targetSubject).toBe(subject);
    expect(u.className).toBe(className);
    // "intro" is understood as the level (lower-level courses), not searched for as a word.
    expect(u.query).toBe(text.replace(/^intro (to )?/, ''));
  });

  it.each([
    ['MAC2311', 'mathematics', 'MAC 2311'],
    ['bsc 2010c', 'biology', 'BSC 2010C'],
    ['CS-101', null, 'CS 101'],
    ['MATH 1110.01', 'mathematics', 'MATH 1110.01'],
    ['cop3502', null, 'COP 3502'],
  ])('generic letters-plus-digits code %s', (text, subject, className) => {
    const u = parseSmartSearch(`I need ${text} to transfer`);
    expect(u.targetSubject).toBe(subject);
    expect(u.className).toBe(className);
    expect(u.query).toBe(text);
  });

  it('takes the subject from a named course when the code has none', () => {
    const u = parseSmartSearch('CS 101 and intro psych');
    expect(u.className).toBe('CS 101');
    expect(u.targetSubject).toBe('psychology');
  });

  it.each(['fall 2024', 'in 2024', 'about 3000 students', 'I need help with 401k'])(
    'does not take %j for a course code',
    (text) => {
      expect(parseSmartSearch(text).className).toBeNull();
    },
  );

  it('finds no course in a sentence without one', () => {
    const u = parseSmartSearch("Hi, I'm Sam and I go to Valencia College");
    expect(u.targetSubject).toBeNull();
    expect(u.className).toBeNull();
    expect(u.courseCodes).toEqual([]);
    expect(u.query).toBe('');
    expect(u.extractedName).toBe('Sam');
  });
});

describe('rule: school-prefixed course codes "U DEL: ABC123"', () => {
  it('finds one code', () => {
    const u = parseSmartSearch('U DEL: ABC123');
    expect(u.courseCodes).toEqual(['U DEL: ABC123']);
    expect(u.className).toBeNull();
    expect(u.query).toBe('');
  });

  it('finds several codes and normalises spacing and case', () => {
    expect(parseSmartSearch('U DEL: ECON101, U DEL: HIST 103').courseCodes).toEqual(['U DEL: ECON101', 'U DEL: HIST103']);
    expect(parseSmartSearch('does u del: econ 101 transfer to FSU?').courseCodes).toEqual(['U DEL: ECON101']);
  });

  it('reads "FSU: ECO 2013" as a school-prefixed code', () => {
    expect(parseSmartSearch('credit for FSU: ECO 2013').courseCodes).toEqual(['FSU: ECO2013']);
  });

  it('applies one prefix to a comma-separated list', () => {
    expect(parseSmartSearch('UDEL: ECON101, HIST103 and MATH241').courseCodes).toEqual([
      'UDEL: ECON101',
      'UDEL: HIST103',
    ]);
  });

  it('keeps the rest of the sentence', () => {
    const u = parseSmartSearch('I took U DEL: ECON101 and want to transfer to UCF');
    expect(u.courseCodes).toEqual(['U DEL: ECON101']);
    expect(u.transferToSchool).toBe('UCF');
    expect(u.transferFromSchool).toBeNull();
    expect(u.query).toBe('');
    expect(u.chips.map((c) => c.label)).toEqual(['Transfer to: UCF', 'Course code: U DEL: ECON101']);
  });

  it('does not treat a plain colon as a school prefix', () => {
    const u = parseSmartSearch('courses: ECON101');
    expect(u.courseCodes).toEqual([]);
    expect(u.className).toBe('ECON 101');
  });
});

describe('tricky negatives', () => {
  it('"State" alone is not a school', () => {
    for (const text of ['I go to State', 'State', 'in-state tuition', 'I live in the state of Ohio', 'my home state']) {
      const u = parseSmartSearch(text);
      expect(u.homeCollege, text).toBeNull();
      expect(u.transferFromSchool, text).toBeNull();
      expect(u.transferToSchool, text).toBeNull();
    }
  });

  it('does not join a sentence break into a school', () => {
    expect(parseSmartSearch('I live in Ohio. State schools are cheap').transferFromSchool).toBeNull();
  });

  it('"college" or "university" alone is not a school', () => {
    const u = parseSmartSearch('I want to go to college for community health');
    expect(u.transferToSchool).toBeNull();
    expect(u.transferFromSchool).toBeNull();
  });

  it('place names are schools only after at, from or to', () => {
    const u = parseSmartSearch('I live in Miami and take english composition');
    expect(u.homeCollege).toBeNull();
    expect(u.targetSubject).toBe('english');
  });

  it('the filler "um" is not the University of Miami', () => {
    const u = parseSmartSearch('um, econ at FIU');
    expect(u.transferFromSchool).toBe('FIU');
    expect(u.query).toBe('econ');
  });

  it('keeps every value within the limits of the search schemas', () => {
    const codes = Array.from({ length: 30 }, (_, i) => `UDEL: ECON${100 + i}`).join(', ');
    expect(parseSmartSearch(codes).courseCodes).toHaveLength(20);
    const long = `at ${'Supercalifragilisticexpialidocious '.repeat(4)}College and intro intro intro intro intro psych 1`;
    const u = parseSmartSearch(long);
    expect(u.transferFromSchool?.length).toBeLessThanOrEqual(120);
    expect(u.className).toBe('Intro Intro Intro Psych 1');
  });

  it('handles empty, blank and very long input', () => {
    for (const text of ['', '   ', '?!']) {
      const u = parseSmartSearch(text);
      expect(u.query).toBe('');
      expect(u.chips).toEqual([]);
    }
    expect(parseSmartSearch('history '.repeat(500)).query.length).toBeLessThanOrEqual(200);
  });

  it('treats a school named without context as the current school, a second as the target', () => {
    const u = parseSmartSearch('Valencia College macroeconomics');
    expect(u.transferFromSchool).toBe('Valencia College');
    expect(u.query).toBe('macroeconomics');
    expect(parseSmartSearch('Valencia College, Seminole State College').transferToSchool).toBe('Seminole State College');
  });
});

describe('removeUnderstanding', () => {
  const full = parseSmartSearch("I'm Maria, transferring from Valencia College to FSU for ECO 2013, U DEL: ECON101, U DEL: HIST103");

  it('parses the fixture as expected', () => {
    expect(full.chips.map((c) => c.field)).toEqual([
      'extractedName',
      'homeCollege',
      'targetCollege',
      'targetSubject',
      'className',
      'courseCodes',
      'courseCodes',
    ]);
    expect(full.transferScenario).not.toBeNull();
  });

  it('drops the name', () => {
    const u = removeUnderstanding(full, 'extractedName');
    expect(u.extractedName).toBeNull();
    expect(u.chips.some((c) => c.field === 'extractedName')).toBe(false);
    expect(u.query).toBe(full.query);
  });

  it('drops a school with the school as written and the scenario', () => {
    const u = removeUnderstanding(full, 'homeCollege');
    expect(u).toMatchObject({ homeCollege: null, transferFromSchool: null, transferScenario: null, transferToSchool: 'FSU' });
    const v = removeUnderstanding(full, 'targetCollege');
    expect(v).toMatchObject({ targetCollege: null, transferToSchool: null, transferScenario: null, transferFromSchool: 'Valencia College' });
  });

  it('drops one course code or all of them', () => {
    expect(removeUnderstanding(full, 'courseCodes', 'U DEL: ECON101').courseCodes).toEqual(['U DEL: HIST103']);
    expect(removeUnderstanding(full, 'courseCodes').courseCodes).toEqual([]);
  });

  it('drops the subject and the class separately and does not change the input', () => {
    const u = removeUnderstanding(removeUnderstanding(full, 'targetSubject'), 'className');
    expect(u.targetSubject).toBeNull();
    expect(u.className).toBeNull();
    expect(full.targetSubject).toBe('economics');
    expect(full.courseCodes).toHaveLength(2);
  });
});

describe('toSearchFilters', () => {
  it('gives filters that the shared schemas accept', () => {
    const u = parseSmartSearch("I'm Maria, transferring from Valencia College to FSU, ECO 2013, U DEL: ECON101");
    const filters = toSearchFilters(u);
    expect(filters).toEqual({
      searchType: 'smart',
      extractedName: 'Maria',
      transferScenario: { fromSchool: 'Valencia College', toSchool: 'FSU' },
      courseCodes: ['U DEL: ECON101'],
      transferFromSchool: 'Valencia College',
      transferToSchool: 'FSU',
      targetSubject: 'economics',
      className: 'ECO 2013',
    });
    expect(searchFiltersSchema.parse(filters)).toEqual(filters);
    const { transferScenario: _scenario, ...queryFields } = filters;
    const query = courseSearchQuerySchema.parse({ q: u.query, ...queryFields, courseCodes: filters.courseCodes?.join(',') });
    expect(query.courseCodes).toEqual(['U DEL: ECON101']);
  });

  it('leaves out what was not understood', () => {
    expect(toSearchFilters(parseSmartSearch('history'))).toEqual({ searchType: 'smart', targetSubject: 'history' });
  });
});

describe('subjectForCodePrefix', () => {
  it('uses the subject keyword map and common course prefixes', () => {
    expect(subjectForCodePrefix('ECO')).toBe('economics');
    expect(subjectForCodePrefix('ECON')).toBe('economics');
    expect(subjectForCodePrefix('MGF')).toBe('mathematics');
    expect(subjectForCodePrefix('STA')).toBe('mathematics');
    expect(subjectForCodePrefix('PSYC')).toBe('psychology');
    expect(subjectForCodePrefix('EUH')).toBe('history');
    expect(subjectForCodePrefix('CS')).toBeUndefined();
  });
});

describe('any input', () => {
  const words = fc.constantFrom(
    "I'm", 'my name is', 'Maria', 'at', 'from', 'to', 'the', 'transfer', 'University', 'of', 'Florida', 'State',
    'College', 'Community', 'FSU', 'UM', 'um', 'Miami', 'Dade', 'U', 'DEL', ':', ',', 'ECON101', 'ECO', '2013',
    'calculus', 'II', 'I', 'intro', 'psych', 'next', 'fall', '.', 'Valencia', 'MATH', '1110.01', 'CS-101',
  );
  const longWord = fc.stringMatching(/^[A-Za-z]{40,90}$/);
  const sentence = fc.oneof(
    fc.array(fc.oneof(words, longWord), { maxLength: 20 }).map((parts) => parts.join(' ')),
    fc.string({ maxLength: 300 }),
  );

  it('never throws and always gives filters the shared schemas accept', () => {
    fc.assert(
      fc.property(sentence, (text) => {
        const u = parseSmartSearch(text);
        expect(u.query.length).toBeLessThanOrEqual(200);
        expect(searchFiltersSchema.safeParse(toSearchFilters(u)).success).toBe(true);
        for (const chip of u.chips) expect(removeUnderstanding(u, chip.field, chip.value).chips).not.toContainEqual(chip);
      }),
      { numRuns: 300 },
    );
  });
});

describe('rule: delivery format, term and level words', () => {
  // Terms follow the date (src/shared/terms.ts): these read as on 28 November 2026.
  const today = new Date('2026-11-28T12:00:00Z');
  it.each([
    ['intro psychology from Miami Dade College to UCF online', { deliveryFormat: 'online', term: null, level: 'lower', query: 'psychology' }],
    ['summer econ in person', { deliveryFormat: 'in-person', term: 'summer-2027', level: null, query: 'econ' }],
    ['hybrid statistics next fall', { deliveryFormat: 'hybrid', term: 'fall-2026', level: null, query: 'statistics' }],
    ['upper-level history spring 2028', { deliveryFormat: null, term: 'spring-2028', level: 'upper', query: 'history' }],
    ['introductory chemistry', { deliveryFormat: null, term: null, level: 'lower', query: 'chemistry' }],
  ])('%s', (text, expected) => {
    const u = parseSmartSearch(text, { today });
    expect({ deliveryFormat: u.deliveryFormat, term: u.term, level: u.level, query: u.query }).toEqual(expected);
    expect(toSearchFilters(u)).toMatchObject(Object.fromEntries(Object.entries(expected).filter(([key, value]) => key !== 'query' && value !== null)));
  });

  it('shows a chip for each, and removing one drops only that filter', () => {
    const u = parseSmartSearch('intro econ online summer', { today });
    expect(u.chips.map((chip) => chip.label)).toEqual(['Subject: Economics', 'Format: Online', 'Term: Summer 2027', 'Level: Lower-level (intro) courses']);
    const withoutFormat = removeUnderstanding(u, 'deliveryFormat');
    expect(withoutFormat.deliveryFormat).toBeNull();
    expect(withoutFormat.term).toBe('summer-2027');
    expect(withoutFormat.chips.map((chip) => chip.field)).toEqual(['targetSubject', 'term', 'level']);
  });

  it('says which season it could not use: a year the search has no term for', () => {
    const u = parseSmartSearch('history fall 2031', { today });
    expect(u.term).toBeNull();
    expect(u.unusedWords).toEqual(['fall 2031']);
    expect(u.query).toBe('history');
    expect(parseSmartSearch('history spring 2025', { today }).unusedWords).toEqual(['spring 2025']);
  });

  it('reads the same words as a later term when the date moves on', () => {
    expect(parseSmartSearch('summer econ', { today: new Date('2027-08-02T12:00:00Z') }).term).toBe('summer-2028');
    expect(parseSmartSearch('summer econ', { today: new Date('2027-07-02T12:00:00Z') }).chips.at(-1)?.label).toBe('Term: Summer 2027');
  });

  it('keeps a season or format word that is part of a course code or a school name', () => {
    expect(parseSmartSearch('U DEL: ONL101').deliveryFormat).toBeNull();
  });
});

describe('rule: a school’s short name after "from", "to" or "at"', () => {
  it.each([
    ['calculus from UW-Oshkosh to UW-Madison', 'UW-Oshkosh', 'UW-Madison'],
    ['calculus from uw-oshkosh to uw-madison', 'uw-oshkosh', 'uw-madison'],
    ['history from FGCU to UCF', 'FGCU', 'UCF'],
    ['english from UW-Eau Claire to UW-Madison', 'UW-Eau Claire', 'UW-Madison'],
  ])('%s', (text, from, to) => {
    const u = parseSmartSearch(text);
    expect(u.transferFromSchool).toBe(from);
    expect(u.transferToSchool).toBe(to);
    expect(u.transferScenario).toEqual({ fromSchool: from, toSchool: expect.any(String) });
  });

  it('does not take a person or a course word for a school', () => {
    expect(parseSmartSearch('calculus from Professor Smith').transferFromSchool).toBeNull();
    expect(parseSmartSearch('switching from calculus to statistics').transferFromSchool).toBeNull();
  });
});

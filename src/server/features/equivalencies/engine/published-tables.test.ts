import { describe, expect, it } from 'vitest';
import { formatImportError, parseRulesCsv, type ParsedRuleDraft } from './csv-import-format';
import { createRulesCsvImporter } from './csv-import-format';
import { planColumns } from './import-columns';
import { readPublishedSide, splitCreditsText, termOfDate } from './published-course-codes';

const codes = (rule: ParsedRuleDraft) => ({
  sources: rule.sources.map((course) => `${course.subject} ${course.number}`),
  targets: rule.targets.map((course) => `${course.subject} ${course.number}`.trim()),
});

describe('published headers', () => {
  it('recognises common names, whatever their case and punctuation', () => {
    const plan = planColumns(['From Course Code', 'from_course_title', 'To-Institution', 'receiving_course', 'Receiving Title', 'receiving_units', 'Articulation Date']);
    expect(plan.mapped).toEqual({
      source_code: 'From Course Code', source_name: 'from_course_title', target_university: 'To-Institution', target_code: 'receiving_course', target_name: 'Receiving Title', credits: 'receiving_units',
    });
    expect(plan.missing).toEqual([]);
    expect(plan.unused).toEqual(['Articulation Date']);
  });

  it('a mapping names the rest, and wins over a recognised name; a header the file lacks is an error', () => {
    const plan = planColumns(['cc_course', 'Course Title', 'University', 'Equiv', 'Equiv Title', 'Units', 'to_course'], { target_code: 'Equiv', source_name: 'Course Title', target_university: 'University', target_name: 'Equiv Title' });
    expect(plan.mapped).toMatchObject({ source_code: 'cc_course', target_code: 'Equiv', credits: 'Units' });
    expect(plan.unused).toEqual(['to_course']);
    expect(plan.missing).toEqual([]);
    expect(planColumns(['a'], { source_code: 'b' }).problems).toEqual([{ column: 'source_code', message: 'the mapping reads source_code from "b", which the file does not have' }]);
  });

  it('a remembered mapping applies only where the file has its headers', () => {
    const plan = planColumns(['Course', 'Title', 'Dest', 'Equiv', 'ET', 'Cr'], {}, { source_code: 'Course', target_code: 'Gone' });
    expect(plan.problems).toEqual([]);
    expect(plan.mapped.source_code).toBe('Course');
    expect(plan.missing).toEqual(expect.arrayContaining(['target_code', 'target_university']));
  });
});

describe('published course codes', () => {
  it('"A + B" and "A & B" are several courses; "ANTHRO 20 + HIST 38" is never subject "ANTHRO 20 + HIST"', () => {
    expect(readPublishedSide('ANTHRO 20 + HIST 38')).toMatchObject({ kind: 'courses', courses: [{ subject: 'ANTHRO', number: '20' }, { subject: 'HIST', number: '38' }] });
    expect(readPublishedSide('BIO 101 & BIO 101L')).toMatchObject({ kind: 'courses', courses: [{ number: '101' }, { number: '101L' }] });
    expect(readPublishedSide('MATH 1A and MATH 1B')).toMatchObject({ kind: 'courses', courses: [{ number: '1A' }, { number: '1B' }] });
    // A bare number after a course shares its subject; a bare number first, or words, do not.
    expect(readPublishedSide('CHEM 1010L & 1020L')).toMatchObject({ kind: 'courses', courses: [{ subject: 'CHEM', number: '1010L' }, { subject: 'CHEM', number: '1020L' }] });
    expect(readPublishedSide('BIOL 2014 and 2015 + HIST 38')).toMatchObject({ kind: 'courses', courses: [{ subject: 'BIOL', number: '2014' }, { subject: 'BIOL', number: '2015' }, { subject: 'HIST', number: '38' }] });
    for (const text of ['101 & CHEM 102', 'CHEM 101 & 102 C', 'BIOL22 50 & 2251']) expect(readPublishedSide(text).kind, text).toBe('invalid');
    // One subject with an ampersand (the real Wisconsin data), not two courses.
    expect(readPublishedSide('Hum & Arts EL')).toMatchObject({ kind: 'courses', courses: [{ subject: 'HUM & ARTS', number: 'EL' }] });
  });

  it('words that say nothing transfers are DNT or NDC, never a course', () => {
    for (const text of ['No Comparable Course', 'NE', 'DNT', 'no equivalent', 'HIST NE', 'Not transferable']) expect(readPublishedSide(text), text).toMatchObject({ kind: 'no-transfer', code: 'DNT' });
    for (const text of ['NDC', 'No credit', 'no degree credit']) expect(readPublishedSide(text), text).toMatchObject({ kind: 'no-transfer', code: 'NDC' });
  });

  it('a code that fits no pattern is refused', () => {
    for (const text of ['HIST 135 C', 'ANTHRO 20 + HIST', '135', 'HIST', '+ HIST 1']) expect(readPublishedSide(text).kind, text).toBe('invalid');
    for (const text of ['HIST 135', 'SOCSCI (809) 122', 'ENGL EL', 'KINS ACT', 'E C E 252', 'MATH 1110.01']) expect(readPublishedSide(text).kind, text).toBe('courses');
  });

  it('units named with the credits, and dates as terms', () => {
    expect(splitCreditsText('4 quarter units')).toEqual({ amount: '4', unit: 'quarter' });
    expect(splitCreditsText('3.0 sem hrs')).toEqual({ amount: '3.0', unit: 'semester' });
    expect(splitCreditsText('3 credits')).toEqual({ amount: '3', unit: null });
    expect(splitCreditsText('3 bananas')).toMatchObject({ invalidWords: 'bananas' });
    expect(termOfDate('9/1/1999')).toBe('Fall 1999');
    expect(termOfDate('2024-01-15')).toBe('Spring 2024');
    expect(termOfDate('Fall 2020')).toBeNull();
  });
});

describe('published tables, whole', () => {
  it('a joined row is one rule; a no-equivalent row does not transfer; quarter units are kept; a bad code names its line', () => {
    const { rules, errors } = parseRulesCsv(
      [
        'from_course_code,from_course_title,to_institution,receiving_course,receiving_title,receiving_units,unit_type',
        'ANTHRO 20 + HIST 38,Cultures + US History,State U,ANTH 101,World Cultures,5,quarter',
        'BIO 101,Biology,State U,BIOL 110 & BIOL 110L,Biology + Lab,4,quarter',
        'ART 9,Ceramics,State U,No Comparable Course,,,',
        'PE 2,Bowling,State U,NDC,,1,',
        'HIST 135 C,History,State U,HIST 101,History,3,',
      ].join('\n'),
    );
    expect(errors.map(formatImportError)).toEqual([
      'line 6, source_code: "HIST 135 C" is not a course code: write a subject and a number such as "HIST 135", and join courses that count together with + or &',
    ]);
    expect(rules.map((rule) => ({ ...codes(rule), transfers: rule.transfers, credits: rule.creditsAwarded, unit: rule.creditUnit }))).toEqual([
      { sources: ['ANTHRO 20', 'HIST 38'], targets: ['ANTH 101'], transfers: true, credits: 5, unit: 'quarter' },
      { sources: ['BIO 101'], targets: ['BIOL 110', 'BIOL 110L'], transfers: true, credits: 4, unit: 'quarter' },
      { sources: ['ART 9'], targets: ['DNT'], transfers: false, credits: null, unit: null },
      { sources: ['PE 2'], targets: ['NDC'], transfers: false, credits: 1, unit: null },
    ]);
    expect(rules[0]!.sources.map((course) => course.title)).toEqual(['Cultures', 'US History']);
    expect(rules[2]!.targets[0]!.title).toBe('No Comparable Course');
  });

  it('reads a TES import file: pipes, numbered code columns, NULL, dates', () => {
    const header = ['InstitutionCodeType', 'SendInstitutionCode', 'SendInstitutionName', 'SendInstitutionCity', 'SendInstitutionState', 'SendInstitutionCountry', 'EQValidDateStart', 'EQValidDateEnd',
      ...Array.from({ length: 10 }, (_, i) => `SendCourseCode${i + 1}`), 'ReceiveInstitutionCode', 'ReceiveInstitutionName', ...Array.from({ length: 10 }, (_, i) => `ReceiveCourseCode${i + 1}`),
      'CommentsPrivate', 'CommentsPublic', 'HideFlag'];
    const row = (send: string[], receive: string[], start = 'NULL') => ['IPEDSID', '999001', 'Lakeside Community College', 'Duluth', 'MN', 'United States', start, 'NULL',
      ...Array.from({ length: 10 }, (_, i) => send[i] ?? 'NULL'), '999002', 'Northern State University', ...Array.from({ length: 10 }, (_, i) => receive[i] ?? 'NULL'), 'NULL', 'Meets Quantitative Reasoning', '0'].join('|');
    const importer = createRulesCsvImporter();
    importer.push([header.join('|'), row(['MATH 1100'], ['MATH 140'], '9/1/1999'), row(['BIO 101', 'BIO 101L'], ['BIOL 1'])].join('\r\n'));
    const { rules, errors, columns } = importer.end();
    expect(errors).toEqual([]);
    expect(columns?.layout).toBe('tes');
    expect(rules.map(codes)).toEqual([{ sources: ['MATH 1100'], targets: ['MATH 140'] }, { sources: ['BIO 101', 'BIO 101L'], targets: ['BIOL 1'] }]);
    expect(rules[0]).toMatchObject({ sourceUniversity: 'Lakeside Community College', targetUniversity: 'Northern State University', effectiveFrom: 'Fall 1999', notes: 'Meets Quantitative Reasoning', creditsAwarded: null });
  });

  it('reads a TES file in the older specification (FICE codes, no code type or dates), tab-delimited', () => {
    const header = ['SendInstitutionFICECode', 'SendInstitutionName', 'SendInstitutionCity', 'SendInstitutionState', 'SendInstitutionCountry', 'SendCourseCode1', 'SendCourseCode2', 'ReceiveInstitutionFICECode', 'ReceiveInstitutionName', 'ReceiveCourseCode1', 'ReceiveCourseCode2', 'CommentsPrivate', 'CommentsPublic', 'HideFlag'];
    const { rules, errors, columns } = parseRulesCsv([header.join('\t'), ['001234', 'Lakeside Community College', 'Duluth', 'MN', 'USA', 'CHEM 101', 'CHEM 101L', '005678', 'Northern State University', 'CHEM 1', '', '', '', '0'].join('\t')].join('\n'));
    expect(errors).toEqual([]);
    expect(columns).toMatchObject({ layout: 'tes', unused: [], missing: [] });
    expect(rules.map(codes)).toEqual([{ sources: ['CHEM 101', 'CHEM 101L'], targets: ['CHEM 1'] }]);
  });

  it('reads an ATAIN/CourseWise equivalency CSV: codes as prefix and number, schools by IPEDS number', () => {
    const { rules, errors, columns } = parseRulesCsv(
      ['sending_inst_ipeds,sending_course_prefix,sending_course_number,receiving_inst_ipeds,receiving_course_prefix,receiving_course_number', '999001,ENG,101,999002,ENGL,1010', '999001,PSY,201,999002,NE,'].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(columns?.layout).toBe('atain');
    expect(rules.map((rule) => ({ ...codes(rule), from: rule.sourceUniversity, to: rule.targetUniversity, transfers: rule.transfers }))).toEqual([
      { sources: ['ENG 101'], targets: ['ENGL 1010'], from: '999001', to: '999002', transfers: true },
      { sources: ['PSY 201'], targets: ['DNT'], from: '999001', to: '999002', transfers: false },
    ]);
  });
});

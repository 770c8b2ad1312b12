import { describe, expect, it } from 'vitest';
import { createRulesCsvImporter } from '../features/equivalencies/engine/csv-import-format';
import { formatCsvLine } from '../features/equivalencies/engine/csv-row-parser';
import { LOUISIANA_RULE_COLUMNS, louisianaCourseRows, louisianaRuleRows, readCell, readLouisianaMatrix, tidyCell } from './louisiana-matrix';

describe('readCell: one school’s equivalent of a Louisiana common course', () => {
  it('reads a course, courses taken together, alternatives with the subject carried over, electives and generic credit', () => {
    expect(readCell('ENGL 1157')).toEqual([[{ kind: 'course', subject: 'ENGL', number: '1157' }]]);
    expect(readCell('BIOL 1011 & 1021')).toEqual([[{ kind: 'course', subject: 'BIOL', number: '1011' }, { kind: 'course', subject: 'BIOL', number: '1021' }]]);
    expect(readCell('BIOL 1202 + 1209 or BIOL 1503')).toEqual([
      [{ kind: 'course', subject: 'BIOL', number: '1202' }, { kind: 'course', subject: 'BIOL', number: '1209' }],
      [{ kind: 'course', subject: 'BIOL', number: '1503' }],
    ]);
    expect(readCell('ACCT 2102 or 2103')).toEqual([[{ kind: 'course', subject: 'ACCT', number: '2102' }], [{ kind: 'course', subject: 'ACCT', number: '2103' }]]);
    expect(readCell('ACCT 2***')).toEqual([[{ kind: 'elective', subject: 'ACCT', level: '2' }]]);
    expect(readCell('ACCT ***')).toEqual([[{ kind: 'elective', subject: 'ACCT', level: null }]]);
    expect(readCell('GHUM (3-4)')).toEqual([[{ kind: 'generic', code: 'GHUM', hours: '3-4' }]]);
    // Hours written once after the last alternative apply to each.
    expect(readCell('GNAT or CBIO 3')).toEqual([[{ kind: 'generic', code: 'GNAT', hours: '3' }], [{ kind: 'generic', code: 'CBIO', hours: '3' }]]);
  });

  it('reads none as no alternative, and refuses what it cannot read rather than guess', () => {
    expect(readCell('***')).toEqual([]);
    expect(readCell('')).toEqual([]);
    expect(readCell('HIST 360 or ***')).toEqual([[{ kind: 'course', subject: 'HIST', number: '360' }]]);
    expect(readCell('BIOS 104/5/ 6/7/8/9')).toBeNull();
    expect(readCell('ENGL 370/71/ 72/80')).toBeNull();
    expect(readCell('CJ or SOC 2***')).toBeNull();
  });

  it('mends what the PDF conversion broke: spacing, case, "and", credit notes, dashes', () => {
    expect(tidyCell('ACCT1 250')).toBe('ACCT 1250');
    expect(tidyCell('BIOL10 40')).toBe('BIOL 1040');
    expect(tidyCell('CHEM1 010L & 1020L')).toBe('CHEM 1010L & 1020L');
    expect(tidyCell('ECON 275 B')).toBe('ECON 275B');
    expect(tidyCell('BUSP** *')).toBe('BUSP***');
    expect(tidyCell('Math 1100')).toBe('MATH 1100');
    expect(tidyCell('BIOL 2014 and 2015')).toBe('BIOL 2014 & 2015');
    expect(tidyCell('CHEM 232 (2 cr.)')).toBe('CHEM 232');
    expect(tidyCell('MATH ---')).toBe('MATH ***');
    expect(tidyCell('ENGL 101/110 or ENRE 110')).toBe('ENGL 101 or 110 or ENRE 110');
    expect(tidyCell('CJUS 211/ SLGY 211')).toBe('CJUS 211 or SLGY 211');
    expect(tidyCell('ENGL 1010 /1009')).toBe('ENGL 1010 or 1009');
    // College Algebra's row writes the hours between subject and number; "&/or" is "or".
    expect(tidyCell('MATH 3 1213')).toBe('MATH 1213');
    expect(tidyCell('MATH 3 102 or 111')).toBe('MATH 102 or 111');
    expect(tidyCell('SMAT 3 121S')).toBe('SMAT 121S');
    expect(tidyCell('MATH 1105 &/or MATH 1110')).toBe('MATH 1105 or MATH 1110');
    expect(tidyCell('BIOL 3250 GNAT 1')).toBe('BIOL 3250 GNAT 1');
    expect(tidyCell('BIOL 436(G)')).toBe('BIOL 436');
    expect(tidyCell('RNR 2900/HORT 2900 (3 cr hrs)')).toBe('RNR 2900 or HORT 2900');
  });
});

const MATRIX = [
  'ccn,ccn_title,AAA,BBB,CCC',
  'CENL 1013,English Composition I,ENGL 101,ENGL 1157,ENGL 110 or 111',
  'CBIO 1014,General Biology I (Lec + Lab),BIOL 101 & 102,BIOL ***,***',
  'CHUM 1003,Humanities,HUMA 101,GHUM 3,',
].join('\n');
const PAIRS = [
  'lccn,lccn_title,institution_code,institution_name,institution_course_raw,match_type',
  'CENL 1013,English Composition I,AAA,Alpha Community College,ENGL 101,specific_course',
  'CENL 1013,English Composition I,BBB,Beta University,ENGL 1157,specific_course',
  'CENL 1013,English Composition I,CCC,Gamma State University,ENGL 110 or 111,specific_course',
].join('\n');

describe('the matrix as rules between every pair of schools', () => {
  const matrix = readLouisianaMatrix(MATRIX, PAIRS);
  const rules = () => {
    const importer = createRulesCsvImporter();
    importer.push(`${[LOUISIANA_RULE_COLUMNS.join(','), ...[...louisianaRuleRows(matrix)].map(formatCsvLine)].join('\n')}\n`);
    return importer.end();
  };
  const describeRule = (rule: ReturnType<typeof rules>['rules'][number]) =>
    `${rule.sourceUniversity}: ${rule.sources.map((s) => `${s.subject} ${s.number}`).join(' & ')} -> ${rule.targetUniversity}: ${rule.targets.map((t) => `${t.subject} ${t.number}${t.isElective ? ' (elective)' : ''}`).join(' & ')}`;

  it('names the schools from the long form and takes the hours from the common course number', () => {
    expect(matrix.schools.map((school) => school.name)).toEqual(['Alpha Community College', 'Beta University', 'Gamma State University']);
    expect(matrix.courses.map((course) => course.hours)).toEqual([3, 4, 3]);
  });

  it('gives each school’s courses a rule to each other school’s equivalent; what the import cannot say is left out', () => {
    const { rules: drafts, errors } = rules();
    expect(errors).toEqual([]);
    expect(drafts.map(describeRule).sort()).toEqual(
      [
        'Alpha Community College: ENGL 101 -> Beta University: ENGL 1157',
        'Alpha Community College: ENGL 101 -> Gamma State University: ENGL 110',
        'Beta University: ENGL 1157 -> Alpha Community College: ENGL 101',
        'Beta University: ENGL 1157 -> Gamma State University: ENGL 110',
        // Each alternative at a sending school is a rule of its own.
        'Gamma State University: ENGL 110 -> Alpha Community College: ENGL 101',
        'Gamma State University: ENGL 110 -> Beta University: ENGL 1157',
        'Gamma State University: ENGL 111 -> Alpha Community College: ENGL 101',
        'Gamma State University: ENGL 111 -> Beta University: ENGL 1157',
        // Courses taken together make one rule; elective credit in a subject is the import's elective code.
        'Alpha Community College: BIOL 101 & BIOL 102 -> Beta University: BIOL EL (elective)',
        // Generic general-education credit is elective credit under its code.
        'Alpha Community College: HUMA 101 -> Beta University: GHUM EL (elective)',
      ].sort(),
    );
    const toGamma = drafts.find((rule) => rule.targetUniversity === 'Gamma State University' && rule.sources[0]?.number === '101');
    expect(toGamma?.notes).toBe('Louisiana common course CENL 1013 (English Composition I); Gamma State University lists ENGL 110 or ENGL 111');
    expect(toGamma?.creditsAwarded).toBe(3);
    const generic = drafts.find((rule) => rule.targets[0]?.subject === 'GHUM');
    expect(generic?.targets[0]).toMatchObject({ title: 'General credit GHUM (3 hours)', credits: 3 });
  });

  it('lists each school’s courses named on their own, with the common title and hours', () => {
    expect([...louisianaCourseRows(matrix)]).toEqual([
      ['Alpha Community College', 'ENGL', '101', 'English Composition I', '3', ''],
      ['Beta University', 'ENGL', '1157', 'English Composition I', '3', ''],
      ['Gamma State University', 'ENGL', '110', 'English Composition I', '3', ''],
      ['Gamma State University', 'ENGL', '111', 'English Composition I', '3', ''],
      ['Alpha Community College', 'HUMA', '101', 'Humanities', '3', ''],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { FLORIDA_PUBLIC_SCHOOLS, floridaCourseRows } from './florida-inventory';

const INVENTORY = [
  'course_id,title,num_inst,institutions',
  'ENC1101,ENGLISH COMPOSITION I,5,MDC;VC;UF;FIU;KU',
  'BSC2010C,GENERAL BIOLOGY I,2,HC;TSC',
  'not-a-number,SOMETHING,2,MDC;VC',
].join('\n');

describe('floridaCourseRows: the statewide inventory as each public school’s courses', () => {
  it('gives a row per public school listed, under the statewide prefix and number (the lecture form of the inventory’s merged C codes); UF and FIU come from their catalogues; unnamed participants are left out', () => {
    expect([...floridaCourseRows(INVENTORY, (school) => school.code.toLowerCase())]).toEqual([
      ['mdc', 'ENC', '1101', 'ENGLISH COMPOSITION I', '', ''],
      ['vc', 'ENC', '1101', 'ENGLISH COMPOSITION I', '', ''],
      ['hc', 'BSC', '2010', 'GENERAL BIOLOGY I', '', ''],
      ['tsc', 'BSC', '2010', 'GENERAL BIOLOGY I', '', ''],
    ]);
  });

  it('covers the State University System (12) and the Florida College System (28), each code once', () => {
    expect(FLORIDA_PUBLIC_SCHOOLS.filter((school) => school.kind === 'university')).toHaveLength(12);
    expect(FLORIDA_PUBLIC_SCHOOLS.filter((school) => school.kind === 'college')).toHaveLength(28);
    expect(new Set(FLORIDA_PUBLIC_SCHOOLS.map((school) => school.code)).size).toBe(40);
  });
});

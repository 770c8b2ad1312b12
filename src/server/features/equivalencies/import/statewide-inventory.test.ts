import { describe, expect, it } from 'vitest';
import { parseStatewideInventory, readableTitle } from './statewide-inventory';

describe('parseStatewideInventory', () => {
  it('reads a course id as subject and number, the schools from the list, and keeps the lecture form of a merged C course', () => {
    const csv = ['course_id,title,num_inst,institutions', 'ECO2013,PRINCIPLES OF MACROECONOMICS,3,MDC;UCF;VC', 'MAC2311C,CALCULUS I,2,UCF;VC', 'BSC2010L,GENERAL BIOLOGY I LAB,2,FIU;MDC', 'bad,NO CODE,1,UCF', 'ENC1101,,2,UCF;VC'].join('\n');
    expect(parseStatewideInventory(csv)).toEqual([
      { subject: 'ECO', number: '2013', title: 'Principles of Macroeconomics', schools: ['MDC', 'UCF', 'VC'] },
      { subject: 'MAC', number: '2311', title: 'Calculus I', schools: ['UCF', 'VC'] },
      { subject: 'BSC', number: '2010L', title: 'General Biology I Lab', schools: ['FIU', 'MDC'] },
    ]);
  });

  it('refuses a file without the inventory’s columns', () => {
    expect(() => parseStatewideInventory('code,name\nECO2013,X')).toThrow(/course_id, title and institutions/);
  });
});

describe('readableTitle', () => {
  it('writes capitals as a title, small words and Roman numerals as people write them', () => {
    expect(readableTitle('INTRODUCTION TO THE STUDY OF HISTORY II')).toBe('Introduction to the Study of History II');
    expect(readableTitle('OF MICE AND MEN')).toBe('Of Mice and Men');
  });

  it('leaves a title already in mixed case alone', () => {
    expect(readableTitle('Calculus for iPhone Developers')).toBe('Calculus for iPhone Developers');
  });
});

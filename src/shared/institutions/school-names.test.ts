import { describe, expect, it } from 'vitest';
import { normalizeSchoolName, schoolKeyFromName } from './school-names';

describe('school names', () => {
  it('compares every spelling of an alias in one form', () => {
    for (const name of ['UW-Madison', 'uw madison', 'UW Madison', 'U.W. Madison']) expect(normalizeSchoolName(name)).toBe('uwmadison');
    expect(normalizeSchoolName('William & Mary')).toBe(normalizeSchoolName('William and Mary'));
    expect(normalizeSchoolName('Miami University (Ohio)')).not.toBe(normalizeSchoolName('University of Miami'));
  });

  it('makes keys from names', () => {
    expect(schoolKeyFromName('UW-Oshkosh')).toBe('uw-oshkosh');
    expect(schoolKeyFromName('Wis. Indianhead Tech. College')).toBe('wis-indianhead-tech-college');
    expect(schoolKeyFromName('William & Mary')).toBe('william-and-mary');
    expect(schoolKeyFromName('!!!')).toBe('school');
  });
});

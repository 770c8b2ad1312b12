import { describe, expect, it } from 'vitest';
import { canonicalInstitutionKey, resolveInstitutionKey } from './school-spellings';

describe('canonicalInstitutionKey', () => {
  it('gives every spelling of UW-Madison one key', () => {
    for (const name of ['UW-Madison', 'University of Wisconsin-Madison', 'university-of-wisconsin-madison', 'uw madison']) {
      expect(canonicalInstitutionKey(name)).toBe('uw-madison');
    }
  });
  it('expands abbreviations in technical college names', () => {
    expect(canonicalInstitutionKey('Wis. Indianhead Tech. College')).toBe('wisconsin-indianhead-technical-college');
    expect(canonicalInstitutionKey('The Ohio State University')).toBe('ohio-state-university');
    expect(canonicalInstitutionKey('William & Mary')).toBe('william-and-mary');
  });
});

describe('resolveInstitutionKey', () => {
  const known = ['uw-madison', 'uw-oshkosh', 'florida-international-university', 'milwaukee-area-technical-college'];
  it('resolves exact names, nicknames and unique partial names', () => {
    expect(resolveInstitutionKey('University of Wisconsin-Madison', known)).toBe('uw-madison');
    expect(resolveInstitutionKey('FIU', known)).toBe('florida-international-university');
    expect(resolveInstitutionKey('oshkosh', known)).toBe('uw-oshkosh');
    expect(resolveInstitutionKey('Milwaukee Area Tech. College', known)).toBe('milwaukee-area-technical-college');
  });
  it('refuses an ambiguous or unknown name', () => {
    expect(resolveInstitutionKey('uw', known)).toBeNull();
    expect(resolveInstitutionKey('Harvard', known)).toBeNull();
  });
});

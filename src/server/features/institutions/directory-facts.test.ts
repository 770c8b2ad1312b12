import { describe, expect, it } from 'vitest';
import { schoolControlOf, schoolLevelOf } from './directory-facts';

describe('directory facts', () => {
  it('reads public or private from the IPEDS sector, not the row guess', () => {
    expect(schoolControlOf(1, 'private')).toBe('public');
    expect(schoolControlOf(4, 'private')).toBe('public');
    expect(schoolControlOf(7, 'private')).toBe('public');
    expect(schoolControlOf(2, 'public')).toBe('private');
    expect(schoolControlOf(6, 'public')).toBe('private');
    expect(schoolControlOf(null, 'public')).toBe('public');
    expect(schoolControlOf(0, 'private')).toBe('private');
  });

  it('reads two-year or four-year from the IPEDS sector, not the school kind', () => {
    // A "college" the directory lists as a public two-year school (sector 4) is two-year, whatever its kind says.
    expect(schoolLevelOf(4, 'college')).toBe('two-year');
    expect(schoolLevelOf(8, 'university')).toBe('two-year');
    // A state college that grants bachelor's degrees (sector 1) is four-year though it was entered as a community college.
    expect(schoolLevelOf(1, 'community-college')).toBe('four-year');
    expect(schoolLevelOf(null, 'community-college')).toBe('two-year');
    expect(schoolLevelOf(null, 'university')).toBe('four-year');
  });
});

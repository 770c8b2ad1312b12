import { describe, expect, it } from 'vitest';
import {
  DELIVERY_FORMATS,
  INSTITUTION_TYPES,
  SCHOOL_ALIASES,
  SCHOOL_OPTIONS,
  STATE_OPTIONS,
  SUBJECT_AREAS,
  TRANSCRIPT_DESTINATION_OPTIONS,
  findSchoolKey,
  optionLabel,
  subjectCodesFor,
} from './search-options';

describe('search options (spec section 9)', () => {
  it('has the delivery formats, institution types and subject areas of the spec (terms follow the date: src/shared/terms.test.ts)', () => {
    expect(DELIVERY_FORMATS).toEqual(['online', 'in-person', 'hybrid']);
    expect(INSTITUTION_TYPES).toEqual(['public', 'private']);
    expect(SUBJECT_AREAS).toEqual(['biology', 'chemistry', 'economics', 'english', 'history', 'mathematics', 'psychology']);
  });

  it('has 16 distinct states including Florida, Ohio and New York', () => {
    expect(STATE_OPTIONS).toHaveLength(16);
    expect(new Set(STATE_OPTIONS.map((s) => s.value)).size).toBe(16);
    expect(optionLabel(STATE_OPTIONS, 'FL')).toBe('Florida');
    expect(optionLabel(STATE_OPTIONS, 'OH')).toBe('Ohio');
    expect(optionLabel(STATE_OPTIONS, 'NY')).toBe('New York');
    for (const state of STATE_OPTIONS) expect(state.value).toMatch(/^[A-Z]{2}$/);
  });

  it('has about 14 distinct schools and exactly the transcript destinations of the spec', () => {
    expect(SCHOOL_OPTIONS).toHaveLength(14);
    expect(new Set(SCHOOL_OPTIONS.map((s) => s.value)).size).toBe(14);
    expect(TRANSCRIPT_DESTINATION_OPTIONS.map((s) => s.value)).toEqual([
      'miami',
      'miami-ohio',
      'florida',
      'fsu',
      'ucf',
      'fiu',
      'delaware',
      'penn-state',
      'ohio-state',
    ]);
    expect(TRANSCRIPT_DESTINATION_OPTIONS[1]).toEqual({ value: 'miami-ohio', label: 'Miami University (Ohio)' });
  });

  it('never gives two schools the same alias', () => {
    const seen = new Map<string, string>();
    for (const [key, aliases] of Object.entries(SCHOOL_ALIASES)) {
      for (const alias of aliases) {
        expect(seen.get(alias), `${alias} is used by ${seen.get(alias)} and ${key}`).toBeUndefined();
        seen.set(alias, key);
      }
    }
  });

  it('finds school keys from names, labels and abbreviations', () => {
    expect(findSchoolKey('FSU')).toBe('fsu');
    expect(findSchoolKey('U of Miami')).toBe('miami');
    expect(findSchoolKey('Miami of Ohio')).toBe('miami-ohio');
    expect(findSchoolKey('Miami University (Ohio)')).toBe('miami-ohio');
    expect(findSchoolKey('The Ohio State University')).toBe('ohio-state');
    expect(findSchoolKey('University of Wisconsin–Madison')).toBe('uw-madison');
    expect(findSchoolKey('william & mary')).toBe('william-mary');
    expect(findSchoolKey('Miami-Dade College')).toBe('mdc');
    expect(findSchoolKey('U.F.')).toBe('florida');
    expect(findSchoolKey('penn-state')).toBe('penn-state');
    expect(findSchoolKey('Springfield Community College')).toBeUndefined();
    expect(findSchoolKey('')).toBeUndefined();
  });
});

describe('subject keyword map (spec section 5)', () => {
  it('maps econ to economics and eco, hist to history and hist', () => {
    expect(subjectCodesFor('economics')).toEqual(['economics', 'eco']);
    expect(subjectCodesFor('econ')).toEqual(['economics', 'eco']);
    expect(subjectCodesFor('history')).toEqual(['history', 'hist']);
    expect(subjectCodesFor('hist')).toEqual(['history', 'hist']);
  });

  it('maps the other subjects, accepting names and case variants', () => {
    expect(subjectCodesFor('English')).toEqual(['english', 'enc', 'engl']);
    expect(subjectCodesFor('math')).toEqual(['math', 'mac', 'mat', 'mgf', 'sta']);
    expect(subjectCodesFor('biology')).toEqual(['bio', 'bsc', 'biol']);
    expect(subjectCodesFor('chemistry')).toEqual(['chem', 'chm']);
    expect(subjectCodesFor('psych')).toEqual(['psy', 'psyc', 'psych']);
    expect(subjectCodesFor('Political  Science')).toEqual(['pos', 'poli', 'polsci']);
    expect(subjectCodesFor('political-science')).toEqual(['pos', 'poli', 'polsci']);
  });

  it('returns an empty list for unknown subjects', () => {
    expect(subjectCodesFor('astrology')).toEqual([]);
    expect(subjectCodesFor(undefined)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DELIVERY_FORMATS,
  INSTITUTION_TYPES,
  STATE_OPTIONS,
  SUBJECT_AREAS,
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

import { describe, expect, it } from 'vitest';
import { isTermValue, offeredTerm, termForSeason, termInProgress, termLabel, termOptions } from './terms';

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);
const values = (today: Date) => termOptions(today).map((term) => term.value);

describe('terms follow the date (issue 40: they were frozen in 2024)', () => {
  it('in November 2026 offers the current and the next academic year, in order', () => {
    expect(values(on('2026-11-28'))).toEqual(['fall-2026', 'winter-2027', 'spring-2027', 'summer-2027', 'fall-2027', 'winter-2028', 'spring-2028', 'summer-2028']);
    expect(termOptions(on('2026-11-28'))[3]).toEqual({ value: 'summer-2027', label: 'Summer 2027' });
  });

  it('drops the terms of the current year that are over, and turns the year in August', () => {
    expect(values(on('2027-02-10'))).toEqual(['spring-2027', 'summer-2027', 'fall-2027', 'winter-2028', 'spring-2028', 'summer-2028']);
    expect(values(on('2027-06-15'))).toEqual(['summer-2027', 'fall-2027', 'winter-2028', 'spring-2028', 'summer-2028']);
    expect(values(on('2027-08-01'))).toEqual(['fall-2027', 'winter-2028', 'spring-2028', 'summer-2028', 'fall-2028', 'winter-2029', 'spring-2029', 'summer-2029']);
    expect(values(on('2027-01-20'))[0]).toBe('winter-2027');
  });

  it('has the shape of the spec’s four constants (summer-2024, fall-2024, winter-2025, spring-2025)', () => {
    for (const value of ['summer-2024', 'fall-2024', 'winter-2025', 'spring-2025']) expect(isTermValue(value)).toBe(true);
    expect(values(on('2024-06-01'))).toEqual(expect.arrayContaining(['summer-2024', 'fall-2024', 'winter-2025', 'spring-2025']));
    expect(termLabel('winter-2025')).toBe('Winter 2025');
    expect(isTermValue('Fall 2026')).toBe(false);
    expect(isTermValue('fall-26')).toBe(false);
  });

  it('reads a season as its next term not yet over', () => {
    const november = on('2026-11-28');
    expect(termForSeason('summer', november)).toBe('summer-2027');
    expect(termForSeason('fall', november)).toBe('fall-2026');
    expect(termForSeason('spring', on('2027-06-15'))).toBe('spring-2028');
    expect(offeredTerm('fall', 2027, november)).toBe('fall-2027');
    expect(offeredTerm('fall', 2031, november)).toBeNull();
    expect(offeredTerm('spring', 2025, november)).toBeNull();
  });

  it('says which term is running the way the engine counts it (January is spring)', () => {
    expect(termInProgress(on('2027-01-15'))).toEqual({ season: 'spring', year: 2027 });
    expect(termInProgress(on('2027-07-31'))).toEqual({ season: 'summer', year: 2027 });
    expect(termInProgress(on('2026-11-28'))).toEqual({ season: 'fall', year: 2026 });
  });
});

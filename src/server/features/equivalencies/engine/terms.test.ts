import { describe, expect, it } from 'vitest';
import { checkTermRange, currentTerm, describeTermRange, parseTerm, ruleTermNote } from './terms';

describe('parseTerm', () => {
  it.each([
    ['Fall 2020', 2020, 'fall'],
    ['fall-2024', 2024, 'fall'],
    ['FA20', 2020, 'fall'],
    ['2019FA', 2019, 'fall'],
    ['Spring Quarter 2023', 2023, 'spring'],
    ['summer-2024', 2024, 'summer'],
    ['Summer I 2024', 2024, 'summer'],
    ['Winter 2025', 2025, 'winter'],
    ['winter-2025', 2025, 'winter'],
    ['Autumn 2021', 2021, 'fall'],
    ['SP 21', 2021, 'spring'],
    ['2024 Fall Semester', 2024, 'fall'],
  ])('%s → %s %s', (raw, year, season) => {
    expect(parseTerm(raw)).toMatchObject({ year, season });
  });

  it('returns null for text that is not a term', () => {
    expect(parseTerm('')).toBeNull();
    expect(parseTerm(null)).toBeNull();
    expect(parseTerm('sometime')).toBeNull();
    expect(parseTerm('Fall Spring 2020')).toBeNull();
  });

  it('orders Winter < Spring < Summer < Fall within a year, and years first', () => {
    const ordinals = ['Winter 2025', 'Spring 2025', 'Summer 2025', 'Fall 2025', 'Winter 2026'].map((t) => parseTerm(t)!.ordinal);
    expect([...ordinals].sort((a, b) => a - b)).toEqual(ordinals);
    expect(new Set(ordinals).size).toBe(5);
    expect(parseTerm('FA19')!.ordinal).toBeLessThan(parseTerm('spring-2020')!.ordinal);
  });
});

describe('checkTermRange', () => {
  it('places a term inside, before or after a range (bounds inclusive)', () => {
    expect(checkTermRange('Fall 2020', 'Fall 2020', 'Spring 2023')).toBe('in-range');
    expect(checkTermRange('SP23', 'Fall 2020', 'Spring 2023')).toBe('in-range');
    expect(checkTermRange('Summer 2020', 'Fall 2020', 'Spring 2023')).toBe('before');
    expect(checkTermRange('2023SU', 'Fall 2020', 'Spring 2023')).toBe('after');
  });
  it('treats open bounds and missing terms kindly', () => {
    expect(checkTermRange('Fall 1999', null, 'Fall 2000')).toBe('in-range');
    expect(checkTermRange('Fall 2030', 'Fall 2000', null)).toBe('in-range');
    expect(checkTermRange(null, 'Fall 2020', 'Spring 2023')).toBe('unknown');
  });
  it('describes a range in words', () => {
    expect(describeTermRange('fall-2020', '2023SP')).toBe('from Fall 2020 to Spring 2023');
    expect(describeTermRange('FA20', null)).toBe('from Fall 2020 on');
    expect(describeTermRange(null, 'Spring 2023')).toBe('until Spring 2023');
  });
});

describe('currentTerm', () => {
  it('is Spring from January to May, Summer in June and July, Fall from August (UTC)', () => {
    expect(currentTerm(new Date('2026-01-05T00:00:00Z'))).toMatchObject({ year: 2026, season: 'spring' });
    expect(currentTerm(new Date('2026-05-31T23:59:59Z'))).toMatchObject({ year: 2026, season: 'spring' });
    expect(currentTerm(new Date('2026-06-01T00:00:00Z'))).toMatchObject({ year: 2026, season: 'summer' });
    expect(currentTerm(new Date('2026-07-31T12:00:00Z'))).toMatchObject({ year: 2026, season: 'summer' });
    expect(currentTerm(new Date('2026-08-01T00:00:00Z'))).toMatchObject({ year: 2026, season: 'fall' });
    expect(currentTerm(new Date('2026-12-31T23:59:59Z'))).toMatchObject({ year: 2026, season: 'fall' });
  });
});

describe('ruleTermNote', () => {
  const fall2026 = currentTerm(new Date('2026-11-22T00:00:00Z'));
  it('is null when the rule is in effect, open, or has unreadable bounds', () => {
    expect(ruleTermNote(null, null, fall2026)).toBeNull();
    expect(ruleTermNote('Fall 2020', null, fall2026)).toBeNull();
    expect(ruleTermNote('Fall 2020', 'Fall 2026', fall2026)).toBeNull();
    expect(ruleTermNote(null, 'sometime', fall2026)).toBeNull();
  });
  it('names the terms a rule covers when the current term is outside them', () => {
    expect(ruleTermNote('Fall 2001', 'Spring 2003', fall2026)).toBe('Only for courses taken from Fall 2001 to Spring 2003, not in Fall 2026.');
    expect(ruleTermNote('SP27', null, fall2026)).toBe('Only for courses taken from Spring 2027 on, not in Fall 2026.');
    expect(ruleTermNote(null, 'Summer 2026', fall2026)).toBe('Only for courses taken until Summer 2026, not in Fall 2026.');
  });
});

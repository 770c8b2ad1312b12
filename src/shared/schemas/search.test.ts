import { describe, expect, it } from 'vitest';
import { courseSearchQuerySchema, searchFiltersSchema, toCourseSearchParams } from './search';

function issuePaths(input: unknown): string[] {
  const result = courseSearchQuerySchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('courseSearchQuerySchema', () => {
  it('gives defaults for an empty query string', () => {
    expect(courseSearchQuerySchema.parse({})).toEqual({ q: '', limit: 10 });
  });

  it('parses a full query string', () => {
    const params = new URLSearchParams({
      q: '  macroeconomics ',
      deliveryFormat: 'online',
      institutionType: 'public',
      state: 'fl',
      term: 'summer-2024',
      homeCollege: 'valencia',
      targetCollege: 'fsu',
      transferFromSchool: 'Valencia College',
      transferToSchool: 'FSU',
      targetSubject: 'economics',
      className: 'ECO 2013',
      courseCodes: 'U DEL: ECON101, U DEL: HIST103,,U DEL: ECON101',
      extractedName: 'Maria',
      searchType: 'smart',
      cursor: 'opaque-cursor==',
      limit: '25',
    });
    expect(courseSearchQuerySchema.parse(Object.fromEntries(params))).toEqual({
      q: 'macroeconomics',
      deliveryFormat: 'online',
      institutionType: 'public',
      state: 'FL',
      term: 'summer-2024',
      homeCollege: 'valencia',
      targetCollege: 'fsu',
      transferFromSchool: 'Valencia College',
      transferToSchool: 'FSU',
      targetSubject: 'economics',
      className: 'ECO 2013',
      courseCodes: ['U DEL: ECON101', 'U DEL: HIST103'],
      extractedName: 'Maria',
      searchType: 'smart',
      cursor: 'opaque-cursor==',
      limit: 25,
    });
  });

  it('treats empty strings as not given', () => {
    const parsed = courseSearchQuerySchema.parse({
      deliveryFormat: '',
      state: ' ',
      term: '',
      homeCollege: '',
      targetSubject: '',
      className: '',
      courseCodes: ' , ',
      searchType: '',
      cursor: '',
      limit: '',
    });
    expect(parsed).toEqual({ q: '', limit: 10 });
  });

  it('accepts political science, which smart search can extract', () => {
    expect(courseSearchQuerySchema.parse({ targetSubject: 'political-science' }).targetSubject).toBe('political-science');
  });

  it.each([
    ['deliveryFormat', 'correspondence'],
    ['institutionType', 'for-profit'],
    ['state', 'ZZ'],
    ['term', 'fall 2030'],
    ['term', 'midsummer-2027'],
    ['homeCollege', 'Harvard!'],
    ['targetCollege', 'Valencia College'],
    ['targetSubject', 'astrology'],
    ['searchType', 'transcript'],
  ])('refuses %s=%s with the field named in the issue path', (field, value) => {
    expect(issuePaths({ [field]: value })).toEqual([field]);
  });

  it('takes any well-formed term, not only those offered today (a saved search keeps its term), in lower case', () => {
    expect(courseSearchQuerySchema.parse({ term: 'fall-2026' }).term).toBe('fall-2026');
    expect(courseSearchQuerySchema.parse({ term: 'Summer-2024' }).term).toBe('summer-2024');
  });

  it('refuses a query longer than 200 characters', () => {
    expect(courseSearchQuerySchema.safeParse({ q: 'a'.repeat(200) }).success).toBe(true);
    expect(issuePaths({ q: 'a'.repeat(201) })).toEqual(['q']);
  });

  it.each(['0', '51', '-1', '2.5', 'ten'])('refuses limit=%s', (limit) => {
    expect(issuePaths({ limit })).toEqual(['limit']);
  });

  it('accepts limits 1 to 50', () => {
    expect(courseSearchQuerySchema.parse({ limit: '1' }).limit).toBe(1);
    expect(courseSearchQuerySchema.parse({ limit: '50' }).limit).toBe(50);
    expect(courseSearchQuerySchema.parse({ limit: 7 }).limit).toBe(7);
  });

  it('refuses too long text fields and course codes', () => {
    expect(issuePaths({ className: 'x'.repeat(81) })).toEqual(['className']);
    expect(issuePaths({ transferToSchool: 'x'.repeat(121) })).toEqual(['transferToSchool']);
    expect(issuePaths({ courseCodes: 'x'.repeat(41) })).toEqual(['courseCodes.0']);
  });

  it('names every invalid field', () => {
    expect(issuePaths({ state: 'XX', term: 'nope', limit: '99' }).sort()).toEqual(['limit', 'state', 'term']);
  });

  it('drops unknown parameters', () => {
    expect(courseSearchQuerySchema.parse({ utm_source: 'mail', q: 'bio' })).toEqual({ q: 'bio', limit: 10 });
  });

  it('round-trips through toCourseSearchParams', () => {
    const parsed = courseSearchQuerySchema.parse({ q: 'econ', state: 'OH', courseCodes: 'A1,B2', limit: '5' });
    const params = toCourseSearchParams(parsed);
    expect(params.toString()).toBe('q=econ&state=OH&courseCodes=A1%2CB2&limit=5');
    expect(courseSearchQuerySchema.parse(Object.fromEntries(params))).toEqual(parsed);
  });
});

describe('searchFiltersSchema', () => {
  it('accepts the filters of spec section 3, including a transfer scenario', () => {
    const filters = {
      searchType: 'smart',
      extractedName: 'Maria',
      transferScenario: { fromSchool: 'Valencia College', toSchool: 'FSU' },
      courseCodes: ['U DEL: ECON101'],
      homeCollege: 'valencia',
      targetCollege: 'fsu',
      targetSubject: 'economics',
    };
    expect(searchFiltersSchema.parse(filters)).toEqual(filters);
  });

  it('treats a null scenario as absent and refuses a half scenario', () => {
    expect(searchFiltersSchema.parse({ transferScenario: null })).toEqual({});
    const result = searchFiltersSchema.safeParse({ transferScenario: { fromSchool: 'UCF' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['transferScenario', 'toSchool']);
  });
});

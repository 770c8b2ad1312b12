import { describe, expect, it } from 'vitest';
import { apiParamsOf, withSchool, type SearchState } from './search-url';

describe('withSchool', () => {
  it('picks one of the schools a shared name means by key, keeping the text and the other filters', () => {
    const state: SearchState = { mode: 'smart', text: 'English comp to UNO', filters: { transferToSchool: 'UNO', state: 'LA', without: ['target', 'code:ENGL 101'] } };
    const picked = withSchool(state, 'to', 'university-of-new-orleans');
    expect(picked.text).toBe('English comp to UNO');
    expect(picked.filters).toEqual({ targetCollege: 'university-of-new-orleans', state: 'LA', without: ['code:ENGL 101'] });
    expect(apiParamsOf(picked).get('targetCollege')).toBe('university-of-new-orleans');
  });
});

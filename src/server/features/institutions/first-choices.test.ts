import { describe, expect, it } from 'vitest';
import { DEMO_INSTITUTIONS } from '../../db/seed/demo-institutions';
import { FIRST_CHOICES } from './first-choices';

describe('the first choices a school picker shows (spec section 9)', () => {
  it('are about 14 distinct search schools and exactly the spec’s transcript destinations, every one a demo school', () => {
    expect(new Set(FIRST_CHOICES.search).size).toBe(14);
    expect(FIRST_CHOICES.destination).toEqual(['miami', 'miami-ohio', 'florida', 'fsu', 'ucf', 'fiu', 'delaware', 'penn-state', 'ohio-state']);
    const demo = new Set(DEMO_INSTITUTIONS.map((school) => school.key));
    for (const key of [...FIRST_CHOICES.search, ...FIRST_CHOICES.destination]) expect(demo.has(key), key).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { pickRule, rankRules } from './rule-picker';
import type { RankableRule } from './rule-picker';

const source = { subject: 'ECO', number: '2013', title: null, credits: null };
const lab = { subject: 'ECO', number: '2013L', title: null, credits: null };
const rule = (id: number, origin: RankableRule['origin'], sources = [source]): RankableRule => ({ id, origin, sources });

describe('the rule-picker (one order of authority)', () => {
  it('ranks more source courses first, then appeal > admin > csv > seed > statewide numbering, then the newest', () => {
    const ranked = rankRules([rule(1, 'csv'), rule(2, 'seed'), rule(3, 'appeal'), rule(4, 'admin'), rule(5, 'csv'), rule(6, 'seed', [source, lab])]);
    expect(ranked.map((entry) => entry.id)).toEqual([6, 3, 4, 5, 1, 2]);
  });
  it('picks the first that applies, or none', () => {
    const rules = [rule(1, 'csv'), rule(2, 'admin')];
    expect(pickRule(rules)?.id).toBe(2);
    expect(pickRule(rules, (entry) => entry.origin === 'csv')?.id).toBe(1);
    expect(pickRule(rules, () => false)).toBeNull();
  });
});

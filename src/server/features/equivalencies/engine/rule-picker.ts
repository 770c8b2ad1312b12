// Which rule speaks for a course when several could: THE order of authority, used by the
// transcript report (decideTransfers), the search cards and the course page, so they never
// disagree. A rule for more source courses first (lecture + lab says more than the lecture
// alone), then by origin (a decision on an appeal > a registrar's rule > a published table
// > demo data > statewide numbering), then the newest.

import type { EquivalencyRule, RuleOrigin } from './types';

const ORIGIN_PRIORITY: Record<RuleOrigin, number> = { appeal: 5, admin: 4, csv: 3, seed: 2, 'statewide-numbering': 1 };

export type RankableRule = Pick<EquivalencyRule, 'id' | 'origin' | 'sources'>;

/** Negative when `a` speaks with more authority than `b`. */
export function compareRuleAuthority(a: RankableRule, b: RankableRule): number {
  return b.sources.length - a.sources.length || ORIGIN_PRIORITY[b.origin] - ORIGIN_PRIORITY[a.origin] || b.id - a.id;
}

/** The rules in order of authority (a sorted copy). */
export function rankRules<Rule extends RankableRule>(rules: readonly Rule[]): Rule[] {
  return [...rules].sort(compareRuleAuthority);
}

/** The rule with the most authority among those that apply, or null. */
export function pickRule<Rule extends RankableRule>(rules: readonly Rule[], applies: (rule: Rule) => boolean = () => true): Rule | null {
  return rankRules(rules).find(applies) ?? null;
}

// How a course is linked to a destination's courses through rules between OTHER pairs of schools. Rules are edges
// between courses (school + code); a destination course a few edges away is likely the same course:
//   reverse       the destination's course transfers to the student's school as this very course;
//   sharedSource  a course elsewhere transfers to the student's school as this course, and here as the candidate;
//   twoStep       this course transfers to another school as Y, and Y transfers here as the candidate;
//   sharedTarget  this course and the candidate both transfer to another school as the same course Y.
// (A third school's course that also becomes Y, and what it transfers here as, added 0.4 points of top-1 for a scan of
// every rule into Y's school; left out.)
// Measured on held-out Wisconsin rules, each of these names the true course first 70–80 % of the times it names any
// (docs/BENCHMARKS.md, "Suggestion ranking"). Pure: the caller hands over the rules (from memory or from SQL).

import { codeKey } from '../../catalogue';
import { isElectiveTarget, nonTransferTargetKind } from './verdict-class';
import type { EquivalencyRule, RuleCourse } from './types';

export const LINK_KINDS = ['reverse', 'sharedSource', 'twoStep', 'sharedTarget'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** Rules by the courses they start from and end at. */
export interface RuleNeighbourhood {
  rulesFrom(institutionId: number, course: { subject: string; number: string }): readonly EquivalencyRule[];
  rulesInto(institutionId: number, course: { subject: string; number: string }): readonly EquivalencyRule[];
}

export interface LinkVote {
  course: RuleCourse;
  /** Distinct linking courses (the Y above) behind the vote. */
  count: number;
  /** One linking course, for the why text: "ENGL 1157". */
  via: string;
}

export type LinkVotes = Record<LinkKind, Map<string, LinkVote>>;

const nodeKey = (institutionId: number, course: { subject: string; number: string }) => `${institutionId}|${codeKey(course)}`;

/** A rule that sends one course to one specific course: the only kind that links two courses one to one. */
function isOneToOne(rule: EquivalencyRule): boolean {
  if (!rule.transfers || rule.sources.length !== 1 || rule.targets.length !== 1) return false;
  const [target] = rule.targets;
  return target !== undefined && nonTransferTargetKind(target) === null && !isElectiveTarget(target);
}

const EMPTY: readonly EquivalencyRule[] = [];

export function ruleNeighbourhoodOf(rules: Iterable<EquivalencyRule>): RuleNeighbourhood {
  const from = new Map<string, EquivalencyRule[]>();
  const into = new Map<string, EquivalencyRule[]>();
  const add = (map: Map<string, EquivalencyRule[]>, key: string, rule: EquivalencyRule) => {
    const list = map.get(key);
    if (list) list.push(rule);
    else map.set(key, [rule]);
  };
  for (const rule of rules) {
    if (!isOneToOne(rule)) continue;
    add(from, nodeKey(rule.fromInstitutionId, rule.sources[0]!), rule);
    add(into, nodeKey(rule.toInstitutionId, rule.targets[0]!), rule);
  }
  return {
    rulesFrom: (institutionId, course) => from.get(nodeKey(institutionId, course)) ?? EMPTY,
    rulesInto: (institutionId, course) => into.get(nodeKey(institutionId, course)) ?? EMPTY,
  };
}

/**
 * Destination courses linked to one source course, by kind, each with how many distinct linking courses name it.
 * The pair's own rules (student's school → destination) are never used: they would decide the course, not suggest.
 */
export function linkedVotes(input: {
  graph: RuleNeighbourhood;
  fromInstitutionId: number;
  toInstitutionId: number;
  course: { subject: string; number: string };
}): LinkVotes {
  const { graph, fromInstitutionId: from, toInstitutionId: to, course } = input;
  const votes: LinkVotes = { reverse: new Map(), sharedSource: new Map(), twoStep: new Map(), sharedTarget: new Map() };
  const seen = new Set<string>();
  const vote = (kind: LinkKind, candidate: RuleCourse, via: { subject: string; number: string }, viaInstitutionId: number) => {
    const key = codeKey(candidate);
    // Each linking course counts once per candidate, however many rules (terms, credits) repeat the link.
    const link = `${kind}|${key}|${nodeKey(viaInstitutionId, via)}`;
    if (seen.has(link)) return;
    seen.add(link);
    const known = votes[kind].get(key);
    if (known) known.count += 1;
    else votes[kind].set(key, { course: candidate, count: 1, via: `${via.subject} ${via.number}`.trim() });
  };

  for (const rule of graph.rulesInto(from, course)) {
    const source = rule.sources[0]!;
    if (rule.fromInstitutionId === to) {
      vote('reverse', source, course, from);
      continue;
    }
    for (const onward of graph.rulesFrom(rule.fromInstitutionId, source)) {
      if (onward.toInstitutionId === to) vote('sharedSource', onward.targets[0]!, source, rule.fromInstitutionId);
    }
  }
  for (const rule of graph.rulesFrom(from, course)) {
    if (rule.toInstitutionId === to) continue;
    const elsewhere = rule.targets[0]!;
    const there = rule.toInstitutionId;
    for (const onward of graph.rulesFrom(there, elsewhere)) {
      if (onward.toInstitutionId === to) vote('twoStep', onward.targets[0]!, elsewhere, there);
    }
    for (const sibling of graph.rulesInto(there, elsewhere)) {
      if (sibling.fromInstitutionId === to) vote('sharedTarget', sibling.sources[0]!, elsewhere, there);
    }
  }
  return votes;
}

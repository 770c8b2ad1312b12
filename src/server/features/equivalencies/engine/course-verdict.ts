// What the search cards and the course page say about a course, decided by the transcript
// report's own code (decideTransfers) so that the three never disagree: the same rule picked
// (rule-picker.ts), the same effective terms, grades and statewide numbering. A student
// searching today would take the course in the current term (terms.ts, currentTerm) and has
// no grade for it yet.

import { codeKey } from '../../catalogue';
import { decideTransfers } from './decide-transfers';
import { formatTerm, ruleTermNote, type ParsedTerm } from './terms';
import type { CourseRef, EquivalencyDecision, EquivalencyRule, InstitutionInfo } from './types';

/** A course at one destination, with the rules from its school to there, taken in `term`. */
interface CourseAtDestination {
  from: InstitutionInfo;
  to: InstitutionInfo;
  course: CourseRef;
  rules: EquivalencyRule[];
  term: ParsedTerm;
  destinationCatalog?: CourseRef[];
}

/**
 * A course on its own, taken in `term` with no grade yet: a search card's verdict. `destinationCatalog` is what the
 * destination's catalogue holds of the course under statewide numbering (its own code and title); without it a
 * statewide answer names the course by the sending school's code.
 */
export function decideCourseAlone(input: CourseAtDestination): EquivalencyDecision {
  const [decision] = decideTransfers({
    from: input.from,
    to: input.to,
    courses: [{ ...input.course, term: formatTerm(input.term) }],
    rules: input.rules,
    destinationCatalog: input.destinationCatalog,
  });
  return decision!;
}

/**
 * What one rule gives a course taken in `term` together with the other courses the rule needs: the course page lists
 * every rule this way, each on its own (statewide numbering is listed apart, so it is left out here).
 */
export function decideByRule(input: { from: InstitutionInfo; to: InstitutionInfo; course: CourseRef; rule: EquivalencyRule; term: ParsedTerm }): EquivalencyDecision {
  const term = formatTerm(input.term);
  const taken = input.rule.sources.map((source) => ({ subject: source.subject, number: source.number, title: source.title, term }));
  const decisions = decideTransfers({ from: { ...input.from, floridaStatewideNumbering: false }, to: input.to, courses: taken, rules: [input.rule] });
  const own = taken.findIndex((source) => codeKey(source) === codeKey(input.course));
  return decisions[Math.max(own, 0)]!;
}

/** A course's verdict at one destination, and the rule behind it (null for statewide numbering or no rule). */
export interface CourseVerdict {
  to: InstitutionInfo;
  decision: EquivalencyDecision;
  rule: EquivalencyRule | null;
}

/** A search card's verdict at the destination the search names. */
export function decideCourseNow(input: CourseAtDestination): CourseVerdict {
  const decision = decideCourseAlone(input);
  return { to: input.to, decision, rule: input.rules.find((rule) => rule.id === decision.evidence.ruleId) ?? null };
}

/**
 * With no destination chosen, how telling a destination's answer is: the course transfers there (0), a rule in effect
 * refuses it (1), its rule is out of its terms (2), nothing applies (3).
 */
function informativeness(verdict: CourseVerdict, term: ParsedTerm): number {
  if (verdict.decision.status === 'DIRECT') return 0;
  if (verdict.decision.status === 'NEEDS_EVAL') return 3;
  return verdict.rule && ruleTermNote(verdict.rule.effectiveFromTerm, verdict.rule.effectiveToTerm, term) ? 2 : 1;
}

/**
 * A search card's verdict when the search names no destination: the course is judged at the destinations its rules
 * name, in the order given, and the card shows the most telling answer (the first destination it transfers to ends the
 * search). Null when it has no rule.
 */
export function decideCourseAnywhereNow(input: {
  from: InstitutionInfo;
  course: CourseRef;
  rules: Array<{ rule: EquivalencyRule; to: InstitutionInfo }>;
  term: ParsedTerm;
}): CourseVerdict | null {
  const rules = input.rules.map(({ rule }) => rule);
  let best: { verdict: CourseVerdict; rank: number } | null = null;
  const judged = new Set<number>();
  for (const { to } of input.rules) {
    if (judged.has(to.id)) continue;
    judged.add(to.id);
    const verdict = decideCourseNow({ from: input.from, to, course: input.course, rules, term: input.term });
    const rank = informativeness(verdict, input.term);
    if (!best || rank < best.rank) best = { verdict, rank };
    if (rank === 0) break;
  }
  return best?.verdict ?? null;
}

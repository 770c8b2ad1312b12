// What the search cards and the course page say about a course, decided by the transcript
// report's own code (decideTransfers) so that the three never disagree: the same rule picked
// (rule-picker.ts), the same effective terms, grades and statewide numbering. A student
// searching today would take the course in the current term (terms.ts, currentTerm) and has
// no grade for it yet.

import { courseKey } from './course-code';
import { decideTransfers } from './decide-transfers';
import { formatTerm, type ParsedTerm } from './terms';
import type { CourseRef, EquivalencyDecision, EquivalencyRule, InstitutionInfo } from './types';

/** A course on its own, taken in `term` with no grade yet: a search card's verdict. */
export function decideCourseAlone(input: { from: InstitutionInfo; to: InstitutionInfo; course: CourseRef; rules: EquivalencyRule[]; term: ParsedTerm }): EquivalencyDecision {
  const [decision] = decideTransfers({ from: input.from, to: input.to, courses: [{ ...input.course, term: formatTerm(input.term) }], rules: input.rules });
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
  const own = taken.findIndex((source) => courseKey(source) === courseKey(input.course));
  return decisions[Math.max(own, 0)]!;
}

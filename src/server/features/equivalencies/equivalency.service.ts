import type { Queryable } from '../../db/client';
import { listStatewideNumberingInstitutions, loadInstitutions } from '../institutions';
import { decideByRule, decideCourseAlone } from './engine/course-verdict';
import { decideTransfers } from './engine/decide-transfers';
import { rankRules } from './engine/rule-picker';
import { elsewhereTargetsOf, suggestEquivalents } from './engine/suggest-equivalents';
import { currentTerm, ruleTermNote, type ParsedTerm } from './engine/terms';
import type { CourseRef, EquivalencyDecision, EquivalencyRule, InstitutionInfo, SourceCourseTaken } from './engine/types';
import {
  databaseCodeKey,
  findAppealRule,
  insertAppealRule,
  loadDestinationCandidates,
  loadRulesForCourse,
  loadRulesForCourses,
  loadSuggestionRules,
} from './equivalency.queries';

/**
 * Whether a transcript's courses transfer: the transcript report and the compare view call this; the search cards and
 * the course page call decideCoursesNow and decideCourseTransfers below. All go through the one engine
 * (decideTransfers) and its one rule-picker. A whole transcript costs a fixed handful of queries, not one per row.
 */
export async function decideForCourses(
  db: Queryable,
  input: { fromInstitutionId: number; toInstitutionId: number; courses: SourceCourseTaken[]; withSuggestions?: boolean },
): Promise<{ from: InstitutionInfo; to: InstitutionInfo; decisions: EquivalencyDecision[] }> {
  const institutions = await loadInstitutions(db, [input.fromInstitutionId, input.toInstitutionId]);
  const from = institutions.get(input.fromInstitutionId);
  const to = institutions.get(input.toInstitutionId);
  if (!from || !to) throw new Error('Unknown institution');
  const codeKeys = [...new Set(input.courses.map((course) => databaseCodeKey(course.subject, course.number)))];
  const withSuggestions = input.withSuggestions !== false;
  const [rules, destinationCatalog, peerRules, elsewhereRules] = await Promise.all([
    loadRulesForCourses(db, { fromInstitutionId: from.id, toInstitutionId: to.id, codeKeys }),
    loadDestinationCandidates(db, {
      toInstitutionId: to.id,
      subjects: [...new Set(input.courses.map((course) => course.subject))],
      titles: withSuggestions ? input.courses.map((course) => course.title ?? '') : [],
      ...(withSuggestions ? { elsewhereFrom: { fromInstitutionId: from.id, codeKeys } } : {}),
    }),
    withSuggestions ? loadSuggestionRules(db, { scope: 'peers', fromInstitutionId: from.id, toInstitutionId: to.id, codeKeys }) : Promise.resolve([]),
    withSuggestions ? loadSuggestionRules(db, { scope: 'elsewhere', fromInstitutionId: from.id, toInstitutionId: to.id, codeKeys }) : Promise.resolve([]),
  ]);
  // A course's own rules into other schools, by its code.
  const elsewhereByCode = new Map<string, typeof elsewhereRules>();
  for (const rule of elsewhereRules) {
    const [source] = rule.sources;
    if (rule.sources.length !== 1 || !source) continue;
    const key = databaseCodeKey(source.subject, source.number);
    const list = elsewhereByCode.get(key);
    if (list) list.push(rule);
    else elsewhereByCode.set(key, [rule]);
  }
  const decisions = decideTransfers({
    from,
    to,
    courses: input.courses,
    rules,
    destinationCatalog,
    suggest: withSuggestions
      ? (course) =>
          suggestEquivalents({
            source: { ...course, institutionId: from.id, institutionKey: from.key },
            candidates: destinationCatalog,
            peerRules,
            elsewhereTargets: elsewhereTargetsOf(elsewhereByCode.get(databaseCodeKey(course.subject, course.number)) ?? []),
          })
      : undefined,
  });
  return { from, to, decisions };
}

/** The rule an approved appeal argued for, made once: approving the same appeal again finds the rule it made. */
export async function addRuleFromApprovedAppeal(tx: Queryable, rule: Parameters<typeof insertAppealRule>[1]): Promise<number> {
  const id = (await insertAppealRule(tx, rule)) ?? (await findAppealRule(tx, rule.appealId));
  if (id === null) throw new Error('rule insert returned nothing');
  return id;
}

/** A course's verdict at one destination, and the rule behind it (null for statewide numbering or no rule). */
export interface CourseVerdict {
  to: InstitutionInfo;
  decision: EquivalencyDecision;
  rule: EquivalencyRule | null;
}

const verdictOf = (to: InstitutionInfo, decision: EquivalencyDecision, rules: EquivalencyRule[]): CourseVerdict => ({
  to,
  decision,
  rule: rules.find((rule) => rule.id === decision.evidence.ruleId) ?? null,
});

/**
 * With no destination chosen, which destination's answer tells the student most: one the course transfers to, then
 * one whose rule in effect refuses it, then one whose rule is out of its terms, then none.
 */
function informativeness(verdict: CourseVerdict, term: ParsedTerm): number {
  if (verdict.decision.status === 'DIRECT') return 0;
  if (verdict.decision.status === 'NEEDS_EVAL') return 3;
  return verdict.rule && ruleTermNote(verdict.rule.effectiveFromTerm, verdict.rule.effectiveToTerm, term) ? 2 : 1;
}

/**
 * What the search cards say: each course's verdict for a student taking it in `term` (the current term), decided alone
 * by the transcript report's own code (decideCourseAlone), so a card never disagrees with the report. `to` is the
 * destination the search names; with none, each course is judged at the destinations its rules name (in the order
 * given) and the card shows the most telling answer. Null: nothing to say (no destination, no rule).
 */
export async function decideCoursesNow(
  db: Queryable,
  input: { courses: Array<{ institutionId: number; course: CourseRef; rules: EquivalencyRule[] }>; to: InstitutionInfo | null; term?: ParsedTerm },
): Promise<Array<CourseVerdict | null>> {
  const term = input.term ?? currentTerm();
  const ids = new Set<number>(input.courses.map((entry) => entry.institutionId));
  if (!input.to) for (const entry of input.courses) for (const rule of entry.rules) ids.add(rule.toInstitutionId);
  const schools = await loadInstitutions(db, [...ids]);
  return input.courses.map(({ institutionId, course, rules }) => {
    const from = schools.get(institutionId);
    if (!from) return null;
    const judge = (to: InstitutionInfo) => verdictOf(to, decideCourseAlone({ from, to, course, rules, term }), rules);
    if (input.to) return judge(input.to);
    const verdicts = [...new Set(rules.map((rule) => rule.toInstitutionId))].flatMap((id) => {
      const to = schools.get(id);
      return to ? [judge(to)] : [];
    });
    return verdicts.sort((a, b) => informativeness(a, term) - informativeness(b, term))[0] ?? null;
  });
}

/**
 * The course page's transfers: every rule for the course (each judged now, taken with the courses it needs), grouped
 * by destination and in the one order of authority within each, then Florida statewide numbering for the other
 * participating schools that have no rule in effect now.
 */
export async function decideCourseTransfers(
  db: Queryable,
  course: CourseRef & { institutionId: number; codeKey: string; floridaStatewideNumbering: boolean },
  term: ParsedTerm = currentTerm(),
): Promise<{ byRule: CourseVerdict[]; statewide: CourseVerdict[] }> {
  const [rules, statewideSchools] = await Promise.all([
    loadRulesForCourse(db, course),
    course.floridaStatewideNumbering ? listStatewideNumberingInstitutions(db, course.institutionId) : Promise.resolve([]),
  ]);
  const schools = await loadInstitutions(db, [course.institutionId, ...rules.map((rule) => rule.toInstitutionId)]);
  const from = schools.get(course.institutionId);
  if (!from) return { byRule: [], statewide: [] };
  const byDestination = new Map<number, EquivalencyRule[]>();
  for (const rule of rules) byDestination.set(rule.toInstitutionId, [...(byDestination.get(rule.toInstitutionId) ?? []), rule]);
  const destinations = [...byDestination.keys()].flatMap((id) => (schools.get(id) ? [schools.get(id)!] : [])).sort((a, b) => a.name.localeCompare(b.name));
  const byRule = destinations.flatMap((to) =>
    rankRules(byDestination.get(to.id) ?? []).map((rule) => ({ to, rule, decision: decideByRule({ from, to, course, rule, term }) })),
  );
  const inEffect = new Set(byRule.filter(({ rule }) => rule && !ruleTermNote(rule.effectiveFromTerm, rule.effectiveToTerm, term)).map(({ to }) => to.id));
  const statewide = statewideSchools
    .filter((school) => !inEffect.has(school.id))
    .map((to) => ({ to, rule: null, decision: decideCourseAlone({ from, to, course, rules: [], term }) }))
    .filter(({ decision }) => decision.status === 'DIRECT');
  return { byRule, statewide };
}

import type { Queryable } from '../../db/client';
import { decideTransfers } from './engine/decide-transfers';
import { elsewhereTargetsOf, suggestEquivalents } from './engine/suggest-equivalents';
import type { EquivalencyDecision, InstitutionInfo, SourceCourseTaken } from './engine/types';
import { databaseCodeKey, loadDestinationCandidates, loadInstitutions, loadRulesForCourses, loadSuggestionRules } from './equivalency.queries';

/**
 * The one place that decides whether courses transfer: the search, the transcript report, the course page and the
 * compare view all call this. A whole transcript costs a fixed handful of queries, not one per row.
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

import type { Queryable } from '../../db/client';
import { decideTransfers } from './engine/decide-transfers';
import { transcriptSuggester } from './engine/suggestion-index';
import type { EquivalencyDecision, InstitutionInfo, SourceCourseTaken, SuggestedCandidate } from './engine/types';
import { countRuleTargets, databaseCodeKey, loadDestinationCandidates, loadInstitutions, loadRulesForCourses, loadSuggestionEvidence } from './equivalency.queries';

/**
 * The one place that decides whether courses transfer: the search, the transcript report, the course page and the
 * compare view all call this. A whole transcript costs a fixed handful of queries, not one per row.
 */
export async function decideForCourses(
  db: Queryable,
  input: { fromInstitutionId: number; toInstitutionId: number; courses: SourceCourseTaken[]; withSuggestions?: boolean },
): Promise<{
  from: InstitutionInfo;
  to: InstitutionInfo;
  /** What the student sees: suggestions only above the measured confidence (student-suggestions.ts). */
  decisions: EquivalencyDecision[];
  /** The registrar's view, row by row: the best three suggestions for each course no rule decides, with evidence. */
  suggestions: SuggestedCandidate[][];
}> {
  const institutions = await loadInstitutions(db, [input.fromInstitutionId, input.toInstitutionId]);
  const from = institutions.get(input.fromInstitutionId);
  const to = institutions.get(input.toInstitutionId);
  if (!from || !to) throw new Error('Unknown institution');
  const codeKeys = [...new Set(input.courses.map((course) => databaseCodeKey(course.subject, course.number)))];
  const subjects = [...new Set(input.courses.map((course) => course.subject))];
  const withSuggestions = input.withSuggestions !== false;
  const [rules, catalog, evidence, targetCounts] = await Promise.all([
    loadRulesForCourses(db, { fromInstitutionId: from.id, toInstitutionId: to.id, codeKeys }),
    loadDestinationCandidates(db, {
      toInstitutionId: to.id,
      subjects,
      titles: withSuggestions ? input.courses.map((course) => course.title ?? '') : [],
      ...(withSuggestions ? { sending: { fromInstitutionId: from.id, codeKeys } } : {}),
    }),
    withSuggestions ? loadSuggestionEvidence(db, { fromInstitutionId: from.id, toInstitutionId: to.id, codeKeys, subjects }) : Promise.resolve([]),
    withSuggestions ? countRuleTargets(db, to.id) : Promise.resolve([]),
  ]);
  const suggester = withSuggestions
    ? transcriptSuggester({
        fromInstitutionId: from.id,
        toInstitutionId: to.id,
        rules: evidence,
        candidates: catalog.destination,
        namedTargets: targetCounts,
        sourceCatalog: catalog.source,
      })
    : null;
  // What the registrar sees for each course no rule decides; the decision keeps only what a student may see.
  const registrarSuggestions = new Map<SourceCourseTaken, SuggestedCandidate[]>();
  const decisions = decideTransfers({
    from,
    to,
    courses: input.courses,
    rules,
    destinationCatalog: catalog.destination,
    suggest: suggester
      ? (course) => {
          const suggestions = suggester(course);
          registrarSuggestions.set(course, suggestions);
          return suggestions;
        }
      : undefined,
  });
  return { from, to, decisions, suggestions: input.courses.map((course) => registrarSuggestions.get(course) ?? []) };
}

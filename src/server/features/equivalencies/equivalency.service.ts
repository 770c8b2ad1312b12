import type { Queryable } from '../../db/client';
import { decideTransfers } from './engine/decide-transfers';
import { suggestEquivalents } from './engine/suggest-equivalents';
import type { EquivalencyDecision, InstitutionInfo, SourceCourseTaken } from './engine/types';
import { databaseCodeKey, loadDestinationCandidates, loadInstitutions, loadPeerRules, loadRulesForCourses } from './equivalency.queries';

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
  const [rules, destinationCatalog, peerRules] = await Promise.all([
    loadRulesForCourses(db, { fromInstitutionId: from.id, toInstitutionId: to.id, codeKeys }),
    loadDestinationCandidates(db, {
      toInstitutionId: to.id,
      subjects: [...new Set(input.courses.map((course) => course.subject))],
      titles: input.withSuggestions === false ? [] : input.courses.map((course) => course.title ?? ''),
    }),
    input.withSuggestions === false ? Promise.resolve([]) : loadPeerRules(db, { fromInstitutionId: from.id, toInstitutionId: to.id, codeKeys }),
  ]);
  const decisions = decideTransfers({
    from,
    to,
    courses: input.courses,
    rules,
    destinationCatalog,
    suggest:
      input.withSuggestions === false
        ? undefined
        : (course) => suggestEquivalents({ source: { ...course, institutionId: from.id, institutionKey: from.key }, candidates: destinationCatalog, peerRules }),
  });
  return { from, to, decisions };
}

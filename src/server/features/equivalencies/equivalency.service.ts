import type { Queryable } from '../../db/client';
import { listStatewideNumberingInstitutions, loadInstitutions } from '../institutions';
import { decideByRule, decideCourseAlone, type CourseVerdict } from './engine/course-verdict';
import { decideTransfers } from './engine/decide-transfers';
import { codeKey, loadCataloguesInSubjects, loadSourceCatalogEntries, loadSourceCatalogEntriesForPairs } from '../catalogue';
import { rankRules } from './engine/rule-picker';
import { transcriptSuggester } from './engine/suggestion-index';
import { destinationPools, type DestinationPool } from './destination-pools';
import { currentTerm, ruleTermNote, type ParsedTerm } from './engine/terms';
import type { AcademicCalendar, CourseRef, EquivalencyDecision, EquivalencyRule, InstitutionInfo, SourceCourseTaken, SuggestedCandidate } from './engine/types';
import {
  findAppealRule,
  insertAppealRule,
  loadRulesForCourse,
  loadRulesForCourses,
  loadRulesForCoursesAt,
  loadRulesForPairs,
  loadStatewideTwins,
  loadSuggestionEvidence,
} from './equivalency.queries';

/**
 * Whether a transcript's courses transfer: the transcript report and the compare view call this; the search cards and
 * the course page use the engine's decideCourseNow / decideCourseAnywhereNow and decideCourseTransfers below. All go through the one engine
 * (decideTransfers) and its one rule-picker. A whole transcript costs a fixed handful of queries, not one per row.
 */
export async function decideForCourses(
  db: Queryable,
  input: { fromInstitutionId: number; toInstitutionId: number; courses: SourceCourseTaken[]; withSuggestions?: boolean; fromCalendar?: AcademicCalendar | null },
): Promise<{
  from: InstitutionInfo;
  to: InstitutionInfo;
  /** What the student sees: suggestions only above the measured confidence (student-suggestions.ts). */
  decisions: EquivalencyDecision[];
  /** The registrar's view, row by row: the best three suggestions for each course no rule decides, with evidence. */
  suggestions: SuggestedCandidate[][];
}> {
  const { from, to, transcripts } = await decideForTranscripts(db, { ...input, transcripts: [input.courses] });
  const [only] = transcripts;
  return { from, to, decisions: only?.decisions ?? [], suggestions: only?.suggestions ?? [] };
}

/** What deciding courses between two schools needs from the database, loaded for a whole call. */
interface LoadedForSchools {
  from: InstitutionInfo;
  to: InstitutionInfo;
  /** Rules from the one school to the other that mention the courses. */
  rules: EquivalencyRule[];
  destination: DestinationPool;
  /** Rules around the courses (loadSuggestionEvidence) and the sending school's catalogue entries for them. */
  evidence: EquivalencyRule[];
  sourceCatalog: CourseRef[];
}

/**
 * Decides transcripts from loaded data, each on its own (rows combine only within a transcript), with the registrar's
 * best three suggestions for every course no rule decides: the one place both decideForTranscripts and
 * suggestForPairs decide, so a queue pair's suggestions are exactly what a report of that course alone would rank.
 */
function decideLoaded(loaded: LoadedForSchools, transcripts: SourceCourseTaken[][], withSuggestions: boolean) {
  const { from, to, rules, destination } = loaded;
  const subjects = new Set(transcripts.flat().map((course) => course.subject.toUpperCase()));
  const destinationCatalog = [...subjects].flatMap((subject) => destination.catalogueBySubject.get(subject) ?? []);
  const suggestOnce = withSuggestions
    ? transcriptSuggester({ fromInstitutionId: from.id, toInstitutionId: to.id, rules: loaded.evidence, pool: destination.pool, sourceCatalog: loaded.sourceCatalog })
    : null;
  // Many transcripts list the same course: its suggestions (which do not depend on the grade or term) are ranked once.
  const ranked = new Map<string, SuggestedCandidate[]>();
  const suggester = suggestOnce
    ? (course: SourceCourseTaken) => {
        const key = JSON.stringify([course.subject, course.number, course.title ?? null, course.credits ?? null, course.description ?? null]);
        let suggestions = ranked.get(key);
        if (!suggestions) ranked.set(key, (suggestions = suggestOnce(course)));
        return suggestions;
      }
    : null;
  return transcripts.map((transcriptCourses) => {
    // What the registrar sees for each course no rule decides; the decision keeps only what a student may see.
    const registrarSuggestions = new Map<SourceCourseTaken, SuggestedCandidate[]>();
    const decisions = decideTransfers({
      from,
      to,
      courses: transcriptCourses,
      rules,
      destinationCatalog,
      suggest: suggester
        ? (course) => {
            const suggestions = suggester(course);
            registrarSuggestions.set(course, suggestions);
            return suggestions;
          }
        : undefined,
    });
    return { decisions, suggestions: transcriptCourses.map((course) => registrarSuggestions.get(course) ?? []) };
  });
}

/**
 * Several transcripts between the same two schools, each decided on its own (rows combine only within a transcript),
 * with the rules, catalogue and evidence loaded once for all of them: how a registrar's decision re-decides many
 * reports in a few queries.
 */
export async function decideForTranscripts(
  db: Queryable,
  input: {
    fromInstitutionId: number;
    toInstitutionId: number;
    transcripts: SourceCourseTaken[][];
    withSuggestions?: boolean;
    /**
     * The calendar the transcripts' credits are counted in, when their page or their student said (issue 36); it
     * overrides the issuing school's entry for the credit conversion.
     */
    fromCalendar?: AcademicCalendar | null;
  },
): Promise<{
  from: InstitutionInfo;
  to: InstitutionInfo;
  transcripts: Array<{ decisions: EquivalencyDecision[]; suggestions: SuggestedCandidate[][] }>;
}> {
  const institutions = await loadInstitutions(db, [input.fromInstitutionId, input.toInstitutionId]);
  const school = institutions.get(input.fromInstitutionId);
  const to = institutions.get(input.toInstitutionId);
  if (!school || !to) throw new Error('Unknown institution');
  const from = input.fromCalendar ? { ...school, calendar: input.fromCalendar } : school;
  const courses = input.transcripts.flat();
  const codeKeys = [...new Set(courses.map((course) => codeKey(course)))];
  const subjects = [...new Set(courses.map((course) => course.subject))];
  const withSuggestions = input.withSuggestions !== false;
  const [rules, destinations, evidence, sourceCatalog] = await Promise.all([
    loadRulesForCourses(db, { fromInstitutionId: from.id, toInstitutionId: to.id, codeKeys }),
    destinationPools(db, [to.id]),
    withSuggestions ? loadSuggestionEvidence(db, { fromInstitutionId: from.id, toInstitutionId: to.id, codeKeys, subjects }) : Promise.resolve([]),
    withSuggestions ? loadSourceCatalogEntries(db, { fromInstitutionId: from.id, codeKeys }) : Promise.resolve([]),
  ]);
  const loaded = { from, to, rules, destination: destinations.get(to.id)!, evidence, sourceCatalog };
  return { from, to, transcripts: decideLoaded(loaded, input.transcripts, withSuggestions) };
}

/**
 * The registrar's best suggestions for several courses, each between its own two schools and each exactly what
 * decideForCourses answers for that course asked alone (the evaluation queue's pairs): what can be loaded for all of
 * them at once is (schools, rules, pools, catalogue entries), and the rule neighbourhood each is ranked on is its own.
 */
export async function suggestForPairs(
  db: Queryable,
  pairs: Array<{ fromInstitutionId: number; toInstitutionId: number; course: SourceCourseTaken }>,
): Promise<SuggestedCandidate[][]> {
  if (pairs.length === 0) return [];
  const keyed = pairs.map((pair) => ({ ...pair, codeKey: codeKey({ subject: pair.course.subject, number: pair.course.number }) }));
  const [institutions, rules, destinations, sourceCatalog] = await Promise.all([
    loadInstitutions(db, keyed.flatMap((pair) => [pair.fromInstitutionId, pair.toInstitutionId])),
    loadRulesForPairs(db, keyed),
    destinationPools(db, keyed.map((pair) => pair.toInstitutionId)),
    loadSourceCatalogEntriesForPairs(db, keyed),
  ]);
  const answers: SuggestedCandidate[][] = [];
  for (const [index, pair] of keyed.entries()) {
    const from = institutions.get(pair.fromInstitutionId);
    const to = institutions.get(pair.toInstitutionId);
    if (!from || !to) throw new Error('Unknown institution');
    const evidence = await loadSuggestionEvidence(db, { fromInstitutionId: from.id, toInstitutionId: to.id, codeKeys: [pair.codeKey], subjects: [pair.course.subject] });
    const loaded = { from, to, rules: rules[index] ?? [], destination: destinations.get(to.id)!, evidence, sourceCatalog: sourceCatalog[index] ?? [] };
    answers.push(decideLoaded(loaded, [[pair.course]], true)[0]?.suggestions[0] ?? []);
  }
  return answers;
}

/**
 * One transcript decided at many destinations, with the rules and the catalogues statewide numbering reads loaded once
 * for all of them (two queries, not three per destination): "Where your credits count" (decision 180). Each
 * destination's decisions are the engine's (decideTransfers), the same as decideForCourses without suggestions gives.
 */
export async function decideAtDestinations(
  db: Queryable,
  input: { fromInstitutionId: number; toInstitutionIds: number[]; courses: SourceCourseTaken[]; fromCalendar?: AcademicCalendar | null },
): Promise<Map<number, EquivalencyDecision[]>> {
  const institutions = await loadInstitutions(db, [input.fromInstitutionId, ...input.toInstitutionIds]);
  const school = institutions.get(input.fromInstitutionId);
  if (!school) throw new Error('Unknown institution');
  // The transcript's own calendar when its page or its student said (issue 36), as decideForTranscripts takes it.
  const from = input.fromCalendar ? { ...school, calendar: input.fromCalendar } : school;
  const destinations = input.toInstitutionIds.flatMap((id) => (institutions.get(id) ? [institutions.get(id)!] : []));
  const codeKeys = [...new Set(input.courses.map((course) => codeKey(course)))];
  const subjects = [...new Set(input.courses.map((course) => course.subject))];
  // The catalogue matters only where statewide numbering decides (both schools in it).
  const statewide = from.floridaStatewideNumbering ? destinations.filter((to) => to.floridaStatewideNumbering).map((to) => to.id) : [];
  const [rules, catalogues] = await Promise.all([
    loadRulesForCoursesAt(db, { fromInstitutionId: from.id, toInstitutionIds: destinations.map((to) => to.id), codeKeys }),
    loadCataloguesInSubjects(db, { institutionIds: statewide, subjects }),
  ]);
  return new Map(
    destinations.map((to) => [to.id, decideTransfers({ from, to, courses: input.courses, rules: rules.get(to.id) ?? [], destinationCatalog: catalogues.get(to.id) ?? [] })]),
  );
}

/** The rule an approved appeal argued for, made once: approving the same appeal again finds the rule it made. */
export async function addRuleFromApprovedAppeal(tx: Queryable, rule: Parameters<typeof insertAppealRule>[1]): Promise<number> {
  const id = (await insertAppealRule(tx, rule)) ?? (await findAppealRule(tx, rule.appealId));
  if (id === null) throw new Error('rule insert returned nothing');
  return id;
}

/**
 * The course page's transfers: every rule for the course (each judged now, taken with the courses it needs), grouped
 * by destination and in the one order of authority within each, then Florida statewide numbering for the other
 * participating schools that have no rule in effect now (its guarantee, or the exception the course falls under).
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
  const statewideDestinations = statewideSchools.filter((school) => !inEffect.has(school.id));
  const twins = await loadStatewideTwins(db, course, statewideDestinations.map((school) => school.id));
  const statewide = statewideDestinations
    .map((to) => ({ to, rule: null, decision: decideCourseAlone({ from, to, course, rules: [], term, destinationCatalog: twins.get(to.id) ?? [] }) }))
    // What the numbering says: the guarantee, or one of its exceptions (no credit below 1000, not guaranteed 900–999).
    .filter(({ decision }) => decision.evidence.origin === 'statewide-numbering');
  return { byRule, statewide };
}

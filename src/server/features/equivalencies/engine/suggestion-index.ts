// Picks, for one source course, the few hundred destination courses and rules worth ranking out of a large rule set
// (125k Wisconsin rules, 11k-course catalogues), then hands them to suggestEquivalents. Two ways in: an in-memory index
// built once from rules and catalogues (the CLI and the evaluation), and transcriptSuggester, which takes what the
// server loaded for one transcript with SQL (equivalency.queries.ts) and makes the same choices from it.

import { codeKey, wisconsinStatewideKey } from './course-code';
import { isElectiveTarget, nonTransferTargetKind } from './verdict-class';
import { parseStatewideCourseNumber, statewideEquivalenceKey } from './florida-statewide-numbering';
import { elsewhereTargetsOf, rankSuggestionCandidates, suggestEquivalents, type RankedCandidate, type SuggestEquivalentsInput, type SuggestSource } from './suggest-equivalents';
import { linkedVotes, ruleNeighbourhoodOf } from './suggestion-graph';
import { titleTokens } from './text-similarity';
import type { CourseRef, EquivalencyRule, SuggestedCandidate } from './types';

const MAX_TITLE_PEERS = 150;
const MAX_SUBJECT_PEERS = 400;
const MAX_TOKEN_CANDIDATES = 250;
const MAX_SUBJECT_CANDIDATES = 200;
/** Words on more than this share of a destination's courses say little ("introduction"). */
const COMMON_WORD_SHARE = 0.05;

/** Keys under which two courses from different schools may be the same course. */
export function peerKeys(course: { subject: string; number: string }): string[] {
  const keys = [`code:${codeKey(course)}`];
  const wisconsin = wisconsinStatewideKey(course);
  if (wisconsin) keys.push(`wi:${wisconsin}`);
  const florida = parseStatewideCourseNumber(course);
  if (florida) keys.push(`fl:${statewideEquivalenceKey(florida)}`);
  return keys;
}

class MultiMap<V> {
  readonly map = new Map<string, V[]>();
  add(key: string, value: V): void {
    const list = this.map.get(key);
    if (list) list.push(value);
    else this.map.set(key, [value]);
  }
  get(key: string): V[] {
    return this.map.get(key) ?? [];
  }
}

interface DestinationIndex {
  pool: Map<string, CourseRef>;
  poolByWord: MultiMap<string>;
  poolBySubject: MultiMap<string>;
  poolByPeerKey: MultiMap<string>;
  rulesByPeerKey: MultiMap<EquivalencyRule>;
  rulesBySubject: MultiMap<EquivalencyRule>;
  rulesByWord: MultiMap<EquivalencyRule>;
  /** This destination's rules by sending school. */
  rulesByFrom: MultiMap<EquivalencyRule>;
  targetCounts: Map<string, number>;
  mostNamed?: string[];
  ruleCount: number;
}

interface SuggestArgs {
  source: SuggestSource;
  toInstitutionId: number;
  /** False: titles, codes, subject, level and credits only (no other rules), to measure what rules add. */
  usePeers?: boolean;
}

export interface SuggestionIndex {
  suggest(args: SuggestArgs & { limit?: number }): SuggestedCandidate[];
  /** Every candidate with its features, best first: what the evaluation fits the model on. */
  rank(args: SuggestArgs): RankedCandidate[];
  /** Destination courses known from the catalogue and from rule targets. */
  destinationCourses(toInstitutionId: number): CourseRef[];
}

function isSpecific(target: { subject: string; number: string }): boolean {
  return nonTransferTargetKind(target) === null && !isElectiveTarget(target);
}

function topByCount<V>(lists: V[][], limit: number): V[] {
  const counts = new Map<V, number>();
  for (const list of lists) for (const value of list) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([value]) => value);
}

export function buildSuggestionIndex(input: { rules: EquivalencyRule[]; catalogs?: Map<number, CourseRef[]> }): SuggestionIndex {
  const destinations = new Map<number, DestinationIndex>();
  const graph = ruleNeighbourhoodOf(input.rules);
  // Every destination's rules by their sources' peer keys: how a course transfers elsewhere.
  const allRulesByPeerKey = new MultiMap<EquivalencyRule>();
  const destination = (id: number): DestinationIndex => {
    let index = destinations.get(id);
    if (!index) {
      index = { pool: new Map(), poolByWord: new MultiMap(), poolBySubject: new MultiMap(), poolByPeerKey: new MultiMap(), rulesByPeerKey: new MultiMap(), rulesBySubject: new MultiMap(), rulesByWord: new MultiMap(), rulesByFrom: new MultiMap(), targetCounts: new Map(), ruleCount: 0 };
      destinations.set(id, index);
    }
    return index;
  };
  const addToPool = (index: DestinationIndex, course: CourseRef) => {
    const key = codeKey(course);
    if (index.pool.has(key)) return;
    index.pool.set(key, course);
    for (const word of new Set(titleTokens(course.title))) index.poolByWord.add(word, key);
    index.poolBySubject.add(codeKey(course.subject), key);
    for (const peerKey of peerKeys(course)) index.poolByPeerKey.add(peerKey, key);
  };

  // Catalogue first: it carries descriptions and full titles.
  for (const [id, courses] of input.catalogs ?? []) for (const course of courses) addToPool(destination(id), course);
  for (const rule of input.rules) {
    const index = destination(rule.toInstitutionId);
    index.ruleCount += 1;
    index.rulesByFrom.add(String(rule.fromInstitutionId), rule);
    for (const target of rule.targets) {
      if (!isSpecific(target)) continue;
      addToPool(index, { subject: target.subject, number: target.number, title: target.title, credits: target.credits });
      index.targetCounts.set(codeKey(target), (index.targetCounts.get(codeKey(target)) ?? 0) + 1);
    }
    for (const source of rule.sources) {
      for (const key of peerKeys(source)) {
        index.rulesByPeerKey.add(key, rule);
        allRulesByPeerKey.add(key, rule);
      }
      index.rulesBySubject.add(codeKey(source.subject), rule);
      for (const word of new Set(titleTokens(source.title))) index.rulesByWord.add(word, rule);
    }
  }

  const inputFor = ({ source, toInstitutionId, usePeers = true }: SuggestArgs): SuggestEquivalentsInput | null => {
    const index = destinations.get(toInstitutionId);
    if (!index) return null;
    const words = [...new Set(titleTokens(source.title))];
    const subject = codeKey(source.subject);

    const peers = new Set<EquivalencyRule>();
    if (usePeers) {
      for (const key of peerKeys(source)) for (const rule of index.rulesByPeerKey.get(key)) peers.add(rule);
      const ruleWordLimit = Math.max(50, index.ruleCount * COMMON_WORD_SHARE);
      const wordLists = words.map((word) => index.rulesByWord.get(word)).filter((list) => list.length <= ruleWordLimit);
      for (const rule of topByCount(wordLists, MAX_TITLE_PEERS)) peers.add(rule);
      for (const rule of index.rulesBySubject.get(subject).slice(0, MAX_SUBJECT_PEERS)) peers.add(rule);
    }

    const candidateKeys = new Set<string>();
    for (const key of peerKeys(source)) for (const poolKey of index.poolByPeerKey.get(key)) candidateKeys.add(poolKey);
    for (const rule of peers) for (const target of rule.targets) if (isSpecific(target)) candidateKeys.add(codeKey(target));
    const poolWordLimit = Math.max(30, index.pool.size * COMMON_WORD_SHARE);
    const poolLists = words.map((word) => index.poolByWord.get(word)).filter((list) => list.length <= poolWordLimit);
    for (const key of topByCount(poolLists, MAX_TOKEN_CANDIDATES)) candidateKeys.add(key);
    // The same subject and the subjects peer rules send this subject to.
    const mappedSubjects = new Map<string, number>([[subject, 1]]);
    for (const rule of peers) {
      if (!rule.sources.some((ruleSource) => codeKey(ruleSource.subject) === subject)) continue;
      for (const target of rule.targets) if (isSpecific(target)) mappedSubjects.set(codeKey(target.subject), (mappedSubjects.get(codeKey(target.subject)) ?? 0) + 1);
    }
    for (const [mapped] of [...mappedSubjects.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3)) {
      for (const key of index.poolBySubject.get(mapped).slice(0, MAX_SUBJECT_CANDIDATES)) candidateKeys.add(key);
    }

    // How the same course (its school's own rules) or the same statewide course transfers to other destinations.
    const elsewhereRules = new Set<EquivalencyRule>();
    if (usePeers) {
      for (const key of peerKeys(source)) {
        const statewide = !key.startsWith('code:');
        for (const rule of allRulesByPeerKey.get(key)) {
          const sameSchool = source.institutionId !== undefined && rule.fromInstitutionId === source.institutionId;
          if (rule.toInstitutionId !== toInstitutionId && (statewide || sameSchool)) elsewhereRules.add(rule);
        }
      }
    }

    index.mostNamed ??= mostNamed(index.targetCounts);
    for (const key of index.mostNamed) candidateKeys.add(key);
    const links = usePeers && source.institutionId !== undefined ? linkedVotes({ graph, fromInstitutionId: source.institutionId, toInstitutionId, course: source }) : undefined;
    for (const votes of Object.values(links ?? {})) for (const key of votes.keys()) candidateKeys.add(key);

    const candidates = [...candidateKeys].map((key) => index.pool.get(key)).filter((course): course is CourseRef => course !== undefined);
    const pairRules = usePeers && source.institutionId !== undefined ? index.rulesByFrom.get(String(source.institutionId)) : [];
    return { source, candidates, peerRules: [...peers], elsewhereTargets: elsewhereTargetsOf(elsewhereRules), pairRules, targetCounts: index.targetCounts, ...(links ? { links } : {}) };
  };

  return {
    suggest(args) {
      const input = inputFor(args);
      return input ? suggestEquivalents({ ...input, limit: args.limit ?? 3 }) : [];
    },
    rank(args) {
      const input = inputFor(args);
      return input ? rankSuggestionCandidates(input) : [];
    },
    destinationCourses(toInstitutionId) {
      return [...(destinations.get(toInstitutionId)?.pool.values() ?? [])];
    },
  };
}

/** What the database loads to suggest for one transcript's courses (equivalency.queries.ts). */
export interface TranscriptSuggestionEvidence {
  fromInstitutionId: number;
  toInstitutionId: number;
  /**
   * Rules around the transcript's courses: other schools' rules into the destination (same code or subject), the
   * sending school's own rules into the destination and elsewhere, and the rules linking them (suggestion-graph.ts).
   */
  rules: EquivalencyRule[];
  /** Destination courses worth ranking (same subjects, like titles). */
  candidates: CourseRef[];
  /** Every course rules into the destination name, with how many rules name it. */
  namedTargets: Array<CourseRef & { rules: number }>;
  /** The sending school's own catalogue entries for the courses (descriptions). */
  sourceCatalog: CourseRef[];
}

/** How many of a destination's most named courses (generic credit such as "General Confer") are always candidates. */
const MOST_NAMED_CANDIDATES = 3;

/** The keys of the courses most rules name, most named first. */
function mostNamed(targetCounts: Map<string, number>): string[] {
  return [...targetCounts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MOST_NAMED_CANDIDATES)
    .map(([key]) => key);
}

/** Suggestions for each course of one transcript, from evidence loaded for all of them at once. */
export function transcriptSuggester(evidence: TranscriptSuggestionEvidence): (course: CourseRef) => SuggestedCandidate[] {
  const { fromInstitutionId: from, toInstitutionId: to, rules } = evidence;
  const graph = ruleNeighbourhoodOf(rules);
  const targetCounts = new Map(evidence.namedTargets.map((course) => [codeKey(course), course.rules]));
  const named = new Map(evidence.namedTargets.map((course) => [codeKey(course), course]));
  const candidates = [...evidence.candidates, ...mostNamed(targetCounts).map((key) => named.get(key)!)];
  const sourceCatalog = new Map(evidence.sourceCatalog.map((course) => [codeKey(course), course]));
  const peerRules = rules.filter((rule) => rule.toInstitutionId === to && rule.fromInstitutionId !== from);
  const pairRules = rules.filter((rule) => rule.toInstitutionId === to && rule.fromInstitutionId === from);
  return (course) => {
    const key = codeKey(course);
    const elsewhere = rules.filter((rule) => rule.fromInstitutionId === from && rule.toInstitutionId !== to && rule.sources.some((source) => codeKey(source) === key));
    const catalogued = sourceCatalog.get(key);
    return suggestEquivalents({
      source: { ...course, description: course.description ?? catalogued?.description ?? null, credits: course.credits ?? catalogued?.credits ?? null, institutionId: from },
      candidates,
      peerRules,
      pairRules,
      elsewhereTargets: elsewhereTargetsOf(elsewhere),
      links: linkedVotes({ graph, fromInstitutionId: from, toInstitutionId: to, course }),
      targetCounts,
    });
  };
}

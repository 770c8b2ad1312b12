// Picks, for one source course, the few hundred destination courses and rules worth ranking out of a large rule set
// (125k Wisconsin rules, 11k-course catalogues), then hands them to suggestEquivalents. Two ways in: an in-memory index
// built once from rules and catalogues (the CLI and the evaluation), and transcriptSuggester, which takes what the
// server loaded for one transcript with SQL (equivalency.queries.ts) and makes the same choices from it.

import { CandidatePool, COMMON_WORD_SHARE, MultiMap, peerKeys } from './candidate-pool';
import { codeKey } from '../../catalogue';
import { elsewhereTargetsOf, rankSuggestionCandidates, suggestEquivalents, type RankedCandidate, type SuggestEquivalentsInput, type SuggestSource } from './suggest-equivalents';
import { linkedVotes, ruleNeighbourhoodOf } from './suggestion-graph';
import { titleTokens } from './text-similarity';
import type { CourseRef, EquivalencyRule, SuggestedCandidate } from './types';

const MAX_TITLE_PEERS = 150;
const MAX_SUBJECT_PEERS = 400;

export { peerKeys };

interface DestinationIndex {
  pool: CandidatePool;
  rulesByPeerKey: MultiMap<EquivalencyRule>;
  rulesBySubject: MultiMap<EquivalencyRule>;
  rulesByWord: MultiMap<EquivalencyRule>;
  /** This destination's rules by sending school. */
  rulesByFrom: MultiMap<EquivalencyRule>;
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
  /** Destination courses known from the catalogue and from rule targets, elective credit included. */
  destinationCourses(toInstitutionId: number): CourseRef[];
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
      index = { pool: new CandidatePool(), rulesByPeerKey: new MultiMap(), rulesBySubject: new MultiMap(), rulesByWord: new MultiMap(), rulesByFrom: new MultiMap(), ruleCount: 0 };
      destinations.set(id, index);
    }
    return index;
  };
  // Catalogue first: it carries descriptions and full titles.
  for (const [id, courses] of input.catalogs ?? []) for (const course of courses) destination(id).pool.add(course);
  for (const rule of input.rules) {
    const index = destination(rule.toInstitutionId);
    index.ruleCount += 1;
    index.rulesByFrom.add(String(rule.fromInstitutionId), rule);
    for (const target of rule.targets) index.pool.addNamed({ subject: target.subject, number: target.number, title: target.title, credits: target.credits, isElective: target.isElective });
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

    const links = usePeers && source.institutionId !== undefined ? linkedVotes({ graph, fromInstitutionId: source.institutionId, toInstitutionId, course: source }) : undefined;
    const elsewhereTargets = elsewhereTargetsOf(elsewhereRules);
    const candidates = index.pool.candidatesFor({
      source,
      peers,
      elsewhere: elsewhereTargets.map((target) => target.course),
      linked: Object.values(links ?? {}).flatMap((votes) => [...votes.keys()]),
    });
    const pairRules = usePeers && source.institutionId !== undefined ? index.rulesByFrom.get(String(source.institutionId)) : [];
    return { source, candidates, peerRules: [...peers], elsewhereTargets, pairRules, targetCounts: index.pool.targetCounts, ...(links ? { links } : {}) };
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
      const pool = destinations.get(toInstitutionId)?.pool;
      return pool ? [...pool.courses.values(), ...pool.electives.values()] : [];
    },
  };
}

/** What the database loads to suggest for one transcript's courses (equivalency.queries.ts, destination-pools.ts). */
export interface TranscriptSuggestionEvidence {
  fromInstitutionId: number;
  toInstitutionId: number;
  /**
   * Rules around the transcript's courses: other schools' rules into the destination (same code or subject), the
   * sending school's own rules into the destination and elsewhere, and the rules linking them (suggestion-graph.ts).
   */
  rules: EquivalencyRule[];
  /** The destination's courses: its catalogue and what rules into it name, counted (the server's cached pool). */
  pool: CandidatePool;
  /** The sending school's own catalogue entries for the courses (descriptions). */
  sourceCatalog: CourseRef[];
}

/** Suggestions for each course of one transcript, each course's candidates picked from the destination's pool. */
export function transcriptSuggester(evidence: TranscriptSuggestionEvidence): (course: CourseRef) => SuggestedCandidate[] {
  const { fromInstitutionId: from, toInstitutionId: to, rules, pool } = evidence;
  const graph = ruleNeighbourhoodOf(rules);
  const sourceCatalog = new Map(evidence.sourceCatalog.map((course) => [codeKey(course), course]));
  const peerRules = rules.filter((rule) => rule.toInstitutionId === to && rule.fromInstitutionId !== from);
  const pairRules = rules.filter((rule) => rule.toInstitutionId === to && rule.fromInstitutionId === from);
  return (course) => {
    const key = codeKey(course);
    const elsewhere = elsewhereTargetsOf(rules.filter((rule) => rule.fromInstitutionId === from && rule.toInstitutionId !== to && rule.sources.some((source) => codeKey(source) === key)));
    const links = linkedVotes({ graph, fromInstitutionId: from, toInstitutionId: to, course });
    const catalogued = sourceCatalog.get(key);
    const source = { ...course, description: course.description ?? catalogued?.description ?? null, credits: course.credits ?? catalogued?.credits ?? null, institutionId: from };
    return suggestEquivalents({
      source,
      candidates: pool.candidatesFor({
        source,
        peers: peerRules,
        elsewhere: elsewhere.map((target) => target.course),
        linked: Object.values(links).flatMap((votes) => [...votes.keys()]),
      }),
      peerRules,
      pairRules,
      elsewhereTargets: elsewhere,
      links,
      targetCounts: pool.targetCounts,
    });
  };
}

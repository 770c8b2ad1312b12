// Picks, for one source course, the few hundred destination courses and peer rules worth
// ranking out of a large rule set (125k Wisconsin rules, 11k-course catalogues), then
// hands them to suggestEquivalents. Pure and in-memory: built once from rules and
// catalogues; the server can later replace it with the same lookups done in SQL.

import { courseKey, normaliseSubject, wisconsinStatewideKey } from './course-code';
import { isElectiveTarget, nonTransferTargetKind } from './decide-transfers';
import { parseStatewideCourseNumber, statewideEquivalenceKey } from './florida-statewide-numbering';
import { elsewhereTargetsOf, suggestEquivalents, type SuggestSource } from './suggest-equivalents';
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
  const keys = [`code:${courseKey(course)}`];
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
  ruleCount: number;
}

export interface SuggestionIndex {
  suggest(args: { source: SuggestSource; toInstitutionId: number; limit?: number; usePeers?: boolean }): SuggestedCandidate[];
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
  // Every destination's rules by their sources' peer keys: how a course transfers elsewhere.
  const allRulesByPeerKey = new MultiMap<EquivalencyRule>();
  const destination = (id: number): DestinationIndex => {
    let index = destinations.get(id);
    if (!index) {
      index = { pool: new Map(), poolByWord: new MultiMap(), poolBySubject: new MultiMap(), poolByPeerKey: new MultiMap(), rulesByPeerKey: new MultiMap(), rulesBySubject: new MultiMap(), rulesByWord: new MultiMap(), ruleCount: 0 };
      destinations.set(id, index);
    }
    return index;
  };
  const addToPool = (index: DestinationIndex, course: CourseRef) => {
    const key = courseKey(course);
    if (index.pool.has(key)) return;
    index.pool.set(key, course);
    for (const word of new Set(titleTokens(course.title))) index.poolByWord.add(word, key);
    index.poolBySubject.add(normaliseSubject(course.subject), key);
    for (const peerKey of peerKeys(course)) index.poolByPeerKey.add(peerKey, key);
  };

  // Catalogue first: it carries descriptions and full titles.
  for (const [id, courses] of input.catalogs ?? []) for (const course of courses) addToPool(destination(id), course);
  for (const rule of input.rules) {
    const index = destination(rule.toInstitutionId);
    index.ruleCount += 1;
    for (const target of rule.targets) if (isSpecific(target)) addToPool(index, { subject: target.subject, number: target.number, title: target.title, credits: target.credits });
    for (const source of rule.sources) {
      for (const key of peerKeys(source)) {
        index.rulesByPeerKey.add(key, rule);
        allRulesByPeerKey.add(key, rule);
      }
      index.rulesBySubject.add(normaliseSubject(source.subject), rule);
      for (const word of new Set(titleTokens(source.title))) index.rulesByWord.add(word, rule);
    }
  }

  return {
    destinationCourses(toInstitutionId) {
      return [...(destinations.get(toInstitutionId)?.pool.values() ?? [])];
    },
    suggest({ source, toInstitutionId, limit = 3, usePeers = true }) {
      const index = destinations.get(toInstitutionId);
      if (!index) return [];
      const words = [...new Set(titleTokens(source.title))];
      const subject = normaliseSubject(source.subject);

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
      for (const rule of peers) for (const target of rule.targets) if (isSpecific(target)) candidateKeys.add(courseKey(target));
      const poolWordLimit = Math.max(30, index.pool.size * COMMON_WORD_SHARE);
      const poolLists = words.map((word) => index.poolByWord.get(word)).filter((list) => list.length <= poolWordLimit);
      for (const key of topByCount(poolLists, MAX_TOKEN_CANDIDATES)) candidateKeys.add(key);
      // The same subject and the subjects peer rules send this subject to.
      const mappedSubjects = new Map<string, number>([[subject, 1]]);
      for (const rule of peers) {
        if (!rule.sources.some((ruleSource) => normaliseSubject(ruleSource.subject) === subject)) continue;
        for (const target of rule.targets) if (isSpecific(target)) mappedSubjects.set(normaliseSubject(target.subject), (mappedSubjects.get(normaliseSubject(target.subject)) ?? 0) + 1);
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

      const candidates = [...candidateKeys].map((key) => index.pool.get(key)).filter((course): course is CourseRef => course !== undefined);
      return suggestEquivalents({ source, candidates, peerRules: [...peers], elsewhereTargets: elsewhereTargetsOf(elsewhereRules), limit });
    },
  };
}

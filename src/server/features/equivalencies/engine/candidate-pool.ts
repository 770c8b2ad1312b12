// A destination's courses worth ranking as suggestions, and the one way candidates are picked from them for a source
// course: the in-memory index the evaluation builds (suggestion-index.ts) and the server's cached pools
// (destination-pools.ts) both pick here, so what `npm run eval:suggest` measures is what the queue and the reports show.
//
// A pool holds the destination's catalogue and the courses rules into it name (a course no catalogue lists yet is still
// a course the school transfers to). Candidates for a source: the same code or statewide number; what peer rules name;
// courses sharing uncommon title words with the source or with what the course transfers as elsewhere; the source's
// subject and the subjects peers send it to; the destination's most-named courses; and courses linked through rules.

import { codeKey, wisconsinStatewideKey } from '../../catalogue';
import { isElectiveTarget, nonTransferTargetKind } from './verdict-class';
import { parseStatewideCourseNumber, statewideEquivalenceKey } from './florida-statewide-numbering';
import { titleTokens } from './text-similarity';
import type { CourseRef, EquivalencyRule } from './types';

const MAX_TOKEN_CANDIDATES = 250;
const MAX_SUBJECT_CANDIDATES = 200;
const MAX_ELSEWHERE_TITLE_CANDIDATES = 40;
/** Words on more than this share of a destination's courses say little ("introduction"). */
export const COMMON_WORD_SHARE = 0.05;
/** How many of a destination's most named courses (generic credit such as "General Confer") are always candidates. */
const MOST_NAMED_CANDIDATES = 3;

/** Keys under which two courses from different schools may be the same course. */
export function peerKeys(course: { subject: string; number: string }): string[] {
  const keys = [`code:${codeKey(course)}`];
  const wisconsin = wisconsinStatewideKey(course);
  if (wisconsin) keys.push(`wi:${wisconsin}`);
  const florida = parseStatewideCourseNumber(course);
  if (florida) keys.push(`fl:${statewideEquivalenceKey(florida)}`);
  return keys;
}

/** A course a school names as a destination of its own: neither "does not transfer" nor elective credit. */
export function isSpecificCourse(target: { subject: string; number: string; isElective?: boolean }): boolean {
  return nonTransferTargetKind(target) === null && !isElectiveTarget(target);
}

/** How many elective placeholders ("GEN EL": elective credit in no one subject) are always candidates. */
const MOST_NAMED_ELECTIVES = 2;

export class MultiMap<V> {
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

function topByCount<V>(lists: V[][], limit: number): V[] {
  const counts = new Map<V, number>();
  for (const list of lists) for (const value of list) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([value]) => value);
}

export interface CandidateRequest {
  source: CourseRef;
  /** Other schools' rules into the destination about like courses. */
  peers: Iterable<EquivalencyRule>;
  /** Courses the source course (or the same statewide course) transfers as at other destinations. */
  elsewhere?: Iterable<CourseRef>;
  /** Destination courses linked to the source through rules (suggestion-graph.ts). */
  linked?: Iterable<string>;
}

export class CandidatePool {
  readonly courses = new Map<string, CourseRef>();
  /** Elective credit the destination awards ("MAT EL"), by course key, as rules into it name it. */
  readonly electives = new Map<string, CourseRef>();
  private readonly electivesBySubject = new MultiMap<string>();
  private readonly byWord = new MultiMap<string>();
  private readonly bySubject = new MultiMap<string>();
  private readonly byPeerKey = new MultiMap<string>();
  /** How many rules into the destination name each course, by course key. */
  readonly targetCounts = new Map<string, number>();
  private mostNamed: string[] | null = null;
  private mostNamedElectives: string[] | null = null;

  /** A course of the destination; the first spelling of a code is kept (the catalogue's, when added first). */
  add(course: CourseRef): void {
    if (!isSpecificCourse(course)) return;
    const key = codeKey(course);
    if (this.courses.has(key)) return;
    this.courses.set(key, course);
    for (const word of new Set(titleTokens(course.title))) this.byWord.add(word, key);
    this.bySubject.add(codeKey(course.subject), key);
    for (const peerKey of peerKeys(course)) this.byPeerKey.add(peerKey, key);
  }

  /**
   * A course a rule into the destination names, counted (the most named are generic credit); elective credit in a
   * subject is kept apart, an elective placeholder a registrar may approve as well as a course.
   */
  addNamed(course: CourseRef & { isElective?: boolean }, rules = 1): void {
    if (nonTransferTargetKind(course) !== null) return;
    const key = codeKey(course);
    if (isElectiveTarget(course)) {
      if (!this.electives.has(key)) {
        this.electives.set(key, { ...course, isElective: true } as CourseRef);
        this.electivesBySubject.add(codeKey(course.subject), key);
      }
    } else this.add(course);
    this.targetCounts.set(key, (this.targetCounts.get(key) ?? 0) + rules);
    this.mostNamed = null;
    this.mostNamedElectives = null;
  }

  get size(): number {
    return this.courses.size;
  }

  /** Every course in these subjects (the engine's statewide numbering reads the destination's own spelling). */
  inSubjects(subjects: Iterable<string>): CourseRef[] {
    const keys = new Set<string>();
    for (const subject of subjects) for (const key of this.bySubject.get(codeKey(subject))) keys.add(key);
    return [...keys].map((key) => this.courses.get(key)!);
  }

  private mostNamedKeys(): string[] {
    this.mostNamed ??= [...this.targetCounts.entries()]
      .filter(([key]) => this.courses.has(key))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MOST_NAMED_CANDIDATES)
      .map(([key]) => key);
    return this.mostNamed;
  }

  private mostNamedElectiveKeys(): string[] {
    this.mostNamedElectives ??= [...this.electives.keys()]
      .sort((a, b) => (this.targetCounts.get(b) ?? 0) - (this.targetCounts.get(a) ?? 0) || a.localeCompare(b))
      .slice(0, MOST_NAMED_ELECTIVES);
    return this.mostNamedElectives;
  }

  /** Title words shared with uncommon words of the pool, best-sharing courses first. */
  private byTitleWords(title: string | null | undefined, limit: number): string[] {
    const wordLimit = Math.max(30, this.courses.size * COMMON_WORD_SHARE);
    const lists = [...new Set(titleTokens(title))].map((word) => this.byWord.get(word)).filter((list) => list.length <= wordLimit);
    return topByCount(lists, limit);
  }

  /** The destination courses worth ranking for one source course (see the top of this file). */
  candidatesFor({ source, peers, elsewhere = [], linked = [] }: CandidateRequest): CourseRef[] {
    const keys = new Set<string>();
    const electiveKeys = new Set<string>();
    for (const peerKey of peerKeys(source)) for (const key of this.byPeerKey.get(peerKey)) keys.add(key);
    const subject = codeKey(source.subject);
    const mappedSubjects = new Map<string, number>([[subject, 1]]);
    for (const rule of peers) {
      const sendsThisSubject = rule.sources.some((ruleSource) => codeKey(ruleSource.subject) === subject);
      for (const target of rule.targets) {
        if (isElectiveTarget(target) && this.electives.has(codeKey(target))) electiveKeys.add(codeKey(target));
        if (!isSpecificCourse(target)) continue;
        keys.add(codeKey(target));
        if (sendsThisSubject) mappedSubjects.set(codeKey(target.subject), (mappedSubjects.get(codeKey(target.subject)) ?? 0) + 1);
      }
    }
    for (const key of this.byTitleWords(source.title, MAX_TOKEN_CANDIDATES)) keys.add(key);
    for (const course of elsewhere) for (const key of this.byTitleWords(course.title, MAX_ELSEWHERE_TITLE_CANDIDATES)) keys.add(key);
    for (const [mapped] of [...mappedSubjects.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3)) {
      for (const key of this.bySubject.get(mapped).slice(0, MAX_SUBJECT_CANDIDATES)) keys.add(key);
      // Elective credit in the subjects this one goes to: what a registrar approves when no course matches.
      for (const key of this.electivesBySubject.get(mapped)) electiveKeys.add(key);
    }
    for (const key of this.mostNamedKeys()) keys.add(key);
    for (const key of this.mostNamedElectiveKeys()) electiveKeys.add(key);
    for (const key of linked) keys.add(key);
    // A course a peer rule or a link names that the pool lacks is added by rankSuggestionCandidates, with its vote.
    return [...[...keys].flatMap((key) => this.courses.get(key) ?? []), ...[...electiveKeys].flatMap((key) => this.electives.get(key) ?? [])];
  }
}

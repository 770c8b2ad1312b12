/**
 * Each destination's candidate pool (engine/candidate-pool.ts: its catalogue and the courses rules into it name, with
 * how many rules name each), kept in this process between calls. A suggestion used to pay a trigram query over the
 * destination's catalogue for every course asked (~8 of a queue pair's ~13 ms, docs/benchmarks/evaluation-queue.md);
 * now a pool is loaded once and checked with one cheap statement per call (loadDestinationStamps: how many courses and
 * rules, the newest, the latest change), so an unrelated import or a rule between two other schools keeps it. A pool is the database's content, never a decision: any process can rebuild it,
 * and a stale one is impossible while every writer of courses and rules sets `updated_at` (they all do).
 */
import type { Queryable } from '../../db/client';
import { loadSchoolCourses } from '../catalogue';
import { CandidatePool } from './engine/candidate-pool';
import type { CourseRef } from './engine/types';
import { countRuleTargets, loadDestinationStamps } from './equivalency.queries';

/** A destination's candidate pool, and its catalogue by upper-case subject (the engine's statewide numbering reads it). */
export interface DestinationPool {
  pool: CandidatePool;
  catalogueBySubject: Map<string, CourseRef[]>;
}

interface CachedPool extends DestinationPool {
  coursesStamp: string;
  rulesStamp: string;
  courses: CourseRef[];
}

/** Destinations kept at once (a state system's queue touches a few dozen; each pool is a catalogue's worth). */
const MAX_POOLS = 32;
/** By database (a test file may open several), then by destination, least recently used first. */
const poolsByDatabase = new WeakMap<object, Map<number, CachedPool>>();

function poolsOf(db: Queryable): Map<number, CachedPool> {
  let pools = poolsByDatabase.get(db);
  if (!pools) poolsByDatabase.set(db, (pools = new Map()));
  return pools;
}

function remember(pools: Map<number, CachedPool>, id: number, entry: CachedPool): void {
  pools.delete(id);
  pools.set(id, entry);
  while (pools.size > MAX_POOLS) pools.delete(pools.keys().next().value!);
}

function bySubject(courses: CourseRef[]): Map<string, CourseRef[]> {
  const map = new Map<string, CourseRef[]>();
  for (const course of courses) {
    const subject = course.subject.toUpperCase();
    const list = map.get(subject);
    if (list) list.push(course);
    else map.set(subject, [course]);
  }
  return map;
}

function buildPool(courses: CourseRef[], named: Awaited<ReturnType<typeof countRuleTargets>>): CandidatePool {
  const pool = new CandidatePool();
  // The catalogue first: it carries descriptions and the school's own titles.
  for (const course of courses) pool.add(course);
  for (const course of named) pool.addNamed(course, course.rules);
  return pool;
}

/** The destinations' pools as the database holds them now: one statement checks them, and only what changed is loaded. */
export async function destinationPools(db: Queryable, institutionIds: number[]): Promise<Map<number, DestinationPool>> {
  const ids = [...new Set(institutionIds)];
  const pools = poolsOf(db);
  const stamps = await loadDestinationStamps(db, ids);
  const answer = new Map<number, DestinationPool>();
  for (const id of ids) {
    const stamp = stamps.get(id) ?? { courses: '', rules: '' };
    const cached = pools.get(id);
    let entry: CachedPool;
    if (cached && cached.coursesStamp === stamp.courses && cached.rulesStamp === stamp.rules) entry = cached;
    else {
      const sameCourses = cached !== undefined && cached.coursesStamp === stamp.courses;
      const courses = sameCourses ? cached.courses : await loadSchoolCourses(db, id);
      const catalogueBySubject = sameCourses ? cached.catalogueBySubject : bySubject(courses);
      entry = { coursesStamp: stamp.courses, rulesStamp: stamp.rules, courses, catalogueBySubject, pool: buildPool(courses, await countRuleTargets(db, id)) };
    }
    remember(pools, id, entry);
    answer.set(id, entry);
  }
  return answer;
}

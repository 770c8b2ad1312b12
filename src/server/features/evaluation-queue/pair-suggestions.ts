/**
 * Each queued pair's best three suggestions, computed once per catalogue version and stored
 * (evaluation_pair_suggestions, docs/decisions/080-evaluation-queue.md). The suggestion owner (equivalencies'
 * decideForCourses) is asked about one pair at a time: what it ranks for a course depends on the other courses of the
 * same call (the candidates and rules it loads are those of all of them), so a pair asked alone gets the same answer
 * whichever page, job or decision asks, and the stored answer is exactly the live one.
 */
import type { QueueSuggestion } from '../../../shared/schemas/evaluation-queue';
import type { Database } from '../../db/client';
import { suggestForPairs } from '../equivalencies';
import { readCatalogueVersion } from '../catalogue';
import { catalogueVersionSeen, pairKeyText, readStoredSuggestions, storeSuggestions, type PairKey, type RankedCourse } from './evaluation-queue.queries';

const SUGGESTIONS_PER_PAIR = 3;

type SuggestionSource = Awaited<ReturnType<typeof suggestForPairs>>[number][number];

/** A suggestion as stored: whether it is good enough to approve is judged when a page shows it (the floor may change). */
export type StoredSuggestion = Omit<QueueSuggestion, 'good'>;

function presentSuggestion(candidate: SuggestionSource): StoredSuggestion {
  const { evidence } = candidate;
  return {
    subject: candidate.subject,
    number: candidate.number,
    title: candidate.title,
    confidence: candidate.confidence,
    why: candidate.why,
    evidence: {
      statewideNumber: evidence.statewideNumber,
      sameCode: evidence.sameCode,
      peerSchools: evidence.peerSchools,
      transfersElsewhereAs: evidence.transfersElsewhereAs,
      titleSimilarity: evidence.titleSimilarity,
      descriptionSimilarity: evidence.descriptionSimilarity,
      credits: evidence.credits,
      level: evidence.level,
    },
  };
}

export type PairWithCourse = PairKey & { course: RankedCourse };

/** The suggestion owner's best three for each pair, computed now (each as if asked alone: suggestForPairs). */
async function computePairSuggestions(db: Database, pairs: PairWithCourse[]): Promise<StoredSuggestion[][]> {
  const answers = await suggestForPairs(db, pairs);
  return answers.map((suggestions) => suggestions.slice(0, SUGGESTIONS_PER_PAIR).map(presentSuggestion));
}

/** The course a stored answer was computed for: a pair whose reports now list another title or credits is asked again. */
const courseAsked = (course: RankedCourse) => JSON.stringify([course.subject, course.number, course.title, course.credits]);

/**
 * The pairs' suggestions: stored ones computed at the current catalogue version for the same course, the rest computed
 * now and stored. The version is read before anything is computed, so a catalogue change meanwhile leaves them older
 * than the catalogue, to be computed again, never newer. On PostgreSQL another session's catalogue write can move the
 * version on before it commits, so an answer computed within 10 s of the version's first sighting is not served again
 * once those 10 s are over: it is computed once more (catalogueVersionSeen). On the embedded database statements never
 * interleave with a writer's transaction and the version alone is exact.
 */
export async function pairSuggestions(db: Database, pairs: PairWithCourse[]): Promise<{ suggestions: StoredSuggestion[][]; computed: number }> {
  if (pairs.length === 0) return { suggestions: [], computed: 0 };
  const catalogueVersion = await readCatalogueVersion(db);
  const { now: computedAt, trustedFrom } = db.kind === 'postgres' ? await catalogueVersionSeen(db, catalogueVersion) : { now: new Date(), trustedFrom: null };
  const stored = await readStoredSuggestions(db, pairs);
  const isKept = (pair: PairWithCourse) => {
    const kept = stored.get(pairKeyText(pair));
    return kept !== undefined && kept.catalogueVersion === catalogueVersion && kept.course === courseAsked(pair.course) && (trustedFrom === null || kept.computedAt >= trustedFrom);
  };
  const missing = pairs.filter((pair) => !isKept(pair));
  const computed = await computePairSuggestions(db, missing);
  const fresh = missing.map((pair, index) => ({
    fromInstitutionId: pair.fromInstitutionId,
    toInstitutionId: pair.toInstitutionId,
    codeKey: pair.codeKey,
    course: courseAsked(pair.course),
    catalogueVersion,
    suggestions: computed[index] ?? [],
    computedAt,
  }));
  const freshByPair = new Map(fresh.map((row) => [pairKeyText(row), row.suggestions]));
  const suggestions = pairs.map((pair) => freshByPair.get(pairKeyText(pair)) ?? (stored.get(pairKeyText(pair))!.suggestions as StoredSuggestion[]));
  await storeSuggestions(db, fresh);
  return { suggestions, computed: fresh.length };
}

/**
 * "Where your credits count" (issue 39, decision 180): one transcript decided at every school Crosswalk can decide it
 * for, through the transcript report's own path (transcripts' matchAtDestinations and creditTotals: the one engine, the one
 * credit total) and, where the student's intended major has a program loaded, degree progress (programs'
 * degreeProgressForCourses). Kept per transcript content, sending school, major and catalogue version, so asking again
 * (a filter, the hub) costs nothing until a rule, course or school changes.
 */
import type { DestinationsQuery, DestinationsResponse } from '../../../shared/schemas/destinations';
import type { Queryable } from '../../db/client';
import { conflict, invalidField } from '../../domain-errors';
import type { SignedInUser } from '../../http/app-env';
import type { Logger } from '../../logger';
import { listDecidableDestinations, stableHash } from '../equivalencies';
import { loadDirectoryFacts } from '../institutions';
import { degreeProgressForCourses, findProgramForMajor } from '../programs';
import { readCatalogueVersion } from '../catalogue';
import { readStudentChoices } from '../student';
import { creditTotals, listTranscriptCourseRows, matchAtDestinations, readTranscriptAs, takenCourseOf, type TakenCourse } from '../transcripts';
import { decidedByRuleOrGuarantee, rankDestinations, type DecidedDestination } from './rank-destinations';

/** Programs checked at once on PostgreSQL (the embedded database takes them in turn anyway). */
const CONCURRENT_DESTINATIONS = 4;
/** Decided transcripts kept in this process (a few hundred KB each at most). */
const KEPT_RESULTS = 200;

const kept = new Map<string, Promise<DecidedDestination[]>>();

function keep(key: string, compute: () => Promise<DecidedDestination[]>): Promise<DecidedDestination[]> {
  const found = kept.get(key);
  if (found) {
    // most recently used last: the oldest goes first when the map is full
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const result = compute();
  kept.set(key, result);
  result.catch(() => kept.delete(key));
  while (kept.size > KEPT_RESULTS) kept.delete(kept.keys().next().value!);
  return result;
}

/** Forgets every kept result (tests that change rules between two questions in one process do not need it: the catalogue version moves). */
export function forgetDecidedDestinations(): void {
  kept.clear();
}

async function inTurns<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/**
 * Every destination the courses can be decided at, decided: rules or statewide numbering through the report's row
 * mapper and the engine's batch entry (transcripts' matchAtDestinations), two queries for all of them; a school with
 * only a catalogue is listed without deciding (a catalogue decides nothing alone). With a major, the
 * program named like it at each decided destination, and the credits it applies.
 */
export async function decideDestinations(
  db: Queryable,
  input: { fromInstitutionId: number; courses: TakenCourse[]; major?: string | null; fromCalendar?: 'quarter' | 'semester' | null },
): Promise<DecidedDestination[]> {
  const major = input.major?.trim() ?? '';
  const version = await readCatalogueVersion(db);
  const fromCalendar = input.fromCalendar ?? null;
  const key = stableHash(JSON.stringify([input.fromInstitutionId, fromCalendar, major.toLowerCase(), version, input.courses.map((row) => [row.subject, row.number, row.title, row.credits, row.earned, row.grade, row.term, row.inProgress])]));
  return keep(key, async () => {
    const candidates = await listDecidableDestinations(db, input.fromInstitutionId);
    const facts = await loadDirectoryFacts(db, candidates.map((candidate) => candidate.institutionId));
    const rows = input.courses;
    // Rules or statewide numbering: decided, all destinations in one engine call; a catalogue alone decides nothing.
    const decidable = candidates.filter((candidate) => candidate.hasRules || candidate.statewideNumbering).map((candidate) => candidate.institutionId);
    const analysed = rows.length > 0 ? await matchAtDestinations(db, { fromInstitutionId: input.fromInstitutionId, toInstitutionIds: decidable, rows, fromCalendar }) : new Map();
    const decided = candidates.flatMap((candidate): DecidedDestination[] => {
      const school = facts.get(candidate.institutionId);
      if (!school) return [];
      const there = analysed.get(school.id) ?? [];
      return [{ school, rows: there, courses: rows.length, creditsTransferring: there.length > 0 ? creditTotals(there).transferring : 0 }];
    });
    if (major) {
      // The program part: only where something is decided and the school has a program named like the major.
      await inTurns(
        decided.filter((destination) => destination.rows.some(decidedByRuleOrGuarantee)),
        CONCURRENT_DESTINATIONS,
        async (destination) => {
          const program = await findProgramForMajor(db, { schoolId: destination.school.id, major });
          if (!program) return;
          const progress = await degreeProgressForCourses(db, { fromSchoolId: input.fromInstitutionId, schoolId: destination.school.id, program, rows: input.courses, examScores: [], fromCalendar });
          destination.program = { name: progress.program.name, appliedCredits: progress.totals.countingCredits, remainingCredits: progress.totals.creditsStillNeeded };
        },
      );
    }
    return decided;
  });
}

const UNKNOWN_SENDING_SCHOOL =
  'We could not tell which school this transcript is from, so no school’s rules can decide its courses yet. Each school reviews them itself.';

/**
 * The ranking for a transcript the asker may read (its owner, the visitor holding its token, or an admin with
 * two-factor, audited: transcripts' readTranscriptAs). The owner's intended major and favorites apply.
 */
export async function getTranscriptDestinations(
  deps: { db: Queryable; logger: Logger },
  input: { id: string; user: SignedInUser | null; visitorToken?: string | null; ipAddress: string; requestId?: string; query: DestinationsQuery },
): Promise<DestinationsResponse> {
  const { db } = deps;
  return readTranscriptAs(deps, input, async (transcript) => {
    if (transcript.status !== 'done') throw conflict('This transcript has not been analysed yet. Analyze it first, then see where its credits count.');
    const choices = transcript.user_id ? await readStudentChoices(db, transcript.user_id) : null;
    if (input.query.favorites && !choices) {
      throw invalidField('favorites', 'favorites: only a signed-in student keeps favorites. Sign in and save this transcript to filter by them.');
    }
    const major = input.query.major ?? choices?.intendedMajor ?? '';
    const info = { id: transcript.id, name: transcript.file_name, fromSchool: transcript.detected_institution_name };
    if (transcript.detected_institution_id === null) {
      return { transcript: info, major: major || null, destinations: [], notEnoughInformation: [], note: UNKNOWN_SENDING_SCHOOL };
    }
    const courses = (await listTranscriptCourseRows(db, [transcript.id])).map(takenCourseOf);
    // The transcript's own calendar when its page or its student said (issue 36), as the report and degree progress take it.
    const decided = await decideDestinations(db, { fromInstitutionId: transcript.detected_institution_id, courses, major, fromCalendar: transcript.credit_calendar });
    const favorites = new Set(choices?.favoriteInstitutionIds ?? []);
    const ranked = rankDestinations(
      decided,
      { state: input.query.state, control: input.query.control, level: input.query.level, ...(input.query.favorites ? { onlySchoolIds: favorites } : {}) },
      favorites,
    );
    return { transcript: info, major: major || null, ...ranked, note: null };
  });
}

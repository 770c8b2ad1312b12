/**
 * The schools a course search names, and what is known of them:
 *
 * - by its filters: a school's key (Manual Entry, a picked choice) or a name as written (`transferFromSchool`),
 *   resolved by the institutions feature (any name the directory knows; a name two schools share is decided by the
 *   other school's state or the search's, otherwise its choices go back for the student to pick);
 * - otherwise from its text: "MATH 1550 from LSU to Southeastern Louisiana University" names both schools, read by
 *   the institutions feature's findSchoolsInText, and the rest ("MATH 1550") is what is searched for. A search that
 *   sends the text alone (the API, a link, a saved search) has the rest read by the shared Smart Search parser for its
 *   subject, course, level, format and term, as the search page reads it before sending.
 *
 * The rest of the text's understanding (subjects, codes, levels) is not this file's: issue 35 moves it to the server.
 */
import type { SearchedSchool } from '../../../shared/schemas/course';
import type { CourseSearchQuery } from '../../../shared/schemas/search';
import { parseSmartSearch, toSearchFilters } from '../../../shared/search/smart-search-parser';
import type { Queryable } from '../../db/client';
import { findInstitution, findSchoolsInText, hasCourses, hasTransferRulesInto, resolveSchoolName, type InstitutionInfo, type SchoolResolution } from '../institutions';

export interface SchoolOfSearch {
  /** The school, when the search names one and it is known (and not one of several sharing the name). */
  school: InstitutionInfo | null;
  /** What the response says of it; null when the search names no school. */
  wanted: SearchedSchool | null;
}

const NONE: SchoolOfSearch = { school: null, wanted: null };

/** Filters a search that sends its text alone takes from the text (the search page sends them itself). */
const UNDERSTOOD_FIELDS = ['targetSubject', 'className', 'level', 'courseCodes', 'deliveryFormat', 'term'] as const;
const OTHER_FILTERS = [...UNDERSTOOD_FIELDS, 'institutionType', 'state', 'extractedName'] as const;

async function presentResolved(db: Queryable, resolution: SchoolResolution): Promise<SchoolOfSearch> {
  const decided = resolution.school ? await findInstitution(db, resolution.school.key) : null;
  if (decided) return { school: decided, wanted: { key: decided.key, name: decided.name, asWritten: resolution.asWritten, state: decided.state } };
  return {
    school: null,
    wanted: {
      key: null,
      name: resolution.asWritten,
      asWritten: resolution.asWritten,
      choices: resolution.ambiguous ? resolution.candidates.map((candidate) => ({ key: candidate.key, name: candidate.name, state: candidate.state, city: candidate.city })) : [],
    },
  };
}

/** A school named by a filter: its key first, else the name as written, in the given states. */
async function schoolOfFilter(db: Queryable, key: string | undefined, asWritten: string | undefined, states: Array<string | null | undefined>): Promise<SchoolOfSearch> {
  if (key) {
    const school = await findInstitution(db, key);
    if (school) return { school, wanted: { key: school.key, name: school.name, asWritten: asWritten ?? null, state: school.state } };
  }
  if (!asWritten) return key ? { school: null, wanted: { key: null, name: key } } : NONE;
  return presentResolved(db, await resolveSchoolName(db, asWritten, { states }));
}

/**
 * The search's two schools and the search as it runs. A school its filters name (a key picked from a list, a name as
 * written) is that school; the other is read from its text, unless the student removed it (`ignoreTextSchools`). With
 * schools read from the text, `q` becomes the words left to search for, and a text sent alone has the filters it
 * states filled in.
 */
export async function schoolsOfSearch(db: Queryable, query: CourseSearchQuery): Promise<{ home: SchoolOfSearch; target: SchoolOfSearch; query: CourseSearchQuery }> {
  const homeNamed = Boolean(query.homeCollege || query.transferFromSchool);
  const targetNamed = Boolean(query.targetCollege || query.transferToSchool);
  let home = homeNamed ? await schoolOfFilter(db, query.homeCollege, query.transferFromSchool, [query.state]) : NONE;
  let target = targetNamed ? await schoolOfFilter(db, query.targetCollege, query.transferToSchool, [home.school?.state, query.state]) : NONE;
  // A home school named ambiguously may be decided by the target's state.
  if (homeNamed && !home.school && home.wanted?.choices?.length && target.school) home = await schoolOfFilter(db, query.homeCollege, query.transferFromSchool, [target.school.state, query.state]);
  if (!query.q || (homeNamed && targetNamed)) return { home, target, query };

  const found = await findSchoolsInText(db, query.q, { states: [query.state, home.school?.state, target.school?.state] });
  if (found.mentions.length === 0) return { home, target, query };
  const ignored = new Set(query.ignoreTextSchools ?? []);
  if (!homeNamed && found.from && !ignored.has('from')) home = await presentResolved(db, found.from.resolution);
  if (!targetNamed && found.to && !ignored.has('to')) target = await presentResolved(db, found.to.resolution);
  const understood = parseSmartSearch(found.rest);
  const textAlone = !homeNamed && !targetNamed && OTHER_FILTERS.every((field) => query[field] === undefined);
  const filled: Partial<CourseSearchQuery> = {};
  if (textAlone) {
    const filters = toSearchFilters(understood);
    for (const field of UNDERSTOOD_FIELDS) if (filters[field] !== undefined) Object.assign(filled, { [field]: filters[field] });
  }
  return { home, target, query: { ...query, ...filled, q: understood.query } };
}

/**
 * What the student is told when a school the search names has no data in Crosswalk yet: a real answer, not "No
 * results" (the University of Mississippi is a school; Crosswalk just has no rules into it).
 */
export async function schoolNoteFor(db: Queryable, home: SchoolOfSearch, target: SchoolOfSearch): Promise<{ note: string | null; home: SearchedSchool | null; target: SearchedSchool | null }> {
  const homeWanted = home.wanted && home.school ? { ...home.wanted, hasCourses: await hasCourses(db, home.school.id) } : home.wanted;
  const targetWanted = target.wanted && target.school ? { ...target.wanted, hasTransferRules: await hasTransferRulesInto(db, target.school.id) || target.school.floridaStatewideNumbering } : target.wanted;
  const notes: string[] = [];
  if (target.school && targetWanted?.hasTransferRules === false) {
    notes.push(
      `Crosswalk has no transfer rules into ${target.school.name} yet, so it cannot say how these courses count there. ` +
        `Ask ${target.school.name}'s registrar or admissions office how they evaluate transfer credit, and keep each course's syllabus: they decide course by course.`,
    );
  }
  if (home.school && homeWanted?.hasCourses === false) {
    notes.push(`Crosswalk has no courses from ${home.school.name} yet. Search for a course by its code or title, or upload your transcript: every course on it is checked.`);
  }
  return { note: notes.length > 0 ? notes.join(' ') : null, home: homeWanted, target: targetWanted };
}

/**
 * Which school a phrase of a search names: the one boundary between course search's reading of a question
 * (search-text.ts) and the schools' names, which are the institutions feature's (one owner, decision 100). A name, key
 * or alias is decided by institutions' own rule (`SchoolNameIndex.resolve`, the decision resolveSchoolName makes: a
 * name two schools share never decides alone, the state breaks ties), over every stored name held in memory once per
 * catalogue version (loadSchoolNames), so a keystroke costs no database round trip.
 *
 * What stays search's own is reading a student's loose words after "from" or "to" ("Delgado" for Delgado Community
 * College, "Seminole State"): `byWords`, the school whose names hold every word of the phrase, the one with the most
 * courses on file when several do, over the same stored names.
 */
import type { Queryable } from '../../db/client';
import { loadSchoolNames, SchoolNameIndex } from '../institutions';

export interface SchoolRef {
  id: number;
  key: string;
  name: string;
  state: string | null;
}

/** One of the schools a shared name may mean, for the student to pick. */
export interface SchoolChoice {
  key: string;
  name: string;
  state: string | null;
  city: string | null;
}

/** What a name names: the school it decides, or the schools it may mean when several share it. */
export interface NamedSchool {
  school: SchoolRef | null;
  choices: SchoolChoice[];
}

interface SchoolEntry extends SchoolRef {
  /** The words of its names, lower case. */
  words: Set<string>;
  /** Courses on file: the tie-break between schools a phrase names equally. */
  courses: number;
}

/** Words of a school name that do not tell schools apart. */
const GENERIC = new Set(['university', 'college', 'community', 'state', 'of', 'the', 'at', 'and', 'technical', 'tech', 'school', 'institute', 'campus', 'u']);

/** One-word names that are also places: a school only after "at", "from" or "to" ("I live in Miami"). */
const PLACE_NAMES = new Set(['miami', 'delaware', 'florida', 'wisconsin', 'ohio', 'virginia', 'louisiana', 'madison', 'orlando', 'tampa']);

const wordsOf = (text: string) => text.toLowerCase().replace(/&/g, ' and ').split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export class SchoolNames {
  private constructor(
    private readonly names: SchoolNameIndex,
    private readonly entries: SchoolEntry[],
  ) {}

  static async load(db: Queryable): Promise<SchoolNames> {
    const names = await loadSchoolNames(db);
    const counts = await db.query<{ institution_id: number; courses: number }>(`select institution_id, count(*)::int as courses from courses group by institution_id`);
    const courses = new Map(counts.map((row) => [row.institution_id, Number(row.courses)]));
    const entries = [...names.schools.values()]
      // Only schools Crosswalk has data for are guessed from loose words: a guess among every US school is noise.
      .filter((school) => school.hasData)
      .map((school) => ({
        id: school.id,
        key: school.key,
        name: school.name,
        state: school.state,
        courses: courses.get(school.id) ?? 0,
        words: new Set([school.name, school.key, ...school.aliases].flatMap(wordsOf)),
      }));
    return new SchoolNames(names, entries);
  }

  /** The names of these schools held in memory, their forms derived as institutions derives them (unit tests, tools). */
  static of(rows: ReadonlyArray<{ id: number; key: string; name: string; aliases: string[]; courses: number; state?: string | null }>): SchoolNames {
    const names = new SchoolNameIndex(rows.map((row) => ({ id: row.id, key: row.key, name: row.name, state: row.state ?? null, city: null, size: null, sector: null, hasData: row.courses > 0, aliases: row.aliases })));
    const entries = rows.map((row) => ({ id: row.id, key: row.key, name: row.name, state: row.state ?? null, courses: row.courses, words: new Set([row.name, row.key, ...row.aliases].flatMap(wordsOf)) }));
    return new SchoolNames(names, entries);
  }

  /**
   * What a phrase names by a name, key or alias ('UCF', 'uw madison', 'The Ohio State University', 'UNO'), decided
   * by the institutions feature; `states` (the other school's, the search's) break a shared name's tie. Null when no
   * school goes by it.
   */
  named(phrase: string, states: ReadonlyArray<string | null | undefined> = []): NamedSchool | null {
    const resolution = this.names.resolve(phrase, { states });
    if (resolution.candidates.length === 0) return null;
    if (resolution.school) return { school: refOf(resolution.school), choices: [] };
    return { school: null, choices: resolution.candidates.map((candidate) => ({ key: candidate.key, name: candidate.name, state: candidate.state, city: candidate.city })) };
  }

  /** The school a phrase decides by a name, key or alias; null when none, or when several share it. */
  exact(phrase: string): SchoolRef | null {
    return this.named(phrase)?.school ?? null;
  }

  /** Whether a one-word name is also a place, so it names a school only after "at", "from" or "to". */
  isPlaceName(phrase: string): boolean {
    return PLACE_NAMES.has(phrase.toLowerCase().trim());
  }

  /**
   * The school a phrase after "from", "to" or "at" means when it names none exactly: every school with data whose names
   * hold each of the phrase's distinctive words ("Delgado", "Seminole State", "Oshkosh"); the one with the most courses
   * on file when several do. Null when none does, or the phrase has no distinctive word.
   */
  byWords(phrase: string): SchoolRef | null {
    const words = wordsOf(phrase);
    const distinctive = words.filter((word) => !GENERIC.has(word));
    if (distinctive.every((word) => word.length < 3)) return null;
    let best: { entry: SchoolEntry; exactWords: number } | null = null;
    for (const entry of this.entries) {
      if (!words.every((word) => entry.words.has(word) || (GENERIC.has(word) && genericAlike(word, entry.words)))) continue;
      const exactWords = words.filter((word) => entry.words.has(word)).length;
      if (!best || exactWords > best.exactWords || (exactWords === best.exactWords && entry.courses > best.entry.courses)) best = { entry, exactWords };
    }
    return best ? refOf(best.entry) : null;
  }
}

const refOf = (school: SchoolRef): SchoolRef => ({ id: school.id, key: school.key, name: school.name, state: school.state });

/** 'technical' in a phrase and 'tech' in a name (and back), 'community' and 'college' as loose as each other. */
function genericAlike(word: string, names: Set<string>): boolean {
  if (word === 'technical') return names.has('tech');
  if (word === 'tech') return names.has('technical');
  return word === 'the' || word === 'of' || word === 'at' || word === 'and' || word === 'u';
}

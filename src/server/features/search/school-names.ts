/**
 * Which school a phrase of a search names: the one boundary between course search's understanding of a question
 * (search-text.ts) and the schools' names. Until the schools feature resolves names as typed (issue 33), this reads
 * every school's key, name and aliases once per catalogue version and answers from memory: a name, key or alias in
 * the one normalised form (normalizeSchoolName), and, after a word such as "from" or "to", the school whose name holds
 * every word of the phrase ("Delgado" is Delgado Community College), the one with the most on file when several do.
 */
import type { Queryable } from '../../db/client';
import { normalizeSchoolName } from '../institutions';

export interface SchoolRef {
  id: number;
  key: string;
  name: string;
}

interface SchoolEntry extends SchoolRef {
  /** The words of its name and aliases, lower case. */
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
    private readonly byName: Map<string, SchoolEntry>,
    private readonly entries: SchoolEntry[],
  ) {}

  static async load(db: Queryable): Promise<SchoolNames> {
    const rows = await db.query<{ id: number; key: string; name: string; aliases: string[] | null; courses: number }>(
      `select i.id, i.key, i.name, (select array_agg(a.alias) from institution_aliases a where a.institution_id = i.id) as aliases,
              (select count(*) from courses c where c.institution_id = i.id)::int as courses
         from institutions i`,
    );
    return SchoolNames.of(rows);
  }

  /** The names of these schools (`courses`: how many courses each has on file). */
  static of(rows: ReadonlyArray<{ id: number; key: string; name: string; aliases: string[] | null; courses: number }>): SchoolNames {
    const byName = new Map<string, SchoolEntry>();
    const entries = rows.map((row) => {
      const names = [row.name, row.key, ...(row.aliases ?? [])];
      const entry: SchoolEntry = { id: row.id, key: row.key, name: row.name, courses: row.courses, words: new Set(names.flatMap(wordsOf)) };
      for (const name of names) {
        const normalized = normalizeSchoolName(name);
        const known = byName.get(normalized);
        if (normalized && (!known || known.courses < entry.courses)) byName.set(normalized, entry);
      }
      return entry;
    });
    return new SchoolNames(byName, entries);
  }

  /** The school a phrase names by its key, name or an alias ('UCF', 'uw madison', 'The Ohio State University'). */
  exact(phrase: string): SchoolRef | null {
    const entry = this.byName.get(normalizeSchoolName(phrase)) ?? this.byName.get(normalizeSchoolName(phrase.replace(/^the\s+/i, '')));
    return entry ? { id: entry.id, key: entry.key, name: entry.name } : null;
  }

  /** Whether a one-word name is also a place, so it names a school only after "at", "from" or "to". */
  isPlaceName(phrase: string): boolean {
    return PLACE_NAMES.has(phrase.toLowerCase().trim());
  }

  /**
   * The school a phrase after "from", "to" or "at" means when it names none exactly: every school whose names hold each
   * of the phrase's distinctive words ("Delgado", "Seminole State", "Oshkosh"); the one with the most courses on file
   * when several do. Null when none does, or the phrase has no distinctive word.
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
    return best ? { id: best.entry.id, key: best.entry.key, name: best.entry.name } : null;
  }
}

/** 'technical' in a phrase and 'tech' in a name (and back), 'community' and 'college' as loose as each other. */
function genericAlike(word: string, names: Set<string>): boolean {
  if (word === 'technical') return names.has('tech');
  if (word === 'tech') return names.has('technical');
  return word === 'the' || word === 'of' || word === 'at' || word === 'and' || word === 'u';
}

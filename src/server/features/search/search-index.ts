/**
 * An in-process index over every course search can find (catalogue courses and the courses rules name, migration
 * 0065), so a search nobody asked before is matched, filtered, ranked and counted in memory and only its page's cards
 * are read from the database (search.queries.ts, searchCourseRowsByIds). See docs/decisions/018-search-index.md.
 *
 * It gives the SQL path's answer (search.queries.ts, searchCourseRows), which stays the reference: the same matching
 * (course codes and prefixes, the database's own full-text lexemes: `search_vector` is read, and a query's words are
 * turned into lexemes by the database's `to_tsvector('english', …)`, remembered), the same filters and the same order
 * (with a format or term, matching sections before unknown schedules; exact code, a transferring rule to the target,
 * text rank, offerings, shorter titles, id). What it does not model
 * goes to SQL: websearch operators (quotes, `-`, `or`) and a class name in words. Its typo fallback differs from
 * SQL's (which compares the typed text with whole titles): a word the catalogue does not use is read as the
 * catalogue's nearest word by trigrams. `search-index.test.ts` (API) holds both paths to the same strict answers.
 *
 * Kept current by the catalogue version (migration 0003): a search at a version the index was not built at is answered
 * by SQL while a new index is built in the background, so an import is found at once. The page's card rows and the
 * schools a search names are kept with the index, so they too are read once per version. A cross-listed course is one
 * result, as in SQL (migration 0082).
 */
import type { Queryable } from '../../db/client';
import type { CourseSearchRow, CourseSearchSpec } from './search.queries';

/** ts_rank's default weights for the labels A, B, C, D. */
const WEIGHTS: Record<string, number> = { A: 1, B: 0.4, C: 0.2, D: 0.1 };
const FORMAT_BITS: Record<string, number> = { online: 1, 'in-person': 2, hybrid: 4 };
/** Websearch syntax the index leaves to SQL. */
const WEBSEARCH_OPERATORS = /["']|(^|\s)-\S|\bor\b/i;
const MAX_REMEMBERED_TEXTS = 20_000;
/**
 * Card rows kept per index. Each carries its rules as objects, so tens of thousands make every garbage collection slow
 * (docs/BENCHMARKS.md, 2026-11-24 index runs).
 */
const MAX_CARD_ROWS = 5_000;
/** The least trigram similarity at which the typo fallback reads one word as another. */
const TYPO_SIMILARITY = 0.4;
const MAX_TARGETS = 2_000;

interface Posting {
  courses: Uint32Array;
  weights: Float32Array;
}

export interface IndexAnswer {
  ids: number[];
  total: number;
}

export class SearchIndex {
  private readonly targets = new Map<number, Promise<Uint8Array>>();
  private readonly corrections = new Map<string, string | null>();
  /** The lexemes by trigram, for the typo fallback. */
  private readonly byTrigram = new Map<string, string[]>();
  /** Card rows read at this version, by course and what shapes a card (destination, format, term). */
  private readonly cardRows = new Map<string, CourseSearchRow>();
  /** Other answers worked out at this version (a school a search names), by key. */
  private readonly remembered = new Map<string, Promise<unknown>>();

  private constructor(
    readonly version: string,
    private readonly ids: Int32Array,
    private readonly institutions: Int32Array,
    private readonly levels: Int8Array,
    private readonly titleLengths: Uint16Array,
    private readonly formats: Uint8Array,
    private readonly termBits: Uint32Array,
    private readonly offered: Uint8Array,
    private readonly codeKeys: string[],
    private readonly subjects: string[],
    private readonly numbers: string[],
    private readonly titles: string[],
    /** Course positions ordered by code key, for exact codes and prefixes. */
    private readonly byCode: Uint32Array,
    private readonly postings: Map<string, Posting>,
    private readonly byInstitution: Map<number, Uint32Array>,
    private readonly schools: Map<number, { control: string; state: string | null }>,
    private readonly termNumbers: Map<string, number>,
    private readonly positionOf: Map<number, number>,
    /** Each position's cross-listing (migration 0082: the group's lowest course id), or 0 when it is listed once. */
    private readonly listings: Int32Array,
  ) {
    for (const lexeme of postings.keys()) {
      for (const trigram of trigrams(lexeme)) {
        const list = this.byTrigram.get(trigram);
        if (list) list.push(lexeme);
        else this.byTrigram.set(trigram, [lexeme]);
      }
    }
  }

  /**
   * The cards of a page the index ranked: rows read before at this version come from memory, the rest from one query
   * (`read`, search.queries.ts searchCourseRowsByIds); each with the total the index counted.
   */
  async cards(spec: CourseSearchSpec, answer: IndexAnswer, read: (ids: number[]) => Promise<CourseSearchRow[]>): Promise<CourseSearchRow[]> {
    const keyOf = (id: number) => `${id}|${spec.targetId ?? ''}|${spec.deliveryFormat ?? ''}|${spec.term ?? ''}`;
    const missing = answer.ids.filter((id) => !this.cardRows.has(keyOf(id)));
    if (missing.length > 0) {
      const rows = await read(missing);
      if (this.cardRows.size + rows.length > MAX_CARD_ROWS) this.cardRows.clear();
      for (const row of rows) this.cardRows.set(keyOf(row.id), row);
    }
    return answer.ids.flatMap((id) => {
      const row = this.cardRows.get(keyOf(id));
      return row ? [{ ...row, total: answer.total }] : [];
    });
  }

  /** `work`'s answer for `key`, worked out once at this version (the index is rebuilt when the catalogue changes). */
  remember<T>(key: string, work: () => Promise<T>): Promise<T> {
    let known = this.remembered.get(key) as Promise<T> | undefined;
    if (!known) {
      if (this.remembered.size >= MAX_REMEMBERED_TEXTS) this.remembered.clear();
      known = work();
      known.catch(() => this.remembered.delete(key));
      this.remembered.set(key, known);
    }
    return known;
  }

  /** Reads every course (and its lexemes, offerings and school) at `version`. */
  static async build(db: Queryable, version: string): Promise<SearchIndex> {
    const rows = await db.query<{
      id: number;
      institution_id: number;
      code_key: string;
      subject: string;
      number: string;
      title: string;
      level: number | null;
      listing_id: number | null;
      lexemes: string | null;
    }>(
      `select c.id, c.institution_id, c.code_key, lower(c.subject) as subject, c.number, lower(c.title) as title, c.level, l.listing_id,
              (select string_agg(v.lexeme || ':' || array_to_string(v.weights, ''), ' ') from unnest(c.search_vector) v) as lexemes
         from courses c left join course_listings l on l.course_id = c.id order by c.id`,
    );
    const offerings = await db.query<{ course_id: number; delivery_format: string; term: string }>(`select course_id, delivery_format, term from offerings`);
    const schoolRows = await db.query<{ id: number; control: string; state: string | null }>(`select id, control, state from institutions`);

    const count = rows.length;
    const ids = new Int32Array(count);
    const institutions = new Int32Array(count);
    const levels = new Int8Array(count);
    const titleLengths = new Uint16Array(count);
    const codeKeys: string[] = new Array(count);
    const subjects: string[] = new Array(count);
    const numbers: string[] = new Array(count);
    const titles: string[] = new Array(count);
    const listings = new Int32Array(count);
    const positionOf = new Map<number, number>();
    const lists = new Map<string, { courses: number[]; weights: number[] }>();
    const bySchool = new Map<number, number[]>();
    rows.forEach((row, position) => {
      ids[position] = row.id;
      institutions[position] = row.institution_id;
      levels[position] = row.level === null ? -1 : row.level;
      titleLengths[position] = Math.min(row.title.length, 65_535);
      codeKeys[position] = row.code_key;
      subjects[position] = row.subject;
      numbers[position] = row.number;
      titles[position] = row.title;
      listings[position] = row.listing_id ?? 0;
      positionOf.set(row.id, position);
      const school = bySchool.get(row.institution_id);
      if (school) school.push(position);
      else bySchool.set(row.institution_id, [position]);
      for (const entry of (row.lexemes ?? '').split(' ')) {
        const colon = entry.lastIndexOf(':');
        if (colon <= 0) continue;
        const lexeme = entry.slice(0, colon);
        const weight = Math.max(...[...entry.slice(colon + 1)].map((label) => WEIGHTS[label] ?? 0.1));
        const list = lists.get(lexeme);
        if (list) {
          list.courses.push(position);
          list.weights.push(weight);
        } else lists.set(lexeme, { courses: [position], weights: [weight] });
      }
    });
    const postings = new Map<string, Posting>();
    for (const [lexeme, list] of lists) postings.set(lexeme, { courses: Uint32Array.from(list.courses), weights: Float32Array.from(list.weights) });

    const formats = new Uint8Array(count);
    const termBits = new Uint32Array(count);
    const offered = new Uint8Array(count);
    const termNumbers = new Map<string, number>();
    for (const offering of offerings) {
      const position = positionOf.get(offering.course_id);
      if (position === undefined) continue;
      offered[position] = 1;
      formats[position]! |= FORMAT_BITS[offering.delivery_format] ?? 0;
      let bit = termNumbers.get(offering.term);
      if (bit === undefined && termNumbers.size < 32) termNumbers.set(offering.term, (bit = termNumbers.size));
      if (bit !== undefined) termBits[position]! |= 1 << bit;
    }
    const byCode = Uint32Array.from(codeKeys.keys()).sort((a, b) => (codeKeys[a]! < codeKeys[b]! ? -1 : codeKeys[a]! > codeKeys[b]! ? 1 : a - b));
    const byInstitution = new Map([...bySchool].map(([id, list]) => [id, Uint32Array.from(list)]));
    const schools = new Map(schoolRows.map((row) => [row.id, { control: row.control, state: row.state }]));
    return new SearchIndex(version, ids, institutions, levels, titleLengths, formats, termBits, offered, codeKeys, subjects, numbers, titles, byCode, postings, byInstitution, schools, termNumbers, positionOf, listings);
  }

  get courseCount(): number {
    return this.ids.length;
  }

  /** Whether the index can answer this search the way SQL would; otherwise the caller asks SQL. */
  static handles(spec: CourseSearchSpec): boolean {
    if (spec.className?.text) return false;
    if (spec.text && WEBSEARCH_OPERATORS.test(spec.text.text)) return false;
    // More than 32 terms would not fit the bitmask; the product has four.
    return true;
  }

  /** The page of course ids and the total. */
  async search(db: Queryable, spec: CourseSearchSpec, lexemesOf: (text: string) => Promise<string[]>): Promise<IndexAnswer> {
    const termBit = spec.term ? this.termNumbers.get(spec.term) : undefined;
    const keep = this.filter(spec, termBit);
    const matchesSchedule = this.scheduleTest(spec, termBit);
    const target = spec.targetId !== null ? await this.transferringTo(db, spec.targetId) : null;

    const text = spec.text;
    let candidates: Iterable<number>;
    let scores: Map<number, number> | null = null;
    let exact: Set<number> | null = null;
    if (text) {
      const lexemes = await lexemesOf(text.text);
      const matched = this.match(lexemes);
      if (text.codeKey) {
        exact = new Set(this.codePrefix(text.codeKey, true));
        for (const prefix of [text.codeKey, ...text.codeKeyAlternatives.map((alternative) => alternative.replace(/%$/, ''))]) {
          for (const course of this.codePrefix(prefix, false)) matched.set(course, 0);
        }
        // A code's score is 0 for every match, as in SQL (offerings, rules and shorter titles order them).
        for (const course of matched.keys()) matched.set(course, 0);
      }
      let strict = [...matched.keys()].filter(keep);
      if (strict.length === 0 && !text.codeKey && lexemes.length > 0) {
        // The typo fallback: each word the catalogue does not use read as the nearest word it does (trigrams).
        const corrected = this.match(lexemes.map((lexeme) => this.nearestLexeme(lexeme)).filter((lexeme): lexeme is string => lexeme !== null));
        if (corrected.size > 0) {
          for (const [course, score] of corrected) matched.set(course, score);
          strict = [...matched.keys()].filter(keep);
        }
      }
      if (strict.length === 0) return { ids: [], total: 0 };
      candidates = strict;
      scores = matched;
    } else {
      candidates = this.unfiltered(spec);
    }

    const found = text ? (candidates as number[]) : [...candidates].filter(keep);
    const rank = (course: number) => ({
      course,
      scheduleMatch: matchesSchedule(course) ? 1 : 0,
      exact: exact?.has(course) ? 1 : 0,
      toTarget: target ? target[course]! : 0,
      score: Math.fround(scores?.get(course) ?? 0),
      offered: this.offered[course]!,
    });
    const ranked = found.map(rank);
    ranked.sort(
      (a, b) =>
        b.scheduleMatch - a.scheduleMatch ||
        b.exact - a.exact ||
        b.toTarget - a.toTarget ||
        b.score - a.score ||
        b.offered - a.offered ||
        this.titleLengths[a.course]! - this.titleLengths[b.course]! ||
        this.ids[a.course]! - this.ids[b.course]!,
    );
    const results = this.foldCrossListings(ranked);
    const page = results.slice(spec.offset, spec.offset + spec.limit).map((entry) => this.ids[entry.course]!);
    return { ids: page, total: results.length };
  }

  /** A cross-listed course (migration 0082) once, at its best-placed code, as SQL's `folded` step does. */
  private foldCrossListings<T extends { course: number }>(ranked: T[]): T[] {
    const seen = new Set<number>();
    return ranked.filter(({ course }) => {
      const listing = this.listings[course]!;
      if (listing === 0) return true;
      if (seen.has(listing)) return false;
      seen.add(listing);
      return true;
    });
  }

  /** Courses with every lexeme, scored as the mean of each lexeme's label weight (empty when one is unknown). */
  private match(lexemes: string[]): Map<number, number> {
    const matched = new Map<number, number>();
    if (lexemes.length === 0) return matched;
    const lists = lexemes.map((lexeme) => this.postings.get(lexeme));
    if (!lists.every((list): list is Posting => list !== undefined)) return matched;
    lists.sort((a, b) => a.courses.length - b.courses.length);
    const [first, ...rest] = lists;
    const others = rest.map((list) => new Map(Array.from(list.courses, (course, index) => [course, list.weights[index]!])));
    first!.courses.forEach((course, index) => {
      let score = first!.weights[index]!;
      for (const other of others) {
        const weight = other.get(course);
        if (weight === undefined) return;
        score += weight;
      }
      matched.set(course, score / lexemes.length);
    });
    return matched;
  }

  /**
   * The catalogue's lexeme nearest a word it does not use, by trigram similarity (pg_trgm's measure: shared trigrams
   * over all trigrams of both, at least TYPO_SIMILARITY), remembered; the word itself when the catalogue uses it.
   */
  private nearestLexeme(lexeme: string): string | null {
    if (this.postings.has(lexeme)) return lexeme;
    const known = this.corrections.get(lexeme);
    if (known !== undefined) return known;
    if (this.corrections.size >= MAX_REMEMBERED_TEXTS) this.corrections.clear();
    const wanted = trigrams(lexeme);
    const shared = new Map<string, number>();
    for (const trigram of wanted) for (const candidate of this.byTrigram.get(trigram) ?? []) shared.set(candidate, (shared.get(candidate) ?? 0) + 1);
    let best: string | null = null;
    let bestSimilarity = TYPO_SIMILARITY;
    for (const [candidate, count] of shared) {
      const similarity = count / (wanted.size + trigrams(candidate).size - count);
      if (similarity > bestSimilarity || (similarity === bestSimilarity && best !== null && candidate < best)) [best, bestSimilarity] = [candidate, similarity];
    }
    this.corrections.set(lexeme, best);
    return best;
  }

  /** Positions whose code key equals (`exactOnly`) or starts with `prefix`. */
  private codePrefix(prefix: string, exactOnly: boolean): number[] {
    const keys = this.codeKeys;
    let low = 0;
    let high = this.byCode.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (keys[this.byCode[middle]!]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let index = low; index < this.byCode.length; index += 1) {
      const key = keys[this.byCode[index]!]!;
      if (exactOnly ? key !== prefix : !key.startsWith(prefix)) break;
      found.push(this.byCode[index]!);
    }
    return found;
  }

  /** Where to look with no words: one school's courses, the courses named by code, or every course. */
  private unfiltered(spec: CourseSearchSpec): Iterable<number> {
    if (spec.homeId !== null) return this.byInstitution.get(spec.homeId) ?? [];
    // Two codes may name the same course (a code anywhere and at one school): each course once.
    if (spec.courseCodes) return new Set(spec.courseCodes.flatMap((code) => this.codePrefix(code.codeKey, true)));
    return this.ids.keys();
  }

  /** The SQL path's where clause, as a test of one course position. */
  private filter(spec: CourseSearchSpec, termBit: number | undefined): (course: number) => boolean {
    const tests: Array<(course: number) => boolean> = [];
    const { homeId, excludeInstitutionId } = spec;
    if (homeId !== null) tests.push((course) => this.institutions[course] === homeId);
    if (excludeInstitutionId !== null) tests.push((course) => this.institutions[course] !== excludeInstitutionId);
    if (spec.institutionControl || spec.state) {
      tests.push((course) => {
        const school = this.schools.get(this.institutions[course]!);
        return school !== undefined && (!spec.institutionControl || school.control === spec.institutionControl) && (!spec.state || school.state === spec.state);
      });
    }
    if (spec.deliveryFormat || spec.term) {
      // A course with such a section, or with no schedule on file at all (it is listed after, as schedule unknown).
      const matches = this.scheduleTest(spec, termBit);
      tests.push((course) => matches(course) || this.offered[course] === 0);
    }
    if (spec.level === 'lower') tests.push((course) => this.levels[course]! >= 0 && this.levels[course]! <= 2);
    if (spec.level === 'upper') tests.push((course) => this.levels[course]! >= 3);
    if (spec.subject) {
      const { codePrefixes, titleWords } = spec.subject;
      tests.push((course) => codePrefixes.some((prefix) => this.subjects[course]!.startsWith(prefix)) || titleWords.some((word) => this.titles[course]!.includes(word)));
    }
    if (spec.courseCodes) {
      const codes = spec.courseCodes;
      tests.push((course) => codes.some((code) => code.codeKey === this.codeKeys[course] && (code.institutionId === null || code.institutionId === this.institutions[course])));
    }
    if (spec.className) {
      const { codeKey, numberPrefix, codeKeyAlternatives } = spec.className;
      if (codeKey) {
        const prefixes = [codeKey, ...codeKeyAlternatives.map((alternative) => alternative.replace(/%$/, ''))];
        tests.push((course) => prefixes.some((prefix) => this.codeKeys[course]!.startsWith(prefix)));
      } else if (numberPrefix) tests.push((course) => this.numbers[course]!.startsWith(numberPrefix));
    }
    return (course) => tests.every((test) => test(course));
  }

  /**
   * Whether a course has a section of the format and term asked for (always true when neither is). SQL asks for one
   * offering with both; bits per course tell them apart only when the course has a single offering of each, so a course
   * with both bits but several offerings is checked by SQL's answer in the parity test (search-index.test.ts) — the
   * demo and benchmark give each course one offering.
   */
  private scheduleTest(spec: CourseSearchSpec, termBit: number | undefined): (course: number) => boolean {
    if (!spec.deliveryFormat && !spec.term) return () => true;
    const formatBit = spec.deliveryFormat ? (FORMAT_BITS[spec.deliveryFormat] ?? 0) : 0;
    return (course) => {
      const termMatches = !spec.term || (termBit !== undefined && (this.termBits[course]! & (1 << termBit)) !== 0);
      return (!formatBit || (this.formats[course]! & formatBit) !== 0) && termMatches;
    };
  }

  /** Courses with a transferring rule to a school, one flag per position (read once per school and version). */
  private transferringTo(db: Queryable, targetId: number): Promise<Uint8Array> {
    let flags = this.targets.get(targetId);
    if (!flags) {
      if (this.targets.size >= MAX_TARGETS) this.targets.clear();
      flags = db
        .query<{ id: number }>(
          `select c.id from courses c
            where (c.institution_id, c.code_key) in (
              select s.from_institution_id, s.code_key from equivalency_rules r join equivalency_rule_sources s on s.rule_id = r.id
               where r.to_institution_id = $1 and r.transfers)`,
          [targetId],
        )
        .then((rows) => {
          const set = new Uint8Array(this.ids.length);
          for (const row of rows) {
            const position = this.positionOf.get(row.id);
            if (position !== undefined) set[position] = 1;
          }
          return set;
        });
      flags.catch(() => this.targets.delete(targetId));
      this.targets.set(targetId, flags);
    }
    return flags;
  }
}

/**
 * The index of one app instance: the current one when it was built at the catalogue version a search reads, else
 * none (the search is answered by SQL) while the next is built, one build at a time.
 */
export class SearchIndexHolder {
  private current: SearchIndex | null = null;
  /** Whether `current` was built `settleMs` after its version was first seen (see the constructor). */
  private currentSettled = false;
  private readonly firstSeen = new Map<string, number>();
  private building: Promise<void> | null = null;
  private readonly lexemes = new Map<string, Promise<string[]>>();

  /**
   * `settleMs`: on PostgreSQL the version (a sequence) moves on before the import that moves it commits, so an index
   * built at once may miss rows committed later at the same version; it is built again once the version has stood
   * that long (as SearchCache's entries expire). The embedded database runs a transaction alone: Infinity.
   */
  constructor(
    private readonly onBuilt: (index: SearchIndex, ms: number) => void = () => undefined,
    private readonly settleMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  /** The index built at `version`, or null (a build is started when none is running). */
  at(db: Queryable, version: string): SearchIndex | null {
    if (!this.firstSeen.has(version)) {
      if (this.firstSeen.size > 100) this.firstSeen.clear();
      this.firstSeen.set(version, this.now());
    }
    const current = this.current?.version === version ? this.current : null;
    const settledNow = this.now() - this.firstSeen.get(version)! >= this.settleMs;
    if (current && (this.currentSettled || !settledNow)) return current;
    if (!this.building) {
      const started = this.now();
      this.building = SearchIndex.build(db, version)
        .then((index) => {
          this.current = index;
          this.currentSettled = settledNow;
          this.onBuilt(index, this.now() - started);
        })
        .catch(() => undefined)
        .finally(() => {
          this.building = null;
        });
    }
    return current;
  }

  /** Waits for the build under way (tests and the benchmark). */
  async settled(): Promise<void> {
    await this.building;
  }

  /** A text's full-text lexemes as the database makes them (its English dictionary), remembered. */
  lexemesOf(db: Queryable, text: string): Promise<string[]> {
    let known = this.lexemes.get(text);
    if (!known) {
      if (this.lexemes.size >= MAX_REMEMBERED_TEXTS) this.lexemes.clear();
      known = db
        .query<{ lexeme: string }>(`select distinct lexeme from unnest(to_tsvector('english', $1))`, [text])
        .then((rows) => rows.map((row) => row.lexeme));
      known.catch(() => this.lexemes.delete(text));
      this.lexemes.set(text, known);
    }
    return known;
  }
}

/** pg_trgm's trigrams of one word: lower case, padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const found = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) found.add(padded.slice(index, index + 3));
  return found;
}

/**
 * The one ranker of course search: an in-process index over every course search can find (catalogue courses, courses
 * rules name (0065) and Florida's statewide inventory), which matches, filters, ranks and counts a search in memory, so
 * a question nobody asked before costs about what a repeated one costs. Its relevance model is decision 120
 * (docs/decisions/120-search-relevance.md); how it is built and kept current, decisions 018 and 120.
 *
 * What it holds, per course, in typed arrays: school, level, the number's value, what its title says (canonical words
 * as ids, the sequence it names, whether it is introductory, a lab, honors, college-prep, a seminar/co-op/topics kind,
 * Florida's 900 series, graduate), offering formats and terms as bits, its cross-listing. Per word: the courses whose
 * titles use it (postings), and the vocabulary sorted for prefixes and by trigrams for typos. The schools' names for
 * the reader of a search (school-names.ts) and the subject codes courses use are built with it.
 *
 * A search's page is chosen by a bounded top-k selection over the candidates' scores (no object per match), the
 * cross-listed codes of one course folded to its best-placed code before the page is taken.
 */
import type { Queryable } from '../../db/client';
import type { OfferingRow } from '../catalogue';
import type { InstitutionInfoRow } from '../institutions';
import { SchoolNames } from './school-names';
import type { CardSpec, CourseSearchRow } from './search.queries';
import type { SearchVocabulary } from './search-text';
import { INTRODUCTORY_WORDS, KIND_WORDS, readTitle, subjectWordOfCode, SUBJECT_WORDS } from './search-words';

const FORMAT_BITS: Record<string, number> = { online: 1, 'in-person': 2, hybrid: 4 };

/** Bits of `flags`: what a course's title and number say about it. */
const INTRO = 1;
const KIND = 2;
const LAB = 4;
const HONORS = 8;
const PREP = 16;
/** Florida's statewide-numbered 900–999 series (directed study, co-ops, topics): not guaranteed to transfer. */
const SERIES_900 = 32;
const GRADUATE = 64;
const OFFERED = 128;

/** A title word many titles use is not taken alone for a school's name (search-text.ts). */
const COMMON_TITLE_WORD = 25;
const MAX_PREFIX_WORDS = 24;
const MAX_REMEMBERED = 20_000;
/** Rows read per statement while building, so other statements run in between. */
const BUILD_PAGE = 10_000;

/**
 * How much each thing weighs in a course's score (decision 120). A typed code outweighs everything; a title that
 * holds every word comes before one that does not; among those, the course that is what the words name (all its title
 * words asked for, the sequence asked for, introductory when nothing else is asked) comes first, then, with a
 * destination, the course that transfers as a course before elective credit before none.
 */
export const RELEVANCE = {
  exactCode: 1000,
  codePrefix: 400,
  wordMatch: 30,
  coverage: 24,
  introductory: 7,
  introductoryAsked: 10,
  sequenceRight: 14,
  sequenceWrong: -24,
  sequenceMissing: -4,
  laterInSequence: -5,
  kindUnasked: -30,
  labUnasked: -16,
  labAsked: 12,
  notLabWhenAsked: -6,
  honorsUnasked: -9,
  prepUnasked: -40,
  prepAsked: 14,
  graduateUnasked: -24,
  levelStep: -1.2,
  transfersAsCourse: 9,
  transfersAsElective: 4.5,
  refused: -6,
  offered: 0.5,
  /** Above any other sum: a format or term search lists its matches before the courses whose schedule is unknown. */
  scheduleMatch: 100_000,
} as const;

/** How well a word matches: the same word, a word it is the beginning of, a typo away, or the course's subject. */
const MATCH = { exact: 1, prefix: 0.8, typo: 0.72, subject: 0.6 } as const;

export interface RankedSearch {
  homeId: number | null;
  targetId: number | null;
  /** The destination's own courses are not transfer candidates. */
  excludeInstitutionId: number | null;
  institutionControl: 'public' | 'private' | null;
  state: string | null;
  /**
   * A delivery format or term: first the courses with an offering of that kind, then those with no schedule on file at
   * all ("schedule unknown", decision 171), never shown as matching; a course whose known sections are all of another
   * kind is left out.
   */
  deliveryFormat: string | null;
  term: string | null;
  level: 'lower' | 'upper' | null;
  /** Manual Entry's subject: subject codes that start so, or titles that hold these words. */
  subject: { codePrefixes: string[]; titleWords: string[] } | null;
  /** Manual Entry's class: a code (prefix) or a number (prefix). */
  className: { codeKey: string | null; numberPrefix: string | null; codeKeyAlternatives: string[] } | null;
  /** Codes named with a school ('U DEL: ECON101'), each at one school or any (null). */
  courseCodes: Array<{ institutionId: number | null; codeKey: string }> | null;
  /** Codes typed in the text: each exact, or as a prefix, with other spellings of its subject as prefixes. */
  codes: Array<{ label: string; codeKey: string; alternatives: string[] }>;
  /** Canonical words (search-words.ts). */
  words: string[];
  sequence: number | null;
  asked: { introductory: boolean; lab: boolean; honors: boolean; preparatory: boolean; graduate: boolean; kind: boolean };
  limit: number;
  offset: number;
}

export interface IndexAnswer {
  ids: number[];
  total: number;
  /** Words no course title or subject matches, left out of the answer (or the reason it is empty). */
  unusedWords: string[];
  /** Typed codes no course has (at the school named). */
  unusedCodes: string[];
}

interface WordMatch {
  /** Word ids that match, each with its weight. */
  ids: Map<number, number>;
  /** The subject word whose subject codes match ('psychology'), as an id, or -1. */
  subjectWord: number;
  /** Courses the word can match at all (an upper bound, to start from the rarest word). */
  size: number;
}

export class SearchIndex implements SearchVocabulary {
  private readonly wordMatches = new Map<string, WordMatch>();
  /** Other answers worked out at this version, by key. */
  private readonly remembered = new Map<string, Promise<unknown>>();

  private constructor(
    readonly version: string,
    readonly schools: SchoolNames,
    private readonly ids: Int32Array,
    private readonly institutions: Int32Array,
    private readonly levels: Int8Array,
    private readonly numberValues: Int32Array,
    private readonly flags: Uint8Array,
    private readonly sequences: Int8Array,
    private readonly subjectWordIds: Int32Array,
    private readonly subjectIds: Int32Array,
    private readonly subjects: string[],
    private readonly titleStarts: Uint32Array,
    private readonly titleWordIds: Int32Array,
    private readonly codeKeys: string[],
    private readonly byCode: Uint32Array,
    private readonly words: string[],
    private readonly wordIdOf: Map<string, number>,
    private readonly postings: Uint32Array[],
    private readonly subjectPostings: Map<number, Uint32Array>,
    private readonly sortedWordIds: Int32Array,
    private readonly byTrigram: Map<string, number[]>,
    private readonly formats: Uint8Array,
    private readonly termBits: Uint32Array,
    private readonly termNumbers: Map<string, number>,
    private readonly byInstitution: Map<number, Uint32Array>,
    private readonly schoolFacts: Map<number, { control: string; state: string | null; statewide: boolean }>,
    private readonly positionOf: Map<number, number>,
    /** Each position's cross-listing (migration 0082: the group's lowest course id), or 0 when it is listed once. */
    private readonly listings: Int32Array,
    private readonly subjectSet: Set<string>,
    /** What the rules from each position give at each destination (`TransferClass`), positions' runs from `transferStarts`. */
    private readonly transferStarts: Uint32Array,
    private readonly transferTargets: Int32Array,
    private readonly transferClassesOf: Uint8Array,
    /** What a card shows of each course, so a page's cards need no statement but their rules (cardRow). */
    private readonly cardFacts: CardFacts,
  ) {}

  get courseCount(): number {
    return this.ids.length;
  }

  isSubject(code: string): boolean {
    return this.subjectSet.has(code);
  }

  isCommonTitleWord(word: string): boolean {
    const id = this.wordIdOf.get(word);
    return id !== undefined && this.postings[id]!.length >= COMMON_TITLE_WORD;
  }

  /** `work`'s answer for `key`, worked out once at this version (the index is rebuilt when the catalogue changes). */
  remember<T>(key: string, work: () => Promise<T>): Promise<T> {
    let known = this.remembered.get(key) as Promise<T> | undefined;
    if (!known) {
      if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
      known = work();
      known.catch(() => this.remembered.delete(key));
      this.remembered.set(key, known);
    }
    return known;
  }

  /** Reads every course (and its offerings and school) at `version`, a page of rows at a time. */
  static async build(db: Queryable, version: string): Promise<SearchIndex> {
    type Row = {
      id: number;
      institution_id: number;
      code_key: string;
      subject: string;
      number: string;
      title: string;
      level: number | null;
      listing_id: number | null;
      credits: number | null;
      credits_text: string | null;
      known_from: 'catalogue' | 'rule';
    };
    const rows: Row[] = [];
    for (let after = 0; ; ) {
      const page = await db.query<Row>(
        `select c.id, c.institution_id, c.code_key, c.subject, c.number, c.title, c.level, l.listing_id, c.credits::float8 as credits,
                c.credits_text, c.known_from
           from courses c left join course_listings l on l.course_id = c.id where c.id > $1 order by c.id limit $2`,
        [after, BUILD_PAGE],
      );
      rows.push(...page);
      if (page.length < BUILD_PAGE) break;
      after = page.at(-1)!.id;
    }
    const offerings = await db.query<OfferingRow & { course_id: number }>(
      `select id, course_id, term, delivery_format, professor, professor_rating::float8 as professor_rating, tuition_cents, registration_url,
              professor_rating_url, is_available, is_sample
         from offerings order by course_id, is_available desc, id`,
    );
    const schoolRows = await db.query<InstitutionInfoRow & { control: 'public' | 'private' }>(
      `select id, key, name, state, calendar, florida_statewide_numbering, control from institutions`,
    );
    const schools = await SchoolNames.load(db);
    const schoolFacts = new Map(schoolRows.map((row) => [row.id, { control: row.control, state: row.state, statewide: row.florida_statewide_numbering }]));

    const count = rows.length;
    const cardFacts = new CardFacts(count, new Map(schoolRows.map((row) => [row.id, row])));
    const ids = new Int32Array(count);
    const institutions = new Int32Array(count);
    const levels = new Int8Array(count);
    const numberValues = new Int32Array(count);
    const flags = new Uint8Array(count);
    const sequences = new Int8Array(count);
    const subjectWordIds = new Int32Array(count).fill(-1);
    const subjectIds = new Int32Array(count);
    const titleStarts = new Uint32Array(count + 1);
    const codeKeys: string[] = new Array(count);
    const listings = new Int32Array(count);
    const positionOf = new Map<number, number>();
    const positionOfCode = new Map<string, number>();
    const wordIdOf = new Map<string, number>();
    const words: string[] = [];
    const wordId = (word: string) => {
      let id = wordIdOf.get(word);
      if (id === undefined) {
        id = words.length;
        words.push(word);
        wordIdOf.set(word, id);
      }
      return id;
    };
    const subjectIdOf = new Map<string, number>();
    const subjects: string[] = [];
    const titleWordList: number[] = [];
    const postingLists: number[][] = [];
    const subjectLists = new Map<number, number[]>();
    const bySchool = new Map<number, number[]>();

    rows.forEach((row, position) => {
      ids[position] = row.id;
      institutions[position] = row.institution_id;
      levels[position] = row.level === null ? -1 : row.level;
      codeKeys[position] = row.code_key;
      listings[position] = row.listing_id ?? 0;
      positionOf.set(row.id, position);
      positionOfCode.set(`${row.institution_id}|${row.code_key}`, position);
      cardFacts.add(position, row);
      const digits = /\d+/.exec(row.number)?.[0] ?? '';
      numberValues[position] = digits ? Math.min(Number(digits.slice(0, 6)), 999_999) : 999_999;
      const subject = row.subject.toLowerCase().replace(/\s+/g, ' ').trim();
      let subjectId = subjectIdOf.get(subject);
      if (subjectId === undefined) {
        subjectId = subjects.length;
        subjects.push(subject);
        subjectIdOf.set(subject, subjectId);
      }
      subjectIds[position] = subjectId;
      const subjectWord = subjectWordOfCode(subject);
      if (subjectWord) {
        const id = wordId(subjectWord);
        subjectWordIds[position] = id;
        const list = subjectLists.get(id);
        if (list) list.push(position);
        else subjectLists.set(id, [position]);
      }
      const reading = readTitle(row.title);
      const facts = schoolFacts.get(row.institution_id);
      let bits = 0;
      if (reading.introductory) bits |= INTRO;
      if (reading.kind) bits |= KIND;
      if (reading.lab || /\d[lL]$/.test(row.number)) bits |= LAB;
      if (reading.honors || /\d[hH]$/.test(row.number)) bits |= HONORS;
      if (reading.preparatory || row.level === 0 || /^0\d/.test(row.number)) bits |= PREP;
      if (facts?.statewide && /^\d9\d\d/.test(row.number)) bits |= SERIES_900;
      if (row.level !== null && row.level >= 5) bits |= GRADUATE;
      flags[position] = bits;
      sequences[position] = reading.sequence;
      titleStarts[position] = titleWordList.length;
      const seen = new Set<number>();
      for (const word of reading.words) {
        const id = wordId(word);
        if (seen.has(id)) continue;
        seen.add(id);
        titleWordList.push(id);
        (postingLists[id] ??= []).push(position);
      }
      const school = bySchool.get(row.institution_id);
      if (school) school.push(position);
      else bySchool.set(row.institution_id, [position]);
    });
    titleStarts[count] = titleWordList.length;
    const postings = words.map((_, id) => Uint32Array.from(postingLists[id] ?? []));
    const subjectPostings = new Map([...subjectLists].map(([id, list]) => [id, Uint32Array.from(list)]));
    const sortedWordIds = Int32Array.from(words.keys()).sort((a, b) => (words[a]! < words[b]! ? -1 : words[a]! > words[b]! ? 1 : 0));
    const byTrigram = new Map<string, number[]>();
    words.forEach((word, id) => {
      if (word.length < 4 || /\d/.test(word)) return;
      for (const trigram of trigrams(word)) {
        const list = byTrigram.get(trigram);
        if (list) list.push(id);
        else byTrigram.set(trigram, [id]);
      }
    });

    const formats = new Uint8Array(count);
    const termBits = new Uint32Array(count);
    const termNumbers = new Map<string, number>();
    for (const offering of offerings) {
      const position = positionOf.get(offering.course_id);
      if (position === undefined) continue;
      cardFacts.addOffering(position, offering);
      flags[position]! |= OFFERED;
      formats[position]! |= FORMAT_BITS[offering.delivery_format] ?? 0;
      let bit = termNumbers.get(offering.term);
      if (bit === undefined && termNumbers.size < 32) termNumbers.set(offering.term, (bit = termNumbers.size));
      if (bit !== undefined) termBits[position]! |= 1 << bit;
    }
    const byCode = Uint32Array.from(codeKeys.keys()).sort((a, b) => (codeKeys[a]! < codeKeys[b]! ? -1 : codeKeys[a]! > codeKeys[b]! ? 1 : a - b));
    const byInstitution = new Map([...bySchool].map(([id, list]) => [id, Uint32Array.from(list)]));
    const transfers = await readTransferClasses(db, (institutionId, codeKey) => positionOfCode.get(`${institutionId}|${codeKey}`), count);
    return new SearchIndex(
      version,
      schools,
      ids,
      institutions,
      levels,
      numberValues,
      flags,
      sequences,
      subjectWordIds,
      subjectIds,
      subjects,
      titleStarts,
      Int32Array.from(titleWordList),
      codeKeys,
      byCode,
      words,
      wordIdOf,
      postings,
      subjectPostings,
      sortedWordIds,
      byTrigram,
      formats,
      termBits,
      termNumbers,
      byInstitution,
      schoolFacts,
      positionOf,
      listings,
      new Set(subjects),
      transfers.starts,
      transfers.targets,
      transfers.classes,
      cardFacts,
    );
  }

  /**
   * A page's card for course `id` as the card SQL would give it, from memory, without its rules (`rules: null`, read
   * by the caller for the courses whose cards are not kept yet) and, with a destination using Florida's statewide
   * numbering, with the destination's courses of the same prefix and last three digits. Null for an unknown id.
   */
  cardRow(id: number, spec: CardSpec, total: number): CourseSearchRow | null {
    const position = this.positionOf.get(id);
    if (position === undefined) return null;
    const listing = this.listings[position]!;
    const alsoListedAs = listing === 0 ? null : this.listingMembers(listing).filter((other) => other !== position).map((other) => this.cardFacts.code(other)).sort();
    let destinationCourses: CourseSearchRow['destination_courses'] = null;
    if (spec.targetId !== null) destinationCourses = this.statewideNamesakes(position, spec.targetId);
    return this.cardFacts.row(position, this.ids[position]!, this.institutions[position]!, spec, total, alsoListedAs && alsoListedAs.length > 0 ? alsoListedAs : null, destinationCourses);
  }

  /**
   * The course as the rules' query needs it (its school and code key), or null when no rule from it leads to the
   * destination (to anywhere, without one): then its card has no rules to read. `evenWithoutRules`: the key in any case.
   */
  cardKey(id: number, targetId: number | null, { evenWithoutRules = false } = {}): { institutionId: number; codeKey: string } | null {
    const position = this.positionOf.get(id);
    if (position === undefined) return null;
    // An index older than the catalogue (a large rebuild under way) may not know a rule just written: read them all.
    if (evenWithoutRules) return { institutionId: this.institutions[position]!, codeKey: this.codeKeys[position]! };
    const start = this.transferStarts[position]!;
    const end = this.transferStarts[position + 1]!;
    let hasRules = false;
    for (let index = start; index < end && !hasRules; index++) hasRules = targetId === null || this.transferTargets[index] === targetId;
    return hasRules ? { institutionId: this.institutions[position]!, codeKey: this.codeKeys[position]! } : null;
  }

  private listingMembersOf: Map<number, number[]> | null = null;
  private listingMembers(listing: number): number[] {
    if (!this.listingMembersOf) {
      this.listingMembersOf = new Map();
      this.listings.forEach((value, position) => {
        if (value === 0) return;
        const members = this.listingMembersOf!.get(value);
        if (members) members.push(position);
        else this.listingMembersOf!.set(value, [position]);
      });
    }
    return this.listingMembersOf.get(listing) ?? [];
  }

  /** The destination's courses under the same subject and last three digits (Florida's statewide numbering). */
  private statewideNamesakes(position: number, targetId: number): CourseSearchRow['destination_courses'] {
    const wanted = /^[0-9]([0-9]{3})/.exec(this.cardFacts.numberOf(position))?.[1];
    const subject = this.subjects[this.subjectIds[position]!]!;
    const found: NonNullable<CourseSearchRow['destination_courses']> = [];
    if (wanted === undefined) return null;
    for (const other of this.codePrefix(subject.replace(/[^a-z0-9]/g, ''), false)) {
      if (this.institutions[other] !== targetId || this.subjects[this.subjectIds[other]!] !== subject) continue;
      if (/^[0-9]([0-9]{3})/.exec(this.cardFacts.numberOf(other))?.[1] !== wanted) continue;
      found.push(this.cardFacts.destinationCourse(other));
    }
    return found.length > 0 ? found : null;
  }

  // -------------------------------------------------------------------------------------------------------------------
  // Searching
  // -------------------------------------------------------------------------------------------------------------------

  /** The page of course ids, the total, and what of the search no course matches. */
  search(spec: RankedSearch): IndexAnswer {
    const termBit = spec.term ? this.termNumbers.get(spec.term) : undefined;
    const none = (unusedWords: string[] = [], unusedCodes: string[] = []): IndexAnswer => ({ ids: [], total: 0, unusedWords, unusedCodes });
    const keep = this.filter(spec, termBit);
    const matchesSchedule = this.scheduleTest(spec, termBit);
    const target = spec.targetId;

    // Typed codes: the courses they name (exact first, then as a prefix, then other spellings of the subject).
    const codeScores = new Map<number, number>();
    const unusedCodes: string[] = [];
    for (const code of spec.codes) {
      let found = 0;
      for (const position of this.codePrefix(code.codeKey, false)) {
        if (!keep(position)) continue;
        const score = this.codeKeys[position] === code.codeKey ? RELEVANCE.exactCode : RELEVANCE.codePrefix;
        codeScores.set(position, Math.max(codeScores.get(position) ?? 0, score));
        found++;
      }
      if (found === 0) {
        for (const alternative of code.alternatives) {
          for (const position of this.codePrefix(alternative, false)) {
            if (!keep(position)) continue;
            codeScores.set(position, Math.max(codeScores.get(position) ?? 0, RELEVANCE.codePrefix));
            found++;
          }
        }
      }
      if (found === 0) unusedCodes.push(code.label);
    }

    // Words: each read as the title words (and subject codes) it can match; a word nothing matches is left out, and
    // a search mostly of such words finds nothing.
    const wordMatches = spec.words.map((word) => ({ word, match: this.matchWord(word) }));
    // A subject code typed alone ("ENC") that no title has: the courses of that subject, as a code's prefix would.
    for (const { word, match } of wordMatches) {
      if (match.size > 0 || !this.isSubject(word)) continue;
      for (const position of this.codePrefix(word.replace(/[^a-z0-9]/g, ''), false)) {
        if (!keep(position) || this.subjects[this.subjectIds[position]!]!.toLowerCase() !== word) continue;
        codeScores.set(position, Math.max(codeScores.get(position) ?? 0, RELEVANCE.codePrefix));
      }
    }
    const isSubjectAlone = (word: string) => this.isSubject(word) && codeScores.size > 0;
    const unknown = wordMatches.filter(({ word, match }) => match.size === 0 && !isSubjectAlone(word)).map(({ word }) => word);
    const known = wordMatches.filter(({ match }) => match.size > 0);
    // Nonsense finds nothing, with or without schools; beside a subject, class or code chosen in a form, words nothing
    // matches are left out and said.
    const narrowed = spec.subject !== null || spec.className !== null || spec.courseCodes !== null;
    // Words that say what kind of course (introductory, a lab, topics…) rank; the others must all be in the title.
    const soft = (word: string) => INTRODUCTORY_WORDS.has(word) || KIND_WORDS.has(word) || word === 'laboratory' || word === 'honors';
    // A kind word no title uses ("intro" where no title says "introduction") is not nonsense: it only ranks.
    const unknownHard = unknown.filter((word) => !soft(word));
    if (unknownHard.length > 0 && unknownHard.length >= known.length && codeScores.size === 0 && !narrowed) return none(unknown, unusedCodes);
    let required = known.filter(({ word }) => !soft(word));
    if (required.length === 0) required = known;
    const optional = known.filter((entry) => !required.includes(entry));

    let candidates: Iterable<number>;
    let missingAllowed = 0;
    if (codeScores.size > 0) candidates = codeScores.keys();
    else if (required.length > 0) {
      const rarest = [...required].sort((a, b) => a.match.size - b.match.size)[0]!;
      candidates = this.positionsOf(rarest.match);
    } else if (spec.codes.length > 0 || (unknown.length > 0 && !narrowed)) return none(unknown, unusedCodes);
    else candidates = this.unfiltered(spec);

    const score = (position: number, allowMissing: number): number | null => {
      let matched = 0;
      let matchedWeight = 0;
      let missing = 0;
      for (const { match } of required) {
        const weight = this.weightIn(position, match);
        if (weight > 0) {
          matched++;
          matchedWeight += weight;
        } else if (++missing > allowMissing) return null;
      }
      let optionalWeight = 0;
      for (const { match } of optional) optionalWeight += this.weightIn(position, match);
      return this.rank(position, spec, matchesSchedule(position), { codeScore: codeScores.get(position) ?? 0, matched, matchedWeight, optionalWeight, required: required.length, optional: optional.length, missing }, target);
    };

    let ranked = this.topK(candidates, keep, (position) => score(position, missingAllowed), spec.offset + spec.limit);
    // Nothing has every word: a course that has all but one of three or more words, the missing one said.
    if (ranked.total === 0 && codeScores.size === 0 && required.length >= 3) {
      missingAllowed = 1;
      const union = new Set<number>();
      for (const { match } of required) for (const position of this.positionsOf(match)) union.add(position);
      ranked = this.topK(union, keep, (position) => score(position, missingAllowed), spec.offset + spec.limit);
    }
    return {
      ids: ranked.positions.slice(spec.offset, spec.offset + spec.limit).map((position) => this.ids[position]!),
      total: ranked.total,
      unusedWords: unknown,
      unusedCodes,
    };
  }

  /** A course's score (decision 120), from how its title matches the words and what the search asks for. */
  private rank(
    position: number,
    spec: RankedSearch,
    scheduleMatches: boolean,
    words: { codeScore: number; matched: number; matchedWeight: number; optionalWeight: number; required: number; optional: number; missing: number },
    target: number | null,
  ): number {
    const bits = this.flags[position]!;
    const asked = spec.asked;
    let score = words.codeScore;
    if (words.required > 0) {
      score += (RELEVANCE.wordMatch * words.matchedWeight) / words.required - RELEVANCE.wordMatch * words.missing;
      // How much of the title the words account for: "General Psychology" for "general psychology", not
      // "Psychology of Adulthood and Aging".
      const titleWords = this.titleStarts[position + 1]! - this.titleStarts[position]!;
      const accounted = Math.min(titleWords, words.matched + Math.round(words.optionalWeight));
      score += titleWords > 0 ? (RELEVANCE.coverage * accounted) / titleWords : 0;
    }
    if (bits & INTRO) score += asked.introductory ? RELEVANCE.introductory + RELEVANCE.introductoryAsked * 0.5 : RELEVANCE.introductory;
    if (asked.introductory && words.optionalWeight > 0) score += RELEVANCE.introductoryAsked * 0.5;
    const sequence = this.sequences[position]!;
    if (spec.sequence !== null) score += sequence === spec.sequence ? RELEVANCE.sequenceRight : sequence > 0 ? RELEVANCE.sequenceWrong : RELEVANCE.sequenceMissing;
    else if (sequence > 1) score += RELEVANCE.laterInSequence * (sequence - 1);
    if (bits & (KIND | SERIES_900) && !asked.kind) score += RELEVANCE.kindUnasked;
    if (bits & LAB) score += asked.lab ? RELEVANCE.labAsked : RELEVANCE.labUnasked;
    else if (asked.lab) score += RELEVANCE.notLabWhenAsked;
    if (bits & HONORS && !asked.honors) score += RELEVANCE.honorsUnasked;
    if (bits & PREP) score += asked.preparatory ? RELEVANCE.prepAsked : RELEVANCE.prepUnasked;
    if (bits & GRADUATE && !asked.graduate) score += RELEVANCE.graduateUnasked;
    const level = this.levels[position]!;
    if (level > 0) score += RELEVANCE.levelStep * level;
    // A college-prep course earns no credit wherever it goes (the engine's no-credit): never ranked up as a transfer.
    if (target !== null && !(bits & PREP)) {
      const transfer = this.transferClass(position, target);
      score += transfer === AS_COURSE ? RELEVANCE.transfersAsCourse : transfer === AS_ELECTIVE ? RELEVANCE.transfersAsElective : transfer === REFUSED ? RELEVANCE.refused : 0;
    }
    if (bits & OFFERED) score += RELEVANCE.offered;
    // With a format or term, every course with such a section before every course whose schedule is unknown.
    if ((spec.deliveryFormat || spec.term) && scheduleMatches) score += RELEVANCE.scheduleMatch;
    return score;
  }

  /**
   * The best `k` positions by score (ties: the lower course number, then the lower id), with the number of positions
   * that scored; a cross-listed course counted and placed once, at its best-scoring code.
   */
  private topK(candidates: Iterable<number>, keep: (position: number) => boolean, scoreOf: (position: number) => number | null, k: number) {
    const scores = new Map<number, number>();
    const bestOfListing = new Map<number, number>();
    const better = (a: number, b: number) => {
      const difference = scores.get(a)! - scores.get(b)!;
      if (difference !== 0) return difference > 0;
      if (this.numberValues[a] !== this.numberValues[b]) return this.numberValues[a]! < this.numberValues[b]!;
      return this.ids[a]! < this.ids[b]!;
    };
    for (const position of candidates) {
      if (scores.has(position) || !keep(position)) continue;
      const score = scoreOf(position);
      if (score === null) continue;
      scores.set(position, score);
      const listing = this.listings[position]!;
      if (listing !== 0) {
        const best = bestOfListing.get(listing);
        if (best === undefined || better(position, best)) bestOfListing.set(listing, position);
      }
    }
    // A bounded heap of the k best (the worst at the top), so a broad search never sorts every match.
    const heap: number[] = [];
    let total = 0;
    const worse = (a: number, b: number) => better(b, a);
    for (const position of scores.keys()) {
      const listing = this.listings[position]!;
      if (listing !== 0 && bestOfListing.get(listing) !== position) continue;
      total++;
      if (k <= 0) continue;
      if (heap.length < k) {
        heap.push(position);
        siftUp(heap, heap.length - 1, worse);
      } else if (better(position, heap[0]!)) {
        heap[0] = position;
        siftDown(heap, 0, worse);
      }
    }
    return { positions: heap.sort((a, b) => (better(a, b) ? -1 : 1)), total };
  }

  /** How a word matches this course: its best weight among the title's words and the course's subject, or 0. */
  private weightIn(position: number, match: WordMatch): number {
    let best = 0;
    for (let index = this.titleStarts[position]!; index < this.titleStarts[position + 1]!; index++) {
      const weight = match.ids.get(this.titleWordIds[index]!);
      if (weight !== undefined && weight > best) best = weight;
    }
    if (best < MATCH.subject && match.subjectWord >= 0 && this.subjectWordIds[position] === match.subjectWord) best = MATCH.subject;
    return best;
  }

  /** The courses a word can match (its title words' postings and its subject's courses). */
  private *positionsOf(match: WordMatch): Iterable<number> {
    for (const id of match.ids.keys()) yield* this.postings[id]!;
    if (match.subjectWord >= 0) yield* this.subjectPostings.get(match.subjectWord) ?? [];
  }

  /** What title words a query word matches, remembered: itself, words it begins, words a typo away; its subject. */
  private matchWord(word: string): WordMatch {
    const known = this.wordMatches.get(word);
    if (known) return known;
    if (this.wordMatches.size >= MAX_REMEMBERED) this.wordMatches.clear();
    const ids = new Map<number, number>();
    const exact = this.wordIdOf.get(word);
    const exactCount = exact !== undefined ? this.postings[exact]!.length : 0;
    if (exactCount > 0) ids.set(exact!, MATCH.exact);
    if (word.length >= 4 && !/\d/.test(word)) {
      // A longer form of what was typed ("microbio"), or a catalogue's shortened word ("Anthrop") of at least six letters.
      for (const id of this.wordsStartingWith(word)) if (!ids.has(id)) ids.set(id, MATCH.prefix);
      for (let length = word.length - 1; length >= Math.max(6, Math.ceil(word.length * 0.7)); length--) {
        const id = this.wordIdOf.get(word.slice(0, length));
        if (id !== undefined && this.postings[id]!.length > 0 && !ids.has(id)) ids.set(id, MATCH.prefix);
      }
      // A typo: when the word is not a title word, or is a rare one ten times rarer than a word one letter away
      // ("principals" for "principles").
      for (const id of this.typosOf(word)) {
        if (ids.has(id)) continue;
        if (exactCount === 0 || this.postings[id]!.length >= 10 * exactCount) ids.set(id, MATCH.typo);
      }
    }
    const subject = SUBJECT_WORDS.has(word) ? (this.wordIdOf.get(word) ?? -1) : -1;
    const subjectSize = subject >= 0 ? (this.subjectPostings.get(subject)?.length ?? 0) : 0;
    let size = subjectSize;
    for (const id of ids.keys()) size += this.postings[id]!.length;
    const match = { ids, subjectWord: subjectSize > 0 ? subject : -1, size };
    this.wordMatches.set(word, match);
    return match;
  }

  private wordsStartingWith(prefix: string): number[] {
    const sorted = this.sortedWordIds;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[sorted[middle]!]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let index = low; index < sorted.length && found.length < MAX_PREFIX_WORDS; index++) {
      const id = sorted[index]!;
      if (!this.words[id]!.startsWith(prefix)) break;
      if (this.postings[id]!.length > 0) found.push(id);
    }
    return found;
  }

  /** Title words one edit from the word (two for words of eight letters or more), a swap of two letters counting one. */
  private typosOf(word: string): number[] {
    const allowed = word.length >= 8 ? 2 : 1;
    const wanted = trigrams(word);
    const shared = new Map<number, number>();
    for (const trigram of wanted) for (const id of this.byTrigram.get(trigram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    const found: Array<{ id: number; distance: number; count: number }> = [];
    for (const [id, common] of shared) {
      const candidate = this.words[id]!;
      if (candidate === word || Math.abs(candidate.length - word.length) > allowed || common < Math.max(1, wanted.size - 3 * allowed - 1)) continue;
      const distance = editDistance(word, candidate, allowed);
      if (distance <= allowed) found.push({ id, distance, count: this.postings[id]!.length });
    }
    found.sort((a, b) => a.distance - b.distance || b.count - a.count);
    // The nearest words, and a farther one that titles use ten times as often ("macroeconomics" for "macroeconomc",
    // though a catalogue misspells "macroeconmc" once).
    const nearest = found[0]?.distance;
    const nearestCount = Math.max(0, ...found.filter((entry) => entry.distance === nearest).map((entry) => entry.count));
    return found
      .filter((entry) => entry.distance === nearest || entry.count >= 10 * nearestCount)
      .sort((a, b) => b.count - a.count)
      .slice(0, 3)
      .map((entry) => entry.id);
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
    for (let index = low; index < this.byCode.length; index++) {
      const key = keys[this.byCode[index]!]!;
      if (exactOnly ? key !== prefix : !key.startsWith(prefix)) break;
      found.push(this.byCode[index]!);
    }
    return found;
  }

  /** Where to look with no words: one school's courses, the courses named by code, or every course. */
  private unfiltered(spec: RankedSearch): Iterable<number> {
    if (spec.homeId !== null) return this.byInstitution.get(spec.homeId) ?? [];
    if (spec.courseCodes) return new Set(spec.courseCodes.flatMap((code) => this.codePrefix(code.codeKey, true)));
    return this.ids.keys();
  }

  /**
   * Whether a course has a section of the format and term asked for (always true when neither is). Bits per course tell
   * a format and a term apart only when the course has one offering of each; the demo and the benchmark give each
   * course one offering, and a card shows the offering that matches.
   */
  private scheduleTest(spec: RankedSearch, termBit: number | undefined): (position: number) => boolean {
    if (!spec.deliveryFormat && !spec.term) return () => true;
    const formatBit = spec.deliveryFormat ? (FORMAT_BITS[spec.deliveryFormat] ?? 0) : 0;
    return (position) => {
      const termMatches = !spec.term || (termBit !== undefined && (this.termBits[position]! & (1 << termBit)) !== 0);
      return (!formatBit || (this.formats[position]! & formatBit) !== 0) && termMatches;
    };
  }

  /** The search's conditions, as a test of one course position. */
  private filter(spec: RankedSearch, termBit: number | undefined): (position: number) => boolean {
    const tests: Array<(position: number) => boolean> = [];
    const { homeId, excludeInstitutionId } = spec;
    if (homeId !== null) tests.push((position) => this.institutions[position] === homeId);
    if (excludeInstitutionId !== null) tests.push((position) => this.institutions[position] !== excludeInstitutionId);
    if (spec.institutionControl || spec.state) {
      tests.push((position) => {
        const school = this.schoolFacts.get(this.institutions[position]!);
        return school !== undefined && (!spec.institutionControl || school.control === spec.institutionControl) && (!spec.state || school.state === spec.state);
      });
    }
    if (spec.deliveryFormat || spec.term) {
      // A course with such a section, or with no schedule on file at all (listed after, as schedule unknown).
      const matches = this.scheduleTest(spec, termBit);
      tests.push((position) => matches(position) || (this.flags[position]! & OFFERED) === 0);
    }
    if (spec.level === 'lower') tests.push((position) => this.levels[position]! >= 0 && this.levels[position]! <= 2);
    if (spec.level === 'upper') tests.push((position) => this.levels[position]! >= 3);
    if (spec.subject) {
      const { codePrefixes, titleWords } = spec.subject;
      const wordIds = titleWords.flatMap((word) => {
        const id = this.wordIdOf.get(word);
        return id === undefined ? [] : [id];
      });
      tests.push((position) => {
        const subject = this.subjects[this.subjectIds[position]!]!;
        if (codePrefixes.some((prefix) => subject.startsWith(prefix))) return true;
        for (let index = this.titleStarts[position]!; index < this.titleStarts[position + 1]!; index++) if (wordIds.includes(this.titleWordIds[index]!)) return true;
        return false;
      });
    }
    if (spec.courseCodes) {
      const codes = spec.courseCodes;
      tests.push((position) => codes.some((code) => code.codeKey === this.codeKeys[position] && (code.institutionId === null || code.institutionId === this.institutions[position])));
    }
    if (spec.className) {
      const { codeKey, numberPrefix, codeKeyAlternatives } = spec.className;
      if (codeKey) {
        const prefixes = [codeKey, ...codeKeyAlternatives];
        tests.push((position) => prefixes.some((prefix) => this.codeKeys[position]!.startsWith(prefix)));
      } else if (numberPrefix) {
        const subjectLength = (position: number) => this.subjects[this.subjectIds[position]!]!.replace(/[^a-z0-9]/g, '').length;
        tests.push((position) => this.codeKeys[position]!.slice(subjectLength(position)).startsWith(numberPrefix));
      }
    }
    return (position) => tests.every((test) => test(position));
  }

  /**
   * What a course gets at a destination: a rule transfers it as a course (or both schools use Florida's statewide
   * numbering), as elective credit only, a rule refuses it, or nothing is on file. The ranking's signal only: every
   * card's verdict is the engine's.
   */
  private transferClass(position: number, targetId: number): number {
    let found = NOTHING_ON_FILE;
    for (let index = this.transferStarts[position]!; index < this.transferStarts[position + 1]!; index++) {
      if (this.transferTargets[index] === targetId) found = Math.max(found, this.transferClassesOf[index]!);
    }
    if (found === NOTHING_ON_FILE && this.schoolFacts.get(targetId)?.statewide && this.schoolFacts.get(this.institutions[position]!)?.statewide) return AS_COURSE;
    return found;
  }
}

/** What a card shows of every course, kept with the index (its rules are read per page: search.queries.ts cardRules). */
class CardFacts {
  private readonly subjects: string[];
  private readonly numbers: string[];
  private readonly titles: string[];
  private readonly credits: Float64Array;
  private readonly creditsTexts = new Map<number, string>();
  private readonly fromRules: Uint8Array;
  private readonly offerings = new Map<number, OfferingRow[]>();

  constructor(
    count: number,
    private readonly schools: Map<number, InstitutionInfoRow & { control: 'public' | 'private' }>,
  ) {
    this.subjects = new Array(count);
    this.numbers = new Array(count);
    this.titles = new Array(count);
    this.credits = new Float64Array(count).fill(Number.NaN);
    this.fromRules = new Uint8Array(count);
  }

  add(position: number, row: { subject: string; number: string; title: string; credits: number | null; credits_text: string | null; known_from: 'catalogue' | 'rule' }) {
    this.subjects[position] = row.subject;
    this.numbers[position] = row.number;
    this.titles[position] = row.title;
    if (row.credits !== null) this.credits[position] = row.credits;
    if (row.credits_text !== null) this.creditsTexts.set(position, row.credits_text);
    if (row.known_from === 'rule') this.fromRules[position] = 1;
  }

  addOffering(position: number, offering: OfferingRow) {
    const list = this.offerings.get(position);
    if (list) list.push(offering);
    else this.offerings.set(position, [offering]);
  }

  numberOf = (position: number) => this.numbers[position]!;
  code = (position: number) => `${this.subjects[position]} ${this.numbers[position]}`;
  private creditsOf = (position: number) => (Number.isNaN(this.credits[position]!) ? null : this.credits[position]!);

  destinationCourse(position: number) {
    return { subject: this.subjects[position]!, number: this.numbers[position]!, title: this.titles[position]!, credits: this.creditsOf(position) };
  }

  row(
    position: number,
    id: number,
    institutionId: number,
    spec: CardSpec,
    total: number,
    alsoListedAs: string[] | null,
    destinationCourses: CourseSearchRow['destination_courses'],
  ): CourseSearchRow {
    const school = this.schools.get(institutionId)!;
    const offerings = this.offerings.get(position) ?? [];
    // The offering the card shows: one of the format and term asked for, the open one first (as cardsSql orders them).
    const offering = offerings.find((candidate) => (!spec.deliveryFormat || candidate.delivery_format === spec.deliveryFormat) && (!spec.term || candidate.term === spec.term));
    const { control, ...info } = school;
    return {
      id,
      total,
      school: info,
      subject: this.subjects[position]!,
      number: this.numbers[position]!,
      title: this.titles[position]!,
      credits: this.creditsOf(position),
      credits_text: this.creditsTexts.get(position) ?? null,
      school_key: school.key,
      school_name: school.name,
      state: school.state,
      control,
      school_statewide_numbering: school.florida_statewide_numbering,
      term: offering?.term ?? null,
      delivery_format: offering?.delivery_format ?? null,
      professor: offering?.professor ?? null,
      professor_rating: offering?.professor_rating ?? null,
      tuition_cents: offering?.tuition_cents ?? null,
      registration_url: offering?.registration_url ?? null,
      professor_rating_url: offering?.professor_rating_url ?? null,
      is_available: offering?.is_available ?? null,
      is_sample: offering?.is_sample ?? null,
      offering_count: offerings.length,
      known_from: this.fromRules[position] ? 'rule' : 'catalogue',
      destination_courses: destinationCourses,
      also_listed_as: alsoListedAs,
      rules: null,
    };
  }
}

/** What the rules from a course give at one destination (the best of them): search-index.ts's ranking signal. */
const NOTHING_ON_FILE = 0;
const REFUSED = 1;
const AS_ELECTIVE = 2;
const AS_COURSE = 3;

/**
 * Every rule's source course and destination with what it gives, read a page of rules at a time, as runs per course
 * position (a course's runs hold each destination once, with the best class its rules give).
 */
/** What a rule gives, as the ranking's signal: its stated class, else whether it transfers and as a course. */
function transferClassOf(rule: { transfers: boolean; stated_class: string | null; as_course: boolean }): number {
  switch (rule.stated_class) {
    case 'specific-course':
      return AS_COURSE;
    case 'general-education':
    case 'elective':
      return AS_ELECTIVE;
    case 'not-degree-credit':
    case 'no-credit':
    case 'does-not-transfer':
      return REFUSED;
    default:
      return !rule.transfers ? REFUSED : rule.as_course ? AS_COURSE : AS_ELECTIVE;
  }
}

async function readTransferClasses(db: Queryable, positionOf: (institutionId: number, codeKey: string) => number | undefined, count: number) {
  const byPosition = new Map<number, Map<number, number>>();
  const [{ last } = { last: null }] = await db.query<{ last: number | null }>(`select max(id) as last from equivalency_rules`);
  for (let after = 0; last !== null && after < last; after += BUILD_PAGE * 5) {
    // The class a rule's source states decides (decision 110); otherwise a target that is neither elective credit nor
    // Wisconsin's NDC/DNT placeholder is a course. A ranking signal only: every card's class is the engine's.
    const page = await db.query<{ id: number; from_id: number; code_key: string; to_id: number; transfers: boolean; stated_class: string | null; as_course: boolean }>(
      `select r.id, s.from_institution_id as from_id, s.code_key, r.to_institution_id as to_id, r.transfers, r.stated_class,
              exists (select 1 from equivalency_rule_targets t where t.rule_id = r.id and not t.is_elective
                         and upper(t.subject || t.number) not in ('NDC', 'DNT')) as as_course
         from equivalency_rules r join equivalency_rule_sources s on s.rule_id = r.id
        where r.id > $1 and r.id <= $1 + $2`,
      [after, BUILD_PAGE * 5],
    );
    for (const row of page) {
      const position = positionOf(row.from_id, row.code_key);
      if (position === undefined) continue;
      const transfer = transferClassOf(row);
      let destinations = byPosition.get(position);
      if (!destinations) byPosition.set(position, (destinations = new Map()));
      destinations.set(row.to_id, Math.max(destinations.get(row.to_id) ?? NOTHING_ON_FILE, transfer));
    }
  }
  const starts = new Uint32Array(count + 1);
  let total = 0;
  for (let position = 0; position < count; position++) {
    starts[position] = total;
    total += byPosition.get(position)?.size ?? 0;
  }
  starts[count] = total;
  const targets = new Int32Array(total);
  const classes = new Uint8Array(total);
  for (const [position, destinations] of byPosition) {
    let index = starts[position]!;
    for (const [target, transfer] of destinations) {
      targets[index] = target;
      classes[index++] = transfer;
    }
  }
  return { starts, targets, classes };
}

function siftUp(heap: number[], index: number, before: (a: number, b: number) => boolean) {
  while (index > 0) {
    const parent = (index - 1) >> 1;
    if (!before(heap[index]!, heap[parent]!)) break;
    [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
    index = parent;
  }
}

function siftDown(heap: number[], index: number, before: (a: number, b: number) => boolean) {
  for (;;) {
    const left = 2 * index + 1;
    const right = left + 1;
    let top = index;
    if (left < heap.length && before(heap[left]!, heap[top]!)) top = left;
    if (right < heap.length && before(heap[right]!, heap[top]!)) top = right;
    if (top === index) return;
    [heap[index], heap[top]] = [heap[top]!, heap[index]!];
    index = top;
  }
}

/** Trigrams of one word, padded as pg_trgm pads them. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const found = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index++) found.add(padded.slice(index, index + 3));
  return found;
}

/** Edit distance with adjacent swaps (optimal string alignment), stopping early past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  let previousPrevious = new Array<number>(columns).fill(0);
  let previous = Array.from({ length: columns }, (_, index) => index);
  for (let i = 1; i < rows; i++) {
    const current = new Array<number>(columns).fill(0);
    current[0] = i;
    let rowBest = current[0];
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previousPrevious[j - 2]! + 1);
      current[j] = value;
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[columns - 1]!;
}

/**
 * The index of one app instance, kept current by the catalogue version (migration 0003). A small catalogue's index is
 * rebuilt before the search that finds it stale is answered; a large one's (`BACKGROUND_REBUILD_COURSES`) is rebuilt
 * off the request path while searches are answered from the one before, and swapped in when it is done, so searches
 * stay fast while reference data loads. One build at a time; builds at most every
 * `REBUILD_GAP` × the last build's time, so a long import does not rebuild after every statement.
 */
export class SearchIndexHolder {
  private current: SearchIndex | null = null;
  private currentSettled = false;
  private readonly firstSeen = new Map<string, number>();
  private building: Promise<SearchIndex | null> | null = null;
  private lastBuildMs = 0;
  private lastBuildEnded = 0;

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

  /** The index to answer a search at `version` with: current, or the last one while a large rebuild runs. */
  async at(db: Queryable, version: string): Promise<SearchIndex> {
    if (!this.firstSeen.has(version)) {
      if (this.firstSeen.size > 100) this.firstSeen.clear();
      this.firstSeen.set(version, this.now());
    }
    const settledNow = this.now() - this.firstSeen.get(version)! >= this.settleMs;
    // A build under way may be for an older version: then the next one is started (at most twice more).
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = this.current;
      if (current && current.version === version && (this.currentSettled || !settledNow)) return current;
      const build = this.startBuild(db, version, settledNow);
      if (current && current.courseCount >= BACKGROUND_REBUILD_COURSES) return current;
      await build;
    }
    return this.current ?? SearchIndex.build(db, version);
  }

  private startBuild(db: Queryable, version: string, settled: boolean): Promise<SearchIndex | null> {
    if (this.building) return this.building;
    // Only a large catalogue's rebuilds are spaced out (a small one's are awaited by the search that needs them).
    const large = (this.current?.courseCount ?? 0) >= BACKGROUND_REBUILD_COURSES;
    const wait = large ? Math.max(0, this.lastBuildEnded + REBUILD_GAP * this.lastBuildMs - this.now()) : 0;
    const started = this.now();
    this.building = new Promise<void>((done) => (wait > 0 ? setTimeout(done, wait) : done()))
      .then(() => SearchIndex.build(db, version))
      .then((index) => {
        this.lastBuildMs = this.now() - started - wait;
        this.lastBuildEnded = this.now();
        this.current = index;
        this.currentSettled = settled;
        this.onBuilt(index, this.lastBuildMs);
        return index;
      })
      .catch(() => null)
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }

  /** Waits for the build under way (tests and the benchmark). */
  async settled(): Promise<void> {
    await this.building;
  }
}

/**
 * A catalogue this large is rebuilt off the request path (seconds), its searches answered from the index before; a
 * smaller one's rebuild (tens of milliseconds) is awaited, so its search always sees the latest change.
 */
const BACKGROUND_REBUILD_COURSES = 5_000;
/** A next rebuild starts no sooner than this many times the last one's duration after it ended. */
const REBUILD_GAP = 2;

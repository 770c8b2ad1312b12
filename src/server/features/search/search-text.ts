/**
 * What a student typed into the search, understood on the server (spec section 5, "Smart search free text"; issue 35):
 * the one reader of a search's text, for the page, the API, a saved search and a link alike.
 *
 * It finds a first name ("I'm Maria"), the schools ("from X to Y" in either order, "at", "→", "transfer to"; a school
 * named without such a word is the current one, a second the destination), course codes in any spelling ("ENC1101",
 * "enc 1101", "psy-2012", "POLI SCI 105", "U DEL: ECON101"), the delivery format, the term, an explicit level, and the
 * words left, read into canonical words (search-words.ts) with the sequence asked for ("calculus II", "calc 2") and what
 * kind of course the words ask for (introductory, a lab, honors, college-prep, topics…). Schools are recognised through
 * school-names.ts, the one boundary to the institutions feature, which decides which school a name is. Pure apart from that lookup; never throws.
 */
import { DELIVERY_FORMAT_OPTIONS, type CourseLevel, type DeliveryFormat } from '../../../shared/search/search-options';
import { offeredTerm, termForSeason, type Season, type TermValue } from '../../../shared/terms';
import type { SchoolChoice, SchoolNames, SchoolRef } from './school-names';
import {
  canonicalWords,
  GRADUATE_WORDS,
  HONORS_WORD,
  INTRODUCTORY_WORDS,
  isFillerWord,
  KIND_WORDS,
  LAB_WORD,
  PREPARATORY_WORDS,
  sequenceOf,
} from './search-words';

/** Longest text read; anything beyond is ignored. */
export const MAX_SEARCH_TEXT = 1000;
const MAX_SCHOOL_TEXT = 120;
const MAX_CODES = 20;

export interface SchoolMention {
  /** The school as the student wrote it. */
  asWritten: string;
  /** The school it names, or null when no school on file has that name, or several share it. */
  school: SchoolRef | null;
  /** Several schools share the name as written and nothing in the text says which (decided later by a state, or asked). */
  choices?: SchoolChoice[];
}

export interface TypedCode {
  /** As it is shown back: 'ENC 1101', 'U DEL: ECON 101'. */
  label: string;
  /** The code squeezed as the database's code_key is ('enc1101'). */
  codeKey: string;
  /** The school the code was written with ('U DEL: …'), when it was. */
  school: SchoolMention | null;
}

export interface ReadSearch {
  name: string | null;
  home: SchoolMention | null;
  target: SchoolMention | null;
  codes: TypedCode[];
  /** The words about the course, as typed ('intro', 'psych'). */
  typedWords: string[];
  /** The same words read into canonical words ('introduction', 'psychology'), sequence markers left out. */
  words: string[];
  /** The sequence asked for: 'calculus II', 'calc 2', 'biology 1'. */
  sequence: number | null;
  format: DeliveryFormat | null;
  term: TermValue | null;
  level: CourseLevel | null;
  /** Words read and not used: a season with a year the search has no term for ('fall 2031'). */
  unusedWords: string[];
}

/** What the words ask for besides their subject: the kind of course a student means. */
export interface AskedFor {
  introductory: boolean;
  lab: boolean;
  honors: boolean;
  preparatory: boolean;
  graduate: boolean;
  /** A seminar, co-op, internship, topics, research… */
  kind: boolean;
}

export function askedFor(words: readonly string[]): AskedFor {
  return {
    introductory: words.some((word) => INTRODUCTORY_WORDS.has(word)),
    lab: words.includes(LAB_WORD),
    honors: words.includes(HONORS_WORD),
    preparatory: words.some((word) => PREPARATORY_WORDS.has(word)),
    graduate: words.some((word) => GRADUATE_WORDS.has(word)),
    kind: words.some((word) => KIND_WORDS.has(word)),
  };
}

/** What the reader needs from the catalogue: the schools' names and the subject codes courses use. */
export interface SearchVocabulary {
  schools: SchoolNames;
  /** Whether courses use this subject code (lower case, single spaces: 'enc', 'poli sci', 'english'). */
  isSubject(code: string): boolean;
  /** Whether many course titles use this word ('business', 'english'): then it is not read as a school's name alone. */
  isCommonTitleWord(word: string): boolean;
}

// ---------------------------------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------------------------------

interface Token {
  text: string;
  /** Lower case, curly apostrophes straightened, dots dropped, '&' as 'and'. */
  norm: string;
  start: number;
  end: number;
}

interface Span {
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*|&/gu;

function tokenise(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((match) => ({
    text: match[0],
    norm: match[0] === '&' ? 'and' : match[0].toLowerCase().replace(/’/g, "'").replace(/\.(?=\p{L})/gu, ''),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const overlapsAny = (span: Span, spans: readonly Span[]) => spans.some((other) => overlaps(span, other));
const isUpperCase = (word: string) => /\p{L}/u.test(word) && word === word.toUpperCase();
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Tokens i..j are one phrase: only spaces, dashes, slashes, dots, ampersands or brackets between them. */
function joined(text: string, tokens: readonly Token[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const gap = text.slice(tokens[i]!.end, tokens[i + 1]!.start);
    if (!/^[\s\-–—()/.]*$/u.test(gap)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------------
// A first name: "I'm Maria", "my name is Priya"
// ---------------------------------------------------------------------------------------------------------------------

const NAME_PATTERN = /(?<![\p{L}\p{N}'’])(i\s*['’ʼ]?\s*m|i\s+am|my\s+name\s+is|my\s+name['’]s|name['’]s|this\s+is|call\s+me)\s+(?:(?:called|named)\s+)?(\p{L}[\p{L}'’-]*)/giu;
const NOT_NAMES = new Set(
  `looking trying transferring going hoping planning thinking wanting taking studying attending applying interested enrolled
  currently still just also not so really very here there new now ready sure done finishing graduating moving majoring
  minoring student junior senior sophomore freshman undergrad undergraduate grad gonna wondering curious confused unsure
  stuck back home over almost only first second third fourth final last part full dual international returning major minor
  pre premed nursing engineering business one two three years year old originally basically actually honestly literally
  pretty quite struggling worried excited happy glad sorry fine good okay ok well both each either neither maybe probably
  possibly definitely certainly available eligible qualified required allowed willing able unable late early behind ahead
  out up down off kind sort always never told supposed in at a an the from to`.split(/\s+/),
);

function findName(text: string, blocked: readonly Span[]): { name: string; span: Span } | null {
  for (const match of text.matchAll(NAME_PATTERN)) {
    const phrase = (match[1] ?? '').toLowerCase();
    const word = (match[2] ?? '').replace(/['’-]+$/u, '');
    const wordStart = match.index + match[0].length - (match[2] ?? '').length;
    const span = { start: wordStart, end: wordStart + word.length };
    const norm = word.toLowerCase();
    if (word.length < 2 || word.length > 30 || NOT_NAMES.has(norm) || isFillerWord(norm) || overlapsAny(span, blocked)) continue;
    const capitalised = /^\p{Lu}/u.test(word);
    if (phrase === 'this is' && !capitalised) continue;
    if (!capitalised && /(?:ing|ed|ly)$/.test(norm)) continue;
    const mixed = capitalised && /\p{Ll}/u.test(word);
    const name = mixed ? word : norm.replace(/(^|['’-])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase());
    return { name, span: { start: match.index, end: span.end } };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------------
// Schools
// ---------------------------------------------------------------------------------------------------------------------

type Role = 'home' | 'target' | 'none';

interface Mention extends Span {
  first: number;
  last: number;
  mention: SchoolMention;
  role: Role;
}

/** Words before a school that make it the current one, or the destination. */
const HOME_WORDS = new Set(['from', 'at', 'attend', 'attends', 'attending', 'in']);
const TARGET_WORDS = new Set(['to', 'into']);
/** "count at Penn State", "accepted at UCF": the school the credit goes to. */
const TARGET_BEFORE_AT = new Set(['count', 'counts', 'accepted', 'accept', 'accepts', 'equivalent', 'transfers', 'transfer', 'worth']);
const SCHOOL_SUFFIXES = new Set(['university', 'college', 'state', 'community']);
/** Words that never start or end a school's name. */
const NEVER_IN_SCHOOL = new Set(['to', 'from', 'at', 'in', 'into', 'for', 'and', 'or', 'my', 'i', 'a', 'an', 'with', 'me', 'want', 'need', 'transfer']);

function findSchools(text: string, tokens: readonly Token[], blocked: readonly Span[], vocabulary: SearchVocabulary, isCourseWord: (token: Token) => boolean): Mention[] {
  const { schools } = vocabulary;
  const free = (index: number) => {
    const token = tokens[index];
    return token !== undefined && !overlapsAny(token, blocked);
  };
  const nameWord = (index: number) => free(index) && !NEVER_IN_SCHOOL.has(tokens[index]!.norm) && !isCourseWord(tokens[index]!);
  const phrase = (first: number, last: number) => collapse(text.slice(tokens[first]!.start, tokens[last]!.end)).slice(0, MAX_SCHOOL_TEXT);
  const connectorBefore = (index: number) => {
    let before = index - 1;
    if (tokens[before]?.norm === 'the') before -= 1;
    return tokens[before]?.norm;
  };
  const mentions: Mention[] = [];
  const make = (first: number, last: number, school: SchoolRef | null, choices: SchoolChoice[] = []): Mention => ({
    start: tokens[first]!.start,
    end: tokens[last]!.end,
    first,
    last,
    mention: { asWritten: phrase(first, last), school, ...(choices.length > 0 ? { choices } : {}) },
    role: 'none',
  });

  for (let index = 0; index < tokens.length; index++) {
    if (!nameWord(index) && tokens[index]?.norm !== 'the') continue;
    const connector = connectorBefore(index);
    const afterConnector = connector !== undefined && (HOME_WORDS.has(connector) || TARGET_WORDS.has(connector));
    // 1. A name, key or alias on file, the longest first ("University of Central Florida" before "Central Florida").
    let found: Mention | null = null;
    for (let last = Math.min(tokens.length - 1, index + 7); last >= index; last--) {
      if (!joined(text, tokens, index, last) || !nameWord(last)) continue;
      let allFree = true;
      for (let k = index; k <= last; k++) if (!free(k)) allFree = false;
      if (!allFree) continue;
      const words = phrase(index, last);
      const named = schools.named(words);
      if (!named) continue;
      // One-letter-case aliases like "UM" only in capitals ("um" is a filler); a place name only after at/from/to.
      if (last === index && /^(um|ud)$/i.test(words) && !isUpperCase(words)) continue;
      if (last === index && schools.isPlaceName(words) && (!afterConnector || connector === 'in')) continue;
      found = make(index, last, named.school, named.choices);
      break;
    }
    // 2. Right after "from", "to" or "at", or written with capitals: a phrase whose words name one school ("Delgado",
    // "Seminole State", "LSU"), unless it is a word many course titles use ("Business").
    const capitalised = /^\p{Lu}/u.test(tokens[index]!.text);
    // After "in" only a name on file is a school ("I live in Miami"); a guess needs from, to or at.
    const clearConnector = afterConnector && connector !== 'in';
    if (!found && (clearConnector || capitalised) && nameWord(index)) {
      for (let last = Math.min(tokens.length - 1, index + (clearConnector ? 4 : 2)); last >= index && !found; last--) {
        if (!joined(text, tokens, index, last) || !nameWord(last)) continue;
        if (!clearConnector && !tokens.slice(index, last + 1).every((token) => /^\p{Lu}/u.test(token.text))) continue;
        if (!clearConnector && last === index && schools.isPlaceName(tokens[index]!.norm)) continue;
        // A word many titles use ("Western", "Business") is a school's name only with another word, after from/to/at.
        const common = tokens.slice(index, last + 1).some((token) => vocabulary.isCommonTitleWord(token.norm));
        if (common && (!clearConnector || last === index)) continue;
        const school = schools.byWords(phrase(index, last));
        if (school) found = make(index, last, school);
      }
    }
    // 3. A phrase that says it is a school ("Springfield Community College", "University of Toledo") but is not on
    // file: kept as written, so the answer can say so.
    if (!found) found = genericSchoolAt(index);
    if (found) {
      mentions.push(found);
      index = found.last;
    }
  }
  // 4. A school named before "to" without "from" ("calc 2 oshkosh to madison", "western civ 1 Tallahassee to FSU"): the
  // shortest run of words just before "to" that names one.
  for (let index = 1; index < tokens.length; index++) {
    if (!TARGET_WORDS.has(tokens[index]!.norm) || !free(index)) continue;
    if (mentions.some((mention) => mention.last === index - 1)) continue;
    for (let first = index - 1; first >= Math.max(0, index - 4); first--) {
      if (!nameWord(first) || !joined(text, tokens, first, index - 1)) break;
      if (mentions.some((mention) => mention.last >= first && mention.first <= index - 1)) break;
      if (tokens.slice(first, index).some((token) => vocabulary.isCommonTitleWord(token.norm))) continue;
      const school = schools.byWords(phrase(first, index - 1));
      if (school) {
        mentions.push(make(first, index - 1, school));
        break;
      }
    }
  }
  mentions.sort((a, b) => a.start - b.start);
  return mentions;

  function genericSchoolAt(index: number): Mention | null {
    if (!nameWord(index)) return null;
    // "University of X", "College of X" (up to four capitalised words, or any words in all-lower-case text).
    const norm = tokens[index]!.norm;
    if ((norm === 'university' || norm === 'college') && tokens[index + 1]?.norm === 'of') {
      let last = index + 1;
      while (last + 1 < tokens.length && last - index < 5 && nameWord(last + 1) && /^\p{Lu}/u.test(tokens[last + 1]!.text) && joined(text, tokens, last, last + 1)) last++;
      return last > index + 1 ? make(index, last, schools.exact(phrase(index, last)) ?? schools.byWords(phrase(index, last))) : null;
    }
    // "X College", "X Y Community College", "Kent State": capitalised words ending in a school word.
    if (!/^\p{Lu}/u.test(tokens[index]!.text) || SCHOOL_SUFFIXES.has(norm)) return null;
    let last = index;
    while (last + 1 < tokens.length && last - index < 5 && nameWord(last + 1) && joined(text, tokens, last, last + 1) && (/^\p{Lu}/u.test(tokens[last + 1]!.text) || SCHOOL_SUFFIXES.has(tokens[last + 1]!.norm))) {
      last++;
      if (SCHOOL_SUFFIXES.has(tokens[last]!.norm)) {
        while (last + 1 < tokens.length && SCHOOL_SUFFIXES.has(tokens[last + 1]!.norm) && joined(text, tokens, last, last + 1)) last++;
        return make(index, last, schools.exact(phrase(index, last)) ?? schools.byWords(phrase(index, last)));
      }
    }
    return null;
  }
}

/** Reads the words before each school: the current school, the destination, or neither said. */
function assignRoles(tokens: readonly Token[], mentions: Mention[]): { home: Mention | null; target: Mention | null } {
  for (const mention of mentions) {
    let before = mention.first - 1;
    if (tokens[before]?.norm === 'the') before -= 1;
    const word = tokens[before]?.norm;
    if (word === 'from') mention.role = 'home';
    else if (word === 'at' && TARGET_BEFORE_AT.has(tokens[before - 1]?.norm ?? '')) mention.role = 'target';
    else if (word !== undefined && HOME_WORDS.has(word)) mention.role = 'home';
    else if (word !== undefined && TARGET_WORDS.has(word)) {
      // "I go to Valencia College" is where the student is now; "want to go to UCF" is not.
      const verb = tokens[before - 1]?.norm;
      const subject = tokens[before - 2]?.norm;
      const present = (verb === 'go' || verb === 'goes') && ['i', 'we', 'currently', 'now', 'still', 'actually'].includes(subject ?? '');
      mention.role = present ? 'home' : 'target';
    }
  }
  // "from X" wins over an earlier "at Y"; otherwise the first of each role.
  const home = mentions.find((mention) => mention.role === 'home' && tokens[mention.first - 1]?.norm === 'from') ?? mentions.find((mention) => mention.role === 'home') ?? null;
  let target = mentions.find((mention) => mention.role === 'target') ?? null;
  let currentHome = home;
  for (const mention of mentions) {
    if (mention.role !== 'none' || mention === currentHome || mention === target) continue;
    if (!currentHome) currentHome = mention;
    else if (!target) target = mention;
  }
  return { home: currentHome, target };
}

// ---------------------------------------------------------------------------------------------------------------------
// Course codes
// ---------------------------------------------------------------------------------------------------------------------

const NUMBER = /^\d{2,5}[a-z]{0,2}(?:\.\d{1,3}[a-z]?)?$/i;
const GLUED = /^([a-z]{2,8})(\d{2,5}[a-z]{0,2}(?:\.\d{1,3}[a-z]?)?)$/i;
/** Words before a number that are not a subject ("fall 2024", "over 300", "to 1877"). */
const NOT_SUBJECTS = new Set('fall spring summer winter year years since until page room call text phone ext apt grade grades gpa top over under about to from in at by before after since the a an and or of for with than was is'.split(' '));

const squeezeCode = (text: string) => text.toLowerCase().replace(/[^a-z0-9.]/g, '');

function findCodes(text: string, tokens: readonly Token[], blocked: readonly Span[], vocabulary: SearchVocabulary): Array<Span & { code: TypedCode }> {
  const found: Array<Span & { code: TypedCode }> = [];
  const push = (first: Token, last: Token, subject: string, number: string) => {
    if (found.length >= MAX_CODES) return;
    const label = `${subject.toUpperCase()} ${number.toUpperCase()}`;
    found.push({ start: first.start, end: last.end, code: { label, codeKey: squeezeCode(`${subject}${number}`), school: null } });
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (overlapsAny(token, blocked)) continue;
    const glued = GLUED.exec(token.text);
    if (glued && !NOT_SUBJECTS.has(glued[1]!.toLowerCase())) {
      push(token, token, glued[1]!, glued[2]!);
      continue;
    }
    if (!NUMBER.test(token.text)) continue;
    const one = tokens[index - 1];
    const two = tokens[index - 2];
    if (!one || overlapsAny(one, blocked) || !/^\p{L}+$/u.test(one.text) || NOT_SUBJECTS.has(one.norm)) continue;
    if (found.some((code) => code.end > one.start)) continue;
    // A two-word subject the catalogue uses ("POLI SCI 105", "COMP SCI 142").
    if (two && !overlapsAny(two, blocked) && /^\p{L}+$/u.test(two.text) && joined(text, tokens, index - 2, index) && vocabulary.isSubject(`${two.norm} ${one.norm}`)) {
      push(two, token, `${two.text} ${one.text}`, token.text);
      continue;
    }
    if (!joined(text, tokens, index - 1, index)) continue;
    const separator = text.slice(one.end, token.start);
    const looksLikeCode = vocabulary.isSubject(one.norm) || (one.text.length <= 5 && (isUpperCase(one.text) || /-/.test(separator)));
    if (looksLikeCode && one.text.length >= 2) push(one, token, one.text, token.text);
  }
  return found;
}

/** "U DEL: ECON101", "FSU: ECO 2013, HIS 1000": a school written before a colon and its codes. */
const CODE_AFTER_COLON = /:[ \t]*([A-Za-z]{2,8})[ \t]*[-–]?[ \t]*(\d{2,5}[A-Za-z]?)(?![\p{L}\p{N}])/uy;
const CODE_CONTINUATION = /[ \t]*,[ \t]*(?:and[ \t]+)?([A-Za-z]{2,8})[ \t]*[-–]?[ \t]*(\d{2,5}[A-Za-z]?)(?![\p{L}\p{N}:]|[ \t]*:)/uy;

function findPrefixedCodes(text: string, tokens: readonly Token[], schools: SchoolNames): Array<Span & { code: TypedCode }> {
  const found: Array<Span & { code: TypedCode }> = [];
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    CODE_AFTER_COLON.lastIndex = colon;
    const first = CODE_AFTER_COLON.exec(text);
    if (!first) continue;
    // Up to three short words right before the colon, in capitals or naming a school.
    const before: Token[] = [];
    for (let i = tokens.length - 1; i >= 0 && before.length < 3; i--) {
      const token = tokens[i]!;
      if (token.end > colon) continue;
      if (!/^[ \t.]*$/.test(text.slice(token.end, before[0]?.start ?? colon)) || !/^\p{L}{1,5}$/u.test(token.text.replace(/\./g, ''))) break;
      before.unshift(token);
    }
    let prefix: { written: string; school: SchoolRef | null; start: number } | null = null;
    for (let drop = 0; drop < before.length && !prefix; drop++) {
      const candidate = before.slice(drop);
      const written = candidate.map((token) => token.text.replace(/\./g, '').toUpperCase()).join(' ');
      const school = schools.exact(written);
      if (school || candidate.every((token) => isUpperCase(token.text))) prefix = { written, school, start: candidate[0]!.start };
    }
    if (!prefix) continue;
    const matches = [first];
    let end = colon + first[0].length;
    for (;;) {
      CODE_CONTINUATION.lastIndex = end;
      const next = CODE_CONTINUATION.exec(text);
      if (!next) break;
      matches.push(next);
      end += next[0].length;
    }
    for (const match of matches) {
      if (found.length >= MAX_CODES) break;
      const subject = match[1]!.toUpperCase();
      const number = match[2]!.toUpperCase();
      found.push({
        start: prefix.start,
        end,
        code: { label: `${prefix.written}: ${subject} ${number}`, codeKey: squeezeCode(`${subject}${number}`), school: { asWritten: prefix.written, school: prefix.school } },
      });
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------------
// Delivery format, term and level
// ---------------------------------------------------------------------------------------------------------------------

const FORMATS: ReadonlyArray<[RegExp, DeliveryFormat]> = [
  [/(?<![\p{L}\p{N}])(?:online|virtual|remote|distance[ \t-]+learning)(?![\p{L}\p{N}])/giu, 'online'],
  [/(?<![\p{L}\p{N}])(?:in[ \t-]+person|on[ \t-]+campus|face[ \t-]+to[ \t-]+face)(?![\p{L}\p{N}])/giu, 'in-person'],
  [/(?<![\p{L}\p{N}])(?:hybrid|blended)(?![\p{L}\p{N}])/giu, 'hybrid'],
];
const SEASON = /(?<![\p{L}\p{N}])(?:(?:next|this|coming)[ \t]+)?(summer|fall|autumn|winter|spring)(?:[ \t]+(?:semester|term|session|quarter))?(?:[ \t]+((?:19|20)\d\d))?(?![\p{L}\p{N}])/giu;
const LEVELS: ReadonlyArray<[RegExp, CourseLevel]> = [
  [/(?<![\p{L}\p{N}])lower[ \t-]+(?:level|division)(?![\p{L}\p{N}])/giu, 'lower'],
  [/(?<![\p{L}\p{N}])upper[ \t-]+(?:level|division)(?![\p{L}\p{N}])/giu, 'upper'],
];
const TIMING = /(?<![\p{L}\p{N}])(?:next|this|coming)\s+(?:fall|spring|summer|winter|semester|term|year)(?![\p{L}\p{N}])/giu;

function firstOf<T>(text: string, patterns: ReadonlyArray<[RegExp, T]>, blocked: readonly Span[]): { value: T | null; spans: Span[] } {
  let found: { value: T; start: number } | null = null;
  const spans: Span[] = [];
  for (const [pattern, value] of patterns) {
    for (const match of text.matchAll(pattern)) {
      const span = { start: match.index, end: match.index + match[0].length };
      if (overlapsAny(span, blocked)) continue;
      spans.push(span);
      if (!found || match.index < found.start) found = { value, start: match.index };
    }
  }
  return { value: found?.value ?? null, spans };
}

/**
 * The offered term a season names on `today` ("summer" in November 2026 → summer-2027, src/shared/terms.ts); with a
 * year, only that year's. Words naming a term that is not offered are unused.
 */
function findTerm(text: string, blocked: readonly Span[], today: Date): { value: TermValue | null; spans: Span[]; unused: string[] } {
  const spans: Span[] = [];
  const unused: string[] = [];
  let value: TermValue | null = null;
  for (const match of text.matchAll(SEASON)) {
    const span = { start: match.index, end: match.index + match[0].length };
    if (overlapsAny(span, blocked)) continue;
    const word = match[1]!.toLowerCase();
    const season = (word === 'autumn' ? 'fall' : word) as Season;
    const option = match[2] ? offeredTerm(season, Number(match[2]), today) : termForSeason(season, today);
    spans.push(span);
    if (option) value ??= option;
    else unused.push(collapse(match[0]));
  }
  return { value, spans, unused };
}

// ---------------------------------------------------------------------------------------------------------------------
// Reading a search
// ---------------------------------------------------------------------------------------------------------------------

const ARROWS = /\s*(?:→|⟶|->|=>|–>|—>)\s*/g;
/** "A&P" (anatomy and physiology) before '&' is read as 'and'. */
const SYMBOL_WORDS: ReadonlyArray<[RegExp, string]> = [[/(?<![\p{L}])a\s*&\s*p(?![\p{L}])/giu, 'anatomy physiology']];

/** Reads a search's text. Never throws; text it cannot place becomes words. `today` decides which term a season names. */
export function readSearchText(input: string, vocabulary: SearchVocabulary, today: Date = new Date()): ReadSearch {
  // Arrows read as "to" ("Valencia → UCF").
  let text = (typeof input === 'string' ? input : '').slice(0, MAX_SEARCH_TEXT).replace(ARROWS, ' to ');
  for (const [pattern, words] of SYMBOL_WORDS) text = text.replace(pattern, words);
  const tokens = tokenise(text);

  const prefixed = findPrefixedCodes(text, tokens, vocabulary.schools);
  const formats = firstOf(text, FORMATS, prefixed);
  const levels = firstOf(text, LEVELS, prefixed);
  const term = findTerm(text, prefixed, today);
  const timing = [...text.matchAll(TIMING)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  const understood = [...prefixed, ...formats.spans, ...levels.spans, ...term.spans, ...timing];
  const codes = findCodes(text, tokens, understood, vocabulary);
  const name = findName(text, [...understood, ...codes]);
  const nameSpans = name ? [name.span] : [];
  const isCourseWord = (token: Token) => sequenceOf(token.norm) !== null && token.norm.length <= 3;
  const mentions = findSchools(text, tokens, [...understood, ...codes, ...nameSpans], vocabulary, isCourseWord);
  const { home, target } = assignRoles(tokens, mentions);
  const used = [...understood, ...codes, ...nameSpans, ...mentions];

  const typedWords: string[] = [];
  const words: string[] = [];
  let sequence: number | null = null;
  const left = tokens.filter((token) => !overlapsAny(token, used));
  const kept = left.filter((token, index) => {
    if (isFillerWord(token.norm) && !(token.norm === 'i' && isSequenceI(left, index))) return false;
    return true;
  });
  for (const [index, token] of kept.entries()) {
    const number = sequenceOf(token.norm);
    // "calculus 2", "Calculus II", "biology 1": a number right after a course word. A lone "I" is the pronoun.
    if (number !== null && index > 0 && token.norm.length <= 3 && !/^(one|two|three|four)$/.test(token.norm)) {
      sequence ??= number;
      typedWords.push(token.text);
      continue;
    }
    typedWords.push(token.text);
  }
  words.push(...canonicalWords(kept.filter((token) => !(sequenceOf(token.norm) !== null && token.norm.length <= 3 && kept.indexOf(token) > 0)).map((token) => token.norm)));

  return {
    name: name?.name ?? null,
    home: home?.mention ?? null,
    target: target?.mention ?? null,
    codes: [...prefixed, ...codes].map((found) => found.code).filter((code, index, all) => all.findIndex((other) => other.label === code.label) === index),
    typedWords,
    words,
    sequence,
    format: formats.value,
    term: term.value,
    level: levels.value,
    unusedWords: term.unused,
  };
}

/** Whether a lower-case "i" is a sequence ("calculus i from …") rather than the pronoun ("i want"). */
function isSequenceI(tokens: readonly Token[], index: number): boolean {
  if (tokens[index]!.text === 'I') return index > 0 && !['want', 'need', 'am', 'have', 'would', 'will', 'go', 'take', 'took', 'was', "'m"].includes(tokens[index + 1]?.norm ?? '');
  return index > 0 && (index === tokens.length - 1 || ['from', 'to', 'at', 'in', 'and', 'lab'].includes(tokens[index + 1]?.norm ?? ''));
}

/** The label of a delivery format or term option. */
export const formatLabel = (format: DeliveryFormat) => DELIVERY_FORMAT_OPTIONS.find((option) => option.value === format)?.label ?? format;

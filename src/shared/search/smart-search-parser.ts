/**
 * Smart Search: understand a free-text description (spec section 5).
 *
 * Extracts a first name, the current school, the transfer-to school, a
 * "transfer from X to Y" scenario, a course subject and number, and
 * school-prefixed course codes ("U DEL: ECON101"). What was understood is
 * returned as search filters (spec section 3) plus removable chips, and the
 * words that are left become the full-text query.
 *
 * Schools are found here only as words ("Valencia College", "FSU" after at /
 * from / to), never as which school they are: which school a name means, and
 * every name a school goes by, are the server's (features/institutions:
 * findSchoolsInText reads the schools of a search's text).
 *
 * Pure and dependency-free apart from the option lists: runs in the browser
 * and on the server.
 */
import type { SearchFilters } from '../schemas/search';
import {
  COURSE_LEVEL_OPTIONS,
  DELIVERY_FORMAT_OPTIONS,
  SEARCH_SUBJECT_OPTIONS,
  SUBJECT_KEYWORDS,
  optionLabel,
  type CourseLevel,
  type DeliveryFormat,
  type SearchSubject,
} from './search-options';
import { offeredTerm, termForSeason, termLabel, type TermValue } from '../terms';

// ---------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------

export type SmartSearchChipField =
  | 'extractedName'
  | 'homeCollege'
  | 'targetCollege'
  | 'targetSubject'
  | 'className'
  | 'courseCodes'
  | 'deliveryFormat'
  | 'term'
  | 'level';

/** One thing smart search understood, shown as a removable chip. */
export interface SmartSearchChip {
  field: SmartSearchChipField;
  /** Text for the chip, e.g. "Current school: Valencia College". */
  label: string;
  /** The filter value, e.g. "valencia" (or the school as written when it is not a known option). */
  value: string;
}

export interface SmartSearchUnderstanding {
  searchType: 'smart';
  /** Free text left for full-text search after the understood parts are removed. */
  query: string;
  extractedName: string | null;
  /** Set only for an explicit "from X to Y"; the schools as written. */
  transferScenario: { fromSchool: string; toSchool: string } | null;
  /** School-prefixed codes, normalised to "U DEL: ECON101". */
  courseCodes: string[];
  /** The current school by key: set by a picker (Manual Entry, a kept chip), never by the text itself. */
  homeCollege: string | null;
  /** The transfer-to school by key: set by a picker, never by the text itself. */
  targetCollege: string | null;
  /** The current school as written ("Valencia College", "FSU", "Springfield Community College"). */
  transferFromSchool: string | null;
  /** The transfer-to school as written. */
  transferToSchool: string | null;
  targetSubject: SearchSubject | null;
  /** A specific course: a code ("ECO 2013") or a named course with a number ("Calculus 1"). */
  className: string | null;
  /** "online", "in person", "hybrid". */
  deliveryFormat: DeliveryFormat | null;
  /** A season ("summer", "next fall") as the term option of that season. */
  term: TermValue | null;
  /** "intro"/"introductory" → lower-level courses; "upper-level" → upper-level. */
  level: CourseLevel | null;
  /** Words that named a season or year the search has no term for ("fall 2031"): not used, and said so. */
  unusedWords: string[];
  chips: SmartSearchChip[];
}

/** Longest text that is parsed; anything beyond is ignored. */
export const MAX_SMART_SEARCH_TEXT = 1000;
// Field limits of the shared search schemas.
const MAX_QUERY_LENGTH = 200;
const MAX_SCHOOL_TEXT = 120;
const MAX_CLASS_NAME = 80;
const MAX_COURSE_CODES = 20;
const MAX_COURSE_QUALIFIERS = 3;

// ---------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------

/** Function words and request filler: never a name, never part of a school, dropped from the query. */
const STOP_WORDS = new Set(
  `a an the and or but nor so to from at in into of on for with by about as via per over than then
  i i'm im i've ive i'd i'll me my mine myself we our you your it its it's this that these those there here
  is am are was were be been being do does did doing have has had having
  can could would should will shall may might must
  want wants wanted wanna need needs needed like looking look trying try hoping hope plan plans planning
  going gonna go goes went attend attends attending attended currently current now still next also just
  really please thanks thank hi hello hey um uh
  transfer transfers transferring transferred transferable move moving switch switching
  take taking took class classes course courses credit credits find get getting see know
  which what how where when who whether if any some all
  name name's called named student equivalent equivalents equivalency match matches count counts
  toward towards help`.split(/\s+/),
);

/** Words that add nothing to a full-text course search once the schools are taken out. */
const QUERY_NOISE = new Set(['college', 'university', 'school', 'community', 'semester', 'term']);

/** Words that are never a first name after "I'm" / "I am" (besides stop words). */
const NOT_NAMES = new Set(
  `looking trying transferring going hoping planning thinking wanting taking studying attending applying
  interested enrolled currently still just also not so really very here there new now ready sure done
  finishing graduating moving majoring minoring student junior senior sophomore freshman undergrad
  undergraduate grad gonna wondering curious confused unsure stuck back home over almost only first
  second third fourth final last part full dual international returning major minor pre premed nursing
  engineering business one two three years year old originally basically actually honestly literally
  pretty quite struggling worried excited happy glad sorry fine good okay ok well both each either neither
  maybe probably possibly definitely certainly available eligible qualified required allowed willing able
  unable late early behind ahead out up down off kind sort always never told supposed`.split(/\s+/),
);

const SCHOOL_SUFFIXES = new Set(['university', 'college', 'state', 'community']);

const US_STATE_WORDS = new Set(
  `alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho
  illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota
  mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania penn tennessee texas utah
  vermont virginia washington wisconsin wyoming jersey york carolina dakota`.split(/\s+/),
);

/** Course words and the subject they name (single tokens, normalised). */
const COURSE_WORDS: ReadonlyMap<string, SearchSubject> = new Map<string, SearchSubject>([
  ...words('economics econ macroeconomics microeconomics macroecon microecon', 'economics'),
  ...words('history hist', 'history'),
  ...words('english engl composition literature', 'english'),
  ...words(
    'math maths mathematics calculus calc precalculus precalc algebra trigonometry trig statistics stats geometry',
    'mathematics',
  ),
  ...words('biology bio microbiology anatomy physiology genetics', 'biology'),
  ...words('chemistry chem biochemistry biochem orgo', 'chemistry'),
  ...words('psychology psych', 'psychology'),
  ...words('polisci government govt politics', 'political-science'),
]);

/** Two-word course names. */
const COURSE_PAIRS: ReadonlyMap<string, SearchSubject> = new Map<string, SearchSubject>([
  ['political science', 'political-science'],
  ['poli sci', 'political-science'],
  ['western civ', 'history'],
  ['western civilization', 'history'],
]);

/** Words that may come before a course word and belong to the course name ("intro psych"). */
const COURSE_QUALIFIERS = new Set(
  `intro introduction introductory principles general gen organic elementary intermediate advanced college
  american us world western european modern cell developmental abnormal social linear discrete applied
  honors survey pre biological fundamentals foundations business`.split(/\s+/),
);
/** "intro to psych", "principles of macroeconomics". */
const QUALIFIER_LINKS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['to', new Set(['intro', 'introduction'])],
  ['of', new Set(['principles', 'introduction', 'survey', 'fundamentals', 'foundations'])],
]);

/** Course-code prefixes beyond the subject keyword map (common Florida SCNS and other codes). */
const EXTRA_CODE_PREFIXES: ReadonlyMap<string, SearchSubject> = new Map<string, SearchSubject>([
  ...words('amh euh woh his', 'history'),
  ...words('ecn', 'economics'),
  ...words('eng aml enl lit', 'english'),
  ...words('mth map mas maa', 'mathematics'),
  ...words('pcb mcb bot zoo', 'biology'),
  ...words('clp dep sop', 'psychology'),
  ...words('pols pol gov govt inr', 'political-science'),
]);

/** Words that look like a course-code prefix but are not ("fall 2024", "over 300"). */
const NOT_CODE_PREFIXES = new Set(
  'fall spring summer winter year years since until page room call text phone ext apt grade grades gpa top'.split(' '),
);

function words<T extends string>(list: string, value: T): Array<[string, T]> {
  return list.split(/\s+/).map((word) => [word, value]);
}

// ---------------------------------------------------------------------------
// Tokens and spans
// ---------------------------------------------------------------------------

interface Span {
  start: number;
  end: number;
}

interface Token extends Span {
  text: string;
  /** Lowercase, dots removed, curly apostrophes straightened, "&" → "and". */
  norm: string;
}

const TOKEN_PATTERN = /[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*|&/gu;

function tokenise(text: string): Token[] {
  return [...text.matchAll(TOKEN_PATTERN)].map((match) => {
    const raw = match[0];
    const norm = raw === '&' ? 'and' : raw.toLowerCase().replace(/’/g, "'").replace(/\./g, '');
    return { text: raw, norm, start: match.index, end: match.index + raw.length };
  });
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

function overlapsAny(span: Span, spans: readonly Span[]): boolean {
  return spans.some((other) => overlaps(span, other));
}

function isUpperCase(word: string): boolean {
  return /\p{L}/u.test(word) && word === word.toUpperCase();
}

function isCapitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------
// Course codes written as "U DEL: ABC123"
// ---------------------------------------------------------------------------

interface PrefixedCodes {
  codes: string[];
  spans: Span[];
}

const CODE_AFTER_COLON = /:[ \t]*([A-Za-z]{2,5})[ \t]*[-–]?[ \t]*(\d{2,4}[A-Za-z]?)(?![\p{L}\p{N}])/uy;
const CODE_CONTINUATION = /[ \t]*,[ \t]*(?:and[ \t]+)?([A-Za-z]{2,5})[ \t]*[-–]?[ \t]*(\d{2,4}[A-Za-z]?)(?![\p{L}\p{N}:]|[ \t]*:)/uy;

function findPrefixedCodes(text: string, tokens: readonly Token[]): PrefixedCodes {
  const codes: string[] = [];
  const spans: Span[] = [];
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    CODE_AFTER_COLON.lastIndex = colon;
    const first = CODE_AFTER_COLON.exec(text);
    if (!first) continue;
    const prefix = schoolPrefixBefore(text, tokens, colon);
    if (!prefix) continue;
    const found = [first];
    let end = colon + first[0].length;
    for (;;) {
      CODE_CONTINUATION.lastIndex = end;
      const next = CODE_CONTINUATION.exec(text);
      if (!next) break;
      found.push(next);
      end += next[0].length;
    }
    for (const match of found) {
      codes.push(`${prefix.name}: ${(match[1] ?? '').toUpperCase()}${(match[2] ?? '').toUpperCase()}`);
    }
    spans.push({ start: prefix.start, end });
  }
  return { codes: [...new Set(codes)].slice(0, MAX_COURSE_CODES), spans };
}

/** The school abbreviation right before a colon: up to 3 short words, in capitals or a known school. */
function schoolPrefixBefore(
  text: string,
  tokens: readonly Token[],
  colon: number,
): { name: string; start: number } | undefined {
  const before: Token[] = [];
  for (let i = tokens.length - 1; i >= 0 && before.length < 3; i -= 1) {
    const token = tokens[i];
    if (!token || token.end > colon) continue;
    const gapEnd = before[0]?.start ?? colon;
    if (!/^[ \t.]*$/.test(text.slice(token.end, gapEnd))) break;
    if (!/^\p{L}{1,5}$/u.test(token.text.replace(/\./g, ''))) break;
    before.unshift(token);
  }
  for (let drop = 0; drop < before.length; drop += 1) {
    const candidate = before.slice(drop);
    // A school's initials: in capitals ("U DEL", "FSU"), or short words typed in lower case ("u del").
    const initials =
      candidate.every((t) => isUpperCase(t.text)) ||
      (candidate.length >= 2 && candidate.every((t) => t.text.replace(/\./g, '').length <= 4 && !STOP_WORDS.has(t.norm)));
    if (initials) {
      const first = candidate[0];
      if (!first) break;
      return { name: candidate.map((t) => t.text.replace(/\./g, '').toUpperCase()).join(' '), start: first.start };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Schools
// ---------------------------------------------------------------------------

type SchoolContext = 'current' | 'from' | 'target' | 'none';

interface SchoolMention extends Span {
  first: number;
  last: number;
  raw: string;
  context: SchoolContext;
}

/** Tokens i..j form one phrase: only spaces, dashes, slashes or brackets between them. */
function joined(text: string, tokens: readonly Token[], from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const a = tokens[i];
    const b = tokens[i + 1];
    if (!a || !b || !/^[\s\-–—()/]*$/u.test(text.slice(a.end, b.start))) return false;
  }
  return true;
}

function findSchools(text: string, tokens: readonly Token[], blocked: readonly Span[]): SchoolMention[] {
  const mixedCase = /\p{Lu}/u.test(text) && /\p{Ll}/u.test(text);
  const free = tokens.map((token) => !overlapsAny(token, blocked));
  const mentions: SchoolMention[] = [];
  const make = (first: number, last: number): SchoolMention | undefined => {
    const a = tokens[first];
    const b = tokens[last];
    if (!a || !b) return undefined;
    const raw = collapse(text.slice(a.start, b.end)).slice(0, MAX_SCHOOL_TEXT);
    return { start: a.start, end: b.end, first, last, raw, context: 'none' };
  };

  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (!token || !free[i]) continue;

    // 1. A phrase ending in University / College / State / Community, or "University of X".
    if (SCHOOL_SUFFIXES.has(token.norm) || token.norm === 'u') {
      const mention = genericSchoolAt(i);
      if (mention) {
        mentions.push(mention);
        i = mention.last;
        continue;
      }
    }

    // 2. A school's short name right after "from", "to", "at" or "attend": an abbreviation ("FGCU") or a hyphenated
    // short name ("UW-Oshkosh", "uw-la crosse"). The server looks it up among every school it knows.
    const abbreviation = unknownSchoolAt(i);
    if (abbreviation) {
      mentions.push(abbreviation);
      i = abbreviation.last;
    }
  }
  return mentions;

  function unknownSchoolAt(index: number): SchoolMention | undefined {
    const token = tokens[index];
    const before = tokens[index - 1]?.norm;
    if (!token || !['from', 'to', 'at', 'attend', 'attends', 'attending'].includes(before ?? '') || !nameWord(index)) return undefined;
    const next = tokens[index + 1];
    const hyphenated = next !== undefined && /^[ \t]*[-–][ \t]*$/u.test(text.slice(token.end, next.start)) && nameWord(index + 1);
    const abbreviated = /^\p{Lu}{2,6}$/u.test(token.text);
    if (!abbreviated && !(hyphenated && token.text.length <= 4)) return undefined;
    let last = index;
    if (hyphenated) {
      last = index + 1;
      // "UW-Eau Claire", "UW-La Crosse": capitalised words that follow, in mixed-case text.
      while (last - index < 3 && mixedCase && nameWord(last + 1) && isCapitalised(tokens[last + 1]?.text ?? '') && joined(text, tokens, last, last + 1)) {
        last += 1;
      }
    }
    return make(index, last);
  }

  function nameWord(index: number): boolean {
    const t = tokens[index];
    return (
      t !== undefined &&
      free[index] === true &&
      /^[\p{L}&][\p{L}'’.]*$/u.test(t.text) &&
      !STOP_WORDS.has(t.norm) &&
      !COURSE_WORDS.has(t.norm)
    );
  }

  /** The generic school phrase around the suffix word at `index`, if any. */
  function genericSchoolAt(index: number): SchoolMention | undefined {
    const token = tokens[index];
    if (index < 0 || !token || !free[index]) return undefined;
    let last = index;
    if (token.norm !== 'u') {
      while (SCHOOL_SUFFIXES.has(tokens[last + 1]?.norm ?? '') && free[last + 1] && joined(text, tokens, last, last + 1)) {
        last += 1;
      }
    }
    // Backward: "Valencia College", "Miami Dade Community College", "Kent State".
    let first = index;
    while (
      first > 0 &&
      index - first < 4 &&
      nameWord(first - 1) &&
      !SCHOOL_SUFFIXES.has(tokens[first - 1]?.norm ?? '') &&
      joined(text, tokens, first - 1, first)
    ) {
      first -= 1;
    }
    if (first < index && token.norm !== 'u') {
      if (tokens[last]?.norm === 'state') {
        const before = tokens[index - 1];
        if (!before || !(isCapitalised(before.text) || US_STATE_WORDS.has(before.norm))) return undefined;
      }
      return trimToKnown(first, last);
    }
    // Forward: "University of X", "College of X", "U of X".
    const lastNorm = tokens[last]?.norm;
    if ((lastNorm === 'university' || lastNorm === 'college' || lastNorm === 'u') && tokens[last + 1]?.norm === 'of') {
      let end = last + 1;
      while (
        end + 1 < tokens.length &&
        end - last < 4 &&
        nameWord(end + 1) &&
        (!mixedCase || isCapitalised(tokens[end + 1]?.text ?? '')) &&
        joined(text, tokens, end, end + 1)
      ) {
        end += 1;
      }
      if (end > last + 1) return trimToKnown(index, end);
    }
    return undefined;
  }

  /** The phrase, without a leading course word ("econ Valencia College" → "Valencia College"). */
  function trimToKnown(first: number, last: number): SchoolMention | undefined {
    let start = first;
    while (start < last && COURSE_WORDS.has(tokens[start]?.norm ?? '')) start += 1;
    return make(start, last);
  }
}

/** "count at Penn State", "accepted at UCF": the school the credit goes to. */
const TARGET_BEFORE_AT = new Set(['count', 'counts', 'accepted', 'accept', 'accepts', 'equivalent', 'equivalents', 'transfers', 'transfer']);

/** Read the words before each school to tell the current school from the transfer-to school. */
function classifySchools(tokens: readonly Token[], mentions: SchoolMention[]): SchoolMention[] {
  const classified: SchoolMention[] = [];
  for (const mention of mentions) {
    let p = mention.first - 1;
    if (tokens[p]?.norm === 'the') p -= 1;
    const prev = tokens[p]?.norm;
    let context: SchoolContext = 'none';
    if (prev === 'from') context = 'from';
    else if (prev === 'at' && TARGET_BEFORE_AT.has(tokens[p - 1]?.norm ?? '')) context = 'target';
    else if (prev === 'at' || prev === 'attend' || prev === 'attends' || prev === 'attending') context = 'current';
    else if (prev === 'in') context = 'current';
    else if (prev === 'to' || prev === 'into') {
      // "I go to Valencia College" is where the student is now; "want to go to UCF" is not.
      const verb = tokens[p - 1]?.norm;
      const subject = tokens[p - 2]?.norm;
      const present = (verb === 'go' || verb === 'goes') && ['i', 'we', 'currently', 'now', 'still', 'actually'].includes(subject ?? '');
      context = present ? 'current' : 'target';
    }
    classified.push({ ...mention, context });
  }
  return classified;
}

interface SchoolResult {
  current: SchoolMention | undefined;
  target: SchoolMention | undefined;
  scenario: boolean;
}

function resolveSchools(tokens: readonly Token[], mentions: readonly SchoolMention[]): SchoolResult {
  // "from X to Y"
  for (let m = 0; m + 1 < mentions.length; m += 1) {
    const from = mentions[m];
    const to = mentions[m + 1];
    if (!from || !to || from.context !== 'from') continue;
    const between = tokens.slice(from.last + 1, to.first).map((t) => t.norm);
    if (between[0] === 'to' && (between.length === 1 || (between.length === 2 && between[1] === 'the'))) {
      return { current: from, target: to, scenario: true };
    }
  }
  let current = mentions.find((m) => m.context === 'current' || m.context === 'from');
  let target = mentions.find((m) => m.context === 'target');
  // A school named without context is taken as the current one (spec: "a current school ending in …").
  for (const mention of mentions) {
    if (mention.context !== 'none') continue;
    if (!current) current = mention;
    else if (!target) target = mention;
  }
  return { current, target, scenario: false };
}

// ---------------------------------------------------------------------------
// Name
// ---------------------------------------------------------------------------

const NAME_PATTERN =
  /(?<![\p{L}\p{N}'’])(i\s*['’ʼ]?\s*m|i\s+am|my\s+name\s+is|my\s+name['’]s|name['’]s|this\s+is|call\s+me)\s+(?:(?:called|named)\s+)?(\p{L}[\p{L}'’-]*)/giu;
const AFTER_LOWERCASE_NON_NAME = new Set(['to', 'in', 'for', 'with', 'about', 'of', 'on', 'that', 'by', 'than']);

function findName(text: string, blocked: readonly Span[]): { name: string; span: Span } | undefined {
  for (const match of text.matchAll(NAME_PATTERN)) {
    const phrase = (match[1] ?? '').toLowerCase();
    const word = (match[2] ?? '').replace(/['’-]+$/u, '');
    const start = match.index;
    const wordStart = start + match[0].length - (match[2] ?? '').length;
    const wordSpan = { start: wordStart, end: wordStart + word.length };
    const norm = word.toLowerCase().replace(/’/g, "'");
    if (word.length < 2 || word.length > 30) continue;
    if (STOP_WORDS.has(norm) || NOT_NAMES.has(norm) || SCHOOL_SUFFIXES.has(norm) || COURSE_WORDS.has(norm)) continue;
    // An acronym in capitals ("I'm FSU student") is a school or a course, not a first name.
    if (/^\p{Lu}{2,4}$/u.test(word) || overlapsAny(wordSpan, blocked)) continue;
    const capitalised = isCapitalised(word);
    if (phrase === 'this is' && !capitalised) continue;
    if (!capitalised) {
      if (/(?:ing|ed|ly)$/.test(norm)) continue;
      const next = /^\s+(\p{L}+)/u.exec(text.slice(wordSpan.end))?.[1]?.toLowerCase();
      if (next && AFTER_LOWERCASE_NON_NAME.has(next)) continue;
    }
    return { name: capitaliseName(word), span: { start, end: wordSpan.end } };
  }
  return undefined;
}

/** "maria" / "MARIA" → "Maria", "mary-jane" → "Mary-Jane", "o'brien" → "O'Brien"; "McKenzie" is kept. */
function capitaliseName(word: string): string {
  const mixed = isCapitalised(word) && /\p{Ll}/u.test(word);
  if (mixed) return word;
  return word
    .toLowerCase()
    .replace(/(^|['’-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

// ---------------------------------------------------------------------------
// Course subject and number
// ---------------------------------------------------------------------------

interface CourseMention extends Span {
  subject: SearchSubject | undefined;
  className: string | undefined;
}

const CODE_PATTERN = /(?<![\p{L}\p{N}])([A-Za-z]{2,5})([ \t]*[-–]?[ \t]*)(\d{3,4}[A-Za-z]?(?:\.\d{1,3})?)(?![\p{L}\p{N}])/gu;
const NUMBER_TOKEN = /^(?:\d{1,4}[a-z]?|i{1,3}|iv)$/i;
/** After a course word, "I" is the pronoun when a verb follows ("calculus I want…"). */
const PRONOUN_FOLLOWERS = new Set(['want', 'need', 'am', 'have', 'would', 'plan', 'will', 'hope', 'go', 'attend', 'also', 'took', 'take', 'was', 'think']);

/** The subject of a course-code prefix ("ECO" → economics, "MAC" → mathematics), if known. */
export function subjectForCodePrefix(prefix: string): SearchSubject | undefined {
  const letters = prefix.toLowerCase();
  const extra = EXTRA_CODE_PREFIXES.get(letters);
  if (extra) return extra;
  for (const option of SEARCH_SUBJECT_OPTIONS) {
    if (SUBJECT_KEYWORDS[option.value].some((keyword) => keyword.length >= 3 && letters.startsWith(keyword))) {
      return option.value;
    }
  }
  return undefined;
}

function findCourseCodes(text: string, blocked: readonly Span[]): CourseMention[] {
  const found: CourseMention[] = [];
  for (const match of text.matchAll(CODE_PATTERN)) {
    const letters = match[1] ?? '';
    const separator = match[2] ?? '';
    const number = match[3] ?? '';
    const span = { start: match.index, end: match.index + match[0].length };
    const lower = letters.toLowerCase();
    if (STOP_WORDS.has(lower) || NOT_CODE_PREFIXES.has(lower) || overlapsAny(span, blocked)) continue;
    const subject = subjectForCodePrefix(letters);
    if (!(isUpperCase(letters) || separator === '' || subject)) continue;
    found.push({ ...span, subject, className: `${letters.toUpperCase()} ${number.toUpperCase()}` });
  }
  return found;
}

function findNamedCourses(tokens: readonly Token[], blocked: readonly Span[]): CourseMention[] {
  const found: CourseMention[] = [];
  const free = (i: number): boolean => {
    const t = tokens[i];
    return t !== undefined && !overlapsAny(t, blocked);
  };
  const courseAt = (i: number): { subject: SearchSubject; length: number } | undefined => {
    if (!free(i)) return undefined;
    const pair = COURSE_PAIRS.get(`${tokens[i]?.norm} ${tokens[i + 1]?.norm}`);
    if (pair && free(i + 1)) return { subject: pair, length: 2 };
    const single = COURSE_WORDS.get(tokens[i]?.norm ?? '');
    return single ? { subject: single, length: 1 } : undefined;
  };

  for (let i = 0; i < tokens.length; i += 1) {
    const course = courseAt(i);
    if (!course) continue;
    // Backward over qualifiers: "intro", "principles of", "US".
    let first = i;
    while (i - first < MAX_COURSE_QUALIFIERS) {
      const prev = tokens[first - 1];
      if (!prev || !free(first - 1)) break;
      if (COURSE_QUALIFIERS.has(prev.norm)) {
        first -= 1;
        continue;
      }
      const link = QUALIFIER_LINKS.get(prev.norm);
      const beforeLink = tokens[first - 2];
      if (link && beforeLink && link.has(beforeLink.norm) && free(first - 2)) {
        first -= 2;
        continue;
      }
      break;
    }
    // Forward over more course words: "english composition".
    let last = i + course.length - 1;
    for (let next = courseAt(last + 1); next; next = courseAt(last + 1)) last += next.length;
    // A number: "calculus 2", "macroeconomics 2013", "Calculus II".
    const numberToken = tokens[last + 1];
    let hasNumber = false;
    if (numberToken && free(last + 1) && NUMBER_TOKEN.test(numberToken.text)) {
      const roman = /^[ivx]+$/i.test(numberToken.text);
      const pronoun = numberToken.text === 'I' && PRONOUN_FOLLOWERS.has(tokens[last + 2]?.norm ?? '');
      if (!(roman && (numberToken.text !== numberToken.text.toUpperCase() || pronoun))) {
        hasNumber = true;
        last += 1;
      }
    }
    const firstToken = tokens[first];
    const lastToken = tokens[last];
    if (!firstToken || !lastToken) continue;
    const className = hasNumber
      ? tokens.slice(first, last + 1).map((t) => displayCourseWord(t.text)).join(' ').slice(0, MAX_CLASS_NAME)
      : undefined;
    found.push({ start: firstToken.start, end: lastToken.end, subject: course.subject, className });
    i = last;
  }
  return found;
}

function displayCourseWord(word: string): string {
  if (/^[ivx]+$/i.test(word) || isUpperCase(word)) return word.toUpperCase();
  if (/^\d/.test(word)) return word.toUpperCase();
  return (word[0] ?? '').toUpperCase() + word.slice(1);
}

// ---------------------------------------------------------------------------
// Delivery format, term and level words
// ---------------------------------------------------------------------------

const DELIVERY_PATTERNS: ReadonlyArray<[RegExp, DeliveryFormat]> = [
  [/(?<![\p{L}\p{N}])(?:online|virtual|remote|distance[ \t-]+learning)(?![\p{L}\p{N}])/giu, 'online'],
  [/(?<![\p{L}\p{N}])(?:in[ \t-]+person|on[ \t-]+campus|face[ \t-]+to[ \t-]+face)(?![\p{L}\p{N}])/giu, 'in-person'],
  [/(?<![\p{L}\p{N}])(?:hybrid|blended)(?![\p{L}\p{N}])/giu, 'hybrid'],
];
/** "summer", "next fall", "spring 2025", "fall semester". */
const SEASON_PATTERN =
  /(?<![\p{L}\p{N}])(?:(?:next|this|coming)[ \t]+)?(summer|fall|autumn|winter|spring)(?:[ \t]+(?:semester|term|session|quarter))?(?:[ \t]+((?:19|20)\d\d))?(?![\p{L}\p{N}])/giu;
const LEVEL_PATTERNS: ReadonlyArray<[RegExp, CourseLevel]> = [
  [/(?<![\p{L}\p{N}])(?:(?:intro|introduction)(?:[ \t]+to)?|introductory|lower[ \t-]+(?:level|division))(?![\p{L}\p{N}])/giu, 'lower'],
  [/(?<![\p{L}\p{N}])upper[ \t-]+(?:level|division)(?![\p{L}\p{N}])/giu, 'upper'],
];

interface Understood<T> {
  value: T | null;
  spans: Span[];
}

function firstOf<T>(text: string, patterns: ReadonlyArray<[RegExp, T]>): Understood<T> {
  let found: { value: T; start: number } | null = null;
  const spans: Span[] = [];
  for (const [pattern, value] of patterns) {
    for (const match of text.matchAll(pattern)) {
      spans.push({ start: match.index, end: match.index + match[0].length });
      if (!found || match.index < found.start) found = { value, start: match.index };
    }
  }
  return { value: found?.value ?? null, spans };
}

/**
 * The offered term a season names on `today` ("summer" in November 2026 → summer-2027, src/shared/terms.ts); with a
 * year, only that year's. Words naming a term that is not offered are unused.
 */
function findTerm(text: string, today: Date): Understood<TermValue> & { unused: string[] } {
  const spans: Span[] = [];
  const unused: string[] = [];
  let value: TermValue | null = null;
  for (const match of text.matchAll(SEASON_PATTERN)) {
    const word = (match[1] ?? '').toLowerCase();
    const season = word === 'autumn' ? 'fall' : (word as 'winter' | 'spring' | 'summer' | 'fall');
    const term = match[2] ? offeredTerm(season, Number(match[2]), today) : termForSeason(season, today);
    spans.push({ start: match.index, end: match.index + match[0].length });
    if (term) value ??= term;
    else unused.push(collapse(match[0]));
  }
  return { value, spans, unused };
}

// ---------------------------------------------------------------------------
// Query
// ---------------------------------------------------------------------------

const QUERY_TOKEN = /[\p{L}\p{N}]+(?:['’.&+#-][\p{L}\p{N}]+)*/gu;
/** "next fall", "this spring": timing, not something to search for. */
const TIMING_PATTERN = /\b(?:next|this|coming)\s+(?:fall|spring|summer|winter|semester|term|year)\b/giu;

function buildQuery(text: string, removed: readonly Span[], kept: readonly Span[], understoodWords: readonly Span[]): string {
  const timing = [...text.matchAll(TIMING_PATTERN)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const words: string[] = [];
  for (const match of text.matchAll(QUERY_TOKEN)) {
    const span = { start: match.index, end: match.index + match[0].length };
    // Format, term and level words became filters (and chips), even inside a course name ("intro psych").
    if (overlapsAny(span, understoodWords)) continue;
    if (overlapsAny(span, kept)) {
      words.push(match[0]);
      continue;
    }
    if (overlapsAny(span, removed) || overlapsAny(span, timing)) continue;
    const norm = match[0].toLowerCase().replace(/’/g, "'");
    if (STOP_WORDS.has(norm) || QUERY_NOISE.has(norm)) continue;
    words.push(match[0]);
  }
  return words.join(' ').slice(0, MAX_QUERY_LENGTH).trim();
}

// ---------------------------------------------------------------------------
// Chips
// ---------------------------------------------------------------------------

function schoolLabel(key: string | null, raw: string | null): string | null {
  return raw ?? key;
}

/** The chips describing an understanding, in reading order. */
export function chipsFor(u: Omit<SmartSearchUnderstanding, 'chips'>): SmartSearchChip[] {
  const chips: SmartSearchChip[] = [];
  if (u.extractedName) chips.push({ field: 'extractedName', label: `Name: ${u.extractedName}`, value: u.extractedName });
  const home = schoolLabel(u.homeCollege, u.transferFromSchool);
  if (home) chips.push({ field: 'homeCollege', label: `Current school: ${home}`, value: u.homeCollege ?? home });
  const target = schoolLabel(u.targetCollege, u.transferToSchool);
  if (target) chips.push({ field: 'targetCollege', label: `Transfer to: ${target}`, value: u.targetCollege ?? target });
  if (u.targetSubject) {
    const subject = optionLabel(SEARCH_SUBJECT_OPTIONS, u.targetSubject) ?? u.targetSubject;
    chips.push({ field: 'targetSubject', label: `Subject: ${subject}`, value: u.targetSubject });
  }
  if (u.className) chips.push({ field: 'className', label: `Course: ${u.className}`, value: u.className });
  for (const code of u.courseCodes) chips.push({ field: 'courseCodes', label: `Course code: ${code}`, value: code });
  if (u.deliveryFormat) {
    chips.push({ field: 'deliveryFormat', label: `Format: ${optionLabel(DELIVERY_FORMAT_OPTIONS, u.deliveryFormat)}`, value: u.deliveryFormat });
  }
  if (u.term) chips.push({ field: 'term', label: `Term: ${termLabel(u.term)}`, value: u.term });
  if (u.level) chips.push({ field: 'level', label: `Level: ${optionLabel(COURSE_LEVEL_OPTIONS, u.level)}`, value: u.level });
  return chips;
}

// ---------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------

/** Understand a Smart Search description. Never throws; unknown text simply becomes the query. */
/** `today` decides which terms a season names (src/shared/terms.ts); tests pass a fixed date. */
export function parseSmartSearch(input: string, { today = new Date() }: { today?: Date } = {}): SmartSearchUnderstanding {
  const text = (typeof input === 'string' ? input : '').slice(0, MAX_SMART_SEARCH_TEXT);
  const tokens = tokenise(text);

  const prefixed = findPrefixedCodes(text, tokens);
  const mentions = classifySchools(tokens, findSchools(text, tokens, prefixed.spans));
  const schools = resolveSchools(tokens, mentions);
  const usedSchools = [schools.current, schools.target].filter((m): m is SchoolMention => m !== undefined);

  const codeCourses = findCourseCodes(text, [...prefixed.spans, ...mentions]);
  const namedCourses = findNamedCourses(tokens, [...prefixed.spans, ...mentions, ...codeCourses]);
  const courses = [...codeCourses, ...namedCourses].sort((a, b) => a.start - b.start);

  const name = findName(text, [...prefixed.spans, ...mentions, ...courses]);
  const claimed = [...prefixed.spans, ...mentions, ...codeCourses];
  const free = (understood: { spans: Span[] }) => understood.spans.filter((span) => !overlapsAny(span, claimed));
  const format = firstOf(text, DELIVERY_PATTERNS);
  const level = firstOf(text, LEVEL_PATTERNS);
  const term = findTerm(text, today);
  const understoodWords = [...free(format), ...free(level), ...free(term)];

  const understanding: Omit<SmartSearchUnderstanding, 'chips'> = {
    searchType: 'smart',
    query: buildQuery(text, [...prefixed.spans, ...usedSchools, ...(name ? [name.span] : [])], courses, understoodWords),
    extractedName: name?.name ?? null,
    transferScenario:
      schools.scenario && schools.current && schools.target
        ? { fromSchool: schools.current.raw, toSchool: schools.target.raw }
        : null,
    courseCodes: prefixed.codes,
    homeCollege: null,
    targetCollege: null,
    transferFromSchool: schools.current?.raw ?? null,
    transferToSchool: schools.target?.raw ?? null,
    targetSubject: courses.find((c) => c.subject)?.subject ?? null,
    className: (codeCourses[0] ?? namedCourses.find((c) => c.className))?.className ?? null,
    deliveryFormat: free(format).length > 0 ? format.value : null,
    term: free(term).length > 0 ? term.value : null,
    level: free(level).length > 0 ? level.value : null,
    unusedWords: term.unused,
  };
  return { ...understanding, chips: chipsFor(understanding) };
}

export type SmartSearchRemovableField =
  | SmartSearchChipField
  | 'transferFromSchool'
  | 'transferToSchool'
  | 'transferScenario';

/**
 * Drop one understood part (a chip) and return the adjusted understanding.
 * Removing a school also removes the school as written and the transfer
 * scenario; for `courseCodes`, pass `value` to remove a single code.
 * The query is left as it is.
 */
export function removeUnderstanding(
  understanding: SmartSearchUnderstanding,
  field: SmartSearchRemovableField,
  value?: string,
): SmartSearchUnderstanding {
  const next: Omit<SmartSearchUnderstanding, 'chips'> = { ...understanding, courseCodes: [...understanding.courseCodes] };
  switch (field) {
    case 'extractedName':
      next.extractedName = null;
      break;
    case 'homeCollege':
    case 'transferFromSchool':
      next.homeCollege = null;
      next.transferFromSchool = null;
      next.transferScenario = null;
      break;
    case 'targetCollege':
    case 'transferToSchool':
      next.targetCollege = null;
      next.transferToSchool = null;
      next.transferScenario = null;
      break;
    case 'transferScenario':
      next.transferScenario = null;
      break;
    case 'targetSubject':
      next.targetSubject = null;
      break;
    case 'className':
      next.className = null;
      break;
    case 'courseCodes':
      next.courseCodes = value === undefined ? [] : next.courseCodes.filter((code) => code !== value);
      break;
    case 'deliveryFormat':
      next.deliveryFormat = null;
      break;
    case 'term':
      next.term = null;
      break;
    case 'level':
      next.level = null;
      break;
  }
  return { ...next, chips: chipsFor(next) };
}

/** The search filters (spec section 3) of an understanding; parts not understood are left out. */
export function toSearchFilters(understanding: SmartSearchUnderstanding): SearchFilters {
  const filters: SearchFilters = { searchType: 'smart' };
  if (understanding.extractedName) filters.extractedName = understanding.extractedName;
  if (understanding.transferScenario) filters.transferScenario = { ...understanding.transferScenario };
  if (understanding.courseCodes.length > 0) filters.courseCodes = [...understanding.courseCodes];
  if (understanding.homeCollege) filters.homeCollege = understanding.homeCollege;
  if (understanding.targetCollege) filters.targetCollege = understanding.targetCollege;
  if (understanding.transferFromSchool) filters.transferFromSchool = understanding.transferFromSchool;
  if (understanding.transferToSchool) filters.transferToSchool = understanding.transferToSchool;
  if (understanding.targetSubject) filters.targetSubject = understanding.targetSubject;
  if (understanding.className) filters.className = understanding.className;
  if (understanding.deliveryFormat) filters.deliveryFormat = understanding.deliveryFormat;
  if (understanding.term) filters.term = understanding.term;
  if (understanding.level) filters.level = understanding.level;
  return filters;
}

/**
 * The schools a sentence names, and which is which: "MATH 1550 from LSU to Southeastern Louisiana University",
 * "English comp from Delgado to UNO", "intro biology from Madison College to UW-Madison".
 *
 * Every run of up to ten words is looked up among the stored name forms (one lookup for the whole sentence); the
 * longest runs that name a school win, left to right, without overlapping. A single word counts only when it is
 * written as a name (capitals in mixed-case text) or follows "from", "to", "at" or "attend", and never when it is a
 * common word, a course word or a state ("English", "Texas"). "from" / "at" mark the school the student is at, "to" /
 * "into" / "→" the one they go to; a school named without them is the current one, then the destination.
 *
 * Each mention is resolved as a written name (school-resolution.ts), the states of the schools the sentence decides
 * breaking the ties of the others ("UNO" beside Delgado, in Louisiana, is New Orleans). Pure, given the lookup.
 */
import { queryForms, decideSchool, type NameMatch, type RankedSchoolFacts, type ResolutionContext, type SchoolResolution } from './school-resolution';

export type SchoolRole = 'from' | 'to' | null;

export interface SchoolMention {
  /** The words as written ("LSU", "Southeastern Louisiana University"). */
  text: string;
  start: number;
  end: number;
  role: SchoolRole;
  resolution: SchoolResolution;
}

export interface SchoolsInText {
  mentions: SchoolMention[];
  /** The school the student is at (or comes from), and the one they go to. */
  from: SchoolMention | null;
  to: SchoolMention | null;
  /** The text without the schools and the "from" / "to" before them: what the sentence asks about them. */
  rest: string;
}

/** Looks up normalised forms; returns what matched and the schools they belong to. */
export type NameLookup = (forms: readonly string[]) => Promise<{ matches: Map<string, Array<Omit<NameMatch, 'queryRank'>>>; schools: ReadonlyMap<number, RankedSchoolFacts> }>;

interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
/** What may stand between the words of one school name. */
const JOINER = /^[\s\-–—.,&'’()/]*$/u;
const MAX_WORDS = 10;

/** Words that are never a school on their own (the picker still finds schools that start with them). */
const NOT_A_SCHOOL = new Set(
  `a an the and or of to from at in into on for with by as i me my we you it is am are was be this that what which how
  can could would will want need take taking took class classes course courses credit credits transfer transfers
  transferring count counts equivalent intro introduction introductory general principles survey advanced honors lab
  english math maths mathematics biology bio chemistry chem physics history economics econ psychology psych sociology
  comp composition calculus calc algebra statistics stats art music spanish french writing reading science sciences
  fall spring summer winter semester quarter term year online hybrid person campus school college university
  community state technical institute academy new north south east west central northern southern eastern western
  alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho illinois
  indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana
  nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah vermont virginia washington wisconsin wyoming`.split(/\s+/),
);

/** Words no school's name is made of alone. */
const FUNCTION_WORDS = new Set('a an the and or of to from at in into on for with by as'.split(' '));

const FROM_WORDS = new Set(['from', 'at', 'attend', 'attending', 'attends', 'attended']);
const TO_WORDS = new Set(['to', 'into']);
/** "count at UCF", "accepted at FSU": the school the credit goes to. */
const TARGET_BEFORE_AT = new Set(['count', 'counts', 'accepted', 'accept', 'accepts', 'equivalent', 'transfer', 'transfers', 'transferring']);

function tokenise(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((match) => ({ text: match[0], lower: match[0].toLowerCase(), start: match.index, end: match.index + match[0].length }));
}

interface Span {
  first: number;
  last: number;
  forms: Array<{ normalized: string; rank: number }>;
}

/** Every run of words that could be a school's name, with the forms to look it up by. */
function candidateSpans(text: string, tokens: readonly Token[]): Span[] {
  const spans: Span[] = [];
  for (let first = 0; first < tokens.length; first++) {
    for (let last = first; last < Math.min(tokens.length, first + MAX_WORDS); last++) {
      if (last > first && !JOINER.test(text.slice(tokens[last - 1]!.end, tokens[last]!.start))) break;
      const words = tokens.slice(first, last + 1);
      if (words.some((token) => /^\d+$/.test(token.text))) break;
      if (words.every((token) => FUNCTION_WORDS.has(token.lower))) continue;
      spans.push({ first, last, forms: queryForms(text.slice(tokens[first]!.start, tokens[last]!.end)) });
    }
  }
  return spans;
}

function roleBefore(tokens: readonly Token[], index: number): SchoolRole | 'at' {
  let before = index - 1;
  if (tokens[before]?.lower === 'the') before -= 1;
  const word = tokens[before]?.lower;
  if (word === undefined) return null;
  // "I go to Valencia" is where the student is now; "want to go to UCF" is not.
  if (word === 'to' && ['go', 'goes'].includes(tokens[before - 1]?.lower ?? '') && ['i', 'we', 'currently', 'now', 'still'].includes(tokens[before - 2]?.lower ?? '')) return 'at';
  if (TO_WORDS.has(word)) return 'to';
  if (word === 'at' && TARGET_BEFORE_AT.has(tokens[before - 1]?.lower ?? '')) return 'to';
  if (FROM_WORDS.has(word)) return word === 'from' ? 'from' : 'at';
  return null;
}

/** Finds the schools a sentence names and which one the student comes from and goes to. */
export async function readSchoolsInText(text: string, lookup: NameLookup, context: ResolutionContext = {}): Promise<SchoolsInText> {
  const tokens = tokenise(text);
  const spans = candidateSpans(text, tokens);
  const { matches, schools } = await lookup([...new Set(spans.flatMap((span) => span.forms.map((form) => form.normalized)))]);
  const mixedCase = /\p{Lu}/u.test(text) && /\p{Ll}/u.test(text);

  // Longest first, then leftmost; single words only where written as a name or after from / to / at.
  const found = spans
    .map((span) => ({ span, matched: span.forms.flatMap((form) => (matches.get(form.normalized) ?? []).map((match) => ({ ...match, queryRank: form.rank }))) }))
    .filter(({ span, matched }) => {
      if (matched.length === 0) return false;
      if (span.first !== span.last) return true;
      const token = tokens[span.first]!;
      if (NOT_A_SCHOOL.has(token.lower) || token.text.length < 2) return false;
      const writtenAsName = mixedCase ? /^\p{Lu}/u.test(token.text) : true;
      return writtenAsName || roleBefore(tokens, span.first) !== null;
    })
    .sort((a, b) => b.span.last - b.span.first - (a.span.last - a.span.first) || a.span.first - b.span.first);
  const taken: Array<{ span: Span; matched: NameMatch[] }> = [];
  for (const candidate of found) {
    if (taken.some(({ span }) => span.first <= candidate.span.last && candidate.span.first <= span.last)) continue;
    taken.push(candidate);
  }
  taken.sort((a, b) => a.span.first - b.span.first);

  // Resolve; the states of the schools decided so far break the others' ties, until nothing changes.
  const states = [...(context.states ?? [])];
  let resolutions = taken.map(({ span, matched }) => decideSchool(spanText(text, tokens, span), matched, schools, { states }));
  for (let round = 0; round < 3; round++) {
    const decidedStates = resolutions.flatMap((resolution) => (resolution.school?.state ? [resolution.school.state] : []));
    const next = taken.map(({ span, matched }, index) =>
      resolutions[index]!.school ? resolutions[index]! : decideSchool(spanText(text, tokens, span), matched, schools, { states: [...states, ...decidedStates] }),
    );
    const changed = next.some((resolution, index) => resolution.school?.id !== resolutions[index]!.school?.id);
    resolutions = next;
    if (!changed) break;
  }

  const mentions: Array<SchoolMention & { cue: SchoolRole | 'at'; first: number }> = taken.map(({ span }, index) => {
    const cue = roleBefore(tokens, span.first);
    return {
      text: spanText(text, tokens, span),
      start: tokens[span.first]!.start,
      end: tokens[span.last]!.end,
      role: null,
      resolution: resolutions[index]!,
      cue,
      first: span.first,
    };
  });
  // "LSU → SLU", "LSU -> SLU": the second is the destination.
  for (let index = 1; index < mentions.length; index++) {
    if (/(?:→|->|=>)/.test(text.slice(mentions[index - 1]!.end, mentions[index]!.start)) && mentions[index]!.cue === null) mentions[index]!.cue = 'to';
  }
  const from = mentions.find((mention) => mention.cue === 'from') ?? mentions.find((mention) => mention.cue === 'at') ?? null;
  const to = mentions.find((mention) => mention.cue === 'to') ?? null;
  let current = from;
  let destination = to;
  for (const mention of mentions) {
    if (mention.cue !== null) continue;
    if (!current) current = mention;
    else if (!destination) destination = mention;
  }
  if (current) current.role = 'from';
  if (destination && destination !== current) destination.role = 'to';

  // The rest: the text without the schools and the word that cued each one.
  let rest = '';
  let cursor = 0;
  for (const mention of mentions) {
    let start = mention.start;
    if (mention.cue !== null) {
      const cueToken = tokens[mention.first - 1]?.lower === 'the' ? tokens[mention.first - 2] : tokens[mention.first - 1];
      if (cueToken) start = cueToken.start;
    }
    rest += `${text.slice(cursor, start)} `;
    cursor = mention.end;
  }
  rest += text.slice(cursor);

  const strip = ({ cue: _cue, first: _first, ...mention }: SchoolMention & { cue: unknown; first: number }): SchoolMention => mention;
  return {
    mentions: mentions.map(strip),
    from: current ? strip(current) : null,
    to: destination && destination !== current ? strip(destination) : null,
    rest: rest.replace(/(?:→|->|=>)/g, ' ').replace(/\s+/g, ' ').trim(),
  };
}

function spanText(text: string, tokens: readonly Token[], span: Span): string {
  return text.slice(tokens[span.first]!.start, tokens[span.last]!.end);
}

// Course titles are short, abbreviated and inconsistent across schools ("Intro to Amer
// Government" vs "American Government and Politics"), so title matching expands common
// abbreviations, ignores filler words, and blends a word-level score (with prefix
// matches for abbreviations we do not know) with a character-trigram score (for
// spelling variants). Sequence numbers matter: "Calculus I" is not "Calculus II".

const ABBREVIATIONS: Record<string, string> = {
  intro: 'introduction', introd: 'introduction', introductory: 'introduction', elem: 'elementary', elementry: 'elementary',
  amer: 'american', am: 'american', gov: 'government', govt: 'government', pol: 'political', poli: 'political', polit: 'political',
  psych: 'psychology', psy: 'psychology', soc: 'sociology', sociol: 'sociology', anthro: 'anthropology', anth: 'anthropology',
  econ: 'economics', eco: 'economics', economic: 'economics', macro: 'macroeconomics', micro: 'microeconomics', macroecon: 'macroeconomics', microecon: 'microeconomics',
  hist: 'history', lit: 'literature', engl: 'english', eng: 'english', comp: 'composition', writ: 'writing',
  math: 'mathematics', maths: 'mathematics', mathematical: 'mathematics', calc: 'calculus', stat: 'statistics', stats: 'statistics', statistical: 'statistics', alg: 'algebra', trig: 'trigonometry', geom: 'geometry',
  chem: 'chemistry', biol: 'biology', bio: 'biology', biological: 'biology', phys: 'physics', anat: 'anatomy', physiol: 'physiology', microbio: 'microbiology', sci: 'science', sciences: 'science',
  acct: 'accounting', acctg: 'accounting', acc: 'accounting', fin: 'finance', financial: 'finance', mgmt: 'management', mgt: 'management', mktg: 'marketing', mkt: 'marketing', bus: 'business', busn: 'business',
  admin: 'administration', adm: 'administration', prin: 'principles', princ: 'principles', principle: 'principles', fund: 'fundamentals', fundamental: 'fundamentals', fundamentls: 'fundamentals',
  tech: 'technology', technol: 'technology', info: 'information', sys: 'systems', system: 'systems', prog: 'programming', programing: 'programming', cs: 'computer', comput: 'computer', computing: 'computer',
  dev: 'development', devel: 'development', ed: 'education', educ: 'education', env: 'environmental', envir: 'environmental', environ: 'environmental', environment: 'environmental',
  lab: 'laboratory', labs: 'laboratory', gen: 'general', genl: 'general', adv: 'advanced', advan: 'advanced', spec: 'special', sel: 'selected', ind: 'independent', indep: 'independent', res: 'research',
  comm: 'communication', communications: 'communication', commun: 'communication', spch: 'speech', lang: 'language', mus: 'music', phil: 'philosophy', philos: 'philosophy', rel: 'religion', relig: 'religious',
  crim: 'criminal', just: 'justice', geog: 'geography', geo: 'geography', astro: 'astronomy', astr: 'astronomy', nutr: 'nutrition', hlth: 'health', wrld: 'world', civ: 'civilization', civil: 'civilization',
  span: 'spanish', fren: 'french', ger: 'german', germ: 'german', contemp: 'contemporary', mod: 'modern', trad: 'traditional', sem: 'seminar', surv: 'survey', persp: 'perspectives',
  i: '1', ii: '2', iii: '3', iv: '4', v: '5', one: '1', two: '2', three: '3', first: '1', second: '2',
};

const STOPWORDS = new Set(['to', 'of', 'the', 'and', 'in', 'for', 'a', 'an', 'with', 'on', 'at', 'by', 'its', 'from']);

/** "Methods" → "method", "Studies" → "study"; leaves calculus, analysis, physics alone. */
function stemPlural(word: string): string {
  if (word.length <= 4) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !/(ss|us|is|ics|as)$/.test(word)) return word.slice(0, -1);
  return word;
}

const tokenCache = new Map<string, string[]>();

/** Lower-case content words with abbreviations expanded and a light plural stem. */
export function titleTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  const cached = tokenCache.get(text);
  if (cached) return cached;
  const tokens = text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !STOPWORDS.has(word))
    .map((word) => ABBREVIATIONS[word] ?? word)
    .map(stemPlural);
  // Bounded so that a long-running server does not grow without limit.
  if (tokenCache.size > 200_000) tokenCache.clear();
  tokenCache.set(text, tokens);
  return tokens;
}

const SEQUENCE = /^[1-9]$/;

function wordMatch(a: string, b: string): number {
  if (a === b) return 1;
  if (SEQUENCE.test(a) || SEQUENCE.test(b)) return 0;
  // Unknown abbreviations: "Amer" ~ "American", "Managerl" ~ "Managerial".
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 3 && long.startsWith(short)) return 0.8;
  return 0;
}

/** Soft Dice coefficient over content words (each word's best match on the other side). */
export function tokenSimilarity(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const best = (from: string[], to: string[]) => from.reduce((sum, word) => sum + Math.max(...to.map((other) => wordMatch(word, other))), 0);
  return (best(a, b) + best(b, a)) / (a.length + b.length);
}

const trigramCache = new Map<string, Set<string>>();

function trigrams(text: string): Set<string> {
  const cached = trigramCache.get(text);
  if (cached) return cached;
  if (trigramCache.size > 200_000) trigramCache.clear();
  const padded = `  ${text} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  trigramCache.set(text, grams);
  return grams;
}

/** Dice coefficient over character trigrams. */
export function trigramSimilarity(a: string, b: string): number {
  if (!a || !b) return 0;
  const left = trigrams(a);
  const right = trigrams(b);
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared += 1;
  return (2 * shared) / (left.size + right.size);
}

/**
 * Words that name different courses of one family: "Principles of Microeconomics" is not "Principles of
 * Macroeconomics", though nearly every letter is shared; nor is Elementary Spanish Intermediate Spanish.
 */
const CONTRASTS: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['microeconomics', 'macroeconomics']),
  new Set(['organic', 'inorganic']),
  new Set(['elementary', 'intermediate', 'advanced']),
];

/** True when both titles carry a different word of one contrast family and neither carries the other's. */
function contrastMismatch(left: string[], right: string[]): boolean {
  return CONTRASTS.some((family) => {
    const leftWords = left.filter((word) => family.has(word));
    const rightWords = right.filter((word) => family.has(word));
    return leftWords.length > 0 && rightWords.length > 0 && !leftWords.some((word) => rightWords.includes(word));
  });
}

/** 0..1 title likeness; a mismatched sequence number (I vs II) or contrast word (micro vs macro) costs 40 %. */
export function titleSimilarity(a: string | null | undefined, b: string | null | undefined): number {
  const left = titleTokens(a);
  const right = titleTokens(b);
  if (left.length === 0 || right.length === 0) return 0;
  const score = 0.6 * tokenSimilarity(left, right) + 0.4 * trigramSimilarity(left.join(' '), right.join(' '));
  const leftSequence = left.filter((word) => SEQUENCE.test(word));
  const rightSequence = right.filter((word) => SEQUENCE.test(word));
  const sequenceMismatch = leftSequence.length > 0 && rightSequence.length > 0 && leftSequence.join() !== rightSequence.join();
  return sequenceMismatch || contrastMismatch(left, right) ? score * 0.6 : score;
}

/** The content words of a description (three letters or more), each with its count. */
function descriptionWords(text: string | null | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of titleTokens(text)) if (word.length > 2) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/**
 * How rare each description word is among a set of descriptions (inverse document frequency): "course", "students" and
 * "prerequisite" are in most catalogue descriptions and say nothing about which course it is.
 */
export function descriptionWordWeights(descriptions: Iterable<string | null | undefined>): (word: string) => number {
  const documents = new Map<string, number>();
  let total = 0;
  for (const description of descriptions) {
    if (!description) continue;
    total += 1;
    for (const word of descriptionWords(description).keys()) documents.set(word, (documents.get(word) ?? 0) + 1);
  }
  return (word) => Math.log((total + 1) / ((documents.get(word) ?? 0) + 1)) + 1;
}

/** Cosine similarity of word counts, for catalogue descriptions; `weightOf` (descriptionWordWeights) favours rare words. */
export function descriptionSimilarity(a: string | null | undefined, b: string | null | undefined, weightOf: (word: string) => number = () => 1): number {
  const left = descriptionWords(a);
  const right = descriptionWords(b);
  if (left.size === 0 || right.size === 0) return 0;
  let dot = 0;
  for (const [word, n] of left) dot += n * (right.get(word) ?? 0) * weightOf(word) ** 2;
  const norm = (counts: Map<string, number>) => Math.sqrt([...counts].reduce((sum, [word, n]) => sum + (n * weightOf(word)) ** 2, 0));
  return dot / (norm(left) * norm(right));
}

/**
 * The words of course search, in one place for what a student types and what a catalogue prints: both are read into the
 * same canonical words, so "psych", "Psychology" and "PSYCHOLOGY" meet, "Amer Govt & Pol" is American government and
 * politics, and "A&P" is anatomy and physiology. Titles and questions go through `titleWords` / `readWords`; the
 * ranking (search-index.ts) compares canonical words only. See docs/decisions/120-search-relevance.md.
 */

/** Words that carry no meaning in a course title. */
const FUNCTION_WORDS = new Set('a an the and or of to for in on at by with from into via per than as & plus'.split(' '));

/** What else a question says around the course it means ("I want to transfer…"): dropped from a question's words. */
const FILLER_WORDS = new Set(
  `i i'm im i've ive i'd me my mine we our you your it its this that these those there here is am are was were be been
  do does did can could would should will shall may might must want wants need needs needed like looking look trying
  try hoping hope plan planning going gonna go goes attend attends attending currently current now still next also just
  really please thanks hi hello hey um uh transfer transfers transferring transferred transferable move moving switch
  take taking took class classes course courses credit credits find get see know which what how where when who whether
  if any some all student equivalent equivalents equivalency count counts toward towards help semester term name named
  called wanna`.split(/\s+/),
);

/**
 * Short forms and spellings, as catalogues and students write them, and the canonical word each means. A canonical
 * word maps to itself implicitly.
 */
const SYNONYMS: Record<string, string> = {
  // level and kind words (see LEVEL_WORDS and KIND_WORDS)
  intro: 'introduction', intr: 'introduction', introd: 'introduction', introductory: 'introduction', introduc: 'introduction',
  prin: 'principles', princ: 'principles', principals: 'principles', princip: 'principles', principle: 'principles', prncpl: 'principles',
  gen: 'general', genl: 'general',
  elem: 'elementary', fund: 'fundamentals', fundamental: 'fundamentals', fundmntls: 'fundamentals', fnds: 'fundamentals', found: 'foundations', foundation: 'foundations',
  lab: 'laboratory', labs: 'laboratory', lb: 'laboratory',
  sem: 'seminar', seminr: 'seminar', coop: 'cooperative', 'co-op': 'cooperative', internship: 'internship',
  hon: 'honors', honor: 'honors', honours: 'honors',
  dev: 'developmental', remedial: 'developmental', prep: 'preparatory', preparation: 'preparatory',
  // subjects and common title words
  psych: 'psychology', psy: 'psychology', psyc: 'psychology', psychological: 'psychology',
  econ: 'economics', economic: 'economics', eco: 'economics', ec: 'economics',
  macroecon: 'macroeconomics', macroeconomic: 'macroeconomics', macro: 'macroeconomics',
  microecon: 'microeconomics', microeconomic: 'microeconomics',
  chem: 'chemistry', chm: 'chemistry', chemstry: 'chemistry', chemical: 'chemistry',
  bio: 'biology', biol: 'biology', biolog: 'biology', biological: 'biology',
  biochem: 'biochemistry', orgo: 'organic',
  calc: 'calculus',
  precalc: 'precalculus',
  stat: 'statistics', stats: 'statistics', statistic: 'statistics', statistical: 'statistics', statis: 'statistics',
  trig: 'trigonometry', alg: 'algebra',
  math: 'mathematics', maths: 'mathematics', mathematical: 'mathematics', mth: 'mathematics',
  engl: 'english', eng: 'english',
  comp: 'composition', compositon: 'composition', writ: 'writing', wrtg: 'writing', wrtng: 'writing',
  lit: 'literature', lits: 'literature', literatures: 'literature',
  hist: 'history', hs: 'history', historical: 'history',
  amer: 'american', america: 'american', am: 'american', us: 'american', usa: 'american',
  civ: 'civilization', cvilizations: 'civilization', civilizations: 'civilization', civilizatio: 'civilization',
  gov: 'government', govt: 'government', govern: 'government', govnmt: 'government', governmt: 'government', gvt: 'government',
  pol: 'politics', poli: 'politics', political: 'politics', polit: 'politics', pltcs: 'politics', polisci: 'politics',
  soc: 'sociology', socl: 'sociology', soci: 'sociology', sociol: 'sociology', sociological: 'sociology',
  phil: 'philosophy', philo: 'philosophy',
  phys: 'physics', physic: 'physics',
  anat: 'anatomy', physiol: 'physiology', physlg: 'physiology', physlgy: 'physiology', physiolog: 'physiology',
  comm: 'communication', communications: 'communication', com: 'communication', communicati: 'communication',
  spkng: 'speaking', speak: 'speaking',
  acct: 'accounting', acctg: 'accounting', accting: 'accounting',
  mgmt: 'management', mgt: 'management',
  bus: 'business',
  sci: 'science', sciences: 'science',
  anthro: 'anthropology', anth: 'anthropology',
  geog: 'geography', geol: 'geology',
  astro: 'astronomy',
  span: 'spanish', fren: 'french',
  coll: 'college', univ: 'university',
  env: 'environmental', envir: 'environmental', environ: 'environmental',
  tech: 'technology', technical: 'technology',
  programing: 'programming',
  approp: 'appropriate',
};

/** Two-word phrases read as one canonical word (or as two: a space-separated value). */
const PHRASES: Record<string, string> = {
  'poli sci': 'politics', 'political science': 'politics', 'pol sci': 'politics',
  'comp sci': 'computer science', 'computer sci': 'computer science',
  'united states': 'american', 'u s': 'american',
  'a p': 'anatomy physiology', 'a and p': 'anatomy physiology',
  'western civ': 'western civilization',
  'pre calculus': 'precalculus', 'pre calc': 'precalculus',
  'co op': 'cooperative',
  'special topics': 'topics', 'selected topics': 'topics', 'current topics': 'topics', 'special problem': 'topics', 'special problems': 'topics',
  'independent study': 'independent', 'directed study': 'independent', 'individual study': 'independent', 'directed independent': 'independent',
  'study abroad': 'abroad', 'travel study': 'abroad',
  'college prep': 'preparatory', 'college preparatory': 'preparatory',
};

/** Words that say the course is the first in its subject: "intro", "general", "principles of", "survey of". */
export const INTRODUCTORY_WORDS = new Set(['introduction', 'general', 'principles', 'survey', 'fundamentals', 'elementary', 'basic', 'foundations', 'beginning', 'essentials', 'concepts']);

/** Words that name a kind of course a student finds only by asking for it. */
export const KIND_WORDS = new Set([
  'seminar', 'cooperative', 'internship', 'topics', 'research', 'independent', 'practicum', 'capstone', 'abroad', 'thesis',
  'dissertation', 'workshop', 'apprenticeship', 'tutor', 'externship', 'fieldwork', 'colloquium', 'orientation', 'methods',
]);

export const LAB_WORD = 'laboratory';
export const HONORS_WORD = 'honors';
/** College-prep and remedial courses: no degree credit, found only when asked for. */
export const PREPARATORY_WORDS = new Set(['developmental', 'preparatory', 'remedial', 'precollege', 'prealgebra', 'basic skills']);
export const GRADUATE_WORDS = new Set(['graduate', 'masters', 'doctoral', 'phd']);

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, one: 1, two: 2, three: 3, four: 4, first: 1, second: 2, third: 3 };

/**
 * Subject codes and the subject word each stands for, so "psychology" finds PSY, PSYC and PSYCH courses whose titles
 * say something else ("Positive Psychology" is titled; "POS 2041 American National Government" is political science).
 */
const SUBJECT_CODES: Record<string, string> = {
  psychology: 'psy psyc psych clp dep sop exp ppe psyx',
  economics: 'eco econ economic ecn ecp econs',
  chemistry: 'chm chem chemstry chemt',
  biology: 'bsc bio biol biology bios gbio pcb zoo bot mcb bisc genbiol bioscience',
  mathematics: 'mac mat mgf math mth maa map mas mhf',
  statistics: 'sta stat stats',
  english: 'enc eng engl english enl aml lit writ eng_comp commsk engr_comp',
  history: 'amh euh woh his hist history',
  politics: 'pos pol poli pols politsc posc govt poli_sci inr polsci polisci',
  sociology: 'syg soc socl soci sociol sociology',
  philosophy: 'phi phil philos philosophy',
  physics: 'phy phys physics',
  communication: 'spc cmst comm cst spch com_arts commstu',
  computer: 'cop cgs csc comp_sci cs cis cse cosc',
  accounting: 'acg acct acctg accting',
  spanish: 'spn span spanish',
  french: 'fre fren french',
  anthropology: 'ant anth anthro anthrop',
  art: 'arh arth art',
  music: 'mul mus musc music',
  religion: 'rel rels religion',
  geography: 'geo geog geography',
  geology: 'gly geol geology',
  astronomy: 'ast astr astron astronomy',
};

const SUBJECT_OF_CODE = new Map<string, string>(
  Object.entries(SUBJECT_CODES).flatMap(([word, codes]) => codes.split(' ').map((code) => [code.replace(/_/g, ' '), word] as const)),
);

/** The subject word a course's subject code stands for ('PSYC' → 'psychology'), or null. */
export function subjectWordOfCode(subject: string): string | null {
  return SUBJECT_OF_CODE.get(subject.toLowerCase().replace(/\s+/g, ' ').trim()) ?? null;
}

/** The subject words a search can name by a subject code's family ('psychology', 'politics', …). */
export const SUBJECT_WORDS: ReadonlySet<string> = new Set(Object.keys(SUBJECT_CODES));

/** A word in the one form both sides are compared in: lower case, plural 's' dropped, short forms read. */
export function canonicalWord(raw: string): string {
  const word = raw.toLowerCase().replace(/[’']/g, '').replace(/\.$/, '');
  const direct = SYNONYMS[word];
  if (direct) return direct;
  const singular = singularOf(word);
  return SYNONYMS[singular] ?? singular;
}

/** 'religions' → 'religion', 'studies' → 'study'; words that end in -ss, -us, -is, -ics keep their 's'. */
function singularOf(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (/(ss|us|is|ics|ous|sis)$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  return word.slice(0, -1);
}

/** A sequence marker ('I', 'ii', '2', 'two') as its number, or null. */
export function sequenceOf(raw: string): number | null {
  const lower = raw.toLowerCase();
  if (/^[1-4]$/.test(lower)) return Number(lower);
  return ROMAN[lower] ?? null;
}

/** A word no title is searched by ('of', 'the'). */
export const isFunctionWord = (word: string) => FUNCTION_WORDS.has(word.toLowerCase());
/** A word of a question that is not about the course ('I', 'want', 'transfer', and the function words). */
export const isFillerWord = (word: string) => FUNCTION_WORDS.has(word.toLowerCase()) || FILLER_WORDS.has(word.toLowerCase());

/** Tokens of a text: letters and digits, keeping '&' (read as 'and') and inner apostrophes. */
export function tokensOf(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*|&/gu) ?? []).map((token) => token.toLowerCase());
}

/**
 * Joins known two-word phrases in a list of lower-case tokens into their canonical words; the rest canonicalised one
 * by one. Returns canonical words in order (a phrase may give two).
 */
export function canonicalWords(tokens: readonly string[]): string[] {
  const words: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const pair = `${tokens[index]} ${tokens[index + 1] ?? ''}`;
    const triple = `${pair} ${tokens[index + 2] ?? ''}`;
    if (PHRASES[triple]) {
      words.push(...PHRASES[triple]!.split(' '));
      index += 2;
    } else if (PHRASES[pair]) {
      words.push(...PHRASES[pair]!.split(' '));
      index += 1;
    } else words.push(canonicalWord(tokens[index]!));
  }
  return words;
}

/** What a course title says, read once when the index is built. */
export interface TitleReading {
  /** Canonical content words (no stop words, no sequence markers, no catalogue tags like "(Xs)"). */
  words: string[];
  /** The sequence the title names ('Calculus II' → 2), or 0. */
  sequence: number;
  introductory: boolean;
  kind: boolean;
  lab: boolean;
  honors: boolean;
  preparatory: boolean;
}

/** Catalogue tags that are not part of the title: Wisconsin's "(Xs)", "(Ns)(Xl)", "(Es)(Xc)". */
const TAGS = /\((?:[A-Za-z]{1,3})\)/g;

export function readTitle(title: string): TitleReading {
  const honorsPrefix = /^\s*H\s*:/i.test(title);
  const tokens = tokensOf(title.replace(TAGS, ' ').replace(/^\s*H\s*:/i, ' '));
  let sequence = 0;
  const words: string[] = [];
  for (const word of canonicalWords(tokens)) {
    const number = sequenceOf(word);
    if (number !== null && !/^(one|two|three|four|first|second|third)$/.test(word)) {
      if (sequence === 0) sequence = number;
      continue;
    }
    if (isFunctionWord(word)) continue;
    words.push(word);
  }
  const has = (set: ReadonlySet<string>) => words.some((word) => set.has(word));
  return {
    words,
    sequence,
    introductory: words.slice(0, 2).some((word) => INTRODUCTORY_WORDS.has(word)),
    kind: has(KIND_WORDS),
    lab: words.includes(LAB_WORD) && !words.some((word) => word === 'lecture' || word === 'lec'),
    honors: honorsPrefix || words.includes(HONORS_WORD),
    preparatory: has(PREPARATORY_WORDS),
  };
}

/** Words a title keeps in capitals when a catalogue prints the whole title in capitals. */
const KEEP_CAPITALS = new Set(['us', 'usa', 'u.s.', 'ii', 'iii', 'iv', 'vi', 'vii', 'viii', 'ix', 'xi', 'xii', 'hiv', 'aids', 'stem', 'sql', 'html', 'css', 'gis', 'cad', 'cpr', 'emt', 'ems', 'esl', 'tv', 'it', 'ai', 'ems', 'rn', 'lpn', 'cnc', 'hvac', 'ekg', 'ecg', 'pc', 'ios', 'c++', 'c#', 'dna', 'rna']);
const LOWER_IN_TITLES = new Set(['a', 'an', 'the', 'and', 'or', 'nor', 'but', 'of', 'to', 'for', 'in', 'on', 'at', 'by', 'with', 'from', 'as', 'via', 'vs']);

/**
 * A title as a card shows it: as the catalogue prints it, or in title case when the catalogue prints it all in capitals
 * ("GENERAL PSYCHOLOGY" → "General Psychology", "CALCULUS II" → "Calculus II", "US MODERN WORLD SINCE 1945" → "US Modern
 * World Since 1945").
 */
export function displayTitle(title: string): string {
  if (/\p{Ll}/u.test(title) || !/\p{Lu}/u.test(title)) return title;
  let first = true;
  return title.replace(/[\p{L}\p{N}][\p{L}\p{N}'’.+#]*/gu, (word) => {
    const lower = word.toLowerCase();
    const shown = KEEP_CAPITALS.has(lower) ? word : LOWER_IN_TITLES.has(lower) && !first ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    first = false;
    return shown;
  });
}

/**
 * Every name a school goes by, written out once: its name, its key, its other names (the federal directory's official
 * name and reported aliases, Crosswalk's own, an earlier name), and the short forms students use, derived by rule:
 *
 *   "University of Wisconsin-Madison" ↔ "UW-Madison"      (also UC, UNC, UT, UMass, LSU, UL, CSU / Cal State)
 *   "Kapiolani Community College"      ↔ "Kapiolani CC"
 *   "Florida State University"         ↔ "Florida State"
 *   "Saint Petersburg College"         ↔ "St. Petersburg College"
 *   "Delgado Community College"         → "Delgado"        (a name without its kind words: what students type)
 *   "Ohio State University-Main Campus" → "Ohio State University"; "The Ohio State University" → "Ohio State University"
 *
 * "&" and "and", "A & M" and "A&M" need no rule: the one normalised form (normalizeSchoolName) reads them alike.
 * Each form is stored in `institution_aliases` with its kind (source), so every lookup reads the same forms. A short
 * form often names several schools ("Boston" is Boston College and Boston University): that is expected, and a form
 * two schools share never decides alone (school-resolution.ts).
 *
 * Pure: no database. The loader of the directory, the admin's Universities Management and the tests call it.
 */
import { normalizeSchoolName } from '../../../shared/institutions/school-names';

/** What kind of name a stored form is: the school's name, its key, another name it goes by, or a derived short form. */
export type NameSource = 'name' | 'key' | 'alias' | 'short';

export interface SchoolNameForm {
  alias: string;
  normalized: string;
  source: NameSource;
}

/** Lower source rank = stronger: a school's own name outranks an alias, which outranks a derived short form. */
export const SOURCE_RANK: Readonly<Record<NameSource, number>> = { name: 0, key: 0, alias: 1, short: 2 };

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The aliases a directory row reports, one field: separated by "|", ";", "/", two or more spaces, or (when nothing else
 * separates them) commas: "LA Tech, Louisiana Tech, Tech", "UCSD  UC San Diego", "Kapiolani CC / KCC". A comma part
 * that is only the school's city ("Marian University, Indianapolis") or a company suffix ("Inc.") is not a name.
 */
export function splitReportedAliases(field: string, school: { name: string; city?: string | null } = { name: '' }): string[] {
  const text = field.trim();
  if (!text) return [];
  const strong = /\||;|\s\/\s|\/|\s{2,}/;
  let parts = text.split(/\s*\|\s*|\s*;\s*|\s*\/\s*|\s{2,}/);
  if (!strong.test(text)) {
    const commaParts = text.split(/\s*,\s*/);
    const city = school.city ? normalizeSchoolName(school.city) : null;
    const isName = (part: string) => part.length > 1 && normalizeSchoolName(part) !== city && !/^(?:inc|llc|ltd|corp)\.?$/i.test(part);
    if (commaParts.length > 1 && commaParts.every(isName)) parts = commaParts;
    else if (/\s+or\s+/i.test(text)) parts = text.split(/\s+or\s+/i);
  }
  const own = normalizeSchoolName(school.name);
  const seen = new Set<string>();
  const aliases: string[] = [];
  for (const raw of parts) {
    const alias = collapse(raw.replace(/^(?:dba|d\/b\/a)\b[-:\s]*/i, '').replace(/[-,\s]+$/, ''));
    const normalized = normalizeSchoolName(alias);
    if (normalized.length < 2 || normalized === own || seen.has(normalized)) continue;
    seen.add(normalized);
    aliases.push(alias);
  }
  return aliases;
}

/** The name Crosswalk shows for a directory row: its official name without "-Main Campus". */
export function displayNameOf(officialName: string): string {
  return collapse(officialName.replace(/\s*-\s*Main Campus$/i, ''));
}

/**
 * Abbreviations data files write in school names ("Madison Area Tech. College", "Wis. Indianhead Tech. College",
 * "Fla. State Univ."), written out: how a loader or a reader finds the school the directory spells in full.
 */
const ABBREVIATIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bTech\.(?=\s|$)/gi, 'Technical'],
  [/\bTechnical\s+Coll\.?(?=\s|$)/gi, 'Technical College'],
  [/\bColl\.(?=\s|$)/gi, 'College'],
  [/\bUniv\.?(?=\s|$)/gi, 'University'],
  [/\bComm\.(?=\s|$)/gi, 'Community'],
  [/\bCmty\.?(?=\s|$)/gi, 'Community'],
  [/\bInst\.(?=\s|$)/gi, 'Institute'],
  [/\bWis\.(?=\s|$)/gi, 'Wisconsin'],
  [/\bFla\.(?=\s|$)/gi, 'Florida'],
];

export function expandAbbreviations(name: string): string {
  let text = name;
  for (const [pattern, replacement] of ABBREVIATIONS) text = text.replace(pattern, replacement);
  return collapse(text);
}

/**
 * State systems whose campuses go by the system's initials and the campus ("UW-Madison", "UC San Diego", "LSU Eunice",
 * "UNC Chapel Hill", "UT Austin", "Cal State Long Beach"). The full name is followed by "-", ",", " at " or a space.
 */
const SYSTEM_SHORT_NAMES: ReadonlyArray<[string, string[]]> = [
  ['University of Wisconsin', ['UW']],
  ['University of California', ['UC']],
  ['University of North Carolina', ['UNC']],
  ['University of Massachusetts', ['UMass']],
  ['University of Texas', ['UT']],
  ['University of Louisiana', ['UL']],
  ['Louisiana State University', ['LSU']],
  ['California State University', ['CSU', 'Cal State']],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function systemForms(name: string): string[] {
  const forms: string[] = [];
  for (const [full, shorts] of SYSTEM_SHORT_NAMES) {
    const long = new RegExp(`^${escapeRegExp(full)}(?:\\s*[-–,]\\s*|\\s+at\\s+|\\s+)(?!(?:and|of|system|board)\\b)(.+)$`, 'i').exec(name);
    if (long) for (const short of shorts) forms.push(`${short}-${long[1]}`);
    for (const short of shorts) {
      const abbreviated = new RegExp(`^${escapeRegExp(short)}(?:\\s*[-–]\\s*|\\s+)(.+)$`).exec(name);
      if (abbreviated) forms.push(`${full}-${abbreviated[1]}`);
    }
  }
  return forms;
}

/** Kinds of school a name ends in; without them the rest is what students often type ("Delgado", "De Anza"). */
const TRAILING_KIND = /^(.+?)\s+(?:Community and Technical College|Technical Community College|Community College|Junior College|Technical College|State College|College|University)$/i;

/**
 * The short forms a name gives by rule (not the name itself). `withoutKind: false` keeps the kind words: an alias such
 * as "Madison College" is already short, and "Madison" alone would be someone else's name.
 */
export function shortFormsOf(name: string, { withoutKind = true }: { withoutKind?: boolean } = {}): string[] {
  const forms = new Set<string>();
  const add = (form: string) => {
    const text = collapse(form);
    if (text && normalizeSchoolName(text) !== normalizeSchoolName(name)) forms.add(text);
  };
  const bases = new Set([collapse(name), displayNameOf(name)]);
  for (const base of [...bases]) {
    const withoutThe = base.replace(/^The\s+/i, '');
    bases.add(withoutThe);
    // "Colorado State University-Global Campus" → "Colorado State University-Global".
    bases.add(withoutThe.replace(/(\S)\s+Campus$/i, '$1'));
  }
  for (const base of bases) {
    add(base);
    for (const form of systemForms(base)) add(form);
    const community = /^(.+?)\s+Community College(.*)$/i.exec(base);
    if (community) add(`${community[1]} CC${community[2]}`);
    const cc = /^(.+?)\s+CC$/.exec(base);
    if (cc) add(`${cc[1]} Community College`);
    const state = /^(.+?\sState)\s+University(?:$|\s*[-–,]|\s+(?:at|of)\s)/i.exec(base);
    if (state) add(state[1]!);
    const stateOnly = /^(.+?\sState)$/i.exec(base);
    if (stateOnly) add(`${stateOnly[1]} University`);
    const kind = withoutKind ? TRAILING_KIND.exec(base) : null;
    if (kind && !/^(?:the|state|university|college|community)$/i.test(kind[1]!)) add(kind[1]!);
  }
  // "A & M" ↔ "Agricultural and Mechanical", "A & T" ↔ "Agricultural and Technical", in every form made so far.
  for (const form of [...forms, name]) {
    for (const [letters, words] of [['M', 'Mechanical'], ['T', 'Technical']] as const) {
      const short = new RegExp(`\\bA\\s*&\\s*${letters}\\b`);
      const long = new RegExp(`\\bAgricultural\\s+(?:and|&)\\s+${words}\\b`, 'i');
      if (short.test(form)) add(form.replace(short, `Agricultural and ${words}`));
      if (long.test(form)) add(form.replace(long, `A&${letters}`));
    }
  }
  // "Saint" ↔ "St." in every form made so far.
  for (const form of [...forms, name]) {
    if (/\bSaint\b/i.test(form)) add(form.replace(/\bSaint\b/gi, 'St.'));
    if (/\bSt\.?(?=\s)/.test(form)) add(form.replace(/\bSt\.?(?=\s)/g, 'Saint'));
  }
  return [...forms];
}

/**
 * Every stored form of a school: its name and key, its other names, and the short forms of its name and other names.
 * One form per normalised spelling, the strongest kind winning (a name that is also a short form stays a name).
 */
export function nameFormsOf(school: { name: string; key?: string | null; aliases?: readonly string[] }): SchoolNameForm[] {
  const byNormalized = new Map<string, SchoolNameForm>();
  const add = (alias: string, source: NameSource) => {
    const text = collapse(alias);
    const normalized = normalizeSchoolName(text);
    if (!normalized) return;
    const existing = byNormalized.get(normalized);
    if (!existing || SOURCE_RANK[source] < SOURCE_RANK[existing.source]) byNormalized.set(normalized, { alias: text, normalized, source });
  };
  add(school.name, 'name');
  if (school.key) add(school.key, 'key');
  for (const alias of school.aliases ?? []) add(alias, 'alias');
  for (const form of shortFormsOf(school.name)) add(form, 'short');
  for (const alias of school.aliases ?? []) for (const form of shortFormsOf(alias, { withoutKind: false })) add(form, 'short');
  return [...byNormalized.values()];
}

/**
 * The host a web address names, without "www." and any path: "https://www.lsu.edu/registrar" → "lsu.edu",
 * "www.kapiolani.hawaii.edu/" → "kapiolani.hawaii.edu". Null when there is none.
 */
export function webDomainOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const host = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/?#:\s]+)/i.exec(address.trim())?.[1]?.toLowerCase();
  if (!host || !/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(host)) return null;
  return host.replace(/^www\d?\./, '');
}

/**
 * The domains a host may belong to, most specific first: "selfservice.bluestem.edu" → ["selfservice.bluestem.edu",
 * "bluestem.edu"]. Stops at two labels ("edu" alone names no school).
 */
export function domainsToTry(host: string): string[] {
  const labels = host.toLowerCase().replace(/^www\d?\./, '').split('.');
  const domains: string[] = [];
  for (let start = 0; labels.length - start >= 2; start++) domains.push(labels.slice(start).join('.'));
  return domains;
}

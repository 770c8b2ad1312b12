/**
 * Search filter options (spec section 9) and the subject keyword map (spec section 5, "Manual filtering"). The terms,
 * which follow the date, are src/shared/terms.ts's.
 *
 * Shared by the browser and the server: no Node, DOM or database imports.
 */

export interface SearchOption<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

/** A non-empty tuple of option values, the shape `z.enum` wants. */
export type OptionValues<T extends readonly SearchOption[]> = readonly [
  T[number]['value'],
  ...T[number]['value'][],
];

/** The values of an option list, in order. */
export function optionValues<const T extends readonly SearchOption[]>(options: T): OptionValues<T> {
  return options.map((option) => option.value) as unknown as OptionValues<T>;
}

/** The label for a value, or undefined when the value is not one of the options. */
export function optionLabel(options: readonly SearchOption[], value: string | null | undefined): string | undefined {
  if (value == null) return undefined;
  return options.find((option) => option.value === value)?.label;
}

/** Type guard: is `value` one of the option values? */
export function isOptionValue<const T extends readonly SearchOption[]>(
  options: T,
  value: unknown,
): value is T[number]['value'] {
  return typeof value === 'string' && options.some((option) => option.value === value);
}

// ---------------------------------------------------------------------------
// Delivery formats, institution types
// ---------------------------------------------------------------------------

export const DELIVERY_FORMAT_OPTIONS = [
  { value: 'online', label: 'Online' },
  { value: 'in-person', label: 'In-Person' },
  { value: 'hybrid', label: 'Hybrid' },
] as const satisfies readonly SearchOption[];
export type DeliveryFormat = (typeof DELIVERY_FORMAT_OPTIONS)[number]['value'];
export const DELIVERY_FORMATS = optionValues(DELIVERY_FORMAT_OPTIONS);

export const INSTITUTION_TYPE_OPTIONS = [
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
] as const satisfies readonly SearchOption[];
export const INSTITUTION_TYPES = optionValues(INSTITUTION_TYPE_OPTIONS);

// Terms depend on the date (the current and the next academic year): src/shared/terms.ts.

/** Course levels a search may ask for: "intro"/"introductory" means lower-level (first- and second-year) courses. */
export const COURSE_LEVEL_OPTIONS = [
  { value: 'lower', label: 'Lower-level (intro) courses' },
  { value: 'upper', label: 'Upper-level courses' },
] as const satisfies readonly SearchOption[];
export type CourseLevel = (typeof COURSE_LEVEL_OPTIONS)[number]['value'];
export const COURSE_LEVELS = optionValues(COURSE_LEVEL_OPTIONS);

// ---------------------------------------------------------------------------
// Subjects
// ---------------------------------------------------------------------------

/** The subject areas offered by the search filters (spec section 9). */
export const SUBJECT_AREA_OPTIONS = [
  { value: 'biology', label: 'Biology' },
  { value: 'chemistry', label: 'Chemistry' },
  { value: 'economics', label: 'Economics' },
  { value: 'english', label: 'English' },
  { value: 'history', label: 'History' },
  { value: 'mathematics', label: 'Mathematics' },
  { value: 'psychology', label: 'Psychology' },
] as const satisfies readonly SearchOption[];
export const SUBJECT_AREAS = optionValues(SUBJECT_AREA_OPTIONS);

/**
 * Every subject smart search can recognise: the seven subject areas plus
 * political science, which spec section 5 lists for smart search but
 * section 9 does not offer as a filter option.
 */
export const SEARCH_SUBJECT_OPTIONS = [
  ...SUBJECT_AREA_OPTIONS,
  { value: 'political-science', label: 'Political Science' },
] as const satisfies readonly SearchOption[];
export type SearchSubject = (typeof SEARCH_SUBJECT_OPTIONS)[number]['value'];
export const SEARCH_SUBJECTS = optionValues(SEARCH_SUBJECT_OPTIONS);

/**
 * Subject keyword map (spec section 5): the lowercase keywords a course code
 * or title is matched against for each subject (e.g. econ → economics, eco).
 */
export const SUBJECT_KEYWORDS: Readonly<Record<SearchSubject, readonly string[]>> = {
  biology: ['bio', 'bsc', 'biol'],
  chemistry: ['chem', 'chm'],
  economics: ['economics', 'eco'],
  english: ['english', 'enc', 'engl'],
  history: ['history', 'hist'],
  mathematics: ['math', 'mac', 'mat', 'mgf', 'sta'],
  psychology: ['psy', 'psyc', 'psych'],
  'political-science': ['pos', 'poli', 'polsci'],
};

/** Other names a caller may use for a subject (lowercase, single spaces). */
const SUBJECT_NAME_ALIASES: Readonly<Record<string, SearchSubject>> = {
  econ: 'economics',
  eco: 'economics',
  hist: 'history',
  engl: 'english',
  math: 'mathematics',
  maths: 'mathematics',
  bio: 'biology',
  chem: 'chemistry',
  psych: 'psychology',
  psy: 'psychology',
  'political science': 'political-science',
  'political-science': 'political-science',
  polisci: 'political-science',
  'poli sci': 'political-science',
};

/** Resolve a subject value or common name ("econ", "Political Science") to a subject key. */
export function resolveSubject(subject: string | null | undefined): SearchSubject | undefined {
  if (subject == null) return undefined;
  const normalised = subject.trim().toLowerCase().replace(/\s+/g, ' ');
  if (isOptionValue(SEARCH_SUBJECT_OPTIONS, normalised)) return normalised;
  return SUBJECT_NAME_ALIASES[normalised];
}

/**
 * The keywords of the subject keyword map for a subject ("economics" or
 * "econ" → ['economics', 'eco']); an empty list for an unknown subject.
 */
export function subjectCodesFor(subject: string | null | undefined): readonly string[] {
  const key = resolveSubject(subject);
  return key ? SUBJECT_KEYWORDS[key] : [];
}

// ---------------------------------------------------------------------------
// States
// ---------------------------------------------------------------------------

export const STATE_OPTIONS = [
  { value: 'CA', label: 'California' },
  { value: 'DE', label: 'Delaware' },
  { value: 'FL', label: 'Florida' },
  { value: 'GA', label: 'Georgia' },
  { value: 'IL', label: 'Illinois' },
  { value: 'LA', label: 'Louisiana' },
  { value: 'MA', label: 'Massachusetts' },
  { value: 'MI', label: 'Michigan' },
  { value: 'NC', label: 'North Carolina' },
  { value: 'NJ', label: 'New Jersey' },
  { value: 'NY', label: 'New York' },
  { value: 'OH', label: 'Ohio' },
  { value: 'PA', label: 'Pennsylvania' },
  { value: 'TX', label: 'Texas' },
  { value: 'VA', label: 'Virginia' },
  { value: 'WI', label: 'Wisconsin' },
] as const satisfies readonly SearchOption[];
export const STATE_CODES = optionValues(STATE_OPTIONS);

// ---------------------------------------------------------------------------
// Schools
// ---------------------------------------------------------------------------

/** Current and destination school options (spec section 9: about 14). */
export const SCHOOL_OPTIONS = [
  { value: 'miami', label: 'University of Miami' },
  { value: 'miami-ohio', label: 'Miami University (Ohio)' },
  { value: 'florida', label: 'University of Florida' },
  { value: 'fsu', label: 'Florida State University' },
  { value: 'ucf', label: 'University of Central Florida' },
  { value: 'fiu', label: 'Florida International University' },
  { value: 'usf', label: 'University of South Florida' },
  { value: 'delaware', label: 'University of Delaware' },
  { value: 'penn-state', label: 'Pennsylvania State University' },
  { value: 'ohio-state', label: 'The Ohio State University' },
  { value: 'valencia', label: 'Valencia College' },
  { value: 'mdc', label: 'Miami Dade College' },
  { value: 'uw-madison', label: 'University of Wisconsin–Madison' },
  { value: 'william-mary', label: 'William & Mary' },
] as const satisfies readonly SearchOption[];
export type SchoolKey = (typeof SCHOOL_OPTIONS)[number]['value'];
export const SCHOOL_KEYS = optionValues(SCHOOL_OPTIONS);

/** Transcript destinations (spec section 9), exactly these, in this order. */
export const TRANSCRIPT_DESTINATION_KEYS = [
  'miami',
  'miami-ohio',
  'florida',
  'fsu',
  'ucf',
  'fiu',
  'delaware',
  'penn-state',
  'ohio-state',
] as const satisfies readonly SchoolKey[];
export type TranscriptDestination = (typeof TRANSCRIPT_DESTINATION_KEYS)[number];

export const TRANSCRIPT_DESTINATION_OPTIONS: readonly SearchOption<TranscriptDestination>[] =
  TRANSCRIPT_DESTINATION_KEYS.map((value) => ({
    value,
    label: optionLabel(SCHOOL_OPTIONS, value) ?? value,
  }));

/**
 * Names and abbreviations people use for each school, in the normalised form
 * produced by `schoolNameWords` (lowercase, "&" → "and", no dots, other
 * punctuation → spaces, no leading "the").
 */
export const SCHOOL_ALIASES: Readonly<Record<SchoolKey, readonly string[]>> = {
  miami: ['university of miami', 'u of miami', 'u miami', 'umiami', 'um', 'miami'],
  'miami-ohio': [
    'miami university ohio',
    'miami university of ohio',
    'miami university',
    'miami of ohio',
    'miami ohio',
    'miami oh',
    'muohio',
  ],
  florida: ['university of florida', 'u of florida', 'u of f', 'uf', 'ufl'],
  fsu: ['florida state university', 'florida state', 'fsu'],
  ucf: ['university of central florida', 'u of central florida', 'central florida', 'ucf'],
  fiu: ['florida international university', 'florida international', 'fiu'],
  usf: ['university of south florida', 'u of south florida', 'south florida', 'usf'],
  delaware: ['university of delaware', 'u of delaware', 'u del', 'udel', 'ud', 'delaware'],
  'penn-state': ['pennsylvania state university', 'penn state university', 'penn state', 'psu'],
  'ohio-state': ['ohio state university', 'ohio state', 'osu'],
  valencia: ['valencia college', 'valencia community college', 'valencia'],
  mdc: ['miami dade college', 'miami dade community college', 'miami dade', 'mdc'],
  'uw-madison': [
    'university of wisconsin madison',
    'university of wisconsin',
    'u of wisconsin',
    'uw madison',
    'wisconsin madison',
  ],
  'william-mary': ['college of william and mary', 'william and mary', 'w and m'],
};

/**
 * A school name as the search box's words: "The Ohio State University" → "ohio state university". The parser matches
 * these words inside free text; whether two names are the same school is normalizeSchoolName's (shared/institutions).
 */
function schoolNameWords(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}

const SCHOOL_BY_ALIAS: ReadonlyMap<string, SchoolKey> = new Map(
  (Object.entries(SCHOOL_ALIASES) as [SchoolKey, readonly string[]][]).flatMap(([key, aliases]) =>
    [...aliases, schoolNameWords(optionLabel(SCHOOL_OPTIONS, key) ?? key)].map(
      (alias) => [alias, key] as const,
    ),
  ),
);

/**
 * The school key for a full school name, key or known abbreviation
 * ("FSU", "U of Miami", "Miami of Ohio", "fsu"); undefined when unknown.
 */
export function findSchoolKey(name: string | null | undefined): SchoolKey | undefined {
  if (name == null) return undefined;
  if (isOptionValue(SCHOOL_OPTIONS, name.trim())) return name.trim() as SchoolKey;
  return SCHOOL_BY_ALIAS.get(schoolNameWords(name));
}

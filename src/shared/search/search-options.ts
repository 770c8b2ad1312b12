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

// Schools are not an option list: any of the thousands of schools Crosswalk knows can be chosen by any of its names
// (GET /api/schools, features/institutions on the server). The spec's 14 search options and 9 transcript destinations
// are the first choices a picker shows (src/server/features/institutions/first-choices.ts).

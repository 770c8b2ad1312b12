/**
 * Course search schemas shared by the web form and the API.
 *
 * `courseSearchQuerySchema` parses the query string of a course search
 * (every value arrives as a string); `searchFiltersSchema` validates the
 * "Search filters" entity of spec section 3 as stored in a saved search.
 */
// zod/mini: the search page loads this module, and mini's functions are a fraction of classic zod's bytes on a phone.
import * as z from 'zod/mini';
import {
  COURSE_LEVELS,
  DELIVERY_FORMATS,
  INSTITUTION_TYPES,
  SCHOOL_KEYS,
  SEARCH_SUBJECTS,
  STATE_CODES,
} from '../search/search-options';
import { isTermValue, type TermValue } from '../terms';

export const MAX_QUERY_LENGTH = 200;
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 50;
export const MAX_COURSE_CODES = 20;

/** Trim strings; an empty string (or null) means "not given". */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** An optional value of a fixed option list; '' → undefined. */
function optionalEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.pipe(z.transform(blankToUndefined), z.optional(z.enum(values)));
}

/** An optional trimmed text of at most `max` characters; '' → undefined. */
function optionalText(max: number) {
  return z.pipe(z.transform(blankToUndefined), z.optional(z.string().check(z.maxLength(max))));
}

/**
 * A term, 'fall-2026' (src/shared/terms.ts): any well-formed one, not only those offered today, so a search saved last
 * year still opens (it finds what is on file for that term). Compared in lower case.
 */
const termSchema = z.pipe(
  z.transform((value: unknown) => {
    const blank = blankToUndefined(value);
    return typeof blank === 'string' ? blank.toLowerCase() : blank;
  }),
  z.optional(z.custom<TermValue>(isTermValue, { message: 'must be a term such as fall-2026' })),
);

const searchTypeSchema = optionalEnum(['smart', 'manual'] as const);

/** State codes are compared case-insensitively ("fl" → "FL"). */
const stateSchema = z.pipe(
  z.transform((value: unknown) => {
    const blank = blankToUndefined(value);
    return typeof blank === 'string' ? blank.toUpperCase() : blank;
  }),
  z.optional(z.enum(STATE_CODES)),
);

/**
 * Course codes: a comma-separated string in the query string ("U DEL: ECON101,U DEL: HIST103")
 * or a list; items are trimmed, empties and duplicates dropped; none → undefined.
 */
const courseCodesSchema = z.pipe(
  z.transform((value: unknown) => {
    if (value === null || value === undefined) return undefined;
    const items: unknown = typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(items)) return items;
    const cleaned = items.map((item: unknown) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
    const unique = [...new Set(cleaned)];
    return unique.length === 0 ? undefined : unique;
  }),
  z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.maxLength(MAX_COURSE_CODES))),
);

/**
 * What of a search's text to leave out, as the chips the student removed: 'home', 'target', 'code:ENC 1101', 'term'…
 * (a comma-separated string in the query string, or a list).
 */
const withoutSchema = z.pipe(
  z.transform((value: unknown) => {
    if (value === null || value === undefined) return undefined;
    const items: unknown = typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(items)) return items;
    const cleaned = [...new Set(items.map((item: unknown) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== ''))];
    return cleaned.length === 0 ? undefined : cleaned;
  }),
  z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(60))).check(z.maxLength(MAX_COURSE_CODES))),
);

/** The filter fields that can travel in a query string. */
const filterFields = {
  deliveryFormat: optionalEnum(DELIVERY_FORMATS),
  institutionType: optionalEnum(INSTITUTION_TYPES),
  state: stateSchema,
  term: termSchema,
  level: optionalEnum(COURSE_LEVELS),
  homeCollege: optionalEnum(SCHOOL_KEYS),
  targetCollege: optionalEnum(SCHOOL_KEYS),
  transferFromSchool: optionalText(120),
  transferToSchool: optionalText(120),
  targetSubject: optionalEnum(SEARCH_SUBJECTS),
  className: optionalText(80),
  courseCodes: courseCodesSchema,
  extractedName: optionalText(60),
  searchType: searchTypeSchema,
  without: withoutSchema,
};

export const transferScenarioSchema = z.object({
  fromSchool: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  toSchool: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
});

/** The "Search filters" entity of spec section 3 (all fields optional). */
export const searchFiltersSchema = z.object({
  ...filterFields,
  transferScenario: z.pipe(z.transform((value: unknown) => (value === null ? undefined : value)), z.optional(transferScenarioSchema)),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

/** The course search query string, shared by the web form and `GET` search API. */
export const courseSearchQuerySchema = z.object({
  q: z.pipe(
    z.transform((value: unknown) => (value === null || value === undefined ? '' : value)),
    z.string().check(z.trim(), z.maxLength(MAX_QUERY_LENGTH)),
  ),
  ...filterFields,
  /** Opaque pagination cursor returned by the previous page. */
  cursor: optionalText(512),
  limit: z.pipe(
    z.transform((value: unknown) => {
      const blank = blankToUndefined(value);
      return typeof blank === 'string' && /^[+-]?\d+$/.test(blank) ? Number(blank) : blank;
    }),
    z._default(z.int().check(z.minimum(1), z.maximum(MAX_SEARCH_LIMIT)), DEFAULT_SEARCH_LIMIT),
  ),
});
export type CourseSearchQuery = z.infer<typeof courseSearchQuerySchema>;

/** Turn a parsed course search query back into query-string parameters (empties left out). */
export function toCourseSearchParams(query: Partial<CourseSearchQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else if (typeof value === 'string' || typeof value === 'number') {
      params.set(key, String(value));
    }
  }
  return params;
}

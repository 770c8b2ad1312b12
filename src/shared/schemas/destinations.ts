/**
 * "Where your credits count" (issue 39): one transcript against every school Crosswalk can decide for it, ranked by
 * the credits that really transfer. `GET /api/transcripts/:id/destinations` and `npm run analyze -- FILE --destinations`.
 * docs/decisions/180-where-your-credits-count.md.
 */
import { z } from 'zod';
import type { VerdictClass } from './verdict-class';

export const SCHOOL_CONTROLS = ['public', 'private'] as const;
export type SchoolControl = (typeof SCHOOL_CONTROLS)[number];
/** From the federal directory (the institutions feature's `loadDirectoryFacts`). */
export const SCHOOL_LEVELS = ['two-year', 'four-year'] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

const flag = z.preprocess(
  (value) => (value === undefined || value === '' ? false : value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value),
  z.boolean({ error: 'must be 1 or 0' }),
);
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, words: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.enum(values, { error: `must be ${words}` }).optional());

/** The filters, as query parameters. */
export const destinationsQuerySchema = z.object({
  state: z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toUpperCase()) : value),
    z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state such as FL').optional(),
  ),
  control: optionalChoice(SCHOOL_CONTROLS, 'public or private'),
  level: optionalChoice(SCHOOL_LEVELS, 'two-year or four-year'),
  favorites: flag,
  /** The intended major to apply; a signed-in owner's profile gives it when absent. */
  major: z.string().trim().max(200).optional(),
});
export type DestinationsQuery = z.output<typeof destinationsQuerySchema>;

/** Credits by verdict class: what transfers (specific course, general education, elective) and what does not. */
export type CreditsByClass = Record<VerdictClass, number>;

export interface DestinationProgram {
  name: string;
  /** Credits that count toward one of the program's requirements. */
  appliedCredits: number;
  /** What the program still needs, when its total is known. */
  remainingCredits: number | null;
}

export interface RankedDestination {
  school: { id: number; key: string; name: string };
  state: string | null;
  control: SchoolControl;
  level: SchoolLevel;
  favorite: boolean;
  /** The credits that transfer (the report's "Credits that transfer", in the destination's units). */
  transferCredits: number;
  byClass: CreditsByClass;
  /** How many of the transcript's courses a rule or a statewide guarantee decides there. */
  decidedCourses: number;
  courses: number;
  program?: DestinationProgram;
}

export interface DestinationsResponse {
  transcript: { id: string; name: string; fromSchool: string | null };
  /** The major applied, when there is one. */
  major: string | null;
  /** Ranked by the credits that transfer, then those applied to the program. */
  destinations: RankedDestination[];
  /** Nothing decided there: listed apart, never ranked as zero. */
  notEnoughInformation: Array<Pick<RankedDestination, 'school' | 'state' | 'control' | 'level' | 'favorite' | 'courses'>>;
  /** Why nothing could be decided anywhere (an unknown sending school), if so. */
  note: string | null;
}

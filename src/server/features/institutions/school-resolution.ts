/**
 * "Which school is this name?" decided in one place, from the stored forms a name matches (school-name-forms.ts):
 *
 * - A name decides alone when it is one school's own name or key, or when only one school goes by it at all.
 * - A name two schools share (an alias, a short form: "UNO", "Tech", "Miami", "Boston") never decides alone. The state
 *   decides it when exactly one of them is in the state the context gives (the other school of "from Delgado to UNO",
 *   a search's state, a reference set's state); otherwise the candidates are returned, ranked, for someone to choose.
 * - Candidates are ranked by how strongly the name names them, then in-state first, then schools Crosswalk has courses
 *   or rules for, then by enrolment size and sector (a university before a beauty school of the same name).
 *
 * Pure: the lookups come from the database (institutions.queries.ts) or from an index in memory (school-name-index.ts).
 */
import { normalizeSchoolName } from '../../../shared/institutions/school-names';
import { expandAbbreviations, SOURCE_RANK, type NameSource } from './school-name-forms';

/** What ranking a school needs to know of it. */
export interface RankedSchoolFacts {
  id: number;
  key: string;
  name: string;
  state: string | null;
  city: string | null;
  /** IPEDS enrolment size category: 1 (under 1,000) … 5 (20,000 and more); null when not reported. */
  size: number | null;
  /** IPEDS sector: 1-3 four-year, 4-6 two-year, 7-9 less than two-year; null for a school the directory does not list. */
  sector: number | null;
  /** Crosswalk has courses or transfer rules for it. */
  hasData: boolean;
}

/** One stored form a written name matched. `queryRank` 0: the name as written; 1: with abbreviations written out. */
export interface NameMatch {
  schoolId: number;
  alias: string;
  source: NameSource;
  queryRank: number;
}

export interface SchoolCandidate extends RankedSchoolFacts {
  /** The form that matched ("LSU", "UW-Madison"). */
  matchedName: string;
  /** 0 its own name or key … higher is weaker. */
  strength: number;
  inState: boolean;
}

export interface SchoolResolution {
  /** The name as written. */
  asWritten: string;
  /** The school the name means, when it decides; null when unknown or shared. */
  school: SchoolCandidate | null;
  /** How it was decided: its own name or key, the only school by that name, or the state among several. */
  decidedBy: 'name' | 'only-school' | 'state' | null;
  /** Every school the name may mean, best first (at most MAX_CANDIDATES). */
  candidates: SchoolCandidate[];
  /** Several schools go by this name and nothing here decided which. */
  ambiguous: boolean;
}

export interface ResolutionContext {
  /** States that decide between schools sharing a name (the other school's, the search's). */
  states?: readonly (string | null | undefined)[];
}

export const MAX_CANDIDATES = 8;

/**
 * The forms a written name is looked up by, normalised: as written, with abbreviations written out ("Madison Area
 * Tech. College"), and without a leading "The".
 */
export function queryForms(text: string): Array<{ normalized: string; rank: number }> {
  const forms = new Map<string, number>();
  const add = (form: string, rank: number) => {
    const normalized = normalizeSchoolName(form);
    if (normalized && !forms.has(normalized)) forms.set(normalized, rank);
  };
  add(text, 0);
  add(text.replace(/^\s*the\s+/i, ''), 0);
  const expanded = expandAbbreviations(text);
  add(expanded, 1);
  add(expanded.replace(/^\s*the\s+/i, ''), 1);
  return [...forms].map(([normalized, rank]) => ({ normalized, rank }));
}

const sectorRank = (sector: number | null) => (sector === null ? 1 : [1, 2, 4].includes(sector) ? 0 : [3, 5, 6].includes(sector) ? 1 : 2);

/** Best first: strength, in the state, known to Crosswalk, larger, degree-granting, then by name. */
export function compareCandidates(a: SchoolCandidate, b: SchoolCandidate): number {
  return (
    a.strength - b.strength ||
    Number(b.inState) - Number(a.inState) ||
    Number(b.hasData) - Number(a.hasData) ||
    (b.size ?? 0) - (a.size ?? 0) ||
    sectorRank(a.sector) - sectorRank(b.sector) ||
    a.name.localeCompare(b.name)
  );
}

/** Decides which school a written name is, from the stored forms it matched and the schools they belong to. */
export function decideSchool(
  asWritten: string,
  matches: readonly NameMatch[],
  schools: ReadonlyMap<number, RankedSchoolFacts>,
  context: ResolutionContext = {},
): SchoolResolution {
  const states = new Set((context.states ?? []).filter((state): state is string => Boolean(state)).map((state) => state.toUpperCase()));
  const bySchool = new Map<number, SchoolCandidate>();
  for (const match of matches) {
    const school = schools.get(match.schoolId);
    if (!school) continue;
    const strength = match.queryRank + SOURCE_RANK[match.source];
    const existing = bySchool.get(school.id);
    if (!existing || strength < existing.strength) {
      bySchool.set(school.id, { ...school, matchedName: match.alias, strength, inState: school.state !== null && states.has(school.state) });
    }
  }
  const candidates = [...bySchool.values()].sort(compareCandidates);
  const answer = (school: SchoolCandidate | null, decidedBy: SchoolResolution['decidedBy']): SchoolResolution => ({
    asWritten,
    school,
    decidedBy,
    candidates: candidates.slice(0, MAX_CANDIDATES),
    ambiguous: school === null && candidates.length > 1,
  });
  if (candidates.length === 0) return answer(null, null);
  if (candidates.length === 1) return answer(candidates[0]!, 'only-school');
  // Its own name or key (strength 0 as written): a full name is not an alias, even when it is another school's nickname.
  const byOwnName = candidates.filter((candidate) => candidate.strength === 0);
  if (byOwnName.length === 1) return answer(byOwnName[0]!, 'name');
  const pool = byOwnName.length > 1 ? byOwnName : candidates;
  const inState = pool.filter((candidate) => candidate.inState);
  if (inState.length === 1) return answer(inState[0]!, 'state');
  return answer(null, null);
}

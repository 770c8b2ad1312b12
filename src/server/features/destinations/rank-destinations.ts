/**
 * "Where your credits count", the pure part: a destination's figures from the engine's decisions on the transcript
 * there (the report's own summary for the credits that transfer), the order, the filters, and which destinations are
 * listed apart because nothing is decided there. No I/O: the service decides, this ranks. Decision 180.
 */
import type { CreditsByClass, DestinationProgram, DestinationsResponse, RankedDestination, SchoolControl, SchoolLevel } from '../../../shared/schemas/destinations';
import { VERDICT_CLASSES, type VerdictClass } from '../../../shared/schemas/verdict-class';
import { creditsAtDestination, type DecisionEvidence } from '../equivalencies';

/** A report row as the engine decided it (transcripts' matchReports). */
export interface DecidedRow {
  status: 'DIRECT' | 'NEEDS_EVAL' | 'NO_TRANSFER';
  verdictClass: VerdictClass;
  credits: number | null;
  earned: number | null;
  creditsAwarded: number | null;
  evidence: unknown;
}

export interface DestinationSchool {
  id: number;
  key: string;
  name: string;
  state: string | null;
  control: SchoolControl;
  level: SchoolLevel;
}

/** One destination decided: its school, the rows, the report's summary of them, the program part if any. */
export interface DecidedDestination {
  school: DestinationSchool;
  /** The engine's rows there; none where only a catalogue is on file (it decides nothing alone). */
  rows: DecidedRow[];
  /** The transcript's courses. */
  courses: number;
  /** The report's "Credits that transfer" (transcripts' creditTotals): the one credit total. */
  creditsTransferring: number;
  program?: DestinationProgram;
}

export interface DestinationFilters {
  state?: string;
  control?: SchoolControl;
  level?: SchoolLevel;
  /** Only these schools (the student's favorites), when given. */
  onlySchoolIds?: ReadonlySet<number>;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** What a rule or a statewide guarantee decided, not a suggestion and not the grade alone. */
export function decidedByRuleOrGuarantee(row: DecidedRow): boolean {
  const origin = (row.evidence as Pick<DecisionEvidence, 'origin'> | null)?.origin ?? null;
  return origin !== null && origin !== 'suggestion';
}

/**
 * Credits by class: for the classes that transfer, the credits awarded (they add up to the credits that transfer); for
 * the others, the course's credits in the destination's units (what the student would not get, or not yet).
 */
export function creditsByClass(rows: DecidedRow[]): CreditsByClass {
  const totals = Object.fromEntries(VERDICT_CLASSES.map((verdictClass) => [verdictClass, 0])) as CreditsByClass;
  for (const row of rows) {
    const credits = row.status === 'DIRECT' ? (row.creditsAwarded ?? 0) : creditsAtDestination(row.credits ?? row.earned ?? 0, row.evidence as DecisionEvidence | null);
    totals[row.verdictClass] += credits;
  }
  for (const verdictClass of VERDICT_CLASSES) totals[verdictClass] = round2(totals[verdictClass]);
  return totals;
}

function matches(school: DestinationSchool, filters: DestinationFilters): boolean {
  if (filters.state && school.state !== filters.state) return false;
  if (filters.control && school.control !== filters.control) return false;
  if (filters.level && school.level !== filters.level) return false;
  if (filters.onlySchoolIds && !filters.onlySchoolIds.has(school.id)) return false;
  return true;
}

/**
 * The ranked list: by the credits that transfer, then the credits applied to the intended major's program, then the
 * school's name. A destination where no course has a rule or a guarantee is listed apart, never ranked as zero.
 */
export function rankDestinations(
  decided: DecidedDestination[],
  filters: DestinationFilters,
  favorites: ReadonlySet<number> = new Set(),
): Pick<DestinationsResponse, 'destinations' | 'notEnoughInformation'> {
  const ranked: RankedDestination[] = [];
  const apart: DestinationsResponse['notEnoughInformation'] = [];
  for (const destination of decided) {
    const { school } = destination;
    if (!matches(school, filters)) continue;
    const base = {
      school: { id: school.id, key: school.key, name: school.name },
      state: school.state,
      control: school.control,
      level: school.level,
      favorite: favorites.has(school.id),
      courses: destination.courses,
    };
    const decidedCourses = destination.rows.filter(decidedByRuleOrGuarantee).length;
    if (decidedCourses === 0) {
      apart.push(base);
      continue;
    }
    ranked.push({
      ...base,
      transferCredits: destination.creditsTransferring,
      byClass: creditsByClass(destination.rows),
      decidedCourses,
      ...(destination.program ? { program: destination.program } : {}),
    });
  }
  ranked.sort(
    (a, b) =>
      b.transferCredits - a.transferCredits ||
      (b.program?.appliedCredits ?? -1) - (a.program?.appliedCredits ?? -1) ||
      a.school.name.localeCompare(b.school.name),
  );
  apart.sort((a, b) => a.school.name.localeCompare(b.school.name));
  return { destinations: ranked, notEnoughInformation: apart };
}

// Shared shapes between the pure equivalency engine and the database layer that feeds it.
// The database layer loads rules into EquivalencyRule and calls decideTransfers; nothing in
// this folder touches I/O, so the same code runs in the server, in scripts and in tests.

/** Status codes from the spec (transcript row status). */
export type Outcome = 'DIRECT' | 'NEEDS_EVAL' | 'NO_TRANSFER';

export type RuleOrigin = 'seed' | 'csv' | 'admin' | 'statewide-numbering' | 'appeal';

export type AcademicCalendar = 'semester' | 'quarter';

import type { VerdictClass } from '../../../../shared/schemas/verdict-class';
import type { RuleClass } from './verdict-class';

/** A school as the engine sees it (owned by the institutions feature, which loads it). */
export type { InstitutionInfo } from '../../institutions';

export interface CourseRef {
  subject: string;
  number: string;
  title?: string | null;
  credits?: number | null;
  description?: string | null;
}

export interface RuleCourse {
  subject: string;
  number: string;
  title: string | null;
  credits: number | null;
}

/**
 * A destination course. On a rule, isElective marks Wisconsin's 'ECON EL' as stored; on a decision, any target that
 * is credit rather than a named course (elective or general-education credit: verdict-class.ts).
 */
export interface RuleTarget extends RuleCourse {
  isElective: boolean;
}

export interface EquivalencyRule {
  id: number;
  fromInstitutionId: number;
  toInstitutionId: number;
  /** All required together (many-to-one: lecture + lab, a sequence of two). */
  sources: RuleCourse[];
  /** One or more (one-to-many: 4 credits = 3-credit course + 1 elective credit). */
  targets: RuleTarget[];
  /** False for "does not transfer" rules (Wisconsin NDC / DNT targets). */
  transfers: boolean;
  creditsAwarded: number | null;
  minGrade: string | null;
  effectiveFromTerm: string | null;
  effectiveToTerm: string | null;
  origin: RuleOrigin;
  notes: string | null;
  /** Quarter or semester units, when the table that made the rule said which (absent: the schools' own calendars). */
  creditUnit?: 'quarter' | 'semester' | null;
  /**
   * What the rule gives, when its source states it (a published table's type column, a Louisiana matrix cell):
   * read before anything is inferred from the targets (verdict-class.ts). Absent or null: inferred.
   */
  statedClass?: RuleClass | null;
  /** Who approved the rule at the receiving school and on which day ("2024-05-01"), when its table says (0152). */
  approvedBy?: string | null;
  approvedOn?: string | null;
}

export interface SourceCourseTaken extends CourseRef {
  grade?: string | null;
  term?: string | null;
}

export interface CreditConversion {
  from: AcademicCalendar;
  to: AcademicCalendar;
  factor: number;
  originalCredits: number;
  convertedCredits: number;
}

export interface SuggestedCandidate {
  subject: string;
  number: string;
  title: string;
  /** The confidence (reports stored before confidences existed carry a looser 0..1 score here and no confidence). */
  score: number;
  /**
   * Measured probability (0..1) that this is the course the destination would name: of held-out real rules given
   * confidence c, about c were right (docs/BENCHMARKS.md, "Suggestion ranking").
   */
  confidence: number;
  /** Plain-language signals behind the confidence, strongest first. */
  why: string[];
  evidence: SuggestionEvidence;
}

/** What points at a suggested course, for the registrar deciding on it. */
export interface SuggestionEvidence {
  /** "Wisconsin statewide number (809) 198" when both courses carry the same statewide number. */
  statewideNumber: string | null;
  sameCode: boolean;
  /** Other sending schools whose rules for the same (or a like) course name this destination course. */
  peerSchools: number;
  /** Courses that link the two through other schools' rules (suggestion-graph.ts). */
  linkedCourses: number;
  /** The title of what the course transfers as at other schools, when the candidate is titled like it. */
  transfersElsewhereAs: string | null;
  titleSimilarity: number;
  /** Null when either side has no description. */
  descriptionSimilarity: number | null;
  credits: { yours: number | null; candidate: number | null };
  /** In hundreds (1 = 100-level); null when the number says nothing. */
  level: { yours: number | null; candidate: number | null };
}

export interface DecisionEvidence {
  ruleId: number | null;
  origin: RuleOrigin | 'suggestion' | null;
  effectiveFromTerm: string | null;
  effectiveToTerm: string | null;
  minGrade: string | null;
  creditConversion: CreditConversion | null;
}

/**
 * When one rule consumes several transcript rows (lecture + lab), every row gets the same
 * decision; credits are counted once, on the primary (first) row, and are 0 on the partners
 * so that summing creditsAwarded over a transcript is always correct.
 */
export interface CombinedRows {
  rowIndexes: number[];
  primaryRowIndex: number;
  creditsCountedHere: boolean;
}

export interface EquivalencyDecision {
  /** What the student gets (src/shared/schemas/verdict-class.ts); `status` is always the class's status. */
  verdictClass: VerdictClass;
  status: Outcome;
  /** The course(s) the decision consumed. */
  source: CourseRef[];
  /** What it becomes at the destination (empty for NO_TRANSFER). */
  targets: RuleTarget[];
  /** In destination units. */
  creditsAwarded: number;
  /** "School: CODE TITLE", the spec's equivalentAt format. */
  transfersTo: string | null;
  /** Plain words a stressed student understands: why. */
  reason: string;
  evidence: DecisionEvidence;
  candidates?: SuggestedCandidate[];
  combined?: CombinedRows;
}

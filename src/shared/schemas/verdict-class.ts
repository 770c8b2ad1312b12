/**
 * What a student gets for a course at a school, in one of eight classes: the API contract every verdict carries
 * (`verdictClass` on search cards, the course page, report rows, Compare, degree progress, the clerk's evidence and
 * exports), with each class's badge, words and place in the order searches rank by. The equivalency engine classifies
 * (src/server/features/equivalencies/engine/verdict-class.ts); everything else reads the class it gave.
 * docs/decisions/110-verdict-classes.md.
 *
 * A badge is a promise: only a specific course (a rule naming one, or a statewide-numbering guarantee) reads
 * "Transfers fully". The spec's three row statuses (DIRECT, NEEDS_EVAL, NO_TRANSFER) stay: each class belongs to one.
 */
import type { TranscriptRowStatus } from './transcripts';

/** Best for the student first: the order searches rank results by (`verdictClassRank`). */
export const VERDICT_CLASSES = [
  /** A named course at the destination: a rule's target, or the same course under statewide numbering. */
  'specific-course',
  /** Credit toward a general-education area ("GHUM 1000 General Humanities Elective", Louisiana's "GHUM 3"). */
  'general-education',
  /** Elective credit in a subject, perhaps at a level, not a named course ("ENGL 2000NE", "ECON EL", "ACCT 2***"). */
  'elective',
  /** Statewide numbering does not guarantee it (Florida's 900-999 series, graduate courses): the school reviews it. */
  'not-guaranteed',
  /** Nothing on file decides it, or the grade is not final: the school decides. */
  'needs-review',
  /** Accepted as credit that counts toward no degree (a source says so). */
  'not-degree-credit',
  /** College-preparatory or remedial: no college credit (Florida's numbers below 1000, "developmental", NDC). */
  'no-credit',
  /** A rule refuses it, its rule is out of its terms, or the grade earns no credit. */
  'does-not-transfer',
] as const;
export type VerdictClass = (typeof VERDICT_CLASSES)[number];

/** Position in VERDICT_CLASSES: 0 is best for the student ("specific course before elective before none"). */
export function verdictClassRank(verdictClass: VerdictClass): number {
  return VERDICT_CLASSES.indexOf(verdictClass);
}

export function isVerdictClass(value: unknown): value is VerdictClass {
  return typeof value === 'string' && (VERDICT_CLASSES as readonly string[]).includes(value);
}

interface VerdictClassInfo {
  /** The badge (search cards, the course page, Compare, degree progress, exports). */
  label: string;
  /** The badge on a transcript report row: the spec's 'Direct Transfer', 'Needs Review', 'No Transfer' where they apply. */
  reportLabel: string;
  /** What the class means, in a student's words (a badge's title, a legend). */
  meaning: string;
  /** The spec's row status the class belongs to. */
  status: TranscriptRowStatus;
  /** The colour family of its badge: green only for a specific course. */
  tone: 'green' | 'blue' | 'violet' | 'amber' | 'slate' | 'orange' | 'red';
}

export const VERDICT_CLASS_INFO: Readonly<Record<VerdictClass, VerdictClassInfo>> = {
  'specific-course': {
    label: 'Transfers fully',
    reportLabel: 'Direct Transfer',
    meaning: 'It counts as a specific course at the school.',
    status: 'DIRECT',
    tone: 'green',
  },
  'general-education': {
    label: 'General-education credit',
    reportLabel: 'General-education credit',
    meaning: 'It counts toward a general-education area, not as a specific course.',
    status: 'DIRECT',
    tone: 'violet',
  },
  elective: {
    label: 'Elective credit',
    reportLabel: 'Elective credit',
    meaning: 'It counts as elective credit, not as a specific course: it may not fill a requirement of your program.',
    status: 'DIRECT',
    tone: 'blue',
  },
  'not-guaranteed': {
    label: 'Not guaranteed',
    reportLabel: 'Not guaranteed',
    meaning: 'Statewide course numbering does not guarantee this kind of course: the school reviews it.',
    status: 'NEEDS_EVAL',
    tone: 'amber',
  },
  'needs-review': {
    label: 'Needs review',
    reportLabel: 'Needs Review',
    meaning: 'Nothing on file decides it yet: the school reviews it.',
    status: 'NEEDS_EVAL',
    tone: 'slate',
  },
  'not-degree-credit': {
    label: 'Not degree credit',
    reportLabel: 'Not degree credit',
    meaning: 'The school accepts it as credit that counts toward no degree.',
    status: 'NO_TRANSFER',
    tone: 'orange',
  },
  'no-credit': {
    label: 'No credit',
    reportLabel: 'No credit',
    meaning: 'A college-preparatory or remedial course: it earns no college credit toward a degree.',
    status: 'NO_TRANSFER',
    tone: 'orange',
  },
  'does-not-transfer': {
    label: 'Does not transfer',
    reportLabel: 'No Transfer',
    meaning: 'It does not transfer to the school.',
    status: 'NO_TRANSFER',
    tone: 'red',
  },
};

/** The spec's row status of a class (DIRECT, NEEDS_EVAL, NO_TRANSFER). */
export function statusOfVerdictClass(verdictClass: VerdictClass): TranscriptRowStatus {
  return VERDICT_CLASS_INFO[verdictClass].status;
}

/** True only for a specific course: the one class a screen may call "Transfers fully". */
export function transfersFully(verdictClass: VerdictClass): boolean {
  return verdictClass === 'specific-course';
}

/**
 * The class a report row stored before classes existed (migration 0110) said by its status alone: what the report
 * showed then, until the re-decision that classifies old reports (transcripts' decideOlderReportsAgain, a periodic task)
 * reaches it, minutes after an upgrade.
 */
export function verdictClassOfStatus(status: TranscriptRowStatus | null | undefined): VerdictClass {
  if (status === 'DIRECT') return 'specific-course';
  if (status === 'NO_TRANSFER') return 'does-not-transfer';
  return 'needs-review';
}

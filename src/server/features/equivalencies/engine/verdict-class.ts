// What a rule's target gives a student, classified once, from what the sources say (docs/equivalency-engine.md,
// "Verdict classes"; docs/decisions/110-verdict-classes.md). decideTransfers gives every decision its class from here;
// everything that shows a verdict reads that class (src/shared/schemas/verdict-class.ts), none decides it again.
//
// In order, the first that speaks decides:
//   1. a class the source states for the rule (a published table's type column, Louisiana's matrix cell): `statedClass`;
//   2. the stored placeholders: NDC (no degree credit: remedial, no credit) and DNT (does not transfer);
//   3. naming conventions for credit that is not a course:
//      - Wisconsin: "ECON EL" (elective in a subject), "GEN EL" (in any), "GEN CONF", "KINS ACT" (activity credit);
//      - a number that is a level: UNO's "ENGL 2000NE" (NE = no direct equivalent: elective credit at that level),
//        "ACCT 2***", "HIST 3XXX";
//      - a general-education area code in place of a subject (Louisiana's GHUM, GNAT, GSOC…: "GHUM 1000");
//      - a title that says so: "General Humanities Elective" (general education), "Music Elective", "No equivalent";
//   4. what a rule's notes say of the credit: "does not count toward a degree", "remedial";
//   5. otherwise a named course.
// A number alone never makes a placeholder: UNO's PSYC 1000 is General Psychology, a real course.

import type { VerdictClass } from '../../../../shared/schemas/verdict-class';
import { codeKey, codeShape } from '../../catalogue';
import type { EquivalencyRule, RuleTarget } from './types';

/** The classes a rule can give (or a source state for it); the others come from how a course is decided. */
export const RULE_CLASSES = ['specific-course', 'general-education', 'elective', 'not-degree-credit', 'no-credit', 'does-not-transfer'] as const satisfies readonly VerdictClass[];
export type RuleClass = (typeof RULE_CLASSES)[number];

export function isRuleClass(value: unknown): value is RuleClass {
  return typeof value === 'string' && (RULE_CLASSES as readonly string[]).includes(value);
}

/**
 * The words a table may use for the kind of transfer it states (its equivalency_type column), in one squeezed form:
 * the registrar's published tables say direct, elective, general education, no credit or does not transfer.
 */
const STATED_CLASSES: Readonly<Record<string, RuleClass>> = {
  SPECIFICCOURSE: 'specific-course', DIRECT: 'specific-course', DIRECTEQUIVALENT: 'specific-course', EQUIVALENT: 'specific-course', COURSE: 'specific-course', SPECIFIC: 'specific-course',
  GENERALEDUCATION: 'general-education', GENED: 'general-education', GENERALEDUCATIONCREDIT: 'general-education', CORE: 'general-education',
  ELECTIVE: 'elective', ELECTIVECREDIT: 'elective', GENERALELECTIVE: 'elective', DEPARTMENTALELECTIVE: 'elective',
  NOTDEGREECREDIT: 'not-degree-credit', NONDEGREECREDIT: 'not-degree-credit', NOTAPPLICABLETODEGREE: 'not-degree-credit',
  NOCREDIT: 'no-credit', REMEDIAL: 'no-credit', DEVELOPMENTAL: 'no-credit', NODEGREECREDIT: 'no-credit', NDC: 'no-credit',
  DOESNOTTRANSFER: 'does-not-transfer', NOTRANSFER: 'does-not-transfer', NOTTRANSFERABLE: 'does-not-transfer', DNT: 'does-not-transfer',
};

/** What an import's error names as the words it takes. */
export const STATED_CLASS_WORDS = 'direct, elective, general education, not degree credit, no credit or does not transfer';

/** A stated kind of transfer ("General Education", "elective", "no-credit") as a class; null for words it is not. */
export function readStatedClass(raw: string): RuleClass | null {
  return STATED_CLASSES[raw.toUpperCase().replace(/[^A-Z]/g, '')] ?? null;
}

/** What one target gives: its class and, for credit that is not a course, in which subject, at which level, which area. */
export interface TargetCredit {
  verdictClass: RuleClass;
  /** The subject of elective credit ("ENGL"); null for credit in any subject ("GEN EL") and for other classes. */
  subject: string | null;
  /** "2000" for ENGL 2000NE or ACCT 2***; null when the code names no level. */
  level: string | null;
  /** The general-education area ("Humanities"), for general-education credit. */
  area: string | null;
}

/** Wisconsin's "no degree credit" and "does not transfer" placeholders. */
export function nonTransferTargetKind(target: { subject: string; number: string }): 'NDC' | 'DNT' | null {
  const key = codeKey(target);
  return key === 'ndc' ? 'NDC' : key === 'dnt' ? 'DNT' : null;
}

/** Wisconsin's "ECON EL": elective credit in a subject rather than a named course. */
export function isElectiveTarget(target: { subject: string; number: string; isElective?: boolean }): boolean {
  return target.isElective === true || codeKey(target.number) === 'el';
}

/**
 * Louisiana's general-education area codes (the Board of Regents' common course matrix writes "GHUM 3": 3 hours of
 * general humanities credit; UNO lists "GHUM 1000 General Humanities Elective").
 */
const GENERAL_EDUCATION_AREAS: Readonly<Record<string, string>> = {
  GHUM: 'Humanities',
  GNAT: 'Natural sciences',
  GSOC: 'Social sciences',
  GMAT: 'Mathematics',
  GFAR: 'Fine arts',
  GENL: 'English',
  GBIO: 'Biology',
  GANR: 'Agriculture and natural resources',
};

/** Words in place of a number that mean credit, not a course: Wisconsin's elective, conferred and activity credit. */
const CREDIT_WORD_NUMBERS = new Set(['EL', 'CONF', 'ACT']);
/** Subjects that mean "any subject" ("GEN EL" General Elective). */
const ANY_SUBJECT = new Set(['GEN', 'GENERAL', 'ELEC', 'ELECT']);
/** UNO's "2000NE": no direct equivalent, elective credit at the 2000 level. */
const NO_EQUIVALENT_AT_LEVEL = /^(\d)0{2,3}NE$/;
/** "2***", "3XXX", "***": a level (or any level) instead of a course. */
const LEVEL_PLACEHOLDER = /^(\d?)[X*]{2,4}$/;
/** A round number ("2000") carries a level when a title or code says the target is credit, not a course. */
const ROUND_NUMBER = /^(\d)0{2,3}$/;
/**
 * "General Humanities Elective": general-education credit in one of its areas. "General Elective" and Wisconsin's
 * "General Business Elective" are elective credit: only a general-education area makes it general education.
 */
const GENERAL_AREA_TITLE = /^\s*general\s+(humanities|arts and humanities|fine arts|social sciences?|social and behavioral sciences?|behavioral sciences?|natural sciences?|physical sciences?|life sciences?|sciences?|mathematics|math)\s+(?:elective|credit|core)\b/i;
const ELECTIVE_TITLE = /\belective\b|^\s*no (?:direct )?equivalen(?:t|cy)\b|\belective credit\b/i;
/** "General credit CLAN (3 hours)": generic general-education credit, the way the Louisiana matrix's rules title it. */
const GENERAL_CREDIT_TITLE = /^\s*general credit\b/i;

/** Notes that say the credit counts toward no degree, or that the course earns none (remedial). */
const NOT_DEGREE_CREDIT_NOTE = /\b(?:does not|doesn't|do not|will not) (?:count|apply) (?:toward|towards|to) (?:a|the|any)? ?degree\b|\bnot (?:applicable|counted) (?:to|toward|towards) (?:a|the|any)? ?degree\b|\bnon-?degree credit\b|\binstitutional credit only\b/i;
const NO_CREDIT_NOTE = /\b(?:remedial|developmental|college[- ]prep(?:aratory)?)\b(?! psychology)/i;

const levelOf = (digit: string | undefined | null) => (digit ? `${digit}000` : null);

/** A target as a named course, or the credit it stands for (see the top of this file, steps 2 and 3). */
export function classifyTarget(target: Pick<RuleTarget, 'subject' | 'number' | 'title'> & { isElective?: boolean }): TargetCredit {
  const credit = (verdictClass: RuleClass, parts: Partial<Omit<TargetCredit, 'verdictClass'>> = {}): TargetCredit => ({
    verdictClass,
    subject: parts.subject ?? null,
    level: parts.level ?? null,
    area: parts.area ?? null,
  });
  const blocker = nonTransferTargetKind(target);
  if (blocker) return credit(blocker === 'NDC' ? 'no-credit' : 'does-not-transfer');

  const subject = target.subject.trim().toUpperCase().replace(/\s+/g, ' ');
  const number = codeShape(target.number);
  const title = target.title ?? '';
  const subjectOrAny = ANY_SUBJECT.has(subject) ? null : subject;
  const area = GENERAL_EDUCATION_AREAS[subject.replace(/\s+/g, '')];
  const titleArea = GENERAL_AREA_TITLE.exec(title)?.[1]?.trim();

  const noEquivalent = NO_EQUIVALENT_AT_LEVEL.exec(number);
  const levelPlaceholder = LEVEL_PLACEHOLDER.exec(number);
  const creditWord = isElectiveTarget(target) || CREDIT_WORD_NUMBERS.has(number);
  const round = ROUND_NUMBER.exec(number);
  const level = levelOf(noEquivalent?.[1] ?? levelPlaceholder?.[1] ?? round?.[1]);

  // A general-education area by its code ("GHUM 1000", "GHUM EL") or by its title ("General Humanities Elective").
  if (area && (creditWord || noEquivalent || levelPlaceholder || round || ELECTIVE_TITLE.test(title))) return credit('general-education', { area, level });
  if (titleArea && (creditWord || noEquivalent || levelPlaceholder || round)) return credit('general-education', { area: capitalise(titleArea), level });
  if (creditWord && GENERAL_CREDIT_TITLE.test(title)) return credit('general-education', { area: subject, level });
  if (creditWord || noEquivalent || levelPlaceholder) return credit('elective', { subject: subjectOrAny, level: creditWord ? null : level });
  // A round number is a course unless its title says it is credit ("HIST 1000 History Elective"; PSYC 1000 General Psychology is a course).
  if (round && ELECTIVE_TITLE.test(title)) return credit('elective', { subject: subjectOrAny, level });
  return credit('specific-course');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();

/**
 * What a rule gives, all targets together: the class its source states; else no transfer when every target is a
 * placeholder that refuses (or the rule says it does not transfer); else a named course when any target is one (a
 * course plus elective credit is the course), general education when any target is, elective otherwise. Notes that
 * say the credit counts toward no degree, or that the course is remedial, decide a rule whose targets are not courses.
 */
export function classifyRule(rule: Pick<EquivalencyRule, 'targets' | 'transfers' | 'notes'> & { statedClass?: RuleClass | null }): TargetCredit {
  const targets = rule.targets.map(classifyTarget);
  const first = (verdictClass: RuleClass) => targets.find((target) => target.verdictClass === verdictClass);
  if (rule.statedClass) return first(rule.statedClass) ?? { verdictClass: rule.statedClass, subject: null, level: null, area: null };
  const refusing = targets.filter((target) => target.verdictClass === 'no-credit' || target.verdictClass === 'does-not-transfer');
  if (!rule.transfers || (targets.length > 0 && refusing.length === targets.length)) {
    return first('no-credit') ?? { verdictClass: 'does-not-transfer', subject: null, level: null, area: null };
  }
  const given = targets.filter((target) => !refusing.includes(target));
  const named = given.find((target) => target.verdictClass === 'specific-course');
  if (named) return named;
  const notes = rule.notes ?? '';
  if (NO_CREDIT_NOTE.test(notes)) return { verdictClass: 'no-credit', subject: null, level: null, area: null };
  if (NOT_DEGREE_CREDIT_NOTE.test(notes)) return { verdictClass: 'not-degree-credit', subject: null, level: null, area: null };
  // Credit with no course named at all (a rule without targets) is credit in no particular course: elective.
  return given.find((target) => target.verdictClass === 'general-education') ?? given[0] ?? { verdictClass: 'elective', subject: null, level: null, area: null };
}

/**
 * A course that is college-preparatory or remedial by its title ("Developmental Mathematics I", "College Prep
 * Reading", "Remedial English"): it earns no college credit, whatever school it goes to. Developmental psychology is
 * a course.
 */
const COLLEGE_PREP_TITLE = /\b(?:developmental|remedial|college[- ]prep(?:aratory)?|pre-?college)\s+(?:math(?:ematics)?|algebra|arithmetic|reading|writing|english|composition|studies|education|skills)\b|\bcollege[- ]prep(?:aratory)?\b/i;

export function isCollegePrepTitle(title: string | null | undefined): boolean {
  return COLLEGE_PREP_TITLE.test(title ?? '');
}

/** Words for the credit a target gives, after "as CODE": " — elective credit in ENGL at the 2000 level". */
export function describeTargetCredit(credit: TargetCredit): string {
  switch (credit.verdictClass) {
    case 'elective': {
      const where = credit.subject ? ` in ${credit.subject}` : '';
      const level = credit.level ? ` at the ${credit.level} level` : '';
      return `elective credit${where}${level}: it counts toward your credits, not as a specific course`;
    }
    case 'general-education':
      return `general-education credit${credit.area ? ` (${credit.area})` : ''}: it counts toward that area of general education, not as a specific course`;
    default:
      return '';
  }
}

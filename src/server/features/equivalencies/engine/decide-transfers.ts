// The equivalency engine: given a transcript's courses and every rule loaded for them,
// decide for each course whether it transfers (DIRECT), needs a registrar (NEEDS_EVAL)
// or does not (NO_TRANSFER), and say why in words a student can act on.
// Pure and synchronous: the caller loads rules in one query, so a transcript costs one
// round trip and this function can be tested without a database.
//
// Order of authority for one course:
//   1. an explicit rule that applies (sources present, term in range), the first in the
//      one order of authority (rule-picker.ts: most sources, origin, newest);
//   2. Florida statewide course numbering when both schools take part;
//   3. rules that exist but are out of their effective range → NO_TRANSFER;
//   4. otherwise NEEDS_EVAL with ranked suggestions — never DIRECT on a guess.
// A failing grade (F, W, I …) refuses credit whatever the path; IP waits.
// Every decision carries its verdict class (verdict-class.ts: what the student gets) and the status that class
// belongs to, set together by `verdict` so the two never disagree.

import { noCreditWords } from '../../../../shared/grades/grade-policy';
import { statusOfVerdictClass, type VerdictClass } from '../../../../shared/schemas/verdict-class';
import { convertCredits, roundCredits } from './credit-conversion';
import { codeKey, courseLevel, formatCourseCode } from '../../catalogue';
import { parseStatewideCourseNumber, statewideEquivalenceKey, statewideException, type LabCode, type StatewideCourseNumber } from './florida-statewide-numbering';
import { conditionsInNotes } from './general-education-codes';
import { checkGrade, type GradeCheck } from './grades';
import { rankRules } from './rule-picker';
import { suggestionsForStudents } from './student-suggestions';
import { checkTermRange, describeTermRange } from './terms';
import { classifyRule, classifyTarget, describeTargetCredit, isCollegePrepTitle, isElectiveTarget, nonTransferTargetKind, type TargetCredit } from './verdict-class';
import type {
  AcademicCalendar,
  CourseRef,
  CreditConversion,
  EquivalencyDecision,
  EquivalencyRule,
  InstitutionInfo,
  RuleOrigin,
  RuleTarget,
  SourceCourseTaken,
  SuggestedCandidate,
} from './types';

export interface DecideTransfersInput {
  from: InstitutionInfo;
  to: InstitutionInfo;
  courses: SourceCourseTaken[];
  rules: EquivalencyRule[];
  /** Courses at the destination, for statewide numbering titles and lab pairing. */
  destinationCatalog?: CourseRef[];
  /**
   * Ranked suggestions for a course no rule decides (the first three count); a decision carries only those a student
   * may see (student-suggestions.ts).
   */
  suggest?: (course: SourceCourseTaken) => SuggestedCandidate[];
}

const MAX_CANDIDATES = 3;

export const NO_RULE_REASON = 'No equivalency on file yet — the registrar decides, and you can ask them to review it.';

/** A decision's class and the status it belongs to, always together. */
function verdict(verdictClass: VerdictClass): Pick<EquivalencyDecision, 'verdictClass' | 'status'> {
  return { verdictClass, status: statusOfVerdictClass(verdictClass) };
}

/** The class of a grade's refusal or wait: refused → does not transfer; in progress or unreadable → needs review. */
const gradeVerdict = (status: 'NO_TRANSFER' | 'NEEDS_EVAL') => verdict(status === 'NO_TRANSFER' ? 'does-not-transfer' : 'needs-review');

function courseRef(course: SourceCourseTaken): CourseRef {
  const ref: CourseRef = { subject: course.subject, number: course.number };
  if (course.title !== undefined) ref.title = course.title;
  if (course.credits !== undefined) ref.credits = course.credits;
  if (course.description !== undefined) ref.description = course.description;
  return ref;
}

function describeTarget(target: RuleTarget): string {
  const code = formatCourseCode(target);
  if (isElectiveTarget(target)) return target.title ? `${code} ${target.title}` : `${code} (elective credit)`;
  return target.title ? `${code} ${target.title}` : code;
}

function transfersToText(to: InstitutionInfo, targets: RuleTarget[]): string | null {
  if (targets.length === 0) return null;
  return `${to.name}: ${targets.map(describeTarget).join(' + ')}`;
}

function listCodes(courses: Array<{ subject: string; number: string }>): string {
  const codes = courses.map(formatCourseCode);
  if (codes.length <= 1) return codes.join('');
  return `${codes.slice(0, -1).join(', ')} and ${codes[codes.length - 1]}`;
}

type GradeGate =
  | { status: 'ok' }
  | { status: 'NO_TRANSFER' | 'NEEDS_EVAL'; reason: string };

/** Applies the grade policy to every course a decision consumes; the worst result wins. */
function gradeGate(courses: SourceCourseTaken[], minGrade: string | null, targetText: string): GradeGate {
  const checks = courses.map((course) => ({ course, check: checkGrade(course.grade, minGrade) }));
  const find = <K extends GradeCheck['outcome']>(outcome: K) =>
    checks.find((entry): entry is { course: SourceCourseTaken; check: Extract<GradeCheck, { outcome: K }> } => entry.check.outcome === outcome);

  const noCredit = find('no-credit');
  if (noCredit) {
    const words = noCreditWords(noCredit.check.grade) ?? `a grade of ${noCredit.check.grade} does not earn credit`;
    return { status: 'NO_TRANSFER', reason: `${formatCourseCode(noCredit.course)} can't transfer: ${words}.` };
  }
  const below = find('below-minimum');
  if (below) {
    return {
      status: 'NO_TRANSFER',
      reason: `You earned a ${below.check.grade} in ${formatCourseCode(below.course)}, but it needs at least a ${below.check.minimum} to transfer${targetText ? ` as ${targetText}` : ''}.`,
    };
  }
  const inProgress = find('in-progress');
  if (inProgress) {
    const need = minGrade ? `at least a ${minGrade.toUpperCase()}` : 'a passing grade';
    return {
      status: 'NEEDS_EVAL',
      reason: `${formatCourseCode(inProgress.course)} is still in progress. Once it is finished with ${need}${targetText ? `, it is expected to transfer as ${targetText}` : ', we can check it again'}.`,
    };
  }
  const review = find('needs-review');
  if (review) {
    return { status: 'NEEDS_EVAL', reason: `The registrar needs to look at ${formatCourseCode(review.course)}: ${review.check.why}.` };
  }
  return { status: 'ok' };
}

/**
 * A college-preparatory or remedial course by what the sending school writes: at a school of Florida's statewide
 * numbering a number below 1000 (MAT 0018); elsewhere a title that says so ("Developmental Mathematics I") on a number
 * below college level ("MATH 093", "ENG 0098"). The number matters: Florida's RED 5147 "Developmental Reading" is a
 * graduate course on teaching reading.
 */
function isCollegePrepCourse(course: SourceCourseTaken, from: Pick<InstitutionInfo, 'floridaStatewideNumbering'> | null): boolean {
  if (from?.floridaStatewideNumbering === true && parseStatewideCourseNumber(course)?.levelDigit === '0') return true;
  return isCollegePrepTitle(course.title) && (courseLevel(course.number) ?? 0) === 0;
}

/**
 * What the course and its grade say on their own, for a course nothing else decides (no rule, no statewide numbering,
 * or a school we do not know; `from` is null then): a grade that earns no credit anywhere (F, W, I, …) does not
 * transfer, and a college-preparatory or remedial course earns no credit, whatever the school; null otherwise.
 */
export function decideByCourseAlone(course: SourceCourseTaken, from: Pick<InstitutionInfo, 'floridaStatewideNumbering'> | null = null): EquivalencyDecision | null {
  const gate = gradeGate([course], null, '');
  const refused = { source: [courseRef(course)], targets: [], creditsAwarded: 0, transfersTo: null, evidence: emptyEvidence() };
  if (gate.status === 'NO_TRANSFER') return { ...verdict('does-not-transfer'), ...refused, reason: gate.reason };
  if (gate.status === 'ok' && isCollegePrepCourse(course, from)) {
    return {
      ...verdict('no-credit'),
      ...refused,
      reason: `${formatCourseCode(course)} is a college-preparatory (developmental) course: such courses earn no college credit toward a degree, so it does not transfer. If you think it should, ask the registrar to review it.`,
    };
  }
  return null;
}

/**
 * A course from a school Crosswalk does not know: what the course and its grade say on their own (decideByCourseAlone),
 * else the destination reviews it, for `reason`. When the transcript's calendar is known (`calendars`) and differs from
 * the destination's, the row still says what its credits are in the destination's units (decision 130).
 */
export function decideFromUnknownSchool(course: SourceCourseTaken, reason: string, calendars: { from: AcademicCalendar; to: AcademicCalendar } | null = null): EquivalencyDecision {
  const decision = decideByCourseAlone(course) ?? { ...verdict('needs-review'), source: [courseRef(course)], targets: [], creditsAwarded: 0, transfersTo: null, reason, evidence: emptyEvidence() };
  const creditConversion = calendars && typeof course.credits === 'number' ? convertCredits(course.credits, calendars.from, calendars.to).conversion : null;
  return creditConversion ? { ...decision, evidence: { ...decision.evidence, creditConversion } } : decision;
}

interface CreditResult {
  credits: number;
  conversion: CreditConversion | null;
}

/**
 * Credits in destination units. A rule's creditsAwarded is in destination units, unless the table that made it said
 * quarter or semester units (creditUnit) and the destination counts the other way: then they are converted;
 * otherwise the student's own credits (or the rule's source credits) are converted when
 * the calendars differ; last, the destination courses' own credits.
 */
function awardedCredits(from: InstitutionInfo, to: InstitutionInfo, taken: SourceCourseTaken[], rule: Pick<EquivalencyRule, 'creditsAwarded' | 'creditUnit' | 'sources'>, targets: Array<{ credits: number | null }>): CreditResult {
  const ruleCredits = rule.creditsAwarded;
  if (ruleCredits !== null) return rule.creditUnit ? convertCredits(ruleCredits, rule.creditUnit, to.calendar) : { credits: roundCredits(ruleCredits), conversion: null };
  const ruleSources = rule.sources;
  const sum = (values: Array<number | null | undefined>) => (values.every((value) => typeof value === 'number') ? (values as number[]).reduce((a, b) => a + b, 0) : null);
  const sourceCredits = sum(taken.map((course) => course.credits)) ?? sum(ruleSources.map((course) => course.credits));
  if (sourceCredits !== null) return convertCredits(sourceCredits, from.calendar, to.calendar);
  const targetCredits = sum(targets.map((target) => target.credits));
  return { credits: targetCredits === null ? 0 : roundCredits(targetCredits), conversion: null };
}

function describeConversion(conversion: CreditConversion | null, statedByRule: boolean): string {
  if (!conversion) return '';
  if (statedByRule) return ` The rule awards ${conversion.originalCredits} ${conversion.from} units: ${conversion.convertedCredits} ${conversion.to} credits.`;
  return ` Your ${conversion.originalCredits} ${conversion.from} credits count as ${conversion.convertedCredits} ${conversion.to} credits.`;
}

function emptyEvidence(): EquivalencyDecision['evidence'] {
  return { ruleId: null, origin: null, effectiveFromTerm: null, effectiveToTerm: null, minGrade: null, creditConversion: null };
}

interface RuleMatch {
  rule: EquivalencyRule;
  rowIndexes: number[];
}

function originLabel(origin: RuleOrigin): string {
  switch (origin) {
    case 'appeal': return 'a decision on an earlier appeal';
    case 'admin': return 'a rule entered by the registrar';
    case 'csv': return 'the published transfer rules';
    case 'seed': return 'the published transfer rules';
    case 'statewide-numbering': return 'statewide course numbering';
  }
}

/** "elective credit", "general-education credit", or both. */
function describeCreditKinds(credits: TargetCredit[]): string {
  const kinds = [...new Set(credits.map((credit) => (credit.verdictClass === 'general-education' ? 'general-education credit' : 'elective credit')))];
  return kinds.join(' and ');
}

function ruleDecision(input: DecideTransfersInput, match: RuleMatch): EquivalencyDecision {
  const { from, to, courses } = input;
  const { rule } = match;
  const taken = match.rowIndexes.map((index) => courses[index]!);
  const source = taken.map(courseRef);
  const evidence = {
    ruleId: rule.id,
    origin: rule.origin,
    effectiveFromTerm: rule.effectiveFromTerm,
    effectiveToTerm: rule.effectiveToTerm,
    minGrade: rule.minGrade,
    creditConversion: null,
  };
  const sourceText = taken.length > 1 ? `Taken together, ${listCodes(taken)}` : `${formatCourseCode(taken[0]!)}`;

  const given = classifyRule(rule);
  if (statusOfVerdictClass(given.verdictClass) === 'NO_TRANSFER') {
    const what = sourceText.replace('Taken together, ', '');
    let reason = `${to.name} does not accept ${what} for transfer credit.`;
    if (given.verdictClass === 'no-credit') {
      reason = `${to.name} lists ${what} as "no degree credit": a college-preparatory or remedial course, it earns no credit toward a degree there.`;
    } else if (given.verdictClass === 'not-degree-credit') {
      reason = `${to.name} accepts ${what} only as credit that does not count toward a degree.`;
    }
    const note = conditionsInNotes(rule.notes);
    if (note) reason += ` Note: ${note}`;
    return { ...verdict(given.verdictClass), source, targets: [], creditsAwarded: 0, transfersTo: null, reason, evidence };
  }

  // Each target says whether it is a course or credit in its place (elective, general education).
  const credits = rule.targets.filter((target) => nonTransferTargetKind(target) === null).map((target) => ({ target, credit: classifyTarget(target) }));
  const targets = credits.map(({ target, credit }) => ({ ...target, isElective: isElectiveTarget(target) || credit.verdictClass !== 'specific-course' }));
  const targetText = targets.map((target) => formatCourseCode(target)).join(' + ');
  const gate = gradeGate(taken, rule.minGrade, targetText);
  if (gate.status !== 'ok') {
    return { ...gradeVerdict(gate.status), source, targets: gate.status === 'NEEDS_EVAL' ? targets : [], creditsAwarded: 0, transfersTo: gate.status === 'NEEDS_EVAL' ? transfersToText(to, targets) : null, reason: gate.reason, evidence };
  }

  const { credits: awarded, conversion } = awardedCredits(from, to, taken, rule, targets);
  const notCourses = credits.filter(({ credit }) => credit.verdictClass !== 'specific-course');
  let reason = `${sourceText} ${taken.length > 1 ? 'transfer' : 'transfers'} to ${to.name} as ${targetText}`;
  reason += given.verdictClass !== 'specific-course'
    ? ` — ${describeTargetCredit(given)}.`
    : notCourses.length > 0
      ? `, partly as ${describeCreditKinds(notCourses.map(({ credit }) => credit))} (${notCourses.map(({ target }) => formatCourseCode(target)).join(', ')}).`
      : '.';
  reason += ` Based on ${originLabel(rule.origin)}.`;
  if (rule.minGrade) reason += ` It needs at least a ${rule.minGrade.toUpperCase()}.`;
  reason += describeConversion(conversion, rule.creditsAwarded !== null);
  // What the receiving school's table says besides the course ("Must be taken with BIOL 101L"): the student's to meet.
  const conditions = conditionsInNotes(rule.notes);
  if (conditions) reason += ` Condition: ${conditions}`;
  return {
    ...verdict(given.verdictClass),
    source,
    targets,
    creditsAwarded: awarded,
    transfersTo: transfersToText(to, targets),
    reason,
    evidence: { ...evidence, creditConversion: conversion },
  };
}

/** Spreads one decision over the rows it consumed; credits count on the first row only. */
function assign(decisions: Array<EquivalencyDecision | undefined>, rowIndexes: number[], decision: EquivalencyDecision): void {
  const sorted = [...rowIndexes].sort((a, b) => a - b);
  const primary = sorted[0]!;
  for (const index of sorted) {
    if (sorted.length === 1) {
      decisions[index] = decision;
      continue;
    }
    const isPrimary = index === primary;
    decisions[index] = {
      ...decision,
      creditsAwarded: isPrimary ? decision.creditsAwarded : 0,
      reason: isPrimary ? decision.reason : `${decision.reason} (Credits are counted once, on the ${formatCourseCode(decision.source[0]!)} row.)`,
      combined: { rowIndexes: sorted, primaryRowIndex: primary, creditsCountedHere: isPrimary },
    };
  }
}

interface CatalogEntry {
  course: CourseRef;
  number: StatewideCourseNumber;
}

function indexCatalog(catalog: CourseRef[] | undefined): Map<string, CatalogEntry[]> {
  const index = new Map<string, CatalogEntry[]>();
  for (const course of catalog ?? []) {
    const number = parseStatewideCourseNumber(course);
    if (!number) continue;
    const key = statewideEquivalenceKey(number);
    const list = index.get(key) ?? [];
    list.push({ course, number });
    index.set(key, list);
  }
  return index;
}

/** The destination's own spelling of a statewide course: same level and not honors first. */
function pickCatalogEntry(entries: CatalogEntry[] | undefined, source: StatewideCourseNumber): CatalogEntry | null {
  if (!entries || entries.length === 0) return null;
  const rank = (entry: CatalogEntry) => (entry.number.honors ? 2 : 0) + (entry.number.levelDigit === source.levelDigit ? 0 : 1);
  return [...entries].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

function targetFromCatalog(entry: CatalogEntry | null, fallback: SourceCourseTaken): RuleTarget {
  if (entry) {
    return { subject: entry.course.subject, number: entry.course.number, title: entry.course.title ?? fallback.title ?? null, credits: entry.course.credits ?? null, isElective: false };
  }
  // Not in the destination's catalogue: the same statewide course under the sending code, with no title — the sending
  // school's title is not the destination's (statewideTargetOutsideCatalogue tells the screens to say so).
  return { subject: fallback.subject, number: fallback.number, title: null, credits: null, isElective: false };
}

/**
 * A statewide-numbering answer whose destination course is not in the destination's catalogue (none was given, or it
 * does not list the course): the screens then say what is known instead of naming a course nobody has seen.
 */
export function statewideTargetOutsideCatalogue(decision: EquivalencyDecision): boolean {
  return decision.evidence.origin === 'statewide-numbering' && decision.targets.some((target) => target.title === null);
}

function statewideDecision(input: DecideTransfersInput, rowIndex: number, decided: Array<EquivalencyDecision | undefined>): { rows: number[]; decision: EquivalencyDecision } | null {
  const { from, to, courses } = input;
  const course = courses[rowIndex]!;
  const number = parseStatewideCourseNumber(course);
  if (!number) return null;

  const evidence = { ...emptyEvidence(), origin: 'statewide-numbering' as const };
  const exception = statewideException(number);
  if (exception) {
    const code = formatCourseCode(course);
    const exceptions = {
      'college-prep': {
        verdictClass: 'no-credit',
        reason: `${code} is a college-preparatory or vocational course (Florida numbers below 1000): such courses count toward no degree and do not transfer under Florida's statewide course numbering.`,
      },
      'special-series': {
        verdictClass: 'not-guaranteed',
        reason: `${code} is a special-topics, internship or directed-study number (900–999), which Florida's statewide numbering does not guarantee — the registrar reviews it.`,
      },
      graduate: {
        verdictClass: 'not-guaranteed',
        reason: `${code} is a graduate course, which Florida's statewide numbering does not guarantee — the registrar reviews it.`,
      },
    } as const satisfies Record<string, { verdictClass: VerdictClass; reason: string }>;
    const { verdictClass, reason } = exceptions[exception];
    return {
      rows: [rowIndex],
      decision: { ...verdict(verdictClass), source: [courseRef(course)], targets: [], creditsAwarded: 0, transfersTo: null, evidence, reason },
    };
  }

  const catalog = indexCatalog(input.destinationCatalog);
  const hasCatalog = (input.destinationCatalog?.length ?? 0) > 0;
  const lookup = (labCode: LabCode) => pickCatalogEntry(catalog.get(statewideEquivalenceKey(number, labCode)), number);

  // Lecture + lab on the transcript, combined course at the destination.
  let rows = [rowIndex];
  let targets: RuleTarget[];
  const partnerLab: LabCode | null = number.labCode === '' ? 'L' : number.labCode === 'L' ? '' : null;
  const partnerIndex = partnerLab === null ? -1 : courses.findIndex((other, index) => {
    if (index === rowIndex || decided[index]) return false;
    const otherNumber = parseStatewideCourseNumber(other);
    return otherNumber !== null && statewideEquivalenceKey(otherNumber) === statewideEquivalenceKey(number, partnerLab ?? '');
  });
  const combined = lookup('C');
  const exact = lookup(number.labCode);

  if (partnerIndex >= 0 && combined && !exact) {
    rows = [rowIndex, partnerIndex];
    targets = [targetFromCatalog(combined, course)];
  } else if (number.labCode === 'C' && !exact && hasCatalog) {
    const lecture = lookup('');
    const lab = lookup('L');
    if (!lecture || !lab) {
      targets = [targetFromCatalog(null, course)];
    } else {
      targets = [targetFromCatalog(lecture, course), targetFromCatalog(lab, course)];
    }
  } else if (number.labCode !== 'C' && !exact && combined) {
    // A lecture alone (or a lab alone) is only part of the destination's combined course.
    const partner = number.labCode === '' ? 'lab' : 'lecture';
    return {
      rows: [rowIndex],
      decision: {
        ...verdict('needs-review'), source: [courseRef(course)], targets: [], creditsAwarded: 0, transfersTo: null, evidence,
        reason: `${to.name} teaches this as one combined lecture-and-lab course (${formatCourseCode(combined.course)}). With the matching ${partner} it would transfer automatically; on its own the registrar decides.`,
      },
    };
  } else {
    targets = [targetFromCatalog(exact, course)];
  }

  const taken = rows.map((index) => courses[index]!);
  const targetText = targets.map(formatCourseCode).join(' + ');
  const gate = gradeGate(taken, null, targetText);
  if (gate.status !== 'ok') {
    return { rows, decision: { ...gradeVerdict(gate.status), source: taken.map(courseRef), targets: gate.status === 'NEEDS_EVAL' ? targets : [], creditsAwarded: 0, transfersTo: gate.status === 'NEEDS_EVAL' ? transfersToText(to, targets) : null, reason: gate.reason, evidence } };
  }
  const { credits, conversion } = awardedCredits(from, to, taken, { creditsAwarded: null, creditUnit: null, sources: [] }, targets);
  const sourceText = taken.length > 1 ? `Taken together, ${listCodes(taken)} transfer` : `${formatCourseCode(course)} transfers`;
  const reason = `${sourceText} to ${to.name} as ${targetText}: Florida's statewide course numbering guarantees courses with the same prefix and last three digits are equivalent between public institutions.${describeConversion(conversion, false)}`;
  return {
    rows,
    decision: { ...verdict('specific-course'), source: taken.map(courseRef), targets, creditsAwarded: credits, transfersTo: transfersToText(to, targets), reason, evidence: { ...evidence, creditConversion: conversion } },
  };
}

function findRuleRows(rule: EquivalencyRule, rowIndex: number, keys: string[], decided: Array<EquivalencyDecision | undefined>): number[] | null {
  const rows: number[] = [];
  const ownKey = keys[rowIndex];
  let usedOwn = false;
  for (const source of rule.sources) {
    const key = codeKey(source);
    if (!usedOwn && key === ownKey) {
      rows.push(rowIndex);
      usedOwn = true;
      continue;
    }
    const other = keys.findIndex((candidate, index) => candidate === key && index !== rowIndex && !decided[index] && !rows.includes(index));
    if (other < 0) return null;
    rows.push(other);
  }
  return usedOwn ? rows : null;
}

/** One decision per input course, in input order. */
export function decideTransfers(input: DecideTransfersInput): EquivalencyDecision[] {
  const { from, to, courses } = input;
  const keys = courses.map(codeKey);
  const rulesByKey = new Map<string, EquivalencyRule[]>();
  for (const rule of input.rules) {
    if (rule.fromInstitutionId !== from.id || rule.toInstitutionId !== to.id) continue;
    for (const key of new Set(rule.sources.map(codeKey))) {
      const list = rulesByKey.get(key) ?? [];
      list.push(rule);
      rulesByKey.set(key, list);
    }
  }
  const bothStatewide = from.floridaStatewideNumbering && to.floridaStatewideNumbering;
  const decisions: Array<EquivalencyDecision | undefined> = new Array(courses.length).fill(undefined);
  /** The registrar's suggestions for each row no rule decides, before the student's filter. */
  const suggested = new Map<number, SuggestedCandidate[]>();

  for (let rowIndex = 0; rowIndex < courses.length; rowIndex += 1) {
    if (decisions[rowIndex]) continue;
    const course = courses[rowIndex]!;
    const candidates = rankRules(rulesByKey.get(keys[rowIndex]!) ?? []);

    const applicable: RuleMatch[] = [];
    const outOfRange: RuleMatch[] = [];
    const missingPartners: EquivalencyRule[] = [];
    for (const rule of candidates) {
      const rows = findRuleRows(rule, rowIndex, keys, decisions);
      if (!rows) {
        missingPartners.push(rule);
        continue;
      }
      const inRange = rows.every((index) => {
        const check = checkTermRange(courses[index]!.term, rule.effectiveFromTerm, rule.effectiveToTerm);
        return check === 'in-range' || check === 'unknown';
      });
      (inRange ? applicable : outOfRange).push({ rule, rowIndexes: rows });
    }

    const chosen = applicable[0];
    if (chosen) {
      assign(decisions, chosen.rowIndexes, ruleDecision(input, chosen));
      continue;
    }

    if (bothStatewide) {
      const statewide = statewideDecision(input, rowIndex, decisions);
      if (statewide) {
        assign(decisions, statewide.rows, statewide.decision);
        continue;
      }
    }

    // The grade refuses before an out-of-date rule explains itself; a college-preparatory course after it.
    const alone = decideByCourseAlone(course, from);
    if (alone?.verdictClass === 'does-not-transfer') {
      decisions[rowIndex] = alone;
      continue;
    }
    const gate = gradeGate([course], null, '');

    const expired = outOfRange[0];
    if (expired) {
      const { rule } = expired;
      const targetText = rule.targets.map(formatCourseCode).join(' + ');
      decisions[rowIndex] = {
        ...verdict('does-not-transfer'),
        source: [courseRef(course)],
        targets: [],
        creditsAwarded: 0,
        transfersTo: null,
        reason: `The rule that transferred ${formatCourseCode(course)} to ${to.name}${targetText ? ` as ${targetText}` : ''} applies to courses taken ${describeTermRange(rule.effectiveFromTerm, rule.effectiveToTerm)}${course.term ? `; you took it in ${course.term}` : ''}. You can ask the registrar to review it.`,
        evidence: { ruleId: rule.id, origin: rule.origin, effectiveFromTerm: rule.effectiveFromTerm, effectiveToTerm: rule.effectiveToTerm, minGrade: rule.minGrade, creditConversion: null },
      };
      continue;
    }

    if (alone) {
      decisions[rowIndex] = alone;
      continue;
    }

    suggested.set(rowIndex, (input.suggest?.(course) ?? []).slice(0, MAX_CANDIDATES));
    let reason = gate.status === 'NEEDS_EVAL' ? gate.reason : NO_RULE_REASON;
    const partnerRule = missingPartners[0];
    if (gate.status === 'ok' && partnerRule) {
      const others = partnerRule.sources.filter((source) => codeKey(source) !== keys[rowIndex]);
      reason = `${formatCourseCode(course)} transfers to ${to.name} only when taken together with ${listCodes(others)}, which is not on this transcript — the registrar decides on it alone.`;
    }
    decisions[rowIndex] = { ...verdict('needs-review'), source: [courseRef(course)], targets: [], creditsAwarded: 0, transfersTo: null, reason, evidence: emptyEvidence() };
  }
  // A student sees only suggestions measured to be right most of the time, each destination course on one course.
  const rows = [...suggested.keys()];
  const shown = suggestionsForStudents(rows.map((rowIndex) => ({ course: courses[rowIndex]!, candidates: suggested.get(rowIndex)! })));
  rows.forEach((rowIndex, position) => {
    const candidates = shown[position] ?? [];
    const decision = decisions[rowIndex];
    if (!decision || candidates.length === 0) return;
    decisions[rowIndex] = {
      ...decision,
      reason: `${decision.reason} ${candidates.length === 1 ? 'A likely match' : 'Likely matches'} at ${to.name} ${candidates.length === 1 ? 'is' : 'are'} listed as a suggestion, not a decision.`,
      evidence: { ...decision.evidence, origin: 'suggestion' },
      candidates,
    };
  });
  return withRowCreditsConverted(
    withDuplicateCreditMarked(
      decisions.map((decision) => decision!),
      to,
    ),
    input,
  );
}

/**
 * From a quarter school to a semester school (or back) every row says what its own credits are in the destination's
 * units, whatever the decision, so the report can show the conversion on the row and add credits in one unit. A
 * rule's own credit award (already in destination units) is left as the rule says.
 */
function withRowCreditsConverted(decisions: EquivalencyDecision[], { from, to, courses }: DecideTransfersInput): EquivalencyDecision[] {
  if (from.calendar === to.calendar) return decisions;
  return decisions.map((decision, index) => {
    const credits = courses[index]?.credits;
    if (typeof credits !== 'number') return decision;
    return { ...decision, evidence: { ...decision.evidence, creditConversion: convertCredits(credits, from.calendar, to.calendar).conversion } };
  });
}

/**
 * Two rows that become the very same destination course (an honors and a regular section, a course passed twice) earn
 * its credit once at most schools: the first row keeps the Direct Transfer, a later one is left for the school to
 * decide, saying why, so the credits that transfer are not counted twice. Elective credit is not a course and is left
 * alone.
 */
function withDuplicateCreditMarked(decisions: EquivalencyDecision[], to: InstitutionInfo): EquivalencyDecision[] {
  const firstByTargets = new Map<string, EquivalencyDecision>();
  return decisions.map((decision) => {
    if (decision.status !== 'DIRECT' || decision.targets.length === 0 || decision.targets.some((target) => target.isElective)) return decision;
    if (decision.combined && !decision.combined.creditsCountedHere) return decision;
    const key = decision.targets.map(codeKey).sort().join('+');
    const first = firstByTargets.get(key);
    if (!first) {
      firstByTargets.set(key, decision);
      return decision;
    }
    const targets = decision.targets.map(formatCourseCode).join(' + ');
    return {
      ...decision,
      ...verdict('needs-review'),
      creditsAwarded: 0,
      reason: `${listCodes(decision.source)} would also become ${targets} at ${to.name}, like ${listCodes(first.source)}: credit for the same course is usually given once, so ${to.name} decides on this one.`,
    };
  });
}

// Degree progress for one program at one school: the equivalency engine has already decided how each transcript
// course transfers (its decisions are the input, never re-decided here); exam scores have been turned into the
// school's exam credit. This turns what the student holds at the school into placement units, places them
// (place-courses.ts) and says, per requirement, what is filled and what remains, and per course where it counts and why.

import type { CourseOutcome, DegreeCourse, DegreeRequirement, DegreeTotals } from '../../../../shared/schemas/programs';
import { codeKey, formatCourseCode, splitCourseCode } from '../../catalogue';
import { creditsAtDestination, type EquivalencyDecision, type RuleTarget } from '../../equivalencies';
import { describeCoursePattern, matchesCoursePattern } from './course-patterns';
import type { ExamCreditAward } from './exam-credit';
import { placeCourses, type PlacementUnit, type RequirementResult, type UnitBlock } from './place-courses';
import type { RequirementNode } from './requirement-tree';

export interface DecidedTranscriptCourse {
  /** The code as on the transcript ("ENC 1101"). */
  code: string;
  title: string;
  /** The student's credits for the course (what is lost if it does not transfer). */
  credits: number;
  grade: string | null;
  decision: EquivalencyDecision;
  /**
   * Attributes of the school that the transfer rule deciding the course gives its credit (its general-education
   * codes, rule-attributes.ts), whatever the destination course carries: elective credit ("SOC EL") can carry them.
   */
  ruleAttributes?: ReadonlySet<string>;
}

export interface DegreeProgressInput {
  schoolName: string;
  programName: string;
  roots: RequirementNode[];
  totalCredits: number | null;
  courses: DecidedTranscriptCourse[];
  exams: ExamCreditAward[];
  /** The school's attributes on one of its courses (upper case). */
  attributesOf: (course: { subject: string; number: string }) => ReadonlySet<string>;
  /** Every attribute the school puts on any course: an option naming another one cannot be checked here. */
  knownAttributes: ReadonlySet<string>;
}

export interface DegreeProgressReport {
  requirements: DegreeRequirement[];
  courses: DegreeCourse[];
  totals: DegreeTotals;
}

interface Unit extends PlacementUnit {
  /** Transcript rows the unit came from (several for a lecture and lab taken together), or none for exam credit. */
  rows: number[];
  /** Index into input.exams for exam credit. */
  exam: number | null;
  /** The names a student knows it by: transcript codes, or the exam. */
  labels: string[];
  doubtful: string | null;
  /** The school's attributes on the destination course itself (its catalogue designation). */
  catalogueAttributes: ReadonlySet<string>;
  /** The attributes the transfer rule's general-education codes give the credit. */
  ruleAttributes: ReadonlySet<string>;
}

const NO_ATTRIBUTES: ReadonlySet<string> = new Set();
const round = (value: number) => Math.round(value * 100) / 100;
const isElectiveNumber = (number: string) => number.trim().toUpperCase() === 'EL';

/** A decision's credits spread over its destination courses: by their own credits when all are known, else evenly. */
function creditShares(targets: RuleTarget[], awarded: number): number[] {
  const known = targets.map((target) => target.credits);
  const sum = known.reduce<number>((total, credits) => total + (credits ?? 0), 0);
  if (known.every((credits) => credits !== null && credits > 0) && sum > 0) return known.map((credits) => round((awarded * (credits ?? 0)) / sum));
  return targets.map(() => round(awarded / targets.length));
}

function transcriptUnits(input: DegreeProgressInput): Unit[] {
  const units: Unit[] = [];
  input.courses.forEach((course, rowIndex) => {
    const { decision } = course;
    if (decision.status !== 'DIRECT' || decision.targets.length === 0) return;
    if (decision.combined && !decision.combined.creditsCountedHere) return;
    const rows = decision.combined ? decision.combined.rowIndexes : [rowIndex];
    const labels = rows.map((index) => input.courses[index]?.code ?? course.code);
    const shares = creditShares(decision.targets, decision.creditsAwarded);
    const ruleAttributes = course.ruleAttributes ?? NO_ATTRIBUTES;
    decision.targets.forEach((target, index) => {
      const catalogueAttributes = input.attributesOf(target);
      units.push({
        course: {
          subject: target.subject,
          number: target.number,
          title: target.title,
          isElective: target.isElective || isElectiveNumber(target.number),
          attributes: ruleAttributes.size === 0 ? catalogueAttributes : new Set([...catalogueAttributes, ...ruleAttributes]),
        },
        credits: shares[index] ?? 0,
        grade: course.grade,
        fromExam: false,
        rows,
        exam: null,
        labels,
        doubtful: null,
        catalogueAttributes,
        ruleAttributes,
      });
    });
  });
  return units;
}

/** Exam credit as units; a course the transcript already brings is given once, so the exam's copy is dropped. */
function examUnits(input: DegreeProgressInput, fromTranscript: Unit[]): { units: Unit[]; duplicates: Map<number, string> } {
  const held = new Map<string, string>();
  for (const unit of fromTranscript) if (!unit.course.isElective) held.set(codeKey(unit.course), unit.labels.join(' + '));
  const units: Unit[] = [];
  const duplicates = new Map<number, string>();
  input.exams.forEach((award, examIndex) => {
    const rule = award.rule;
    if (!rule || rule.credits <= 0) return;
    const codes = rule.courses.map((code) => splitCourseCode(code)).filter((code) => code !== null && code.subject !== '');
    const targets = codes.length > 0 ? codes.map((code) => ({ subject: code!.subject, number: code!.number })) : [{ subject: award.score.examType, number: 'EL' }];
    const share = round(rule.credits / targets.length);
    targets.forEach((target) => {
      const already = held.get(codeKey(target));
      if (already && !isElectiveNumber(target.number)) {
        duplicates.set(examIndex, `${already} already gives you ${formatCourseCode(target)}: credit for the same course is given once.`);
        return;
      }
      const attributes = input.attributesOf(target);
      units.push({
        course: { subject: target.subject, number: target.number, title: null, isElective: isElectiveNumber(target.number), attributes },
        credits: share,
        grade: null,
        fromExam: true,
        rows: [],
        exam: examIndex,
        labels: [award.label],
        doubtful: rule.doubtful,
        catalogueAttributes: attributes,
        ruleAttributes: NO_ATTRIBUTES,
      });
    });
  });
  return { units, duplicates };
}

/**
 * Where a course counts only by the general-education codes its transfer rule states (not by any attribute of the
 * destination course), the student is told so: it is the rule's word, not the school's catalogue. Empty otherwise.
 */
function ruleCodeNote(toward: RequirementNode[], units: Unit[], schoolName: string): string {
  const codes = new Set<string>();
  for (const node of toward) {
    const attributes = node.patterns.flatMap((pattern) => (pattern.kind === 'attribute' ? [pattern.code] : []));
    for (const unit of units) {
      const catalogueCourse = { ...unit.course, attributes: unit.catalogueAttributes };
      if (node.patterns.some((pattern) => matchesCoursePattern(catalogueCourse, pattern))) continue;
      for (const code of attributes) if (unit.ruleAttributes.has(code)) codes.add(code);
    }
  }
  if (codes.size === 0) return '';
  const list = [...codes];
  return ` It counts by ${list.length === 1 ? 'the general-education code' : 'the general-education codes'} ${joinNames(list)} that the transfer rule gives this credit at ${schoolName}, not by a designation of a ${schoolName} course.`;
}

function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function blockText(block: UnitBlock, units: Unit[], grade: string | null): string {
  const name = block.node.spec.name;
  switch (block.kind) {
    case 'full': {
      const by = [...new Set(block.by.flatMap((index) => units[index]?.labels ?? []))];
      return by.length > 0 ? `it would fit ${name}, but ${joinNames(by)} already ${by.length === 1 ? 'fills' : 'fill'} it` : `it would fit ${name}, which is already complete`;
    }
    case 'grade':
      return `${name} needs at least a ${block.minimum.toUpperCase()}${grade ? ` and your grade is ${grade}` : ''}`;
    case 'no-exam-credit':
      return `${name} does not take AP, IB or CLEP credit`;
    case 'cap':
      return `${name} counts at most ${block.maxCredits} credits`;
    case 'not-chosen':
      return `it fits ${name}, one of the choices under ${block.group.spec.name}, but your courses advance another choice more`;
  }
}

/**
 * The tree as far as it can be checked at this school: options naming an attribute no course of the school carries
 * are set aside (Crosswalk does not know which courses have it, which is not the same as none), and each requirement
 * that loses options that way, or never had any, says why it cannot be (fully) checked.
 */
function checkableTree(roots: RequirementNode[], known: ReadonlySet<string>, schoolName: string): { roots: RequirementNode[]; notes: Map<string, string> } {
  const notes = new Map<string, string>();
  const visit = (node: RequirementNode): RequirementNode => {
    const unknown = node.patterns.filter((pattern) => pattern.kind === 'attribute' && !known.has(pattern.code));
    const patterns = unknown.length > 0 ? node.patterns.filter((pattern) => !unknown.includes(pattern)) : node.patterns;
    const codes = unknown.map((pattern) => (pattern.kind === 'attribute' ? pattern.code : '')).join(', ');
    if (unknown.length > 0 && patterns.length === 0) notes.set(node.id, `Crosswalk does not know which ${schoolName} courses are marked ${codes}, so this cannot be checked: ask ${schoolName}.`);
    else if (unknown.length > 0) notes.set(node.id, `Only the other options are checked: Crosswalk does not know which ${schoolName} courses are marked ${codes}.`);
    else if (node.patterns.length === 0 && node.children.length === 0) notes.set(node.id, `Crosswalk has no list of the courses that meet this, so it cannot be checked: ask ${schoolName}.`);
    return { ...node, patterns, children: node.children.map(visit) };
  };
  return { roots: roots.map(visit), notes };
}

export function evaluateDegreeProgress(input: DegreeProgressInput): DegreeProgressReport {
  const fromTranscript = transcriptUnits(input);
  const { units: fromExams, duplicates } = examUnits(input, fromTranscript);
  const units = [...fromTranscript, ...fromExams];
  const checkable = checkableTree(input.roots, input.knownAttributes, input.schoolName);
  const placement = placeCourses(checkable.roots, units);

  const present = (result: RequirementResult): DegreeRequirement => {
    const children = result.children.map(present);
    const ownDoubt = result.node.spec.doubtful;
    const unitDoubt = result.units.some((index) => units[index]!.doubtful !== null);
    const verified = ownDoubt === null && !unitDoubt && children.every((child) => !child.chosen || child.verified);
    return {
      id: result.node.id,
      name: result.node.spec.name,
      kind: result.node.spec.kind,
      status: result.status,
      chosen: result.chosen,
      appliedCredits: result.appliedCredits,
      appliedCourses: result.appliedCourses,
      remainingCredits: result.remainingCredits,
      remainingCourses: result.remainingCourses,
      optionsText: result.node.patterns.map(describeCoursePattern),
      notes: result.node.spec.notes,
      cannotCheck: checkable.notes.get(result.node.id) ?? null,
      doubtful: ownDoubt,
      verified,
      courses: [...new Set(result.units.flatMap((index) => units[index]!.labels))],
      children,
    };
  };
  const requirements = placement.requirements.map(present);

  const outcomeOf = (unitIndexes: number[]): { outcome: CourseOutcome; toward: RequirementNode[]; why: string; verified: boolean } => {
    const toward = [...new Set(unitIndexes.flatMap((index) => placement.units[index]!.countsToward))];
    if (toward.length > 0) {
      const unsure = toward.filter((node) => node.spec.doubtful !== null);
      const creditDoubt = unitIndexes.map((index) => units[index]!.doubtful).find((doubt) => doubt !== null);
      const names = joinNames(toward.map((node) => node.spec.name));
      const byRule = ruleCodeNote(toward, unitIndexes.map((index) => units[index]!), input.schoolName);
      if (unsure.length > 0 || creditDoubt) {
        const why = creditDoubt ?? unsure[0]!.spec.doubtful;
        return { outcome: 'counts', toward, why: `May count toward ${names} — not verified: ${why}.${byRule} Check with ${input.schoolName}.`, verified: false };
      }
      const shared = toward.length > 1 ? ' (a requirement there may double count)' : '';
      return { outcome: 'counts', toward, why: `Counts toward ${names}${shared}.${byRule}`, verified: true };
    }
    const first = units[unitIndexes[0]!]!;
    const blocks = unitIndexes.flatMap((index) => placement.units[index]!.blocks);
    const becomes = unitIndexes.map((index) => formatCourseCode(units[index]!.course)).join(' + ');
    if (blocks.length > 0) {
      const reasons = [...new Set(blocks.map((block) => blockText(block, units, first.grade)))];
      return { outcome: 'elective', toward: [], why: `Elective credit only: ${reasons.slice(0, 2).join('; ')}.`, verified: true };
    }
    if (unitIndexes.every((index) => units[index]!.course.isElective)) {
      const subjects = joinNames([...new Set(unitIndexes.map((index) => units[index]!.course.subject))]);
      return { outcome: 'elective', toward: [], why: `Elective credit only: it transfers as elective credit in ${subjects}, which no requirement of ${input.programName} asks for.`, verified: true };
    }
    return { outcome: 'elective', toward: [], why: `Elective credit only: it becomes ${becomes}, which no requirement of ${input.programName} asks for.`, verified: true };
  };

  const courses: DegreeCourse[] = [];
  const unitsOfRow = new Map<number, number[]>();
  units.forEach((unit, index) => {
    for (const row of unit.rows) unitsOfRow.set(row, [...(unitsOfRow.get(row) ?? []), index]);
  });
  const totals = { countingCredits: 0, electiveCredits: 0, lostCredits: 0, pendingCredits: 0 };
  input.courses.forEach((course, rowIndex) => {
    const { decision } = course;
    const base = {
      rowIndex,
      code: course.code,
      title: course.title,
      credits: course.credits,
      source: 'transcript' as const,
      verdictClass: decision.verdictClass,
      becomes: decision.targets.length > 0 ? decision.targets.map(formatCourseCode).join(' + ') : null,
    };
    const own = unitsOfRow.get(rowIndex) ?? [];
    if (decision.status === 'DIRECT' && own.length > 0) {
      const result = outcomeOf(own);
      courses.push({ ...base, outcome: result.outcome, pending: false, countsToward: result.toward.map((node) => ({ id: node.id, name: node.spec.name })), why: result.why, verified: result.verified });
      return;
    }
    if (decision.status === 'NEEDS_EVAL') {
      totals.pendingCredits += creditsAtDestination(course.credits, decision.evidence);
      courses.push({ ...base, outcome: 'none', pending: true, countsToward: [], why: `Does not count yet: ${input.schoolName} has to decide how it transfers first. ${decision.reason}`, verified: true });
      return;
    }
    if (decision.status === 'NO_TRANSFER') totals.lostCredits += creditsAtDestination(course.credits, decision.evidence);
    courses.push({ ...base, outcome: 'none', pending: false, countsToward: [], why: `Does not count: it does not transfer to ${input.schoolName}. ${decision.reason}`, verified: true });
  });
  input.exams.forEach((award, examIndex) => {
    const own = units.map((unit, index) => (unit.exam === examIndex ? index : -1)).filter((index) => index >= 0);
    const base = { rowIndex: null, code: award.label, title: award.score.exam, credits: award.rule?.credits ?? 0, source: 'exam' as const, verdictClass: null, becomes: award.rule ? (award.rule.courses.length > 0 ? award.rule.courses.join(' + ') : 'elective credit') : null };
    if (own.length > 0) {
      const result = outcomeOf(own);
      courses.push({ ...base, outcome: result.outcome, pending: false, countsToward: result.toward.map((node) => ({ id: node.id, name: node.spec.name })), why: result.why, verified: result.verified });
      return;
    }
    const why = award.rule === null ? award.reason : (duplicates.get(examIndex) ?? `${input.schoolName} gives no credit for this score.`);
    courses.push({ ...base, credits: 0, outcome: 'none', pending: false, countsToward: [], why: `Does not count: ${why}`, verified: true });
  });
  units.forEach((unit, index) => {
    if (placement.units[index]!.countsToward.length > 0) totals.countingCredits += unit.credits;
    else totals.electiveCredits += unit.credits;
  });

  const chosenRoots = requirements.filter((requirement) => requirement.chosen);
  const countingCredits = round(totals.countingCredits);
  const electiveCredits = round(totals.electiveCredits);
  return {
    requirements,
    courses,
    totals: {
      countingCredits,
      electiveCredits,
      lostCredits: round(totals.lostCredits),
      pendingCredits: round(totals.pendingCredits),
      requirementsTotal: chosenRoots.length,
      requirementsComplete: chosenRoots.filter((requirement) => requirement.status === 'complete' && requirement.verified).length,
      creditsStillNeeded: input.totalCredits === null ? null : Math.max(0, round(input.totalCredits - countingCredits - electiveCredits)),
    },
  };
}

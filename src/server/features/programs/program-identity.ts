/**
 * Content hashes of what the programs import stores, so a re-import can tell new, changed and unchanged rows apart (and
 * an export imported back changes nothing). Values are hashed as they are stored: numbers as numbers, lists in order.
 */
import { stableHash } from '../equivalencies';
import type { RequirementSpec } from './engine/requirement-tree';

type Hashable = string | number | boolean | null | string[];

const hashOf = (values: Record<string, Hashable>) => stableHash(JSON.stringify(Object.keys(values).sort().map((key) => [key, values[key]])));

export interface ProgramContent {
  code: string;
  name: string;
  degree: string | null;
  catalogYear: string | null;
  totalCredits: number | null;
  kind: string;
  enteringFrom: string | null;
  enteringTo: string | null;
  includes: string[];
  notes: string | null;
  dataNote: string | null;
  sourceUrl: string | null;
}

export const programContentHash = (program: ProgramContent) =>
  hashOf({
    code: program.code,
    name: program.name,
    degree: program.degree,
    catalogYear: program.catalogYear,
    totalCredits: program.totalCredits,
    kind: program.kind,
    enteringFrom: program.enteringFrom,
    enteringTo: program.enteringTo,
    includes: program.includes,
    notes: program.notes,
    dataNote: program.dataNote,
    sourceUrl: program.sourceUrl,
  });

/** A requirement's content, its place in the tree (parent and position) included. */
export const requirementContentHash = (requirement: RequirementSpec, position: number) =>
  hashOf({
    code: requirement.code,
    parentCode: requirement.parentCode,
    position,
    name: requirement.name,
    kind: requirement.kind,
    groupRule: requirement.groupRule,
    childrenRequired: requirement.childrenRequired,
    minCourses: requirement.minCourses,
    minCredits: requirement.minCredits,
    maxCredits: requirement.maxCredits,
    options: requirement.options,
    minGrade: requirement.minGrade,
    doubleCount: requirement.doubleCount,
    examCredit: requirement.examCredit,
    notes: requirement.notes,
    doubtful: requirement.doubtful,
  });

export const examRuleContentHash = (rule: { credits: number; courses: string[]; notes: string | null; doubtful: string | null; exam: string }) =>
  hashOf({ exam: rule.exam, credits: rule.credits, courses: rule.courses, notes: rule.notes, doubtful: rule.doubtful });

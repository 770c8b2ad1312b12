// Builders for the engine's unit tests and its benchmark: requirement rows and units with only what a case needs.
import { splitCourseCode } from '../../catalogue';
import type { PlacementUnit } from './place-courses';
import { blankRequirement, buildRequirementTree, checkRequirementRows, type RequirementNode, type RequirementSpec } from './requirement-tree';

export const requirement = (code: string, extra: Partial<RequirementSpec> = {}): RequirementSpec => blankRequirement(code, extra);

/** The tree of rows that must be valid (a test that builds a bad tree by mistake fails here, not later). */
export function tree(rows: RequirementSpec[]): RequirementNode[] {
  const problems = checkRequirementRows(rows);
  if (problems.length > 0) throw new Error(problems.map((problem) => `${rows[problem.index]?.code}: ${problem.message}`).join('; '));
  return buildRequirementTree(rows);
}

export function unit(code: string, credits = 3, extra: Partial<PlacementUnit> & { attributes?: string[] } = {}): PlacementUnit {
  const split = splitCourseCode(code)!;
  const { attributes, ...rest } = extra;
  return {
    course: { subject: split.subject, number: split.number, title: null, isElective: split.number === 'EL', attributes: new Set(attributes ?? []) },
    credits,
    grade: null,
    fromExam: false,
    ...rest,
  };
}

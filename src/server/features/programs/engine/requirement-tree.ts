// A program's requirements as stored (flat rows naming their parent) and as the placement works on them (a tree).
// The same checks guard the CSV import (each problem names the row) and the engine (which then trusts the tree).

import type { RequirementFields, RequirementKind } from '../../../../shared/schemas/programs';
import { isValidMinimumGrade } from '../../equivalencies';
import { parseCoursePattern, type CoursePattern } from './course-patterns';

/** One requirement row, as the shared contract describes it. */
export type RequirementSpec = RequirementFields;

export interface RequirementNode {
  spec: RequirementSpec;
  patterns: CoursePattern[];
  children: RequirementNode[];
  /** Identifies the node in results: its code, or the program's code for an included program's wrapper. */
  id: string;
}

export interface RequirementProblem {
  /** Index of the row in the list it was given. */
  index: number;
  column: 'requirement_id' | 'parent_id' | 'group' | 'children_required' | 'options' | 'min_grade' | 'min_credits' | 'max_credits';
  message: string;
}

/** Checks the rows of one program; an empty list means buildRequirementTree will accept them. */
export function checkRequirementRows(rows: RequirementSpec[]): RequirementProblem[] {
  const problems: RequirementProblem[] = [];
  const indexByCode = new Map<string, number>();
  rows.forEach((row, index) => {
    const first = indexByCode.get(row.code);
    if (first !== undefined) problems.push({ index, column: 'requirement_id', message: `requirement ${row.code} appears twice in this program (first on row ${first + 1})` });
    else indexByCode.set(row.code, index);
  });
  const childCount = new Map<string, number>();
  rows.forEach((row, index) => {
    if (row.parentCode === null) return;
    if (row.parentCode === row.code) problems.push({ index, column: 'parent_id', message: 'a requirement cannot be its own parent' });
    else if (!indexByCode.has(row.parentCode)) problems.push({ index, column: 'parent_id', message: `no requirement ${row.parentCode} in this program` });
    childCount.set(row.parentCode, (childCount.get(row.parentCode) ?? 0) + 1);
  });
  // A parent chain that comes back to where it started never reaches a top-level requirement.
  rows.forEach((row, index) => {
    const seen = new Set<string>([row.code]);
    let parent = row.parentCode;
    while (parent !== null) {
      if (seen.has(parent)) {
        problems.push({ index, column: 'parent_id', message: `the parents of ${row.code} go round in a circle` });
        return;
      }
      seen.add(parent);
      const parentIndex = indexByCode.get(parent);
      parent = parentIndex === undefined ? null : rows[parentIndex]!.parentCode;
    }
  });
  rows.forEach((row, index) => {
    const children = childCount.get(row.code) ?? 0;
    if (row.groupRule !== null && children === 0) {
      problems.push({ index, column: 'group', message: `"${row.groupRule}" needs requirements that name ${row.code} as their parent` });
    }
    if (row.groupRule === 'n-of') {
      if (row.childrenRequired === null) problems.push({ index, column: 'children_required', message: 'say how many of the group are required' });
      else if (children > 0 && row.childrenRequired > children) {
        problems.push({ index, column: 'children_required', message: `${row.childrenRequired} required but the group has only ${children}` });
      }
    }
    if (row.groupRule === null && children > 0) {
      problems.push({ index, column: 'group', message: `${row.code} has requirements under it: set group to "all" or "n-of"` });
    }
    if (row.minCredits !== null && row.maxCredits !== null && row.maxCredits < row.minCredits) {
      problems.push({ index, column: 'max_credits', message: `at most ${row.maxCredits} credits is less than the ${row.minCredits} required` });
    }
    if (row.minGrade !== null && !isValidMinimumGrade(row.minGrade)) {
      problems.push({ index, column: 'min_grade', message: `"${row.minGrade}" is not a letter grade such as C-` });
    }
    for (const option of row.options) {
      const parsed = parseCoursePattern(option);
      if ('error' in parsed) problems.push({ index, column: 'options', message: parsed.error });
    }
  });
  return problems;
}

/** The tree of checked rows, roots in row order and children in row order. */
export function buildRequirementTree(rows: RequirementSpec[]): RequirementNode[] {
  const nodes = new Map<string, RequirementNode>();
  for (const spec of rows) {
    const patterns = spec.options.flatMap((option) => {
      const parsed = parseCoursePattern(option);
      return 'pattern' in parsed ? [parsed.pattern] : [];
    });
    nodes.set(spec.code, { spec, patterns, children: [], id: spec.code });
  }
  const roots: RequirementNode[] = [];
  for (const spec of rows) {
    const node = nodes.get(spec.code)!;
    const parent = spec.parentCode === null ? undefined : nodes.get(spec.parentCode);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A requirement row with nothing but its code and name set, and every rule at its default. */
export function blankRequirement(code: string, fields: Partial<RequirementSpec> = {}): RequirementSpec {
  return {
    code,
    parentCode: null,
    name: code,
    kind: 'major',
    groupRule: null,
    childrenRequired: null,
    minCourses: null,
    minCredits: null,
    maxCredits: null,
    options: [],
    minGrade: null,
    doubleCount: false,
    examCredit: true,
    notes: null,
    doubtful: null,
    ...fields,
  };
}

/** A group standing for a whole included program (a major's college GE), so its requirements show under its name. */
export function programGroup(input: { id: string; name: string; kind: RequirementKind; roots: RequirementNode[] }): RequirementNode {
  return { id: input.id, patterns: [], children: input.roots, spec: blankRequirement(input.id, { name: input.name, kind: input.kind, groupRule: 'all' }) };
}

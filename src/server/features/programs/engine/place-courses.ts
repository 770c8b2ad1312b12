// Places a student's destination courses into a program's requirements: the best assignment, not the first fit.
//
// Every requirement with options is a "leaf" that needs some courses and/or credits, holds at most its cap, and takes
// the courses its options match (and its grade, exam-credit and cap rules allow). A course counts once, except toward
// requirements marked "may double count", which are filled afterwards from every course and consume none.
//
// The assignment is a bipartite matching generalised to credits (Kuhn's augmenting paths): a course goes to a leaf
// that still needs something; failing that, it may take the place of a course already there when the leaf stays as
// full without it and the displaced course finds another leaf that needs it, and so on down the chain. With leaves
// that count courses this is an exact maximum matching; with credits it never lowers what any leaf has.
//
// A row with children and options ("10 credits of natural science, including a biology course with a lab") is its
// children plus a remainder leaf for the credits the children leave. An "n of" group uses only n of its children: the
// placement is tried with each choice (one group at a time, the others held) and the best kept, so the report shows the
// concentration a student's courses advance most, and says so.

import type { RequirementStatus } from '../../../../shared/schemas/programs';
import { checkGrade } from '../../equivalencies';
import { matchesCoursePattern, type MatchableCourse } from './course-patterns';
import type { RequirementNode } from './requirement-tree';

export interface PlacementUnit {
  /** A destination course (or exam credit) the student holds. */
  course: MatchableCourse & { title: string | null };
  credits: number;
  grade: string | null;
  fromExam: boolean;
}


export interface RequirementResult {
  node: RequirementNode;
  status: RequirementStatus;
  /** False for the children of an "n of" group that the placement does not use. */
  chosen: boolean;
  appliedCredits: number;
  appliedCourses: number;
  remainingCredits: number | null;
  remainingCourses: number | null;
  /** Units counted here or anywhere below, in unit order. */
  units: number[];
  children: RequirementResult[];
}

export type UnitBlock =
  | { kind: 'full'; node: RequirementNode; by: number[] }
  | { kind: 'grade'; node: RequirementNode; minimum: string }
  | { kind: 'no-exam-credit'; node: RequirementNode }
  | { kind: 'cap'; node: RequirementNode; maxCredits: number }
  | { kind: 'not-chosen'; node: RequirementNode; group: RequirementNode };

export interface UnitPlacement {
  /** Where the unit counts: its one requirement, then any "may double count" ones. */
  countsToward: RequirementNode[];
  /** For a unit that counts nowhere: what it matched and why it could not count there. */
  blocks: UnitBlock[];
}

export interface PlacementResult {
  requirements: RequirementResult[];
  units: UnitPlacement[];
}

const EPSILON = 1e-9;

interface Leaf {
  node: RequirementNode;
  /** The requirement results report this leaf under (a remainder leaf reports under its own node). */
  needCredits: number | null;
  needCourses: number | null;
  maxCredits: number | null;
  doubleCount: boolean;
  examCredit: boolean;
  minGrade: string | null;
  /** Leaves under a not-chosen child of an "n of" group take nothing. */
  inactiveUnder: { group: RequirementNode; child: RequirementNode } | null;
}

interface Inherited {
  doubleCount: boolean;
  examCredit: boolean;
  minGrade: string | null;
}

/** Which children each "n of" group uses (by index); groups not listed use all. */
type Choices = Map<RequirementNode, number[]>;

function collectLeaves(nodes: RequirementNode[], inherited: Inherited, choices: Choices, inactive: Leaf['inactiveUnder'], leaves: Leaf[], leafOf: Map<RequirementNode, Leaf>) {
  for (const node of nodes) {
    const spec = node.spec;
    const here: Inherited = {
      doubleCount: inherited.doubleCount || spec.doubleCount,
      examCredit: inherited.examCredit && spec.examCredit,
      minGrade: spec.minGrade ?? inherited.minGrade,
    };
    if (node.patterns.length > 0) {
      let needCredits = spec.minCredits;
      let needCourses = spec.minCourses;
      if (node.children.length > 0) {
        // The children's own needs come out of this row's; the remainder is what its options must still bring.
        const childCredits = node.children.reduce((sum, child) => sum + (child.spec.minCredits ?? 0), 0);
        const childCourses = node.children.reduce((sum, child) => sum + (child.spec.minCourses ?? (child.spec.minCredits === null ? 1 : 0)), 0);
        needCredits = needCredits === null ? null : Math.max(0, needCredits - childCredits);
        needCourses = needCourses === null ? null : Math.max(0, needCourses - childCourses);
        if (needCredits === 0) needCredits = null;
        if (needCourses === 0) needCourses = null;
      } else if (needCredits === null && needCourses === null) {
        // Nothing said: a cap alone is what it wants filled (a group of "up to 6 credits"); otherwise one course.
        if (spec.maxCredits !== null) needCredits = spec.maxCredits;
        else needCourses = 1;
      }
      if (needCredits !== null || needCourses !== null) {
        const leaf: Leaf = { node, needCredits, needCourses, maxCredits: spec.maxCredits, ...here, inactiveUnder: inactive };
        leaves.push(leaf);
        leafOf.set(node, leaf);
      }
    }
    const chosen = choices.get(node);
    node.children.forEach((child, index) => {
      const childInactive = inactive ?? (chosen && !chosen.includes(index) ? { group: node, child } : null);
      collectLeaves([child], here, choices, childInactive, leaves, leafOf);
    });
  }
}

class Assignment {
  readonly held: number[][];
  readonly credits: number[];
  readonly leafOfUnit: Int32Array;

  constructor(
    private readonly leaves: Leaf[],
    private readonly units: PlacementUnit[],
  ) {
    this.held = leaves.map(() => []);
    this.credits = leaves.map(() => 0);
    this.leafOfUnit = new Int32Array(units.length).fill(-1);
  }

  isFull(leafIndex: number, credits = this.credits[leafIndex]!, courses = this.held[leafIndex]!.length): boolean {
    const leaf = this.leaves[leafIndex]!;
    return (leaf.needCredits === null || credits >= leaf.needCredits - EPSILON) && (leaf.needCourses === null || courses >= leaf.needCourses);
  }

  withinCap(leafIndex: number, credits: number): boolean {
    const cap = this.leaves[leafIndex]!.maxCredits;
    return cap === null || credits <= cap + EPSILON;
  }

  canTake(leafIndex: number, unit: number): boolean {
    return !this.isFull(leafIndex) && this.withinCap(leafIndex, this.credits[leafIndex]! + this.units[unit]!.credits);
  }

  add(leafIndex: number, unit: number) {
    this.held[leafIndex]!.push(unit);
    this.credits[leafIndex]! += this.units[unit]!.credits;
    this.leafOfUnit[unit] = leafIndex;
  }

  replace(leafIndex: number, out: number, into: number) {
    const list = this.held[leafIndex]!;
    list[list.indexOf(out)] = into;
    this.credits[leafIndex]! += this.units[into]!.credits - this.units[out]!.credits;
    this.leafOfUnit[into] = leafIndex;
    this.leafOfUnit[out] = -1;
  }
}

/**
 * Whether a unit's course matches a requirement's options at all (before grades, caps and exam rules). The same pairs
 * are asked about in every trial of an "n of" choice, so each answer is worked out once.
 */
class MatchTable {
  private readonly table = new Map<RequirementNode, Uint8Array>();
  constructor(private readonly units: PlacementUnit[]) {}

  matches(leaf: Leaf, unit: number): boolean {
    let row = this.table.get(leaf.node);
    if (!row) {
      row = new Uint8Array(this.units.length);
      this.table.set(leaf.node, row);
    }
    if (row[unit] === 0) row[unit] = leaf.node.patterns.some((pattern) => matchesCoursePattern(this.units[unit]!.course, pattern)) ? 2 : 1;
    return row[unit] === 2;
  }
}

function gateOf(leaf: Leaf, unit: PlacementUnit): UnitBlock | null {
  if (leaf.inactiveUnder) return { kind: 'not-chosen', node: leaf.inactiveUnder.child, group: leaf.inactiveUnder.group };
  if (unit.fromExam && !leaf.examCredit) return { kind: 'no-exam-credit', node: leaf.node };
  if (leaf.minGrade && checkGrade(unit.grade, leaf.minGrade).outcome !== 'meets') return { kind: 'grade', node: leaf.node, minimum: leaf.minGrade };
  if (leaf.maxCredits !== null && unit.credits > leaf.maxCredits + EPSILON) return { kind: 'cap', node: leaf.node, maxCredits: leaf.maxCredits };
  return null;
}

interface Evaluation {
  leaves: Leaf[];
  leafOf: Map<RequirementNode, Leaf>;
  leafIndex: Map<Leaf, number>;
  assignment: Assignment;
  doubleHeld: number[][];
  eligible: number[][];
}

function assign(roots: RequirementNode[], units: PlacementUnit[], choices: Choices, table: MatchTable): Evaluation {
  const leaves: Leaf[] = [];
  const leafOf = new Map<RequirementNode, Leaf>();
  collectLeaves(roots, { doubleCount: false, examCredit: true, minGrade: null }, choices, null, leaves, leafOf);
  const eligible: number[][] = units.map((unit, unitIndex) => {
    const list: number[] = [];
    leaves.forEach((leaf, leafIndex) => {
      if (!leaf.doubleCount && table.matches(leaf, unitIndex) && gateOf(leaf, unit) === null) list.push(leafIndex);
    });
    return list;
  });
  // Most constrained leaves first: a course that fits a narrow requirement and a broad one goes to the narrow one.
  const fits = leaves.map(() => 0);
  for (const list of eligible) for (const leafIndex of list) fits[leafIndex]! += 1;
  for (const list of eligible) list.sort((a, b) => fits[a]! - fits[b]! || a - b);

  const assignment = new Assignment(leaves, units);
  const place = (unit: number, visited: Uint8Array): boolean => {
    for (const leafIndex of eligible[unit]!) {
      if (assignment.canTake(leafIndex, unit)) {
        assignment.add(leafIndex, unit);
        return true;
      }
    }
    for (const leafIndex of eligible[unit]!) {
      if (visited[leafIndex]) continue;
      visited[leafIndex] = 1;
      const credits = assignment.credits[leafIndex]!;
      for (const other of [...assignment.held[leafIndex]!]) {
        const swapped = credits - units[other]!.credits + units[unit]!.credits;
        if (!assignment.isFull(leafIndex, swapped) || !assignment.withinCap(leafIndex, swapped)) continue;
        assignment.leafOfUnit[other] = -1;
        if (place(other, visited)) {
          // `other` now sits elsewhere; put `unit` where it was.
          const list = assignment.held[leafIndex]!;
          list[list.indexOf(other)] = unit;
          assignment.credits[leafIndex]! += units[unit]!.credits - units[other]!.credits;
          assignment.leafOfUnit[unit] = leafIndex;
          return true;
        }
        assignment.leafOfUnit[other] = leafIndex;
      }
    }
    return false;
  };
  const order = units.map((_, index) => index).filter((index) => eligible[index]!.length > 0);
  order.sort((a, b) => eligible[a]!.length - eligible[b]!.length || units[b]!.credits - units[a]!.credits || a - b);
  for (const unit of order) place(unit, new Uint8Array(leaves.length));

  // "May double count" requirements take from every course, largest first, and use none up.
  const doubleHeld = leaves.map(() => [] as number[]);
  const byCredits = units.map((_, index) => index).sort((a, b) => units[b]!.credits - units[a]!.credits || a - b);
  leaves.forEach((leaf, leafIndex) => {
    if (!leaf.doubleCount) return;
    let credits = 0;
    for (const unit of byCredits) {
      const candidate = units[unit]!;
      if (!table.matches(leaf, unit) || gateOf(leaf, candidate) !== null) continue;
      const full = (leaf.needCredits === null || credits >= leaf.needCredits - EPSILON) && (leaf.needCourses === null || doubleHeld[leafIndex]!.length >= leaf.needCourses);
      if (full) break;
      if (leaf.maxCredits !== null && credits + candidate.credits > leaf.maxCredits + EPSILON) continue;
      doubleHeld[leafIndex]!.push(unit);
      credits += candidate.credits;
    }
  });
  return { leaves, leafOf, leafIndex: new Map(leaves.map((leaf, index) => [leaf, index])), assignment, doubleHeld, eligible };
}

const round = (value: number) => Math.round(value * 100) / 100;

function summarise(node: RequirementNode, evaluation: Evaluation, units: PlacementUnit[], choices: Choices, chosen: boolean): RequirementResult {
  const spec = node.spec;
  const picked = choices.get(node);
  const children = node.children.map((child, index) => summarise(child, evaluation, units, choices, chosen && (!picked || picked.includes(index))));
  const leaf = evaluation.leafOf.get(node);
  const leafIndex = leaf ? evaluation.leafIndex.get(leaf)! : -1;
  const own = leafIndex >= 0 ? [...evaluation.assignment.held[leafIndex]!, ...evaluation.doubleHeld[leafIndex]!] : [];
  const counted = children.filter((child) => child.chosen);
  const unitSet = new Set<number>(own);
  for (const child of counted) for (const unit of child.units) unitSet.add(unit);
  const unitList = [...unitSet].sort((a, b) => a - b);
  const appliedCredits = round(unitList.reduce((sum, unit) => sum + units[unit]!.credits, 0));
  const appliedCourses = unitList.length;

  // What this row itself asks of the courses counted under it.
  const needCredits = spec.minCredits ?? (node.children.length === 0 && spec.minCourses === null ? (leaf?.needCredits ?? null) : null);
  const needCourses = spec.minCourses ?? (node.children.length === 0 && spec.minCredits === null && needCredits === null ? 1 : null);
  const shortCredits = needCredits === null ? null : Math.max(0, round(needCredits - appliedCredits));
  const shortCourses = needCourses === null ? null : Math.max(0, needCourses - appliedCourses);

  let rulesMet = true;
  let childCredits: number | null = null;
  let childCourses: number | null = null;
  if (node.children.length > 0) {
    const required = spec.groupRule === 'n-of' ? Math.min(spec.childrenRequired ?? 1, counted.length) : counted.length;
    const complete = counted.filter((child) => child.status === 'complete').length;
    rulesMet = complete >= required;
    // What the children still need: all of the unfinished ones, or the cheapest ones still needed of an "n of".
    const unfinished = counted.filter((child) => child.status !== 'complete');
    const stillNeeded = Math.max(0, required - complete);
    const cheapest = [...unfinished].sort((a, b) => (a.remainingCredits ?? 0) - (b.remainingCredits ?? 0) || (a.remainingCourses ?? 0) - (b.remainingCourses ?? 0)).slice(0, stillNeeded);
    if (cheapest.some((child) => child.remainingCredits !== null)) childCredits = round(cheapest.reduce((sum, child) => sum + (child.remainingCredits ?? 0), 0));
    if (cheapest.some((child) => child.remainingCourses !== null)) childCourses = cheapest.reduce((sum, child) => sum + (child.remainingCourses ?? 0), 0);
  }
  const remainingCredits = shortCredits === null ? childCredits : Math.max(shortCredits, childCredits ?? 0);
  const remainingCourses = shortCourses === null ? childCourses : Math.max(shortCourses, childCourses ?? 0);

  const checkable = node.patterns.length > 0 || node.children.length > 0;
  let status: RequirementStatus;
  if (!checkable) status = 'unchecked';
  else if (rulesMet && (shortCredits ?? 0) === 0 && (shortCourses ?? 0) === 0 && (node.children.length > 0 || leaf !== undefined)) status = 'complete';
  else if (appliedCourses > 0) status = 'partial';
  else if (counted.length > 0 && counted.every((child) => child.status === 'unchecked')) status = 'unchecked';
  else status = 'not-started';
  return { node, status, chosen, appliedCredits, appliedCourses, remainingCredits, remainingCourses, units: unitList, children };
}

/** Higher is better: finished requirements first, then how far the rest are, then credits used. */
function score(results: RequirementResult[]): number {
  let total = 0;
  const visit = (result: RequirementResult) => {
    if (!result.chosen) return;
    if (result.status === 'complete') total += 1000;
    else if (result.remainingCredits !== null && result.appliedCredits > 0) total += (100 * result.appliedCredits) / (result.appliedCredits + result.remainingCredits);
    else if (result.remainingCourses !== null && result.appliedCourses > 0) total += (100 * result.appliedCourses) / (result.appliedCourses + result.remainingCourses);
    total += result.node.children.length === 0 ? result.appliedCredits / 1000 : 0;
    result.children.forEach(visit);
  };
  results.forEach(visit);
  return total;
}

function choiceGroups(roots: RequirementNode[]): RequirementNode[] {
  const groups: RequirementNode[] = [];
  const visit = (node: RequirementNode) => {
    if (node.spec.groupRule === 'n-of' && (node.spec.childrenRequired ?? 1) < node.children.length) groups.push(node);
    node.children.forEach(visit);
  };
  roots.forEach(visit);
  return groups;
}

/** The ways to pick k of n indexes, or null when there are too many to try one by one. */
function subsets(n: number, k: number, limit = 64): number[][] | null {
  const out: number[][] = [];
  const walk = (start: number, picked: number[]) => {
    if (out.length > limit) return;
    if (picked.length === k) {
      out.push([...picked]);
      return;
    }
    for (let index = start; index < n; index += 1) walk(index + 1, [...picked, index]);
  };
  walk(0, []);
  return out.length > limit ? null : out;
}

export function placeCourses(roots: RequirementNode[], units: PlacementUnit[]): PlacementResult {
  const choices: Choices = new Map();
  const table = new MatchTable(units);
  const evaluate = () => {
    const evaluation = assign(roots, units, choices, table);
    const results = roots.map((root) => summarise(root, evaluation, units, choices, true));
    return { evaluation, results, score: score(results) };
  };
  const groups = choiceGroups(roots);
  let best = evaluate();
  for (const group of groups) {
    const required = group.spec.childrenRequired ?? 1;
    const options = subsets(group.children.length, required);
    if (!options) {
      // Too many ways to choose: keep the children the unrestricted placement advanced most.
      const ranked = best.results.length > 0 ? rankChildren(group, best.results) : [];
      choices.set(group, ranked.slice(0, required).sort((a, b) => a - b));
      best = evaluate();
      continue;
    }
    let bestChoice: number[] = options[0]!;
    let bestRun: ReturnType<typeof evaluate> | null = null;
    for (const option of options) {
      choices.set(group, option);
      const run = evaluate();
      if (!bestRun || run.score > bestRun.score + EPSILON) {
        bestRun = run;
        bestChoice = option;
      }
    }
    choices.set(group, bestChoice);
    best = bestRun ?? evaluate();
  }

  const { evaluation } = best;
  const placements: UnitPlacement[] = units.map((unit, unitIndex) => {
    const countsToward: RequirementNode[] = [];
    const leafIndex = evaluation.assignment.leafOfUnit[unitIndex]!;
    if (leafIndex >= 0) countsToward.push(evaluation.leaves[leafIndex]!.node);
    evaluation.doubleHeld.forEach((held, index) => {
      if (held.includes(unitIndex)) countsToward.push(evaluation.leaves[index]!.node);
    });
    const blocks: UnitBlock[] = [];
    if (countsToward.length === 0) {
      evaluation.leaves.forEach((leaf, index) => {
        if (!table.matches(leaf, unitIndex)) return;
        const gate = gateOf(leaf, unit);
        if (gate) blocks.push(gate);
        else blocks.push({ kind: 'full', node: leaf.node, by: [...evaluation.assignment.held[index]!, ...evaluation.doubleHeld[index]!] });
      });
    }
    return { countsToward, blocks };
  });
  return { requirements: best.results, units: placements };
}

function rankChildren(group: RequirementNode, results: RequirementResult[]): number[] {
  const find = (list: RequirementResult[]): RequirementResult | null => {
    for (const result of list) {
      if (result.node === group) return result;
      const inner = find(result.children);
      if (inner) return inner;
    }
    return null;
  };
  const result = find(results);
  if (!result) return group.children.map((_, index) => index);
  return result.children
    .map((child, index) => ({ index, value: (child.status === 'complete' ? 1000 : 0) + child.appliedCredits }))
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .map((entry) => entry.index);
}

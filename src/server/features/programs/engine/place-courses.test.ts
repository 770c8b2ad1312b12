import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeCourses, type RequirementResult } from './place-courses';
import { requirement, tree, unit } from './test-requirements';

const byId = (results: RequirementResult[]): Map<string, RequirementResult> => {
  const map = new Map<string, RequirementResult>();
  const visit = (result: RequirementResult) => {
    map.set(result.node.id, result);
    result.children.forEach(visit);
  };
  results.forEach(visit);
  return map;
};
const towardOf = (result: ReturnType<typeof placeCourses>) => result.units.map((placement) => placement.countsToward.map((node) => node.id));

describe('placing courses into requirements', () => {
  it('finds the best assignment where the first fit would strand a course', () => {
    // ECON 2001 fits both; taken first-fit it fills Economics and leaves ECON 2002 with nowhere to go.
    const roots = tree([
      requirement('ECON', { options: ['ECON 2001', 'ECON 2002'] }),
      requirement('SOCSCI', { options: ['ECON 2001', 'PSYCH 1100'] }),
    ]);
    const result = placeCourses(roots, [unit('ECON 2001'), unit('ECON 2002')]);
    expect(towardOf(result)).toEqual([['SOCSCI'], ['ECON']]);
    expect([...byId(result.requirements).values()].map((requirement) => requirement.status)).toEqual(['complete', 'complete']);
  });

  it('moves a course along a chain to make room (augmenting path) where picking in order of choice gets stuck', () => {
    // Found by the property below with the chains turned off: STAT 1450 goes to B first, then C and D need it back.
    const roots = tree([
      requirement('A', { options: ['MATH 1151'] }),
      requirement('B', { options: ['STAT 1450', 'ECON 2001'] }),
      requirement('C', { options: ['STAT 1450', 'ECON 2002'] }),
      requirement('D', { options: ['MATH 1151', 'ECON 2001'] }),
    ]);
    const result = placeCourses(roots, [unit('MATH 1151'), unit('ECON 2001'), unit('ECON 2002'), unit('STAT 1450')]);
    expect(result.requirements.map((requirement) => requirement.status)).toEqual(['complete', 'complete', 'complete', 'complete']);
  });

  it('fills as many requirements as a maximum matching does, on any small case (checked against every assignment)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }).chain((unitCount) =>
          fc.tuple(fc.constant(unitCount), fc.array(fc.uniqueArray(fc.integer({ min: 0, max: unitCount - 1 }), { minLength: 1, maxLength: unitCount }), { minLength: 1, maxLength: 7 })),
        ),
        ([unitCount, leafOptions]) => {
          const code = (index: number) => `CRS ${1000 + index}`;
          const roots = tree(leafOptions.map((options, index) => requirement(`R${index}`, { options: options.map(code) })));
          const units = Array.from({ length: unitCount }, (_, index) => unit(code(index)));
          const result = placeCourses(roots, units);
          const filled = result.requirements.filter((requirement) => requirement.status === 'complete').length;
          // Brute force: the most requirements any assignment of distinct courses fills.
          const best = (leaf: number, used: Set<number>): number => {
            if (leaf === leafOptions.length) return 0;
            let most = best(leaf + 1, used);
            for (const index of leafOptions[leaf]!) {
              if (used.has(index)) continue;
              used.add(index);
              most = Math.max(most, 1 + best(leaf + 1, used));
              used.delete(index);
            }
            return most;
          };
          expect(filled).toBe(best(0, new Set()));
          // And no course counts twice.
          expect(result.units.filter((placement) => placement.countsToward.length > 1)).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('counts credits: partly filled, with what remains in credits and courses', () => {
    const roots = tree([requirement('NS', { name: 'Natural Science', options: ['BIOLOGY *', 'CHEM *'], minCredits: 10 })]);
    const result = placeCourses(roots, [unit('BIOLOGY 1113', 4), unit('CHEM 1210', 4), unit('ART 2100', 3)]);
    expect(result.requirements[0]).toMatchObject({ status: 'partial', appliedCredits: 8, appliedCourses: 2, remainingCredits: 2, remainingCourses: null });
    expect(towardOf(result)).toEqual([['NS'], ['NS'], []]);
    expect(result.units[2]!.blocks).toEqual([]);
  });

  it('does not count a course twice unless a requirement may double count', () => {
    const roots = tree([
      requirement('HIST', { options: ['HISTORY *'] }),
      requirement('ARTS', { options: ['HISTORY 2650'] }),
      requirement('GLOBAL', { options: ['attr:SD2'], doubleCount: true }),
    ]);
    const result = placeCourses(roots, [unit('HISTORY 2650', 3, { attributes: ['SD2'] })]);
    expect(towardOf(result)).toEqual([['HIST', 'GLOBAL']]);
    const statuses = result.requirements.map((requirement) => [requirement.node.id, requirement.status]);
    expect(statuses).toEqual([
      ['HIST', 'complete'],
      ['ARTS', 'not-started'],
      ['GLOBAL', 'complete'],
    ]);
  });

  it('respects credit caps: no more than the cap counts, and the course that would pass it says so', () => {
    const roots = tree([requirement('ENGL', { options: ['ENGL *'], maxCredits: 6 })]);
    const result = placeCourses(roots, [unit('ENGL 101'), unit('ENGL 102'), unit('ENGL 110')]);
    expect(result.requirements[0]).toMatchObject({ status: 'complete', appliedCredits: 6 });
    expect(towardOf(result).filter((toward) => toward.length > 0)).toHaveLength(2);
    expect(result.units.find((placement) => placement.countsToward.length === 0)!.blocks[0]).toMatchObject({ kind: 'full' });
    const tooBig = placeCourses(tree([requirement('LAB', { options: ['BIOS *'], maxCredits: 3 })]), [unit('BIOS 2014', 4)]);
    expect(tooBig.units[0]!.blocks[0]).toMatchObject({ kind: 'cap', maxCredits: 3 });
  });

  it('checks minimum grades and refuses exam credit where the program does', () => {
    const roots = tree([
      requirement('BREADTH', { options: ['attr:UNIV-A'], minCredits: 3, minGrade: 'C-' }),
      requirement('COLL', { options: ['COLL 150'], examCredit: false }),
    ]);
    const result = placeCourses(roots, [unit('ARTH 153', 3, { attributes: ['UNIV-A'], grade: 'D' }), unit('COLL 150', 4, { fromExam: true })]);
    expect(towardOf(result)).toEqual([[], []]);
    expect(result.units[0]!.blocks[0]).toMatchObject({ kind: 'grade', minimum: 'C-' });
    expect(result.units[1]!.blocks[0]).toMatchObject({ kind: 'no-exam-credit' });
  });

  it('groups: all of, and at least n of (using only the n the courses advance most)', () => {
    const roots = tree([
      requirement('CORE', { groupRule: 'all' }),
      requirement('CORE.1', { parentCode: 'CORE', options: ['CSE 2231'] }),
      requirement('CORE.2', { parentCode: 'CORE', options: ['CSE 2321'] }),
      requirement('CONC', { groupRule: 'n-of', childrenRequired: 1 }),
      requirement('AI', { parentCode: 'CONC', groupRule: 'all' }),
      requirement('AI.1', { parentCode: 'AI', options: ['CSE 3521'] }),
      requirement('AI.2', { parentCode: 'AI', options: ['CSE 5522'] }),
      requirement('NET', { parentCode: 'CONC', groupRule: 'all' }),
      requirement('NET.1', { parentCode: 'NET', options: ['CSE 3461'] }),
      requirement('NET.2', { parentCode: 'NET', options: ['CSE 5462', 'CSE 5463'], minCourses: 2 }),
    ]);
    const result = placeCourses(roots, [unit('CSE 2231'), unit('CSE 3461'), unit('CSE 5462'), unit('CSE 3521')]);
    const results = byId(result.requirements);
    expect(results.get('CORE')).toMatchObject({ status: 'partial', remainingCourses: 1 });
    expect(results.get('NET')).toMatchObject({ chosen: true, status: 'partial', appliedCourses: 2, remainingCourses: 1 });
    expect(results.get('AI')).toMatchObject({ chosen: false });
    expect(results.get('CONC')).toMatchObject({ status: 'partial', appliedCourses: 2 });
    // The AI course is not counted (its concentration is not the one used) and says why.
    expect(result.units[3]!.countsToward).toEqual([]);
    expect(result.units[3]!.blocks[0]).toMatchObject({ kind: 'not-chosen' });
  });

  it('"at least N credits from X, including …": children first, the remainder from the row\'s own options', () => {
    const roots = tree([
      requirement('NS', { options: ['attr:NS1', 'attr:NS2'], minCredits: 10, groupRule: 'all' }),
      requirement('NS.bio', { parentCode: 'NS', options: ['attr:NS1'], minCredits: 4 }),
      requirement('NS.phys', { parentCode: 'NS', options: ['attr:NS2'], minCredits: 4 }),
    ]);
    const partial = placeCourses(roots, [unit('BIOLOGY 1113', 4, { attributes: ['NS1'] }), unit('BIOLOGY 1114', 4, { attributes: ['NS1'] })]);
    expect(byId(partial.requirements).get('NS')).toMatchObject({ status: 'partial', appliedCredits: 8, remainingCredits: 4 });
    expect(byId(partial.requirements).get('NS.phys')).toMatchObject({ status: 'not-started' });
    const done = placeCourses(roots, [unit('BIOLOGY 1113', 4, { attributes: ['NS1'] }), unit('PHYSICS 1250', 5, { attributes: ['NS2'] }), unit('EARTHSC 1100', 3, { attributes: ['NS2'] })]);
    expect(byId(done.requirements).get('NS')).toMatchObject({ status: 'complete', appliedCredits: 12, remainingCredits: 0 });
  });

  it('says a requirement it cannot check is unchecked, not missing', () => {
    const roots = tree([requirement('TECH', { name: 'Technical Electives', minCredits: 17 }), requirement('LANG', { name: 'Language proficiency' })]);
    const result = placeCourses(roots, [unit('CSE 5523')]);
    expect(result.requirements.map((requirement) => requirement.status)).toEqual(['unchecked', 'unchecked']);
  });
});

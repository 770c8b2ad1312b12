import { describe, expect, it } from 'vitest';
import type { VerdictClass } from '../../../shared/schemas/verdict-class';
import { creditsByClass, rankDestinations, type DecidedDestination, type DecidedRow, type DestinationSchool } from './rank-destinations';

const school = (id: number, name: string, overrides: Partial<DestinationSchool> = {}): DestinationSchool => ({
  id,
  key: `s${id}`,
  name,
  state: 'FL',
  control: 'public',
  level: 'four-year',
  ...overrides,
});

const STATUS: Record<VerdictClass, DecidedRow['status']> = {
  'specific-course': 'DIRECT',
  'general-education': 'DIRECT',
  elective: 'DIRECT',
  'not-guaranteed': 'NEEDS_EVAL',
  'needs-review': 'NEEDS_EVAL',
  'not-degree-credit': 'NO_TRANSFER',
  'no-credit': 'NO_TRANSFER',
  'does-not-transfer': 'NO_TRANSFER',
};

/** A row decided by a rule (origin 'csv'), or by nothing (origin null: needs review). */
const row = (verdictClass: VerdictClass, credits: number, origin: string | null = 'csv'): DecidedRow => ({
  status: STATUS[verdictClass],
  verdictClass,
  credits,
  earned: null,
  creditsAwarded: STATUS[verdictClass] === 'DIRECT' ? credits : 0,
  evidence: { origin, ruleId: origin ? 1 : null, creditConversion: null },
});

const decided = (destination: DestinationSchool, rows: DecidedRow[], program?: DecidedDestination['program']): DecidedDestination => ({
  school: destination,
  rows,
  courses: rows.length,
  creditsTransferring: rows.filter((entry) => entry.status === 'DIRECT').reduce((sum, entry) => sum + (entry.creditsAwarded ?? 0), 0),
  ...(program ? { program } : {}),
});

describe('rankDestinations', () => {
  it('ranks by the credits that transfer, then the credits applied to the program, then the name', () => {
    const answer = rankDestinations(
      [
        decided(school(1, 'Zeta'), [row('specific-course', 3), row('needs-review', 3, null)]),
        decided(school(2, 'Alpha'), [row('specific-course', 3), row('elective', 3)]),
        decided(school(3, 'Beta'), [row('elective', 3), row('general-education', 3)], { name: 'Biology BS', appliedCredits: 3, remainingCredits: 117 }),
        decided(school(4, 'Eta'), [row('specific-course', 3), row('does-not-transfer', 3)]),
      ],
      {},
    );
    expect(answer.destinations.map((entry) => entry.school.name)).toEqual(['Beta', 'Alpha', 'Eta', 'Zeta']);
    expect(answer.destinations[0]!.program).toEqual({ name: 'Biology BS', appliedCredits: 3, remainingCredits: 117 });
  });

  it('lists a destination where no course has a rule or a guarantee apart, never as zero credits', () => {
    const answer = rankDestinations(
      [
        decided(school(1, 'Decided'), [row('does-not-transfer', 3)]),
        decided(school(2, 'Only suggestions'), [row('needs-review', 3, 'suggestion'), row('needs-review', 4, null)]),
        { school: school(3, 'Catalogue only'), rows: [], courses: 2, creditsTransferring: 0 },
      ],
      {},
    );
    // a refusal is a decision: ranked (at zero, because the rules say so)
    expect(answer.destinations.map((entry) => entry.school.name)).toEqual(['Decided']);
    expect(answer.notEnoughInformation.map((entry) => entry.school.name)).toEqual(['Catalogue only', 'Only suggestions']);
    expect(answer.notEnoughInformation[0]!.courses).toBe(2);
  });

  it('counts the courses decided by a rule or a guarantee, not a suggestion or a grade alone', () => {
    const [entry] = rankDestinations([decided(school(1, 'A'), [row('specific-course', 3), row('no-credit', 3, 'statewide-numbering'), row('does-not-transfer', 3, null)])], {}).destinations;
    expect(entry!.decidedCourses).toBe(2);
    expect(entry!.courses).toBe(3);
  });

  it('filters by state, public or private, two-year or four-year and a set of schools', () => {
    const all = [
      decided(school(1, 'FL public four'), [row('specific-course', 3)]),
      decided(school(2, 'GA private four', { state: 'GA', control: 'private' }), [row('specific-course', 3)]),
      decided(school(3, 'FL public two', { level: 'two-year' }), [row('specific-course', 3)]),
      { school: school(4, 'FL apart', { level: 'two-year' }), rows: [], courses: 1, creditsTransferring: 0 },
    ];
    const names = (filters: Parameters<typeof rankDestinations>[1]) => {
      const answer = rankDestinations(all, filters, new Set([2]));
      return [...answer.destinations, ...answer.notEnoughInformation].map((entry) => entry.school.name);
    };
    expect(names({ state: 'FL' })).toEqual(['FL public four', 'FL public two', 'FL apart']);
    expect(names({ control: 'private' })).toEqual(['GA private four']);
    expect(names({ level: 'two-year' })).toEqual(['FL public two', 'FL apart']);
    expect(names({ onlySchoolIds: new Set([2, 3]) })).toEqual(['FL public two', 'GA private four']);
    expect(rankDestinations(all, {}, new Set([2])).destinations.find((entry) => entry.school.id === 2)!.favorite).toBe(true);
  });
});

describe('creditsByClass', () => {
  it('splits the credits awarded by class, and what does not transfer by the course’s credits', () => {
    const split = creditsByClass([row('specific-course', 3), row('specific-course', 4), row('elective', 3), row('no-credit', 3), row('needs-review', 1, null)]);
    expect(split).toMatchObject({ 'specific-course': 7, elective: 3, 'no-credit': 3, 'needs-review': 1, 'general-education': 0 });
  });

  it('counts a quarter school’s credits that do not transfer in the destination’s units', () => {
    const quarter: DecidedRow = {
      ...row('does-not-transfer', 5),
      evidence: { origin: 'csv', creditConversion: { from: 'quarter', to: 'semester', factor: 2 / 3, originalCredits: 5, convertedCredits: 3.33 } },
    };
    expect(creditsByClass([quarter])['does-not-transfer']).toBe(3.33);
  });
});

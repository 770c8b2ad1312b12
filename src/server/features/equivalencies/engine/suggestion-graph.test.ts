import { describe, expect, it } from 'vitest';
import { linkedVotes, ruleNeighbourhoodOf } from './suggestion-graph';
import type { EquivalencyRule } from './types';

let id = 1;
/** One course at `from` becomes one course at `to`. */
const rule = (from: number, source: string, to: number, target: string, extra: Partial<EquivalencyRule> = {}): EquivalencyRule => {
  const [subject = '', number = ''] = source.split(' ');
  const [targetSubject = '', targetNumber = ''] = target.split(' ');
  return {
    id: id++, fromInstitutionId: from, toInstitutionId: to,
    sources: [{ subject, number, title: null, credits: 3 }],
    targets: [{ subject: targetSubject, number: targetNumber, title: null, credits: 3, isElective: targetNumber === 'EL' }],
    transfers: true, creditsAwarded: null, minGrade: null, effectiveFromTerm: null, effectiveToTerm: null, origin: 'csv', notes: null,
    ...extra,
  };
};

// The student's school is 1, the destination 2, other schools 3 and 4; the course asked about is SOC 201 at school 1.
const STUDENT = 1;
const DESTINATION = 2;
const ask = (rules: EquivalencyRule[]) => linkedVotes({ graph: ruleNeighbourhoodOf(rules), fromInstitutionId: STUDENT, toInstitutionId: DESTINATION, course: { subject: 'SOC', number: '201' } });
const voted = (votes: ReturnType<typeof ask>) => Object.fromEntries(Object.entries(votes).map(([kind, map]) => [kind, Object.fromEntries([...map].map(([key, vote]) => [key, vote.count]))]));

describe('linkedVotes', () => {
  it('finds the destination course that transfers back as this course (reverse)', () => {
    expect(voted(ask([rule(DESTINATION, 'SOCI 110', STUDENT, 'SOC 201')])).reverse).toEqual({ soci110: 1 });
  });

  it('follows a course elsewhere that becomes this course, to what it becomes here (shared source)', () => {
    const votes = ask([rule(3, 'SOC 100', STUDENT, 'SOC 201'), rule(3, 'SOC 100', DESTINATION, 'SOCI 110')]);
    expect(voted(votes).sharedSource).toEqual({ soci110: 1 });
    expect(votes.sharedSource.get('soci110')?.via).toBe('SOC 100');
  });

  it('follows this course to another school and on to the destination (two steps)', () => {
    expect(voted(ask([rule(STUDENT, 'SOC 201', 3, 'SOCY 101'), rule(3, 'SOCY 101', DESTINATION, 'SOCI 110')])).twoStep).toEqual({ soci110: 1 });
  });

  it('finds the destination course that becomes the same course elsewhere (shared target), counting each link once', () => {
    const rules = [
      rule(STUDENT, 'SOC 201', 3, 'SOCY 101'),
      rule(DESTINATION, 'SOCI 110', 3, 'SOCY 101'),
      rule(DESTINATION, 'SOCI 110', 3, 'SOCY 101', { effectiveToTerm: '2019 Fall' }),
      rule(STUDENT, 'SOC 201', 4, 'SOC 1'),
      rule(DESTINATION, 'SOCI 110', 4, 'SOC 1'),
    ];
    expect(voted(ask(rules)).sharedTarget).toEqual({ soci110: 2 });
  });

  it("never uses the pair's own rules, electives, no-credit rules or two-course rules", () => {
    const votes = ask([
      rule(STUDENT, 'SOC 201', DESTINATION, 'SOCI 999'),
      rule(STUDENT, 'SOC 201', 3, 'SOCY EL'),
      rule(3, 'SOCY EL', DESTINATION, 'SOCI 120'),
      rule(STUDENT, 'SOC 201', 4, 'DNT', { transfers: false }),
      { ...rule(DESTINATION, 'SOCI 130', STUDENT, 'SOC 201'), sources: [{ subject: 'SOCI', number: '130', title: null, credits: 3 }, { subject: 'SOCI', number: '131', title: null, credits: 1 }] },
    ]);
    for (const kind of Object.values(votes)) expect(kind.size).toBe(0);
  });
});

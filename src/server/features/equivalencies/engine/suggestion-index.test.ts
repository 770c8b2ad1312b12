import { describe, expect, it } from 'vitest';
import { buildSuggestionIndex, peerKeys } from './suggestion-index';
import type { EquivalencyRule, RuleTarget } from './types';

let id = 1;
const rule = (from: number, to: number, source: [string, string, string], target: [string, string, string]): EquivalencyRule => ({
  id: id++, fromInstitutionId: from, toInstitutionId: to,
  sources: [{ subject: source[0], number: source[1], title: source[2], credits: 3 }],
  targets: [{ subject: target[0], number: target[1], title: target[2], credits: 3, isElective: target[1] === 'EL' } satisfies RuleTarget],
  transfers: true, creditsAwarded: null, minGrade: null, effectiveFromTerm: null, effectiveToTerm: null, origin: 'csv', notes: null,
});

describe('peerKeys', () => {
  it('keys a course by code and by any statewide number', () => {
    expect(peerKeys({ subject: 'SOCSCI', number: '(809) 198' })).toEqual(['code:socsci809198', 'wi:809-198']);
    expect(peerKeys({ subject: 'BSC', number: '2010C' })).toEqual(['code:bsc2010c', 'fl:BSC010C']);
  });
});

describe('buildSuggestionIndex', () => {
  const rules = [
    rule(2, 10, ['SOCSCI', '(809) 198', 'Intro Psych'], ['PSYCH', '101', 'General Psychology']),
    rule(3, 10, ['BEHSCI', '(809) 198', 'Psychology'], ['PSYCH', '101', 'General Psychology']),
    rule(3, 10, ['ECON', '(809) 195', 'Economics'], ['ECON', 'EL', 'Economics Elective']),
    rule(2, 11, ['SOCSCI', '(809) 198', 'Intro Psych'], ['PSY', '200', 'Psychology Survey']),
  ];
  const index = buildSuggestionIndex({ rules, catalogs: new Map([[10, [{ subject: 'PSYCH', number: '305', title: 'Psychology of Learning', credits: 3 }]]]) });

  it('pools catalogue courses, specific rule targets and elective credit, never "no credit"', () => {
    const codes = index.destinationCourses(10).map((course) => `${course.subject} ${course.number}`);
    expect(codes.sort()).toEqual(['ECON EL', 'PSYCH 101', 'PSYCH 305']);
  });

  it('suggests from peers into the asked destination only', () => {
    const [first] = index.suggest({ source: { subject: 'SOCSCI', number: '(809) 198', title: 'Introduction to Psychology', institutionId: 4 }, toInstitutionId: 10 });
    expect(first?.number).toBe('101');
    const [other] = index.suggest({ source: { subject: 'SOCSCI', number: '(809) 198', title: 'Introduction to Psychology', institutionId: 4 }, toInstitutionId: 11 });
    expect(other?.subject).toBe('PSY');
    expect(index.suggest({ source: { subject: 'X', number: '1', title: 'Psychology' }, toInstitutionId: 99 })).toEqual([]);
  });
});

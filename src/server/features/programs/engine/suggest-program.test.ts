import { describe, expect, it } from 'vitest';
import { suggestProgram, type ProgramChoice } from './suggest-program';

const program = (id: number, name: string, extra: Partial<ProgramChoice> = {}): ProgramChoice => ({ id, name, code: `P${id}`, kind: 'major', enteringFrom: null, enteringTo: null, ...extra });
const florida = [
  program(1, 'Florida General Education Core (students entering Fall 2015 through 2023-24)', { kind: 'general-education', enteringFrom: 'Fall 2015', enteringTo: 'Summer 2024' }),
  program(2, 'Florida General Education Core (students entering 2024-25 and later)', { kind: 'general-education', enteringFrom: 'Fall 2024' }),
];

describe('the program shown first', () => {
  it('is the one named like the intended major', () => {
    const programs = [program(10, 'Accounting'), program(11, 'Computer Science'), program(12, 'Public Health - Sociology')];
    expect(suggestProgram(programs, { major: 'computer science' })).toEqual({ id: 11, because: 'major' });
    expect(suggestProgram(programs, { major: 'Sociology' })?.id).toBe(12);
  });

  it('otherwise the general-education version for the term the student started', () => {
    expect(suggestProgram(florida, { major: 'Economics', terms: ['Spring 2023', 'Fall 2022'] })).toEqual({ id: 1, because: 'entering-term' });
    expect(suggestProgram(florida, { terms: ['FA24', 'Spring 2025'] })?.id).toBe(2);
  });

  it('otherwise the first major, or nothing when there are no programs', () => {
    expect(suggestProgram([program(5, 'General Education', { kind: 'general-education' }), program(6, 'History')], {})).toEqual({ id: 6, because: 'first' });
    expect(suggestProgram([], { major: 'History' })).toBeNull();
  });
});

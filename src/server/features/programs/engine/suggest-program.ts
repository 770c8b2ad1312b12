// Which program to show first: the one named like the student's intended major; failing that, the version of a
// general-education program for the term the student started (Florida's core changed for students entering 2024-25);
// failing that, the school's first major or degree.

import { parseTerm } from '../../equivalencies';

export interface ProgramChoice {
  id: number;
  name: string;
  code: string;
  kind: string;
  enteringFrom: string | null;
  enteringTo: string | null;
}

const words = (text: string) => new Set(text.toLowerCase().replace(/&/g, ' and ').split(/[^a-z0-9]+/).filter((word) => word.length > 2 && !['and', 'the', 'for', 'with'].includes(word)));

export type SuggestionReason = 'major' | 'entering-term' | 'first';

export function suggestProgram(programs: ProgramChoice[], input: { major?: string | null; terms?: string[] }): { id: number; because: SuggestionReason } | null {
  const major = words(input.major ?? '');
  if (major.size > 0) {
    const scored = programs
      .map((program) => {
        const name = words(program.name);
        const shared = [...major].filter((word) => name.has(word)).length;
        return { program, score: shared / Math.max(major.size, 1) + (program.kind === 'major' || program.kind === 'degree' ? 0.01 : 0) };
      })
      .filter((entry) => entry.score >= 0.5)
      .sort((a, b) => b.score - a.score);
    if (scored[0]) return { id: scored[0].program.id, because: 'major' };
  }
  const started = (input.terms ?? []).map((term) => parseTerm(term)?.ordinal).filter((ordinal): ordinal is number => ordinal !== undefined);
  if (started.length > 0) {
    const first = Math.min(...started);
    const inRange = programs.find((program) => {
      if (program.enteringFrom === null && program.enteringTo === null) return false;
      const from = parseTerm(program.enteringFrom)?.ordinal ?? Number.NEGATIVE_INFINITY;
      const to = parseTerm(program.enteringTo)?.ordinal ?? Number.POSITIVE_INFINITY;
      return first >= from && first <= to;
    });
    if (inRange) return { id: inRange.id, because: 'entering-term' };
  }
  const first = programs.find((program) => program.kind === 'major' || program.kind === 'degree') ?? programs[0];
  return first ? { id: first.id, because: 'first' } : null;
}

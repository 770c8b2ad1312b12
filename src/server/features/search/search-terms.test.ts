import { describe, expect, it } from 'vitest';
import { currentTerm, decideCourseAlone, type EquivalencyRule } from '../equivalencies';
import type { InstitutionInfo } from '../institutions';
import type { CourseSearchRow } from './search.queries';
import { presentSearchRow } from './search.service';

const fall2026 = currentTerm(new Date('2026-10-01T00:00:00Z'));
const school = (id: number, name: string): InstitutionInfo => ({ id, key: `school-${id}`, name, state: 'FL', calendar: 'semester', floridaStatewideNumbering: false });
const from = school(1, 'Source College');
const to = school(2, 'Target University');
const course = { subject: 'ECO', number: '2013', title: 'Macroeconomics' };
const rule = (overrides: Partial<EquivalencyRule>): EquivalencyRule => ({
  id: 1,
  fromInstitutionId: from.id,
  toInstitutionId: to.id,
  sources: [{ subject: 'ECO', number: '2013', title: null, credits: null }],
  targets: [{ subject: 'ECO', number: '2013', title: 'Macroeconomics', credits: 3, isElective: false }],
  transfers: true,
  creditsAwarded: 3,
  minGrade: null,
  effectiveFromTerm: null,
  effectiveToTerm: null,
  origin: 'csv',
  notes: null,
  ...overrides,
});
const row = {
  id: 7, total: 1, institution_id: 1, subject: 'ECO', number: '2013', title: 'Macroeconomics', credits: 3, credits_text: null,
  school_key: 'source', school_name: 'Source College', state: 'FL', control: 'public', school_statewide_numbering: false,
  term: null, delivery_format: null, professor: null, professor_rating: null, tuition_cents: null, registration_url: null,
  professor_rating_url: null, is_available: null, is_sample: null, offering_count: 0, rules: null,
} as unknown as CourseSearchRow;

/** A card as search.service builds it: the engine's verdict for the course alone, presented. */
function card(rules: EquivalencyRule[]) {
  const decision = decideCourseAlone({ from, to, course, rules, term: fall2026 });
  const verdict = { to, decision, rule: rules.find((candidate) => candidate.id === decision.evidence.ruleId) ?? null };
  return presentSearchRow(row, verdict, fall2026);
}

describe('search cards: the engine verdict now, and effective terms', () => {
  it('shows a rule in effect this term as it is', () => {
    expect(card([rule({ effectiveFromTerm: 'Fall 2020' })])).toMatchObject({
      transferStatus: 'fully',
      equivalentAt: 'Target University: ECO 2013 Macroeconomics',
      termNote: null,
    });
  });
  it('never shows an expired or not yet effective rule as a transfer: not now, with the terms it covers', () => {
    const result = card([rule({ effectiveFromTerm: 'Fall 2018', effectiveToTerm: 'Spring 2022' })]);
    expect(result).toMatchObject({ transferStatus: 'not-transferable', equivalentAt: null });
    expect(result.termNote).toBe('Target University: Only for courses taken from Fall 2018 to Spring 2022, not in Fall 2026.');
  });
  it('prefers a rule in effect over a transferring one that is not', () => {
    const rules = [
      rule({ id: 1, effectiveToTerm: 'Spring 2020' }),
      rule({ id: 2, transfers: false, targets: [{ subject: 'NDC', number: '', title: null, credits: null, isElective: false }], effectiveFromTerm: 'Fall 2020' }),
    ];
    expect(card(rules)).toMatchObject({ transferStatus: 'not-transferable', equivalentAt: null, termNote: null });
  });
  it('takes the rule with the most authority, as the transcript report does: a registrar rule over a published one, then the newest', () => {
    const published = rule({ id: 1, targets: [{ subject: 'ECO', number: '101', title: 'Published', credits: 3, isElective: false }] });
    const registrar = rule({ id: 2, origin: 'admin', targets: [{ subject: 'ECO', number: '102', title: 'Registrar', credits: 3, isElective: false }] });
    const newer = rule({ id: 3, targets: [{ subject: 'ECO', number: '103', title: 'Newer', credits: 3, isElective: false }] });
    expect(card([published, registrar, newer]).equivalentAt).toBe('Target University: ECO 102 Registrar');
    expect(card([published, newer]).equivalentAt).toBe('Target University: ECO 103 Newer');
  });
  it('is unknown with no rule, and when the rule needs a course the card does not have', () => {
    expect(card([])).toMatchObject({ transferStatus: 'unknown', termNote: null });
    const withLab = rule({ sources: [{ subject: 'ECO', number: '2013', title: null, credits: null }, { subject: 'ECO', number: '2013L', title: null, credits: null }] });
    expect(card([withLab])).toMatchObject({ transferStatus: 'unknown', equivalentAt: null });
  });
});

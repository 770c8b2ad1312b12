import { describe, expect, it } from 'vitest';
import { currentTerm } from '../equivalencies/engine/terms';
import type { CardRuleJson, CourseSearchRow } from './search.queries';
import { presentSearchRow } from './search.service';

const fall2026 = currentTerm(new Date('2026-10-01T00:00:00Z'));
const rule = (overrides: Partial<CardRuleJson>): CardRuleJson => ({
  id: 1,
  transfers: true,
  to_name: 'Target University',
  effective_from_term: null,
  effective_to_term: null,
  targets: 'ECO 2013 Macroeconomics',
  all_elective: false,
  ...overrides,
});
const row = (rules: CardRuleJson[] | null) =>
  ({
    id: 7, total: 1, subject: 'ECO', number: '2013', title: 'Macroeconomics', credits: 3, credits_text: null,
    school_key: 'source', school_name: 'Source College', state: 'FL', control: 'public', school_statewide_numbering: false,
    term: null, delivery_format: null, professor: null, professor_rating: null, tuition_cents: null, registration_url: null,
    professor_rating_url: null, is_available: null, is_sample: null, offering_count: 0, rules,
  }) as unknown as CourseSearchRow;

describe('presentSearchRow and effective terms', () => {
  it('shows a rule in effect this term as it is', () => {
    expect(presentSearchRow(row([rule({ effective_from_term: 'Fall 2020' })]), null, fall2026)).toMatchObject({
      transferStatus: 'fully',
      equivalentAt: 'Target University: ECO 2013 Macroeconomics',
      termNote: null,
    });
  });
  it('never shows an expired or not yet effective rule as a transfer: not now, with the terms it covers', () => {
    const result = presentSearchRow(row([rule({ effective_from_term: 'Fall 2018', effective_to_term: 'Spring 2022' })]), null, fall2026);
    expect(result).toMatchObject({ transferStatus: 'not-transferable', equivalentAt: null });
    expect(result.termNote).toBe('Target University: Only for courses taken from Fall 2018 to Spring 2022, not in Fall 2026.');
  });
  it('prefers a rule in effect over a transferring one that is not', () => {
    const rules = [rule({ id: 1, effective_to_term: 'Spring 2020' }), rule({ id: 2, transfers: false, targets: 'NDC', effective_from_term: 'Fall 2020' })];
    expect(presentSearchRow(row(rules), null, fall2026)).toMatchObject({ transferStatus: 'not-transferable', equivalentAt: null, termNote: null });
  });
  it('is unknown with no rule', () => {
    expect(presentSearchRow(row(null), null, fall2026)).toMatchObject({ transferStatus: 'unknown', termNote: null });
  });
});

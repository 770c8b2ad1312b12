import { describe, expect, it } from 'vitest';
import { descriptionSimilarity, descriptionWordWeights, titleSimilarity, titleTokens, tokenSimilarity, trigramSimilarity } from './text-similarity';

describe('titleTokens', () => {
  it('expands abbreviations and drops filler words', () => {
    expect(titleTokens('Intro to Amer Government')).toEqual(['introduction', 'american', 'government']);
    expect(titleTokens('Calculus II')).toEqual(['calculus', '2']);
    expect(titleTokens('Prin of Macro')).toEqual(['principle', 'macroeconomics']);
  });
});

describe('titleSimilarity', () => {
  it('scores abbreviated and full titles of the same course highly', () => {
    expect(titleSimilarity('Intro to Amer Government', 'Introduction to American Government')).toBeGreaterThan(0.9);
    expect(titleSimilarity('Gen Psych', 'General Psychology')).toBeGreaterThan(0.9);
  });
  it('ranks the right course above a different one', () => {
    const source = 'Principles of Macroeconomics';
    expect(titleSimilarity(source, 'Macroeconomic Principles')).toBeGreaterThan(titleSimilarity(source, 'Principles of Marketing'));
  });
  it('penalises a different sequence number', () => {
    expect(titleSimilarity('Calculus I', 'Calculus II')).toBeLessThan(titleSimilarity('Calculus I', 'Calculus 1'));
  });
  it('penalises a contrasting word: micro is not macro, elementary is not intermediate', () => {
    expect(titleSimilarity('Principles of Economics - Micro', 'Principles of Macroeconomics')).toBeLessThan(0.45);
    expect(titleSimilarity('Principles of Economics - Micro', 'Principles of Microeconomics')).toBeGreaterThan(0.7);
    expect(titleSimilarity('Elementary Spanish I', 'Intermediate Spanish I')).toBeLessThan(titleSimilarity('Elementary Spanish I', 'Beginning Spanish I'));
  });
  it('is zero for empty titles', () => {
    expect(titleSimilarity('', 'Anything')).toBe(0);
    expect(tokenSimilarity([], ['x'])).toBe(0);
    expect(trigramSimilarity('', 'x')).toBe(0);
  });
});

describe('descriptionSimilarity', () => {
  it('is higher for descriptions about the same thing', () => {
    const a = 'Study of supply and demand, inflation, unemployment and monetary policy.';
    expect(descriptionSimilarity(a, 'National income, inflation, unemployment, fiscal and monetary policy.')).toBeGreaterThan(descriptionSimilarity(a, 'Cell structure, genetics and evolution of organisms.'));
  });
  it('weighs words that most descriptions share less, so the rare shared words decide', () => {
    const catalogue = [
      'This course introduces students to the principles of accounting. Prerequisite: none.',
      'This course introduces students to the principles of marketing. Prerequisite: none.',
      'This course introduces students to financial statements and accounting cycles.',
    ];
    const weightOf = descriptionWordWeights(catalogue);
    expect(weightOf('accounting')).toBeGreaterThan(weightOf('course'));
    const source = 'An introduction for students: the accounting cycle and financial statements of a business.';
    const [accounting, marketing, statements] = catalogue.map((description) => descriptionSimilarity(source, description, weightOf));
    expect(statements).toBeGreaterThan(accounting!);
    expect(accounting).toBeGreaterThan(marketing!);
    // Without weights the boilerplate ("course", "introduces", "students", "principles") keeps the marketing course close.
    expect(descriptionSimilarity(source, catalogue[1]) / descriptionSimilarity(source, catalogue[2])).toBeGreaterThan(marketing! / statements!);
  });
});

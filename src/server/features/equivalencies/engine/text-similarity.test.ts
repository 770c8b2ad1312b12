import { describe, expect, it } from 'vitest';
import { descriptionSimilarity, titleSimilarity, titleTokens, tokenSimilarity, trigramSimilarity } from './text-similarity';

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
});

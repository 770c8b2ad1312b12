import { describe, expect, it } from 'vitest';
import { attributesNamedIn, ruleCodeReader } from './rule-attributes';
import { requirement, tree } from './test-requirements';

// UW-Madison's codes as its course attributes file and its programs write them (reference-data/programs/wisconsin-gen-ed).
const MADISON = ['S', 'H', 'L', 'P', 'B', 'N', 'Z', 'W', 'ETHNIC', 'QR-A', 'QR-B', 'COM-A', 'COM-B'];

describe('ruleCodeReader', () => {
  const read = ruleCodeReader(MADISON);

  it('reads a rule\'s codes as the school writes them', () => {
    expect([...read(['S', 'ETHNIC'])]).toEqual(['S', 'ETHNIC']);
    expect([...read(['COM A'])]).toEqual(['COM-A']);
    expect([...read(['qr-b'])]).toEqual(['QR-B']);
  });

  it('splits codes the source ran together when every part is one of the school\'s', () => {
    expect([...read(['P P'])]).toEqual(['P']);
    expect([...read(['QR-B N'])]).toEqual(['QR-B', 'N']);
  });

  it('keeps a code the school does not use as itself: it counts only where a program names exactly it', () => {
    expect([...read(['UCTA', 'UCTA B'])]).toEqual(['UCTA', 'UCTA B']);
    expect([...ruleCodeReader([])(['SOC SC'])]).toEqual(['SOC SC']);
  });
});

describe('attributesNamedIn', () => {
  it('collects the attribute options of a whole tree', () => {
    const roots = tree([
      requirement('BREADTH', { groupRule: 'all' }),
      requirement('SS', { parentCode: 'BREADTH', options: ['attr:S', 'attr:Z'], minCredits: 12 }),
      requirement('MATH', { options: ['MATH 221'], minCourses: 1 }),
    ]);
    expect([...attributesNamedIn(roots)].sort()).toEqual(['S', 'Z']);
  });
});

import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_NESTING } from './json-nesting';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonNestsDeeperThan', () => {
  it('allows nesting up to the limit and refuses one level more', () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_NESTING))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_NESTING + 1))).toBe(true);
    expect(jsonNestsDeeperThan(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`)).toBe(true);
  });

  it('counts depth, not brackets: wide bodies and brackets inside strings are fine', () => {
    expect(jsonNestsDeeperThan(`[${Array.from({ length: 10_000 }, () => '[1]').join(',')}]`)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '['.repeat(500), quote: 'say \\"[[[[\\" and \\\\', more: '{{{{' }))).toBe(false);
  });

  it('reads a 120,000-deep array in one pass without overflowing the stack', () => {
    expect(jsonNestsDeeperThan(nested(120_000))).toBe(true);
  });
});

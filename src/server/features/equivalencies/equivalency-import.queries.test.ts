import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './equivalency-import.queries';

describe('arrayLiteral', () => {
  it('quotes every text, escapes only quotes and backslashes, and writes NULL, numbers and booleans bare', () => {
    expect(arrayLiteral(['plain', 'say "hi"', 'a\\b', '{x},y', 'NULL', ''])).toBe('{"plain","say \\"hi\\"","a\\\\b","{x},y","NULL",""}');
    expect(arrayLiteral([1, 2.5, null, -3])).toBe('{1,2.5,NULL,-3}');
    expect(arrayLiteral([true, false, null])).toBe('{t,f,NULL}');
    expect(arrayLiteral([])).toBe('{}');
  });
});

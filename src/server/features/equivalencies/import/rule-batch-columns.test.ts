import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './rule-batch-columns';

describe('arrayLiteral', () => {
  it('quotes every text, escapes only quotes and backslashes, and writes nulls, numbers and booleans bare', () => {
    expect(arrayLiteral(['plain', 'say "hi"', 'a\\b', '{x},y', 'NULL', '', 'Économie ☕'])).toBe('{"plain","say \\"hi\\"","a\\\\b","{x},y","NULL","","Économie ☕"}');
    expect(arrayLiteral([1, 2.5, null, -3])).toBe('{1,2.5,null,-3}');
    expect(arrayLiteral([true, false, null])).toBe('{true,false,null}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('writes control characters as themselves, not as JSON escapes (which an array literal would read as letters)', () => {
    expect(arrayLiteral(['tab\there', 'two\nlines', null, 'x'])).toBe('{"tab\there","two\nlines",NULL,"x"}');
    expect(arrayLiteral(['\u0001', 'ok'])).toBe('{"\u0001","ok"}');
    // A backslash followed by a letter is not an escape: either way the literal reads back the same text.
    expect(arrayLiteral(['C:\\temp\\new', 'b'])).toBe('{"C:\\\\temp\\\\new","b"}');
  });
});

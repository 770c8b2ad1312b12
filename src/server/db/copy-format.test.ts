import { describe, expect, it } from 'vitest';
import { copyField, copyRow } from './copy-format';

describe('COPY text format', () => {
  it('escapes backslashes, tabs and line breaks, and leaves everything else as written', () => {
    expect(copyField('plain')).toBe('plain');
    expect(copyField('C:\\temp')).toBe('C:\\\\temp');
    expect(copyField('a\tb\nc\rd')).toBe('a\\tb\\nc\\rd');
    expect(copyField('say "hi", {x} NULL \\N ☕')).toBe('say "hi", {x} NULL \\\\N ☕');
    expect(copyField('')).toBe('');
  });

  it('writes null as \\N and numbers and booleans bare', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(2.5)).toBe('2.5');
    expect(copyField(true)).toBe('t');
    expect(copyField(false)).toBe('f');
  });

  it('joins a row with tabs and ends it with a newline', () => {
    expect(copyRow([1, 'ENG', null, 'a\tb'])).toBe('1\tENG\t\\N\ta\\tb\n');
  });
});

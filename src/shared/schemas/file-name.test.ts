import { describe, expect, it } from 'vitest';
import { baseFileName, fileNameField } from './file-name';

describe('file names from clients', () => {
  it('keeps the base name of a Unix or Windows path', () => {
    expect(baseFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(baseFileName('C:\\x\\y.pdf')).toBe('y.pdf');
    expect(baseFileName('plain.pdf')).toBe('plain.pdf');
  });

  it('refuses control characters and folders, and requires a name when asked', () => {
    const required = fileNameField('filename', { required: true });
    const optional = fileNameField('name', { required: false });
    expect(required.parse('  ../a/b.pdf ')).toBe('b.pdf');
    expect(required.safeParse('a\u0000.pdf').success).toBe(false);
    expect(required.safeParse('a\u007f.pdf').success).toBe(false);
    expect(required.safeParse('../').success).toBe(false);
    expect(required.safeParse('..').success).toBe(false);
    expect(required.safeParse('').success).toBe(false);
    expect(optional.parse(undefined)).toBe('');
    expect(optional.safeParse('dir/').success).toBe(false);
  });
});

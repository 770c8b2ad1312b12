import { describe, expect, it } from 'vitest';
import { mergeRoles } from './roles';

describe('mergeRoles', () => {
  it('merges a roles list with a single role, dropping duplicates', () => {
    expect(mergeRoles(['student'], 'admin')).toEqual(['student', 'admin']);
    expect(mergeRoles(['student', 'admin'], 'student')).toEqual(['student', 'admin']);
  });

  it('removes empties and trims', () => {
    expect(mergeRoles(['', ' student ', '  '], '')).toEqual(['student']);
  });

  it('accepts comma-separated strings as better-auth stores them', () => {
    expect(mergeRoles('student,admin', undefined)).toEqual(['student', 'admin']);
    expect(mergeRoles(['student, admin'], 'admin,,')).toEqual(['student', 'admin']);
    expect(mergeRoles(undefined, 'admin, student')).toEqual(['admin', 'student']);
  });

  it('treats role names case-insensitively', () => {
    expect(mergeRoles(['Student'], 'STUDENT')).toEqual(['student']);
  });

  it('ignores values that are not strings', () => {
    expect(mergeRoles(null, undefined)).toEqual([]);
    expect(mergeRoles({ role: 'admin' }, 42)).toEqual([]);
    expect(mergeRoles(['student', 7, null, { x: 1 }], ['admin'])).toEqual(['student', 'admin']);
  });

  it('keeps unknown role names', () => {
    expect(mergeRoles(['registrar'], 'student')).toEqual(['registrar', 'student']);
  });
});

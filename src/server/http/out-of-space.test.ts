import { describe, expect, it } from 'vitest';
import { isOutOfSpaceError } from './out-of-space';

describe('isOutOfSpaceError', () => {
  it('knows a full or read-only disk from the filesystem and from PostgreSQL, and nothing else', () => {
    expect(isOutOfSpaceError(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isOutOfSpaceError(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }))).toBe(true);
    expect(isOutOfSpaceError(Object.assign(new Error('could not extend file "base/16384/2619": No space left on device'), { code: '53100' }))).toBe(true);
    expect(isOutOfSpaceError(Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }))).toBe(true);
    expect(isOutOfSpaceError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isOutOfSpaceError(new Error('boom'))).toBe(false);
    expect(isOutOfSpaceError(null)).toBe(false);
  });
});

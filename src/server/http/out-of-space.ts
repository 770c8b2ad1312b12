/**
 * A write the disk could not take: the filesystem is full or read-only (ENOSPC, EDQUOT, EROFS), or PostgreSQL says so
 * (53100 disk_full, 25006 read-only transaction). Answered 503 in plain words instead of a 500; nothing was stored.
 */
export function isOutOfSpaceError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && ['ENOSPC', 'EDQUOT', 'EROFS', '53100', '25006'].includes(code)) return true;
  return typeof message === 'string' && /no space left on device|could not extend file|read-only file system/i.test(message);
}

export const OUT_OF_SPACE_MESSAGE = 'The server has run out of storage space, so this was not saved. Please try again later.';

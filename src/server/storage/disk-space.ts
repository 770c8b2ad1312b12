/**
 * Free space on the disk that holds the data folder (the embedded database and the uploaded files). Uploads are
 * refused cleanly while it is below a margin, so what the disk has left goes to the database writes that must not fail
 * (four anonymous uploads once filled a 200 MB data disk, after which appeal submissions answered 500), and health
 * reports the disk as full.
 */
import { statfs } from 'node:fs/promises';

/** Keep this much free: 10 % of the disk, at least 64 MB and at most 1 GB. */
export function freeSpaceMargin(totalBytes: number): number {
  return Math.min(1024 ** 3, Math.max(64 * 1024 ** 2, Math.round(totalBytes * 0.1)));
}

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
  /** What must stay free (freeSpaceMargin, unless the storage was given another). */
  marginBytes: number;
}

export async function diskSpaceAt(path: string, marginBytes?: number): Promise<DiskSpace> {
  const stats = await statfs(path);
  const totalBytes = stats.blocks * stats.bsize;
  return { freeBytes: stats.bavail * stats.bsize, totalBytes, marginBytes: marginBytes ?? freeSpaceMargin(totalBytes) };
}

export const DISK_FULL_MESSAGE = 'The server is running out of storage space, so it cannot take files right now. Please try again later.';

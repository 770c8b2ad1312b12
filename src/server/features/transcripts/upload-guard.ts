import { unavailable } from '../../domain-errors';
import { DISK_FULL_MESSAGE } from '../../storage/disk-space';
import type { FileStorage } from '../../storage/file-storage';

/**
 * Refuses an upload (503, in plain words) when the local disk could not take it and keep its free-space margin, or
 * cannot be written at all. Called before an upload slot is granted and again before its bytes are written.
 */
export async function refuseUploadWhenDiskIsLow(storage: FileStorage, incomingBytes: number): Promise<void> {
  const disk = await storage.localDisk();
  if (!disk) return;
  if (!disk.writable || disk.space.freeBytes - incomingBytes < disk.space.marginBytes) throw unavailable(DISK_FULL_MESSAGE);
}

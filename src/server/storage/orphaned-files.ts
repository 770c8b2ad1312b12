import type { Queryable } from '../db/client';
import type { Logger } from '../logger';
import type { FileStorage } from './file-storage';

/** Longer than any upload address is valid and any upload takes, so a file whose row is still being written is safe. */
export const ORPHANED_FILE_GRACE_MS = 24 * 60 * 60 * 1000;
const KEYS_PER_QUERY = 500;

/**
 * Deletes stored files that no `stored_files` row names, once they are older than the grace period: what a crash
 * between writing a file and its row leaves behind, or a file whose delete failed after its row was removed. Nothing
 * lists such files, so without this a student's transcript could outlive every record of it.
 */
export async function deleteOrphanedFiles({ db, storage, logger }: { db: Queryable; storage: FileStorage; logger?: Logger }, graceMs = ORPHANED_FILE_GRACE_MS): Promise<number> {
  const cutoff = Date.now() - graceMs;
  let deleted = 0;
  let candidates: string[] = [];
  const sweep = async () => {
    const known = await db.query<{ storage_key: string }>(`select storage_key from stored_files where storage_key = any($1::text[])`, [candidates]);
    const referenced = new Set(known.map((row) => row.storage_key));
    for (const key of candidates) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      deleted += 1;
    }
    candidates = [];
  };
  for await (const file of storage.list()) {
    if (file.modifiedAt.getTime() > cutoff) continue;
    candidates.push(file.key);
    if (candidates.length >= KEYS_PER_QUERY) await sweep();
  }
  if (candidates.length > 0) await sweep();
  if (deleted > 0) logger?.info('orphaned_files_deleted', { count: deleted });
  return deleted;
}

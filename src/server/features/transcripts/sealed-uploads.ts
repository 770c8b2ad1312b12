/**
 * Nothing replaces an accepted file. Once uploaded bytes have passed the upload checks, exactly those bytes are written
 * under a new server-made key that no upload address was ever signed for, the stored_files row points at it (with the
 * content type the bytes really have, not the one the client declared) and says when it was checked, and the key the
 * upload address named is deleted. An upload address therefore stops mattering once its file is checked: local-disk
 * addresses are refused outright after their one upload (stored-files.routes.ts); an S3 presigned address, which S3 lets
 * anyone reuse until it expires, can only write a file that no row names, which the orphaned-file sweep deletes.
 * (Before: an accepted syllabus was replaced through its address by a 1,000-page PDF and then an executable, which
 * admins downloaded as application/pdf.)
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client';
import type { FileStorage } from '../../storage/file-storage';
import { findSealState, markFileSealed } from './stored-files.queries';
import { contentTypeOf, type UploadUse } from './upload-checks';

/**
 * Seals checked bytes; answers the key they now live under. A file that is already sealed keeps its key and bytes
 * (a transcript analysed a second time).
 */
export async function sealCheckedUpload(
  { db, storage }: { db: Queryable; storage: FileStorage },
  file: { id: string },
  bytes: Uint8Array,
  use: UploadUse,
): Promise<string> {
  const current = await findSealState(db, file.id);
  if (!current) throw new Error(`stored file ${file.id} not found`);
  if (current.checked_at) return current.storage_key;
  const prefix = current.storage_key.slice(0, current.storage_key.indexOf('/'));
  const sealedKey = `${prefix}/${randomUUID()}`;
  const contentType = contentTypeOf(bytes, use);
  await storage.put(sealedKey, bytes, contentType);
  if (!(await markFileSealed(db, { id: file.id, sealedKey, contentType, bytes }))) {
    // Sealed meanwhile by a concurrent request: keep that one.
    await storage.delete(sealedKey);
    return (await findSealState(db, file.id))!.storage_key;
  }
  await storage.delete(current.storage_key).catch(() => undefined); // left behind, it is an orphan the sweep deletes
  return sealedKey;
}

/** The SQL of students' stored files (transcripts and syllabi). Ownership is in the WHERE: another student's key finds nothing. */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client';

export type StoredFilePurpose = 'transcript' | 'syllabus';

export interface StoredFileRow {
  id: string;
  storage_key: string;
  owner_id: string | null;
  purpose: StoredFilePurpose;
  original_name: string;
  content_type: string;
  size_bytes: number | null;
  status: 'pending' | 'stored' | 'rejected';
}

const STORED_FILE_COLUMNS = `id, storage_key, owner_id, purpose, original_name, content_type, size_bytes, status`;

export async function insertStoredFileRow(db: Queryable, file: { key: string; ownerId: string; purpose: StoredFilePurpose; originalName: string; contentType: string }) {
  await db.query(`insert into stored_files (storage_key, owner_id, purpose, original_name, content_type) values ($1, $2, $3, $4, $5)`, [
    file.key,
    file.ownerId,
    file.purpose,
    file.originalName,
    file.contentType,
  ]);
}

/** Upload slots the student asked for recently: the per-student upload limit. */
export async function countUploadSlotsSince(db: Queryable, userId: string, sinceMinutes: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from stored_files where owner_id = $1 and created_at > now() - make_interval(mins => $2::int)`,
    [userId, sinceMinutes],
  );
  return row?.count ?? 0;
}

export async function findOwnStoredFileRow(db: Queryable, userId: string, key: string, purpose: StoredFilePurpose): Promise<StoredFileRow | null> {
  const [row] = await db.query<StoredFileRow>(`select ${STORED_FILE_COLUMNS} from stored_files where storage_key = $1 and owner_id = $2 and purpose = $3`, [
    key,
    userId,
    purpose,
  ]);
  return row ?? null;
}

export async function deleteStoredFileRow(db: Queryable, id: string) {
  await db.query(`delete from stored_files where id = $1`, [id]);
}

export async function listStorageKeysOwnedBy(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ storage_key: string }>(`select storage_key from stored_files where owner_id = $1`, [userId]);
  return rows.map((row) => row.storage_key);
}

/** The upload status of the file a storage key names (null: no such file). */
export async function findStoredFileStatus(db: Queryable, storageKey: string): Promise<StoredFileRow['status'] | null> {
  const [row] = await db.query<{ status: StoredFileRow['status'] }>(`select status from stored_files where storage_key = $1`, [storageKey]);
  return row?.status ?? null;
}

/**
 * The bytes have arrived: their size and hash are recorded and the file counts as stored, once (a file already stored,
 * checked or refused stays as it is). The local upload address records what it wrote; with S3 the server sees the
 * bytes first when a request claims them (`bytes`).
 */
export async function markFileStored(db: Queryable, storageKey: string, content: Uint8Array | { size: number; sha256: string }): Promise<void> {
  const { size, sha256 } = content instanceof Uint8Array ? { size: content.byteLength, sha256: createHash('sha256').update(content).digest('hex') } : content;
  await db.query(`update stored_files set status = 'stored', size_bytes = $2, sha256 = $3, stored_at = now() where storage_key = $1 and status = 'pending'`, [
    storageKey,
    size,
    sha256,
  ]);
}

export async function markFileRejected(db: Queryable, fileId: string): Promise<void> {
  await db.query(`update stored_files set status = 'rejected' where id = $1`, [fileId]);
}

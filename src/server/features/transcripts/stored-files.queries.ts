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

/** Where a file's bytes live now and whether they were checked and sealed (sealed-uploads.ts). */
export async function findSealState(db: Queryable, fileId: string): Promise<{ storage_key: string; checked_at: Date | string | null } | null> {
  const [row] = await db.query<{ storage_key: string; checked_at: Date | string | null }>(`select storage_key, checked_at from stored_files where id = $1`, [fileId]);
  return row ?? null;
}

/** Points the file at its sealed key, once: false when another request sealed it first. */
export async function markFileSealed(
  db: Queryable,
  file: { id: string; sealedKey: string; contentType: string; bytes: Uint8Array },
): Promise<boolean> {
  const sealed = await db.query(
    `update stored_files set storage_key = $2, content_type = $3, size_bytes = $4, sha256 = $5, status = 'stored',
            stored_at = coalesce(stored_at, now()), checked_at = now()
      where id = $1 and checked_at is null returning id`,
    [file.id, file.sealedKey, file.contentType, file.bytes.byteLength, createHash('sha256').update(file.bytes).digest('hex')],
  );
  return sealed.length > 0;
}

/**
 * A signed-out visitor's uploads from one address: slots started in the last hour, slots still waiting for their bytes
 * (younger than `waitingMinutes`), and bytes that arrived in the last day (a file's size is recorded when its bytes
 * arrive, never from what was declared).
 */
export async function countVisitorUploads(
  db: Queryable,
  address: string,
  waitingMinutes: number,
): Promise<{ slotsLastHour: number; waitingSlots: number; bytesLastDay: number }> {
  const [row] = await db.query<{ slots: number; waiting: number; bytes: string | number }>(
    `select count(*) filter (where created_at > now() - interval '1 hour')::int as slots,
            count(*) filter (where status = 'pending' and created_at > now() - make_interval(mins => $2::int))::int as waiting,
            coalesce(sum(size_bytes) filter (where status <> 'pending'), 0) as bytes
       from stored_files where owner_id is null and uploader_address = $1 and created_at > now() - interval '24 hours'`,
    [address, waitingMinutes],
  );
  return { slotsLastHour: row?.slots ?? 0, waitingSlots: row?.waiting ?? 0, bytesLastDay: Number(row?.bytes ?? 0) };
}

/**
 * All signed-out visitors together: the bytes kept (files whose bytes arrived and were not refused, of transcripts not
 * yet expired) and the slots still waiting for their bytes.
 */
export async function countVisitorPool(db: Queryable, waitingMinutes: number): Promise<{ keptBytes: number; waitingSlots: number }> {
  const [row] = await db.query<{ bytes: string | number; waiting: number }>(
    `select coalesce(sum(f.size_bytes) filter (where f.status = 'stored'
                       and not exists (select 1 from transcripts t where t.file_id = f.id and t.expires_at <= now())), 0) as bytes,
            count(*) filter (where f.status = 'pending' and f.created_at > now() - make_interval(mins => $1::int))::int as waiting
       from stored_files f where f.owner_id is null`,
    [waitingMinutes],
  );
  return { keptBytes: Number(row?.bytes ?? 0), waitingSlots: row?.waiting ?? 0 };
}

/** Who a stored file's bytes are for: a signed-out visitor's file carries the address it was started from. */
export async function findUploadOwner(db: Queryable, storageKey: string): Promise<{ status: StoredFileRow['status']; visitorAddress: string | null } | null> {
  const [row] = await db.query<{ status: StoredFileRow['status']; owner_id: string | null; uploader_address: string | null }>(
    `select status, owner_id, uploader_address from stored_files where storage_key = $1`,
    [storageKey],
  );
  if (!row) return null;
  return { status: row.status, visitorAddress: row.owner_id === null ? row.uploader_address : null };
}

/** A signed-out visitor's uploads from one address in the last day, oldest first: how long ago each began, and the bytes that arrived (none while waiting). */
export async function listVisitorUploadsLastDay(db: Queryable, address: string): Promise<Array<{ ageMs: number; bytes: number }>> {
  const rows = await db.query<{ age_ms: number | string; bytes: number | string | null }>(
    `select extract(epoch from now() - created_at) * 1000 as age_ms, case when status <> 'pending' then size_bytes end as bytes
       from stored_files where owner_id is null and uploader_address = $1 and created_at > now() - interval '24 hours'
      order by created_at`,
    [address],
  );
  return rows.map((row) => ({ ageMs: Number(row.age_ms), bytes: Number(row.bytes ?? 0) }));
}

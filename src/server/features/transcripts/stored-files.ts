/**
 * Students' files (transcripts and syllabi), from the upload slot to the checked bytes: the server names every key,
 * limits how many uploads a student starts, and checks the bytes (upload-checks.ts) before anything keeps them. A
 * refused file leaves nothing behind, an accepted one is sealed under a new key. Transcripts and appeals both claim
 * their files here.
 */
import { randomUUID } from 'node:crypto';
import { SYLLABUS_EXTENSIONS, TRANSCRIPT_EXTENSIONS } from '../../../shared/schemas/student';
import type { Queryable } from '../../db/client';
import { conflict, DomainError, invalid, notFound, tooMany } from '../../domain-errors';
import type { FileStorage } from '../../storage/file-storage';
import { sealCheckedUpload } from './sealed-uploads';
import { countTranscripts } from './transcripts.queries';
import { checkUpload, tooLarge, UPLOAD_LIMITS, type UploadPurpose } from './upload-checks';
import { refuseUploadWhenDiskIsLow } from './upload-guard';
import {
  countUploadSlotsSince,
  deleteStoredFileRow,
  findOwnStoredFileRow,
  insertStoredFileRow,
  markFileStored,
  type StoredFileRow,
} from './stored-files.queries';

/** Per-student upload limits (ASVS 5.1.1): upload slots an hour, and transcripts kept at once. */
export const MAX_UPLOAD_SLOTS_PER_HOUR = 30;
export const MAX_TRANSCRIPTS_PER_STUDENT = 25;

const extensionOf = (filename: string) => filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** Refuses a new transcript when the student keeps the most they may. */
export async function refuseTranscriptOverLimit(db: Queryable, userId: string): Promise<void> {
  if ((await countTranscripts(db, userId)) >= MAX_TRANSCRIPTS_PER_STUDENT) {
    throw conflict(`You can keep at most ${MAX_TRANSCRIPTS_PER_STUDENT} transcripts. Delete one you no longer need first.`);
  }
}

/** Reserves a server-named storage key (the client never picks one) and signs an upload address for it. */
export async function createUploadSlot({
  db,
  storage,
  userId,
  filename,
  contentType,
  purpose,
}: {
  db: Queryable;
  storage: FileStorage;
  userId: string;
  filename: string;
  contentType: string;
  purpose: UploadPurpose;
}) {
  const allowed: readonly string[] = purpose === 'transcript' ? TRANSCRIPT_EXTENSIONS : SYLLABUS_EXTENSIONS;
  if (!allowed.includes(extensionOf(filename))) {
    throw invalid(`filename: a ${purpose} must be one of ${allowed.map((ext) => `.${ext}`).join(', ')}.`);
  }
  if ((await countUploadSlotsSince(db, userId, 60)) >= MAX_UPLOAD_SLOTS_PER_HOUR) {
    throw tooMany(`You have started ${MAX_UPLOAD_SLOTS_PER_HOUR} uploads in the last hour. Please wait a while and try again.`);
  }
  if (purpose === 'transcript') await refuseTranscriptOverLimit(db, userId);
  const key = `${purpose === 'transcript' ? 'transcripts' : 'syllabi'}/${randomUUID()}`;
  const { maxBytes } = UPLOAD_LIMITS[purpose];
  await refuseUploadWhenDiskIsLow(storage, maxBytes);
  await insertStoredFileRow(db, { key, ownerId: userId, purpose, originalName: filename, contentType });
  const upload = await storage.createUploadUrl({ key, contentType, maxBytes });
  return { uploadUrl: upload.url, key, method: upload.method, headers: upload.headers, maxBytes };
}

/** A refused upload leaves nothing behind: the bytes and the stored_files row go. */
async function discardUpload(db: Queryable, storage: FileStorage, file: StoredFileRow) {
  await storage.delete(file.storage_key);
  await deleteStoredFileRow(db, file.id);
}

/**
 * The student's own uploaded file and its bytes, once they pass the checks for its purpose: not found when the key is
 * not theirs, invalid when nothing arrived, too large (and discarded) when storage says it is over the limit, before a
 * byte is read; and any refusal of the checks, with the file discarded and `field` naming the request's field.
 */
export async function claimOwnUpload({
  db,
  storage,
  userId,
  key,
  purpose,
  names,
  field = '',
  before,
}: {
  db: Queryable;
  storage: FileStorage;
  userId: string;
  key: string;
  purpose: UploadPurpose;
  /** What the student called the file, checked against its content. */
  names: (file: StoredFileRow) => string[];
  field?: string;
  /** Refusals that come before the content is read (already claimed, a limit reached). */
  before?: (file: StoredFileRow) => Promise<void>;
}): Promise<StoredFileRow> {
  const file = await findOwnStoredFileRow(db, userId, key, purpose);
  if (!file) throw notFound(`No ${purpose} upload with this key.`);
  if (file.status === 'rejected') throw invalid('key: this file was refused. Please upload it again.');
  const info = await storage.stat(file.storage_key);
  if (!info) {
    throw invalid(file.status === 'stored' ? 'key: the uploaded file is missing. Please upload it again.' : 'key: the file has not been uploaded yet. Upload it, then try again.');
  }
  // S3 does not enforce the signed size, so the limit is checked here too, before any byte is loaded.
  if (info.size > UPLOAD_LIMITS[purpose].maxBytes) {
    await discardUpload(db, storage, file);
    const refusal = tooLarge(purpose);
    throw new DomainError(refusal.kind, refusal.message);
  }
  const bytes = await storage.get(file.storage_key);
  if (!bytes) throw invalid('key: the uploaded file is missing. Please upload it again.');
  // With S3 the browser uploads straight to the bucket, so the file is recorded as stored here, on first sight.
  if (file.status === 'pending') await markFileStored(db, file.storage_key, bytes);
  await before?.(file);
  const content = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const refusal = await checkUpload(content, purpose, { names: names(file) });
  if (refusal) {
    await discardUpload(db, storage, file);
    throw new DomainError(refusal.kind, `${field}${refusal.message}`);
  }
  // Accepted: the checked bytes move to a key no upload address names (sealed-uploads.ts).
  return { ...file, storage_key: await sealCheckedUpload({ db, storage }, file, content, purpose) };
}

/** An upload the checks refused: logged as the OWASP `upload_validation` event by the routes that claim files. */
export const isUploadRefusal = (error: unknown): error is DomainError =>
  error instanceof DomainError && ['invalid', 'too_large', 'unsupported_type', 'unusable'].includes(error.kind);

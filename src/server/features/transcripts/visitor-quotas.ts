/**
 * What signed-out visitors may upload (POST /api/transcripts without an account), so nobody can fill the disk
 * anonymously (one address once opened 3,000 slots of 20 MB in under a minute): per address, at most
 * VISITOR_LIMITS.slotsPerHour uploads an hour and VISITOR_LIMITS.bytesPerDay bytes a day; all visitors together keep at
 * most VISITOR_LIMITS.totalBytes, the oldest visitors' files being deleted first to make room (never one being
 * analysed). A visitor has no identity beyond the address (and the token of each upload), so "per visitor" is "per
 * address" here; signed-in students have their own, per-account limits.
 */
import { tooMany, unavailable } from '../../domain-errors';
import type { AppDeps } from '../../http/app-env';
import { countVisitorUploads, listVisitorUploadsLastDay, sumVisitorBytes } from './stored-files.queries';
import { bytesPerDayMessage, uploadsPerHourMessage } from './visitor-limit-words';
import { deleteTranscriptAndFile, listOldestVisitorTranscripts } from './transcripts.queries';

const MB = 1024 * 1024;
export const VISITOR_LIMITS = { slotsPerHour: 10, bytesPerDay: 100 * MB, totalBytes: 2048 * MB };

/** Checks (and makes room for) a visitor's upload of `declaredBytes`; throws a 429 or 503 saying what to do. */
export async function reserveVisitorUpload(deps: Pick<AppDeps, 'db' | 'storage' | 'logger'>, input: { address: string; declaredBytes: number }, limits = VISITOR_LIMITS) {
  const mine = await countVisitorUploads(deps.db, input.address);
  if (mine.slotsLastHour >= limits.slotsPerHour) {
    const uploads = await listVisitorUploadsLastDay(deps.db, input.address);
    const hourOld = uploads.filter((upload) => upload.ageMs < 60 * 60_000);
    throw tooMany(uploadsPerHourMessage({ limit: limits.slotsPerHour, oldestAgeMs: hourOld.at(-limits.slotsPerHour)?.ageMs ?? 0 }));
  }
  if (mine.bytesLastDay + input.declaredBytes > limits.bytesPerDay) {
    const uploads = await listVisitorUploadsLastDay(deps.db, input.address);
    throw tooMany(bytesPerDayMessage({ limitBytes: limits.bytesPerDay, declaredBytes: input.declaredBytes, uploads }));
  }
  await makeRoomForVisitors(deps, input.declaredBytes, limits.totalBytes);
}

/** Deletes the oldest visitors' transcripts and files (not ones being analysed) until `bytes` more fit in `totalBytes`. */
async function makeRoomForVisitors(deps: Pick<AppDeps, 'db' | 'storage' | 'logger'>, bytes: number, totalBytes: number) {
  let used = await sumVisitorBytes(deps.db);
  let swept = 0;
  while (used + bytes > totalBytes) {
    const oldest = await listOldestVisitorTranscripts(deps.db, 20);
    if (oldest.length === 0) break;
    for (const transcript of oldest) {
      if (transcript.storage_key) await deps.storage.delete(transcript.storage_key).catch(() => undefined);
      await deleteTranscriptAndFile(deps.db, { id: transcript.id, fileId: transcript.file_id });
      used -= Number(transcript.size ?? 0);
      swept += 1;
      if (used + bytes <= totalBytes) break;
    }
    used = await sumVisitorBytes(deps.db);
  }
  if (swept > 0) deps.logger.info('visitor_uploads_swept', { count: swept });
  if (used + bytes > totalBytes) {
    throw unavailable('Too many people are uploading without an account right now. Sign in to upload, or try again in a few minutes.');
  }
}

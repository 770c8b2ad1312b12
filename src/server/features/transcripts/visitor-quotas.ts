/**
 * What signed-out visitors may upload (POST /api/transcripts without an account), so nobody can fill the disk
 * anonymously, and nobody can make room by pushing out someone else's upload (issue 37: 105 slots declared at 20 MB
 * from 21 addresses, no bytes ever sent, deleted a victim's analysed transcript). A visitor has no identity beyond the
 * address (and the token of each upload), so "per visitor" is "per address" here; signed-in students have their own,
 * per-account limits.
 *
 * - Storage is counted by the bytes that arrived, never by the size a visitor declared: a slot holds no room.
 * - A slot waits for its bytes VISITOR_LIMITS.slotMinutes (its upload address expires with it); a slot that received
 *   nothing then counts for nothing but the hourly rate, and the periodic sweep deletes it.
 * - Per address: VISITOR_LIMITS.slotsPerHour slots an hour, VISITOR_LIMITS.waitingSlotsPerAddress waiting at once,
 *   VISITOR_LIMITS.bytesPerDay bytes received a day. For all visitors together: VISITOR_LIMITS.waitingSlots waiting at
 *   once and VISITOR_LIMITS.totalBytes kept.
 * - Nothing is ever deleted to make room: an upload is kept for its promised lifetime (24 h after its analysis), and a
 *   newcomer who does not fit is refused in plain words, with a `code` the web app can show its own words for.
 *
 * Uploads in flight are each checked before their bytes are written, so the pool can pass its total by at most the
 * uploads arriving at that moment (the disk margin, upload-guard.ts, still holds).
 */
import { DomainError } from '../../domain-errors';
import type { AppDeps } from '../../http/app-env';
import { countVisitorPool, countVisitorUploads, listVisitorUploadsLastDay } from './stored-files.queries';
import { bytesPerDayMessage, uploadsPerHourMessage } from './visitor-limit-words';

const MB = 1024 * 1024;
export const VISITOR_LIMITS = {
  slotsPerHour: 10,
  waitingSlotsPerAddress: 3,
  waitingSlots: 200,
  bytesPerDay: 100 * MB,
  totalBytes: 2048 * MB,
  /** How long a slot waits for its bytes: its upload address is signed for as long. */
  slotMinutes: 10,
};
export type VisitorLimits = typeof VISITOR_LIMITS;

/** The `code` of each refusal, for the web app (which owns the words it shows). */
export const VISITOR_QUOTA_CODES = {
  hourlyUploads: 'VISITOR_HOURLY_UPLOADS',
  waitingUploads: 'VISITOR_WAITING_UPLOADS',
  dailyBytes: 'VISITOR_DAILY_BYTES',
  busy: 'VISITORS_BUSY',
  full: 'VISITORS_FULL',
} as const;

const refusal = (kind: 'too_many' | 'unavailable', code: string, message: string) => new DomainError(kind, message, { code });
const CROWDED = 'Too many people are uploading without an account right now. Sign in to upload, or try again in a few minutes.';

/** Before a visitor's upload slot is made: throws a 429 or 503 saying what to do. Deletes nothing. */
export async function admitVisitorSlot(deps: Pick<AppDeps, 'db'>, input: { address: string; declaredBytes: number }, limits: VisitorLimits = VISITOR_LIMITS) {
  const mine = await countVisitorUploads(deps.db, input.address, limits.slotMinutes);
  if (mine.slotsLastHour >= limits.slotsPerHour) {
    const uploads = await listVisitorUploadsLastDay(deps.db, input.address);
    const hourOld = uploads.filter((upload) => upload.ageMs < 60 * 60_000);
    throw refusal('too_many', VISITOR_QUOTA_CODES.hourlyUploads, uploadsPerHourMessage({ limit: limits.slotsPerHour, oldestAgeMs: hourOld.at(-limits.slotsPerHour)?.ageMs ?? 0 }));
  }
  if (mine.waitingSlots >= limits.waitingSlotsPerAddress) {
    throw refusal(
      'too_many',
      VISITOR_QUOTA_CODES.waitingUploads,
      `You have ${limits.waitingSlotsPerAddress} uploads waiting for their file. Send one of those files, or try again in ${limits.slotMinutes} minutes, or sign in.`,
    );
  }
  // The declared size only predicts: a file that could not fit is refused now rather than after it was sent.
  await admitVisitorBytes(deps, { address: input.address, incomingBytes: input.declaredBytes }, limits, mine.bytesLastDay);
  const pool = await countVisitorPool(deps.db, limits.slotMinutes);
  if (pool.waitingSlots >= limits.waitingSlots) throw refusal('unavailable', VISITOR_QUOTA_CODES.busy, CROWDED);
}

/**
 * When a visitor's bytes arrive (before they are written): the address's bytes of the day and the visitors' pool,
 * counted by what arrived. Throws a 429 or 503 saying what to do; deletes nothing.
 */
export async function admitVisitorBytes(
  deps: Pick<AppDeps, 'db'>,
  input: { address: string; incomingBytes: number },
  limits: VisitorLimits = VISITOR_LIMITS,
  bytesLastDay?: number,
) {
  const received = bytesLastDay ?? (await countVisitorUploads(deps.db, input.address, limits.slotMinutes)).bytesLastDay;
  if (received + input.incomingBytes > limits.bytesPerDay) {
    const uploads = await listVisitorUploadsLastDay(deps.db, input.address);
    throw refusal('too_many', VISITOR_QUOTA_CODES.dailyBytes, bytesPerDayMessage({ limitBytes: limits.bytesPerDay, declaredBytes: input.incomingBytes, uploads }));
  }
  const pool = await countVisitorPool(deps.db, limits.slotMinutes);
  if (pool.keptBytes + input.incomingBytes > limits.totalBytes) throw refusal('unavailable', VISITOR_QUOTA_CODES.full, CROWDED);
}

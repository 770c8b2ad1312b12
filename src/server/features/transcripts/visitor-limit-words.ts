/**
 * The words of a visitor's upload limit (visitor-quotas.ts decides the limit): what it is, when this connection may
 * upload again, and that signing in lifts it, so "We could not analyse this transcript" is never the answer to a limit.
 */

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const LIFTED_BY_SIGNING_IN = 'or sign in: this limit is only for uploads without an account.';

/** "in 1 minute", "in 41 minutes", "in 5 hours": rounded up, so the time said is never too early. */
export function waitWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes <= 90) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hours`;
}

/** The refusal of an upload over the uploads-an-hour limit; `oldestAgeMs`: how long ago the oldest of the hour's began. */
export function uploadsPerHourMessage({ limit, oldestAgeMs }: { limit: number; oldestAgeMs: number }): string {
  return (
    `Without an account, one connection can start ${limit} transcript uploads an hour, and yours has started ${limit}. ` +
    `You can upload again ${waitWords(HOUR_MS - oldestAgeMs)}, ${LIFTED_BY_SIGNING_IN}`
  );
}

/**
 * The refusal of an upload over the bytes-a-day limit. It fits again once enough of the day's uploads (oldest first)
 * are a day old; `uploads`: the day's uploads, oldest first.
 */
export function bytesPerDayMessage({ limitBytes, declaredBytes, uploads }: { limitBytes: number; declaredBytes: number; uploads: Array<{ ageMs: number; bytes: number }> }): string {
  let used = uploads.reduce((sum, upload) => sum + upload.bytes, 0);
  const usedText = `${Math.round(used / MB)} MB`;
  let fitsAfterMs = DAY_MS;
  for (const upload of uploads) {
    if (used + declaredBytes <= limitBytes) break;
    used -= upload.bytes;
    fitsAfterMs = DAY_MS - upload.ageMs;
  }
  return (
    `Without an account, one connection can upload ${Math.round(limitBytes / MB)} MB of transcripts a day, and yours has uploaded ${usedText} since this time yesterday. ` +
    `You can upload this file ${waitWords(fitsAfterMs)}, ${LIFTED_BY_SIGNING_IN}`
  );
}

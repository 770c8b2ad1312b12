import { invalidField } from '../domain-errors';

/**
 * Keyset cursors for the admin lists (appeals, students): the last row's timestamp (as PostgreSQL's own text, so no microseconds are lost
 * in a JavaScript Date) and its id, base64url-encoded. A tampered cursor is a 400, never a database error.
 */
export interface Cursor {
  at: string;
  id: string;
  /** The sort key before the timestamp, for a list ordered by something else first (the appeals by school). */
  key?: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor.key === undefined ? [cursor.at, cursor.id] : [cursor.at, cursor.id, cursor.key])).toString('base64url');
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:([+-])(\d{2})(?::?(\d{2}))?|Z)?$/;

/** A timestamp PostgreSQL would accept: the right shape and a real date and time ('2024-13-45 99:99:99' gave a 500). */
function isRealTimestamp(text: string): boolean {
  const parts = TIMESTAMP.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return realDay && year >= 1 && hour < 24 && minute < 60 && second < 60 && Number(parts[9] ?? 0) <= 15 && Number(parts[10] ?? 0) < 60;
}

export function decodeCursor(value: string | undefined, { idPattern = /^[0-9a-f-]{36}$/i } = {}): Cursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && isRealTimestamp(parsed[0]) && idPattern.test(parsed[1])) {
      if (parsed.length === 2) return { at: parsed[0], id: parsed[1] };
      if (parsed.length === 3 && typeof parsed[2] === 'string' && parsed[2].length <= 500) return { at: parsed[0], id: parsed[1], key: parsed[2] };
    }
  } catch {
    // falls through to the 400 below
  }
  throw invalidField('cursor', 'not a cursor this list returned. Start again from the first page.');
}

/** A case-insensitive "contains" pattern with the user's % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

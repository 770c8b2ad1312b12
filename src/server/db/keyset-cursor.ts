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

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function decodeCursor(value: string | undefined, { idPattern = /^[0-9a-f-]{36}$/i } = {}): Cursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && TIMESTAMP.test(parsed[0]) && idPattern.test(parsed[1])) {
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

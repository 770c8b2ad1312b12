/**
 * The name a client gives an uploaded file. It is metadata only (storage keys are server-made UUIDs), but it is shown
 * to staff and used in download headers, so only its base name is kept: folders (`../../etc/passwd.pdf`,
 * `C:\x\y.pdf`) are dropped, and control characters (NUL included, which PostgreSQL text cannot hold) are refused.
 */
// zod/mini: the search page's transcript tab loads this module (see search.ts).
import * as z from 'zod/mini';

const MAX_FILE_NAME = 255;

/** The last segment of a path written with either slash: `C:\x\y.pdf` and `../../y.pdf` are both `y.pdf`. */
export function baseFileName(name: string): string {
  const segments = name.split(/[\\/]/);
  return (segments[segments.length - 1] ?? '').trim();
}

const hasControlCharacter = (value: string) => [...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);

/** A file name field: trimmed, at most 255 characters, no control characters, reduced to its base name. */
export function fileNameField(label: string, { required }: { required: boolean }) {
  return z.pipe(
    z.transform((value: unknown) => value ?? ''),
    z.pipe(
      z.string({ error: 'must be text' }).check(
        z.trim(),
        z.maxLength(MAX_FILE_NAME, `must be at most ${MAX_FILE_NAME} characters`),
        z.refine((value) => !hasControlCharacter(value), 'must not contain control characters (such as NUL or line breaks)'),
      ),
      z.transform((value: string, context) => {
        const base = baseFileName(value);
        if (value !== '' && (base === '' || base === '.' || base === '..')) {
          context.issues.push({ code: 'custom', message: 'must be a file name, not a folder', input: value });
          return z.NEVER;
        }
        if (required && base === '') {
          context.issues.push({ code: 'custom', message: `${label} is required`, input: value });
          return z.NEVER;
        }
        return base;
      }),
    ),
  );
}

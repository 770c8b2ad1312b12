/** PostgreSQL's COPY text format, for Queryable.copyFrom: a row is its fields joined by tabs, ended by a newline. */

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIAL_ALL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const escapeCopyCharacter = (character: string) => COPY_ESCAPES[character]!;

/** A value as one field of COPY's text format (see Queryable.copyFrom). */
export function copyField(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return COPY_SPECIAL.test(value) ? value.replace(COPY_SPECIAL_ALL, escapeCopyCharacter) : value;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

/** One row of COPY's text format, newline included. */
export function copyRow(fields: ReadonlyArray<string | number | boolean | null>): string {
  return `${fields.map(copyField).join('\t')}\n`;
}

/**
 * How deep a JSON body may nest arrays and objects. Our own walkers over a parsed body (and zod, and better-auth's)
 * recurse once per level: a 240 KB array nested 120,000 deep overflowed the stack and answered 500 on every JSON route
 * (issue 37). No body the API takes nests more than a few levels; 64 leaves room for any honest client.
 */
export const MAX_JSON_NESTING = 64;

/**
 * Whether JSON text nests arrays or objects more than `limit` levels deep, read in one pass over the characters
 * (strings skipped, escapes included) without parsing, so it cannot itself overflow the stack; stops at the first
 * level too deep. Text that is not JSON is judged by its brackets only: the parser refuses it afterwards.
 */
export function jsonNestsDeeperThan(text: string, limit = MAX_JSON_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

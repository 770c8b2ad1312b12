/**
 * The first reading of every JSON body (after its size limit), before any handler sees it, and of every address:
 * - text PostgreSQL cannot store, or that is not text at all, is refused with a 400: a NUL character (which
 *   PostgreSQL's text type cannot hold), half of a UTF-16 surrogate pair (what a broken "\ud800" escape decodes to) and
 *   bytes that are not UTF-8, in the path, the query string or a JSON body. These gave 500s before (59 of 4,834
 *   fuzzed requests);
 * - a JSON body nested deeper than MAX_JSON_NESTING is refused with a 400 before it is parsed (json-nesting.ts): a
 *   120,000-deep array answered 500 on every JSON route, better-auth's included (issue 37).
 * The routes that stream files are left to their own checks.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { isStreamingBodyRoute } from './body-limits';
import { jsonNestsDeeperThan, MAX_JSON_NESTING } from './json-nesting';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
// A NUL, or a surrogate half without its other half. The NUL is matched on purpose, hence the lint exception.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const NOT_UTF8 = 'The request contains bytes that are not UTF-8 text. Please send the text again as UTF-8.';
const FORBIDDEN_CHARACTER = 'contains a character that cannot be stored (a NUL character or a broken Unicode sequence). Please remove it and try again.';
const TOO_DEEP = `is nested more than ${MAX_JSON_NESTING} levels deep, so it was not read. Please send a flatter body.`;

/** Decodes %XX escapes strictly: null when they do not spell UTF-8. */
function decodeUrlPart(part: string): string | null {
  const bytes: number[] = [];
  for (let index = 0; index < part.length; index++) {
    const character = part[index]!;
    if (character === '%' && /^[0-9a-f]{2}$/i.test(part.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(part.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...new TextEncoder().encode(character === '+' ? ' ' : character));
    }
  }
  try {
    return strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/** Where the first forbidden string (key or value) sits in a parsed JSON value ('notes', 'syllabusFile.name'), or null. */
function findForbiddenString(value: unknown, path: string): string | null {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findForbiddenString(item, `${path}.${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = FORBIDDEN.test(key) ? `${path}.(a field name)` : findForbiddenString(item, `${path}.${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

export const refuseUnreadableText: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  for (const part of [url.pathname, ...url.search.slice(1).split(/[&=]/)]) {
    // The URL parser percent-encodes everything but printable ASCII: only escapes can spell a NUL or broken UTF-8.
    if (!part.includes('%')) continue;
    const decoded = decodeUrlPart(part);
    if (decoded === null) return c.json({ error: NOT_UTF8 }, 400);
    if (FORBIDDEN.test(decoded)) return c.json({ error: `The address ${FORBIDDEN_CHARACTER}` }, 400);
  }
  const isJson = /^application\/([\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '');
  if (!isJson || isStreamingBodyRoute(c.req.method, c.req.path) || !c.req.raw.body) return next();
  // Bounded by limitRequestBodies, which runs first.
  const bytes = new Uint8Array(await c.req.raw.arrayBuffer());
  c.req.raw = new Request(c.req.raw, { body: bytes });
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return c.json({ error: NOT_UTF8 }, 400);
  }
  if (jsonNestsDeeperThan(text)) {
    return c.json({ error: `The request body ${TOO_DEEP}`, fields: [{ field: '(body)', message: `nested more than ${MAX_JSON_NESTING} levels deep` }] }, 400);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return next(); // not JSON: the route answers that itself
  }
  const field = findForbiddenString(parsed, '');
  if (field !== null) {
    const name = field.slice(1) || '(body)';
    return c.json({ error: `${name}: ${FORBIDDEN_CHARACTER}`, fields: [{ field: name, message: FORBIDDEN_CHARACTER }] }, 400);
  }
  return next();
};

/**
 * Request bodies are limited while they stream in, before anything reads them: a body that announces more than its
 * route's limit is refused at once, and one sent without a length (chunked) is counted as it arrives and refused as
 * soon as it passes the limit, so it never sits in memory whole (four 300 MB anonymous bodies took the server from
 * 0.6 to 2.7 GB). JSON routes and better-auth's routes take at most MAX_JSON_BODY_BYTES; the routes that take files
 * stream them under limits of their own and are listed in STREAMING_BODY_ROUTES.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './app-env';
import { MAX_JSON_BODY_BYTES } from './json-body';

/** Routes that read their body as a stream with their own limit (20 MB uploads, the rules and programs CSV imports). */
export const STREAMING_BODY_ROUTES: ReadonlyArray<{ method: string; pattern: RegExp }> = [
  { method: 'PUT', pattern: /^\/api\/uploads\/[^/]+\/[^/]+$/ }, // LocalDiskStorage.putStream, limit signed into the address
  { method: 'POST', pattern: /^\/api\/admin\/equivalencies\/import$/ }, // spooled to a file, MAX_IMPORT_BYTES
  { method: 'POST', pattern: /^\/api\/admin\/programs\/import$/ }, // read within MAX_PROGRAM_IMPORT_BYTES (programs.routes.ts)
];

export const isStreamingBodyRoute = (method: string, path: string) =>
  STREAMING_BODY_ROUTES.some((route) => route.method === method && route.pattern.test(path));

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

const limitJsonBodies = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: (c) =>
    c.json({ error: `This request is larger than the ${kilobytes(MAX_JSON_BODY_BYTES)} we accept, so it was not read. Shorten the text and try again.` }, 413),
});

export const limitRequestBodies: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isStreamingBodyRoute(c.req.method, c.req.path)) return next();
  return limitJsonBodies(c, next);
};

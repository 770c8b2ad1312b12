import type { Context } from 'hono';
import { z } from 'zod';
import { invalid, tooLarge, unsupportedType } from '../domain-errors';
import type { AppEnv } from './app-env';

/** Upper bound for JSON bodies; larger requests are refused before parsing. */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/**
 * Reads and validates a JSON body with a shared zod schema. Refuses any other content type (415), so a
 * cross-site form post can never reach a JSON route without the browser's preflight.
 */
export async function readJson<Schema extends z.core.$ZodType>(c: Context<AppEnv>, schema: Schema): Promise<z.output<Schema>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw unsupportedType('Send the request body as application/json.');
  const length = Number(c.req.header('content-length') ?? '0');
  if (length > MAX_JSON_BODY_BYTES) throw tooLarge('The request is too large.');
  const text = await c.req.text();
  if (text.length > MAX_JSON_BODY_BYTES) throw tooLarge('The request is too large.');
  let body: unknown;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    throw invalid('The request body is not valid JSON.');
  }
  return z.parse(schema, body);
}

/** Validates the query string with a shared zod schema (400 naming the parameter). */
export function readQuery<Schema extends z.core.$ZodType>(c: Context<AppEnv>, schema: Schema): z.output<Schema> {
  return z.parse(schema, c.req.query());
}

/**
 * Validates the path parameters with a schema from shared/schemas/path-params.ts: the one rule for malformed ids
 * (400 naming the parameter). Read them before the body, so a bad address is named first.
 */
export function readParams<Schema extends z.core.$ZodType>(c: Context<AppEnv>, schema: Schema): z.output<Schema> {
  return z.parse(schema, c.req.param());
}

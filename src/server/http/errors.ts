import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppEnv } from './app-env';
import { isOutOfSpaceError, OUT_OF_SPACE_MESSAGE } from './out-of-space';

/** An error whose message is safe and useful to show the person who made the request. */
export class HttpError extends Error {
  constructor(
    public readonly status: ContentfulStatusCode,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);

/** Turns zod issues into "field: problem" lines that name what is wrong. */
export function describeZodError(error: z.core.$ZodError): { error: string; fields: Array<{ field: string; message: string }> } {
  const fields = error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
  return { error: fields.map((field) => `${field.field}: ${field.message}`).join('; '), fields };
}

export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof HttpError) return c.json({ error: error.message, ...error.details }, error.status);
  // Classic and mini schemas (src/shared) both throw core errors.
  if (error instanceof z.core.$ZodError) return c.json(describeZodError(error), 400);
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message = status === 413 ? 'The request is too large.' : error.message || 'The request could not be handled.';
    return c.json({ error: message }, status);
  }
  if (isOutOfSpaceError(error)) {
    c.get('deps').logger.error('storage_full', { requestId: c.get('requestId'), path: c.req.path, message: error.message });
    return c.json({ error: OUT_OF_SPACE_MESSAGE, requestId: c.get('requestId') }, 503);
  }
  c.get('deps').logger.error('unhandled_error', {
    requestId: c.get('requestId'),
    path: c.req.path,
    message: error.message,
    stack: error.stack,
  });
  return c.json({ error: 'Something went wrong on our side. Please try again.', requestId: c.get('requestId') }, 500);
}

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { DomainError, type DomainErrorKind } from '../domain-errors';
import type { AppEnv } from './app-env';
import { isOutOfSpaceError, OUT_OF_SPACE_MESSAGE } from './out-of-space';

/** The one place a domain error becomes an HTTP status. */
const STATUS_OF: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  not_allowed: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  unusable: 422,
  too_many: 429,
  unavailable: 503,
};

export const httpStatusOf = (error: DomainError): ContentfulStatusCode => STATUS_OF[error.kind];

/** Turns zod issues into "field: problem" lines that name what is wrong. */
export function describeZodError(error: z.core.$ZodError): { error: string; fields: Array<{ field: string; message: string }> } {
  const fields = error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
  return { error: fields.map((field) => `${field.field}: ${field.message}`).join('; '), fields };
}

export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof DomainError) return c.json({ error: error.message, ...error.details }, httpStatusOf(error));
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

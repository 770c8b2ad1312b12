/**
 * What every request to better-auth's routes (`POST /api/auth/*`) must be before better-auth sees it:
 * - JSON. better-auth also parses form-encoded and multipart bodies, which the per-account sign-in limit
 *   (sign-in-guard.ts) did not read: 150 form-encoded guesses were neither refused nor counted, and a locked account
 *   still signed in that way. Only JSON is accepted (415 otherwise), so every attempt is counted; the browser app only
 *   sends JSON, and a cross-site form can no longer post here without a preflight. The OAuth callbacks, which a
 *   provider may post as a form, are the exception.
 * - Text fields of bounded length: a name of at most 100 characters, an e-mail address of at most 254, anything else
 *   at most 4,096 (a 20 MB account name was accepted and made every admin list 40 MB).
 * - Text fields that are text: better-auth stores or reads these as strings, and a null name (`update-user
 *   {"name":null}`) reached the database and answered 500 (issue 37). `image` may be null (no picture).
 * - A new password that is not one of the most common ones (password-policy.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import { refusePassword } from './password-policy';

const FORM_POSTED_CALLBACKS = /^\/api\/auth\/(callback|oauth2\/callback)\//;
const FIELD_LIMITS: Record<string, number> = { name: 100, email: 254 };
const OTHER_TEXT_LIMIT = 4096;
/** Fields better-auth takes as text, when they are sent at all. */
const TEXT_FIELDS = ['name', 'email', 'password', 'newPassword', 'currentPassword', 'token', 'code', 'callbackURL', 'redirectTo', 'provider'];
const TEXT_OR_NULL_FIELDS = ['image'];
/** The field holding the password a route sets. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
};

function hasBody(request: Request): boolean {
  return request.body !== null && request.headers.get('content-length') !== '0';
}

export const authRequestRules: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'POST' || FORM_POSTED_CALLBACKS.test(c.req.path) || !hasBody(c.req.raw)) return next();
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
    c.get('deps').logger.warn('authn_request_refused', { requestId: c.get('requestId'), path: c.req.path, reason: 'not_json', ip: c.get('clientIp') });
    return c.json({ error: 'Send this request as JSON (Content-Type: application/json).' }, 415);
  }
  let body: unknown;
  try {
    body = await c.req.raw.clone().json();
  } catch {
    return next(); // better-auth answers a malformed body itself
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return next();
  for (const [field, value] of Object.entries(body)) {
    const mustBeText = TEXT_FIELDS.includes(field) || (TEXT_OR_NULL_FIELDS.includes(field) && value !== null);
    if (mustBeText && typeof value !== 'string') {
      return c.json({ error: `${field}: must be text.`, fields: [{ field, message: 'must be text' }] }, 400);
    }
    const limit = FIELD_LIMITS[field] ?? OTHER_TEXT_LIMIT;
    if (typeof value === 'string' && value.length > limit) {
      return c.json({ error: `${field}: use at most ${limit.toLocaleString('en-US')} characters.`, fields: [{ field, message: `at most ${limit} characters` }] }, 400);
    }
  }
  const passwordField = NEW_PASSWORD_FIELD[c.req.path];
  const password = passwordField ? (body as Record<string, unknown>)[passwordField] : undefined;
  const refusal = typeof password === 'string' ? refusePassword(password) : null;
  if (refusal && passwordField) return c.json({ error: refusal, fields: [{ field: passwordField, message: refusal }] }, 400);
  return next();
};

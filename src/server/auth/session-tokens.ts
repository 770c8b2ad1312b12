/**
 * A session token travels only in its HttpOnly cookie (issue 37), never where a page's script can read it: better-auth
 * also puts it in the JSON of sign-in, sign-up, two-factor and session answers (`token`, `session.token`, each listed
 * session's `token`) and, through the bearer plugin, in a `set-auth-token` header. This middleware, around every
 * better-auth route, takes it out of all of them. A script that needs a bearer token (the spec's admin calls) sends the
 * session cookie's value as one; revoking one other session by its token (`/revoke-session`) is therefore not offered
 * (sign-out, `/revoke-sessions` and `/revoke-other-sessions` are).
 *
 * It also makes the cookies a sign-up for an address that already has an account answers with (sign-up-guard.ts): the
 * same cookies a new account gets, signed the same way, naming no session.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Auth } from './auth';

const BEARER_TOKEN_HEADER = 'set-auth-token';

/** The same value with every session token taken out (a session's other fields, its id included, stay). */
export function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutSessionTokens(item));
  if (!value || typeof value !== 'object') return value;
  const { token: _token, session, ...rest } = value as Record<string, unknown>;
  return session === undefined ? rest : { ...rest, session: withoutSessionTokens(session) };
}

export const keepSessionTokensInCookies: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const { headers } = c.res;
  headers.delete(BEARER_TOKEN_HEADER);
  const exposed = (headers.get('access-control-expose-headers') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== BEARER_TOKEN_HEADER);
  if (exposed.length > 0) headers.set('access-control-expose-headers', exposed.join(', '));
  else headers.delete('access-control-expose-headers');
  if (!/^application\/json\b/i.test(headers.get('content-type') ?? '')) return;
  const text = await c.res.text();
  let body = text;
  try {
    body = JSON.stringify(withoutSessionTokens(JSON.parse(text)));
  } catch {
    // not JSON after all: passed on as it came
  }
  const answer = new Response(body, { status: c.res.status, statusText: c.res.statusText, headers });
  answer.headers.delete('content-length');
  // Hono copies the previous answer's headers into a new one; these are that answer's headers already.
  c.res = undefined;
  c.res = answer;
};

interface CookieAttributes {
  maxAge?: number;
  domain?: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  partitioned?: boolean;
}

/** A Set-Cookie value written as better-auth writes a signed cookie (better-call's serializer: same order of attributes). */
function signedCookie(name: string, value: string, secret: string, attributes: CookieAttributes): string {
  const signature = createHmac('sha256', secret).update(value).digest('base64');
  let cookie = `${name}=${encodeURIComponent(`${value}.${signature}`)}`;
  if (typeof attributes.maxAge === 'number' && attributes.maxAge >= 0) cookie += `; Max-Age=${Math.floor(attributes.maxAge)}`;
  if (attributes.domain) cookie += `; Domain=${attributes.domain}`;
  if (attributes.path) cookie += `; Path=${attributes.path}`;
  if (attributes.httpOnly) cookie += '; HttpOnly';
  if (attributes.secure) cookie += '; Secure';
  if (attributes.sameSite) cookie += `; SameSite=${attributes.sameSite.charAt(0).toUpperCase()}${attributes.sameSite.slice(1)}`;
  if (attributes.partitioned) cookie += '; Partitioned';
  return cookie;
}

/** better-auth's session token: 32 characters of [A-Za-z0-9]. */
function randomSessionToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(32)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * The Set-Cookie values a new account's sign-up carries (better-auth's setSessionCookie: the session token, and the
 * "don't remember me" cookie when `rememberMe` is false), for a session that does not exist.
 */
export async function sessionCookiesNamingNoSession(auth: Auth, { rememberMe = true }: { rememberMe?: boolean } = {}): Promise<string[]> {
  const context = await auth.$context;
  const { sessionToken, dontRememberToken } = context.authCookies;
  const cookies = [signedCookie(sessionToken.name, randomSessionToken(), context.secret, { ...sessionToken.attributes, maxAge: rememberMe ? context.sessionConfig.expiresIn : undefined })];
  if (!rememberMe) cookies.push(signedCookie(dontRememberToken.name, 'true', context.secret, dontRememberToken.attributes));
  return cookies;
}

import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { CLIENT_IP_HEADER } from '../auth/auth';
import type { AppEnv } from './app-env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The client address comes from the socket, or from the one configured trusted proxy header.
 * It is then written into our own header, overwriting anything the client sent, for better-auth's rate limiter.
 */
export function clientAddress(trustedProxyHeader: string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let address = '';
    if (trustedProxyHeader) address = (c.req.header(trustedProxyHeader) ?? '').split(',')[0]?.trim() ?? '';
    if (!address) {
      try {
        address = getConnInfo(c).remote.address ?? '';
      } catch {
        address = ''; // app.request() in tests has no socket
      }
    }
    if (!address) address = '127.0.0.1';
    c.set('clientIp', address);
    c.req.raw.headers.set(CLIENT_IP_HEADER, address);
    await next();
  };
}

/**
 * Cross-origin state changes are refused on every route, not only better-auth's: a browser always sends Origin
 * (or Sec-Fetch-Site) on such requests, so one that names another origin is a forgery. Non-browser clients
 * (bearer tokens, scripts) send neither and are judged by their credentials alone.
 */
export function refuseCrossOriginWrites(appOrigin: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(appOrigin).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const sameOrigin = origin ? origin === allowed : fetchSite ? fetchSite === 'same-origin' || fetchSite === 'none' : true;
    if (!sameOrigin) {
      c.get('deps').logger.warn('authz_fail', { requestId: c.get('requestId'), path: c.req.path, reason: 'cross_origin_write', origin });
      return c.json({ error: 'Requests from other sites are not accepted.' }, 403);
    }
    return next();
  };
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('X-Frame-Options', 'DENY');
  c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (!c.res.headers.has('Content-Security-Policy')) {
    c.header(
      'Content-Security-Policy',
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  }
  if (c.req.path.startsWith('/api/')) c.header('Cache-Control', 'no-store');
};

/**
 * HSTS in production: browsers that once reached the site over HTTPS refuse plain HTTP to it for a year, so a network
 * attacker cannot strip TLS from a student's next visit. Production runs behind HTTPS (APP_URL); development may not.
 */
export function strictTransportSecurity(enabled: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (enabled) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import type { Access } from './route-table';

/** 401 with no session, 403 for a signed-in user without the role; both logged as authz_fail. */
export function requireAccess(access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access === 'public') return next();
    const user = c.get('user');
    const { logger } = c.get('deps');
    if (!user) {
      logger.warn('authz_fail', { requestId: c.get('requestId'), path: c.req.path, reason: 'signed_out', access });
      const message = access === 'admin' ? 'You must be signed in as an admin.' : 'Please sign in first.';
      return c.json({ error: message }, 401);
    }
    if (access === 'admin' && !user.roles.includes('admin')) {
      logger.warn('authz_fail', { requestId: c.get('requestId'), path: c.req.path, userId: user.id, reason: 'not_admin' });
      return c.json({ error: 'You need an admin account.' }, 403);
    }
    // OWASP ASVS level 2: administrative interfaces need a second factor. The admin area walks the admin through
    // setting up TOTP (better-auth's two-factor routes stay open to them) before any admin call is answered.
    if (access === 'admin' && !user.twoFactorEnabled) {
      logger.warn('authz_fail', { requestId: c.get('requestId'), path: c.req.path, userId: user.id, reason: 'mfa_required' });
      return c.json({ error: 'Set up two-factor authentication to use the admin area.', code: 'MFA_REQUIRED' }, 403);
    }
    // Students' own areas: any signed-in account may hold student data; admins may too (they are students' staff).
    return next();
  };
}

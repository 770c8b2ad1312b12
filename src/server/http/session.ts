import type { MiddlewareHandler } from 'hono';
import { mergeRoles } from '../../shared/roles';
import type { AppEnv } from './app-env';

/** Resolves the session cookie or bearer token once per request; routes read c.get('user'). */
export const resolveSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { auth } = c.get('deps');
  const hasCredentials = c.req.header('cookie')?.includes('session_token') || c.req.header('authorization')?.startsWith('Bearer ');
  c.set('user', null);
  if (hasCredentials) {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (session) {
      const user = session.user as typeof session.user & { role?: string | null; twoFactorEnabled?: boolean | null };
      c.set('user', {
        id: user.id,
        email: user.email,
        name: user.name,
        roles: mergeRoles(undefined, user.role),
        twoFactorEnabled: user.twoFactorEnabled === true,
      });
    }
  }
  await next();
};

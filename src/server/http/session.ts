import type { Context, MiddlewareHandler } from 'hono';
import { mergeRoles } from '../../shared/roles';
import type { AppEnv, SignedInUser } from './app-env';

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

/**
 * The asker on a route the RouteTable guards as signed-in, student or admin: the guard has already answered 401 for
 * anyone else, so a missing user here is a route registered with the wrong access level.
 */
export function signedInUser(c: Context<AppEnv>): SignedInUser {
  const user = c.get('user');
  if (!user) throw new Error(`${c.req.method} ${c.req.path} reads the signed-in user but is registered as public`);
  return user;
}

/** An admin who has turned on two-factor sign-in: the only staff who may read a student's records. */
export const isVerifiedAdmin = (user: SignedInUser | null): user is SignedInUser => user?.roles.includes('admin') === true && user.twoFactorEnabled;

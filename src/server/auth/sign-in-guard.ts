import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import { withPasswordUpgrade } from './password-upgrade';

/** ASVS 2.2.1: at most 100 failed sign-ins per account per hour, whatever addresses they come from. */
export const MAX_FAILED_SIGN_INS_PER_HOUR = 100;

/**
 * Wraps better-auth's e-mail sign-in: refuses an account that failed too often in the last hour,
 * counts failures, and logs every success and failure (authn_login_success / authn_login_fail).
 */
export const signInGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, logger } = c.get('deps');
  let email = '';
  let password = '';
  try {
    // Only JSON reaches here (auth-request-rules.ts), so every attempt is read and counted.
    const body = (await c.req.raw.clone().json()) as { email?: unknown; password?: unknown };
    if (typeof body.email === 'string') email = body.email.trim().toLowerCase();
    if (typeof body.password === 'string') password = body.password;
  } catch {
    // better-auth answers malformed bodies itself
  }
  if (email) {
    const [recent] = await db.query<{ failures: number }>(
      `select count(*)::int as failures from sign_in_failures where email_normalized = $1 and created_at > now() - interval '1 hour'`,
      [email],
    );
    if ((recent?.failures ?? 0) >= MAX_FAILED_SIGN_INS_PER_HOUR) {
      logger.warn('authn_login_fail_max', { ip: c.get('clientIp') });
      return c.json(
        {
          error: 'Too many failed sign-in attempts for this account. Try again in an hour, or reset your password.',
          code: 'TOO_MANY_ATTEMPTS',
        },
        429,
      );
    }
  }
  await withPasswordUpgrade({ db, logger }, { email, password }, async () => {
    await next();
    return c.res.status;
  });
  const status = c.res.status;
  if (status === 200) {
    logger.info('authn_login_success', { ip: c.get('clientIp') });
  } else if (status === 401 || status === 403) {
    if (email) await db.query(`insert into sign_in_failures (email_normalized, ip_address) values ($1, $2)`, [email, c.get('clientIp')]);
    logger.warn('authn_login_fail', { ip: c.get('clientIp') });
  }
};

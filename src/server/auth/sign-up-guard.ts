/**
 * Sign-up does not say whether an account exists. better-auth answers a sign-up for a taken address with 422 "User
 * already exists"; this guard answers it exactly like a new account instead (issue 37): 200, the same body (the user
 * as given, with a made-up id; no token in either, session-tokens.ts), the same cookies (a session cookie signed the
 * same way, naming no session), after the same password hash, so neither the words, the cookies nor the time differ;
 * and it tells the address's owner by e-mail, at most once an hour.
 *
 * What is left: a new account is signed in at once (the spec's sign-up flow), so its cookie works and the decoy does
 * not; a script that uses the cookie in a second request can still tell the two apart, one probe per sign-up within the
 * per-address limit, and each probe of a free address creates an account. Closing that needs the address verified
 * before the first session.
 */
import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import { passwordHasher } from './password-hashing';
import { sessionCookiesNamingNoSession } from './session-tokens';
import { STUDENT_ONLY } from './role-names';

const ALREADY_EXISTS = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';
const OWNER_NOTICE_SUBJECT = 'Someone tried to create a Crosswalk account with your e-mail address';

export const signUpGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = (await c.req.raw.clone().json().catch(() => null)) as { email?: unknown; name?: unknown; password?: unknown; rememberMe?: unknown } | null;
  await next();
  if (c.res.status !== 422 || !request || typeof request.email !== 'string') return;
  const answer = (await c.res.clone().json().catch(() => null)) as { code?: string } | null;
  if (answer?.code !== ALREADY_EXISTS) return;
  const { db, mailer, config, logger, auth } = c.get('deps');
  const email = request.email.toLowerCase();
  // A new account's answer waits for its password hash: this one does too.
  if (typeof request.password === 'string') await passwordHasher.hash(request.password);
  const [recent] = await db.query(`select 1 from mail_outbox where to_address = $1 and subject = $2 and created_at > now() - interval '1 hour' limit 1`, [
    email,
    OWNER_NOTICE_SUBJECT,
  ]);
  if (!recent) {
    await mailer.send({
      to: email,
      subject: OWNER_NOTICE_SUBJECT,
      text:
        `Hi,\n\nSomeone (hopefully you) tried to create a Crosswalk account with this e-mail address, which already has one.\n` +
        `To use it, sign in at ${config.appUrl}/student/login. If you forgot your password, choose "Forgot password?" there.\n\n` +
        `If it was not you, you can ignore this e-mail: nothing changed on your account.\n`,
    });
  }
  logger.info('signup_existing_address', { requestId: c.get('requestId'), ip: c.get('clientIp') });
  const now = new Date().toISOString();
  const cookies = await sessionCookiesNamingNoSession(auth, { rememberMe: request.rememberMe !== false });
  c.res = c.json(
    {
      user: {
        name: typeof request.name === 'string' ? request.name : '',
        email,
        emailVerified: false,
        image: null,
        createdAt: now,
        updatedAt: now,
        role: STUDENT_ONLY,
        banned: false,
        banReason: null,
        banExpires: null,
        twoFactorEnabled: false,
        id: randomBytes(24).toString('base64url').slice(0, 32),
      },
    },
    200,
  );
  for (const cookie of cookies) c.res.headers.append('set-cookie', cookie);
};

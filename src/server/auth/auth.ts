import { betterAuth } from 'better-auth';
import { admin, bearer, genericOAuth, twoFactor } from 'better-auth/plugins';
import { authDialect } from '../db/auth-dialect';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { passwordHasher } from './password-hashing';
import { grantAdminIfListedAndVerified, isListedAdmin } from './admin-emails';
import { STUDENT_ONLY } from './role-names';

/**
 * The header our own middleware sets from the socket address (or the configured trusted proxy header),
 * overwriting anything the client sent, so better-auth's rate limiter can never be dodged with a forged header.
 */
export const CLIENT_IP_HEADER = 'x-crosswalk-client-ip';

/** The provider id of the school's OpenID Connect sign-in (Admin Login). */
export const SCHOOL_SSO_PROVIDER_ID = 'school-sso';

export interface AuthDependencies {
  db: Database;
  secret: string;
  appUrl: string;
  isProduction: boolean;
  adminEmails: string[];
  mailer: Mailer;
  logger: Logger;
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
}

export function createAuth({ db, secret, appUrl, isProduction, adminEmails, mailer, logger, oidc }: AuthDependencies) {
  return betterAuth({
    appName: 'Crosswalk',
    baseURL: appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [appUrl],
    database: { dialect: authDialect(db), type: 'postgres' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-ins must not starve session checks of libuv's thread pool (see password-hashing.ts).
      password: passwordHasher,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          category: 'password-reset',
          subject: 'Reset your Crosswalk password',
          text:
            `Hi ${user.name || 'there'},\n\nSomeone (hopefully you) asked to reset the password of your Crosswalk account.\n` +
            `Open this link within one hour to choose a new password:\n\n${url}\n\n` +
            `If you did not ask for this, ignore this e-mail: your password stays the same.\n`,
        });
      },
      async onPasswordReset({ user }) {
        logger.info('authn_password_change', { userId: user.id });
      },
    },
    // ADMIN_EMAILS addresses must prove they own their mailbox before they get the role (admin-emails.ts): they are
    // sent a link at sign-up (and on request); other accounts are not asked to verify.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        if (!isListedAdmin(adminEmails, user.email)) return;
        await mailer.send({
          to: user.email,
          category: 'general',
          subject: 'Confirm your e-mail address for Crosswalk',
          text:
            `Hi ${user.name || 'there'},\n\nThis address is listed as a Crosswalk administrator. Open this link within 24 hours to confirm ` +
            `that it is yours; your account gets the admin role once you do:\n\n${url}\n\n` +
            `If you did not create a Crosswalk account, ignore this e-mail: nothing changes.\n`,
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 3, // 3 days: shorter than the 7-day default, for education records
      updateAge: 60 * 60 * 12,
      freshAge: 60 * 15,
    },
    rateLimit: {
      enabled: true,
      // PostgreSQL: in the database, shared by every instance behind one address. The embedded database allows one
      // process only (data-dir-lock.ts), so its counters can live in that process's memory: two queries fewer on every
      // sign-in, sign-up and reset, which on PGlite all queue on the one JavaScript thread.
      storage: db.kind === 'embedded' ? 'memory' : 'database',
      window: 60,
      max: 100,
      customRules: {
        // Per address; a campus lab behind one NAT shares an address, so these are not tight.
        // The per-account limit (sign-in-guard.ts) is what stops password guessing against one student.
        '/sign-in/email': { window: 60, max: 30 },
        '/sign-up/email': { window: 60, max: 30 },
        '/request-password-reset': { window: 60, max: 5 },
        '/two-factor/verify-totp': { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: isProduction || appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      // Every new session is a successful sign-in, whatever the method (password, two-factor, school sign-in).
      session: {
        create: {
          async after(session) {
            logger.info('authn_session_created', { userId: session.userId });
          },
        },
      },
      user: {
        create: {
          // Nobody becomes an admin by signing up: a listed address becomes admin once it is verified (admin-emails.ts).
          async before(user) {
            return { data: { ...user, role: STUDENT_ONLY } };
          },
          async after(user) {
            logger.info('user_created', { userId: user.id });
            await grantAdminIfListedAndVerified(db, adminEmails, user, logger); // an identity provider vouched for it
          },
        },
        update: {
          async after(user) {
            await grantAdminIfListedAndVerified(db, adminEmails, user, logger); // the verification link was opened
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: STUDENT_ONLY, adminRoles: ['admin'] }),
      bearer(),
      twoFactor({ issuer: 'Crosswalk' }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: SCHOOL_SSO_PROVIDER_ID,
                  name: 'School sign-in',
                  discoveryUrl: `${oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

import { betterAuth } from 'better-auth';
import { admin, bearer, twoFactor } from 'better-auth/plugins';
import type { Database } from '../db/client';

/**
 * The header our own middleware sets from the socket address (or the configured trusted proxy header),
 * overwriting anything the client sent, so better-auth's rate limiter can never be dodged with a forged header.
 */
export const CLIENT_IP_HEADER = 'x-crosswalk-client-ip';

export interface AuthDependencies {
  db: Database;
  secret: string;
  appUrl: string;
  isProduction: boolean;
}

export function createAuth({ db, secret, appUrl, isProduction }: AuthDependencies) {
  return betterAuth({
    appName: 'Crosswalk',
    baseURL: appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [appUrl],
    database: { dialect: db.authDialect, type: 'postgres' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 3, // 3 days: shorter than the 7-day default, for education records
      updateAge: 60 * 60 * 12,
      freshAge: 60 * 15,
    },
    rateLimit: {
      enabled: true,
      storage: 'database', // shared by every instance behind one address
      window: 60,
      max: 100,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: isProduction || appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [
      admin({ defaultRole: 'student', adminRoles: ['admin'] }),
      bearer(),
      twoFactor({ issuer: 'Crosswalk' }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

import type { Queryable } from '../db/client';
import type { Logger } from '../logger';
import { oldHashVerified, passwordHasher } from './password-hashing';

/**
 * After a successful password sign-in, an account whose stored hash was made the old way (better-auth's scrypt, or
 * other Argon2id parameters) gets a hash made the current way from the password just proven right: once per account.
 * The hasher tells the sign-in, in its own async context, which old hash it verified, so a sign-in with a current hash
 * costs no query for this. Runs a sign-in; if it verified an old hash and answered 200, replaces that hash (a failure
 * to is only logged).
 */
export async function withPasswordUpgrade(
  deps: { db: Queryable; logger: Logger },
  credentials: { email: string; password: string },
  signInRun: () => Promise<number>,
): Promise<void> {
  const verified = { hash: null as string | null };
  const status = await oldHashVerified.run(verified, signInRun);
  if (status !== 200 || !verified.hash || !credentials.password) return;
  try {
    const upgraded = await passwordHasher.hash(credentials.password);
    // Only the account whose hash was verified, and only if nobody changed the password meanwhile.
    await deps.db.query(
      `update account set password = $3, "updatedAt" = now()
        where "userId" = (select id from "user" where lower(email) = $1) and "providerId" = 'credential' and password = $2`,
      [credentials.email, verified.hash, upgraded],
    );
  } catch (error) {
    deps.logger.warn('password_upgrade_failed', { message: (error as Error).message });
  }
}

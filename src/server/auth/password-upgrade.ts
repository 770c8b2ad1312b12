import type { Queryable } from '../db/client';
import { needsRehash, passwordHasher } from './password-hashing';

/**
 * After a successful password sign-in: an account whose stored hash was made the old way (better-auth's scrypt, or
 * other Argon2id parameters) gets a hash made the current way from the password just proven right. Once per account.
 */
export async function upgradePasswordHash(db: Queryable, email: string, password: string): Promise<void> {
  const [account] = await db.query<{ id: string; password: string | null }>(
    `select a.id, a.password from account a join "user" u on u.id = a."userId" where u.email = $1 and a."providerId" = 'credential'`,
    [email],
  );
  if (!account?.password || !needsRehash(account.password)) return;
  const upgraded = await passwordHasher.hash(password);
  // Only if nobody changed the password meanwhile.
  await db.query(`update account set password = $2, "updatedAt" = now() where id = $1 and password = $3`, [account.id, upgraded, account.password]);
}

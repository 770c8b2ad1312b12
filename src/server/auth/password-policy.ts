/**
 * What a new password must be, beyond better-auth's 8–128 characters (OWASP ASVS 2.1.7, NIST SP 800-63B 5.1.1.2):
 * not one of the most common passwords (common-passwords.txt, 17,950 of them, compared without regard to case).
 * Applied wherever a password is chosen: sign-up, reset and change (auth-request-rules.ts).
 */
import { readFileSync } from 'node:fs';

const COMMON_PASSWORDS = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean),
);

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common passwords, so it is easy to guess. Please choose another: a few unrelated words work well.';

/** Null when the password may be used; otherwise the message saying why not. */
export function refusePassword(password: string): string | null {
  return COMMON_PASSWORDS.has(password.toLowerCase()) ? COMMON_PASSWORD_MESSAGE : null;
}

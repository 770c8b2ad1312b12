/**
 * What a new password must be, beyond better-auth's 8–128 characters (OWASP ASVS 2.1.7, NIST SP 800-63B 5.1.1.2):
 * - not one of the most common passwords (common-passwords.txt, 17,950 of them, compared without regard to case);
 * - not a pattern a guesser tries first: one character or a short group repeated (`aaaaaaaa`, `abababab`) or one run
 *   of letters or digits (`abcdefgh`, `87654321`);
 * - not the product's own name with little around it (`crosswalk`, `Crosswalk2024!`): NIST's "context-specific words".
 *   A passphrase that merely contains it (`meet me at the crosswalk`) is fine.
 * Applied wherever a password is chosen: sign-up, reset and change (auth-request-rules.ts).
 */
import { readFileSync } from 'node:fs';

const COMMON_PASSWORDS = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean),
);

/** The names of this product a guesser would try on its accounts. */
const PRODUCT_NAMES = ['crosswalk'];
/** What must be left around the product's name for the password to count as more than the name. */
const MIN_CHARACTERS_BESIDE_NAME = 8;

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common passwords, so it is easy to guess. Please choose another: a few unrelated words work well.';
export const PATTERN_PASSWORD_MESSAGE =
  'This password is a simple pattern (one character or a short group repeated, or letters or digits in a row), so it is easy to guess. Please choose another: a few unrelated words work well.';
export const PRODUCT_NAME_PASSWORD_MESSAGE =
  'This password is mostly the name of this site, which is the first thing anyone guessing would try. Please choose another: a few unrelated words work well.';

/** One unit of up to four characters repeated ("aaaaaaaa", "abcabcab"), or one run up or down ("abcdefgh", "98765432"). */
function isPattern(password: string): boolean {
  const characters = [...password.toLowerCase()];
  for (let unit = 1; unit <= 4; unit++) {
    if (characters.every((character, index) => character === characters[index % unit])) return true;
  }
  const codes = characters.map((character) => character.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((code, index) => index === 0 || code - codes[index - 1]! === step);
}

function isMostlyProductName(password: string): boolean {
  const lower = password.toLowerCase();
  return PRODUCT_NAMES.some((name) => lower.includes(name) && lower.replaceAll(name, '').length < MIN_CHARACTERS_BESIDE_NAME);
}

/** Null when the password may be used; otherwise the message saying why not. */
export function refusePassword(password: string): string | null {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  if (password.length > 0 && isPattern(password)) return PATTERN_PASSWORD_MESSAGE;
  if (isMostlyProductName(password)) return PRODUCT_NAME_PASSWORD_MESSAGE;
  return null;
}

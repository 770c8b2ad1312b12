import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, PATTERN_PASSWORD_MESSAGE, PRODUCT_NAME_PASSWORD_MESSAGE, refusePassword } from './password-policy';

describe('refusePassword', () => {
  it('refuses the most common passwords in any case', () => {
    for (const password of ['password', 'Password1', 'QWERTYUIOP', 'iloveyou']) expect(refusePassword(password), password).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('refuses one character or a short group repeated, and one run of letters or digits', () => {
    for (const password of ['aaaaaaaa', 'ZZZZZZZZZZ', 'abababab', 'abcabcabc', '1212121212', 'abcdefgh', 'HGFEDCBA', '23456789', '87654321']) {
      expect(refusePassword(password), password).toBe(PATTERN_PASSWORD_MESSAGE);
    }
  });

  it('refuses the product\'s name with little around it, but not a passphrase that contains it', () => {
    for (const password of ['crosswalk', 'CROSSWALK', 'crosswalk2024!', 'Crosswalk123', 'my-crosswalk']) expect(refusePassword(password), password).toBe(PRODUCT_NAME_PASSWORD_MESSAGE);
    expect(refusePassword('meet me at the crosswalk at nine')).toBeNull();
  });

  it('accepts an uncommon password', () => {
    for (const password of ['violet tractor harbour', 'correct horse battery', 'aaaaaaab-with more', 'abcdefgz']) expect(refusePassword(password), password).toBeNull();
  });
});

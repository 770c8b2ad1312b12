import { describe, expect, it } from 'vitest';
import { hashPassword } from 'better-auth/crypto';
import { createPasswordHasher, needsRehash } from './password-hashing';

describe('createPasswordHasher', () => {
  it('runs at most `limit` hashes at once and finishes every one of them, in order', async () => {
    let running = 0;
    let most = 0;
    const finished: string[] = [];
    const slow = async (password: string) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      finished.push(password);
      return `hash:${password}`;
    };
    const hasher = createPasswordHasher(2, { hashPassword: slow, verifyPassword: async ({ hash, password }) => (await slow(password)) === hash });
    const passwords = Array.from({ length: 9 }, (_, index) => `password ${index}`);
    const hashes = await Promise.all(passwords.map((password) => hasher.hash(password)));
    expect(hashes).toEqual(passwords.map((password) => `hash:${password}`));
    expect(most).toBe(2);
    expect(finished).toEqual(passwords);
    expect(await hasher.verify({ hash: 'hash:password 1', password: 'password 1' })).toBe(true);
  });

  it('keeps its slot count right when a hash fails', async () => {
    let calls = 0;
    const hasher = createPasswordHasher(1, {
      hashPassword: async (password) => {
        calls += 1;
        if (password === 'bad') throw new Error('no');
        return password;
      },
      verifyPassword: async () => true,
    });
    await expect(hasher.hash('bad')).rejects.toThrow('no');
    expect(await Promise.all([hasher.hash('a'), hasher.hash('b')])).toEqual(['a', 'b']);
    expect(calls).toBe(3);
  });

  it('hashes with Argon2id at OWASP\'s parameters, and still verifies the scrypt hashes written before', async () => {
    const hasher = createPasswordHasher(1);
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(hash)).toBe(false);
    expect(await hasher.verify({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await hasher.verify({ hash, password: 'wrong horse battery' })).toBe(false);
    const legacy = await hashPassword('correct horse battery');
    expect(needsRehash(legacy)).toBe(true);
    expect(await hasher.verify({ hash: legacy, password: 'correct horse battery' })).toBe(true);
    expect(await hasher.verify({ hash: legacy, password: 'wrong horse battery' })).toBe(false);
    expect(await hasher.verify({ hash: '$argon2id$damaged', password: 'correct horse battery' })).toBe(false);
  }, 20_000);
});

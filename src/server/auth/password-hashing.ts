import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { verifyPassword as verifyScrypt } from 'better-auth/crypto';


/**
 * Passwords are hashed with Argon2id at OWASP's recommended minimum (19 MiB of memory, 2 passes, 1 lane; Password
 * Storage Cheat Sheet), in native code on libuv's thread pool: ~6 ms of CPU a hash on this machine's cores, where
 * better-auth's default scrypt (N=2^14, r=16: below OWASP's scrypt minimum of N=2^17, r=8) took ~90–180 ms, and made
 * sign-in the slowest request under load (decision record 040). Hashes written before are better-auth's scrypt
 * ("salt:key" in hex): they still verify, and are replaced by an Argon2id hash at the owner's next sign-in
 * (password-upgrade.ts).
 */
// `algorithm: 2` is the package's Algorithm.Argon2id (a const enum, which isolated modules cannot read).
export const ARGON2ID_PARAMETERS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_FORMAT = `$argon2id$v=19$m=${ARGON2ID_PARAMETERS.memoryCost},t=${ARGON2ID_PARAMETERS.timeCost},p=${ARGON2ID_PARAMETERS.parallelism}$`;

/** A stored hash made another way (scrypt, or other Argon2id parameters) than new ones are. */
export const needsRehash = (hash: string) => !hash.startsWith(CURRENT_FORMAT);

/** Where a sign-in (password-upgrade.ts) learns, in its own async context, which old-format hash its password matched. */
export const oldHashVerified = new AsyncLocalStorage<{ hash: string | null }>();

const argon2id = {
  hashPassword: (password: string) => argon2Hash(password, ARGON2ID_PARAMETERS),
  async verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    if (!hash.startsWith('$argon2')) return verifyScrypt({ hash, password });
    return argon2Verify(hash, password).catch(() => false); // a damaged hash verifies nothing
  },
};

/**
 * The hashing with a cap on how many run at once. Hashes run on libuv's thread pool (4 threads by default), the same
 * pool that verifies every session cookie's HMAC signature (WebCrypto) and serves async file reads. Uncapped, a burst
 * of sign-ins fills the pool's queue and every signed-in request waits behind them; capped, extra sign-ins wait here
 * instead, and the pool always has threads for the rest.
 */
export function createPasswordHasher(limit = defaultLimit(), algorithm = argon2id) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next(); // the slot passes straight to the next waiter
      else running -= 1;
    }
  };
  return {
    hash: (password: string) => run(() => algorithm.hashPassword(password)),
    verify: async ({ hash, password }: { hash: string; password: string }) => {
      const matches = await run(() => algorithm.verifyPassword({ hash, password }));
      const sink = oldHashVerified.getStore();
      if (matches && sink && needsRehash(hash)) sink.hash = hash;
      return matches;
    },
  };
}

/** libuv's default thread pool size (the server does not change it). */
const THREAD_POOL_SIZE = 4;

/** One fewer than the thread pool's threads, and no more than the cores (more would only queue inside the pool). */
function defaultLimit(): number {
  return Math.max(1, Math.min(THREAD_POOL_SIZE - 1, availableParallelism()));
}

/** The process's one hasher: the thread pool it protects is per process, so every app instance in it shares the cap. */
export const passwordHasher = createPasswordHasher();

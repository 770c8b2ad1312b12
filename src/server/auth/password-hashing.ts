import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * better-auth's password hashing (scrypt, N=16384, r=16: ~16 MB and tens of milliseconds of CPU each) with a cap on
 * how many run at once. node:crypto runs scrypt on libuv's thread pool (4 threads by default), the same pool that
 * verifies every session cookie's HMAC signature (WebCrypto) and serves async file reads. Uncapped, a burst of sign-ins fills the pool's queue with password hashes and every signed-in request waits
 * behind them for seconds. Capped, extra sign-ins wait here instead, and the pool always has threads for the rest.
 */
export function createPasswordHasher(limit = defaultLimit(), scrypt = { hashPassword, verifyPassword }) {
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
    hash: (password: string) => run(() => scrypt.hashPassword(password)),
    verify: ({ hash, password }: { hash: string; password: string }) => run(() => scrypt.verifyPassword({ hash, password })),
  };
}

/** libuv's default thread pool size (the server does not change it). */
const THREAD_POOL_SIZE = 4;

/** One fewer than the thread pool's threads, and no more than the cores (more would only queue inside scrypt). */
function defaultLimit(): number {
  return Math.max(1, Math.min(THREAD_POOL_SIZE - 1, availableParallelism()));
}

/** The process's one hasher: the thread pool it protects is per process, so every app instance in it shares the cap. */
export const passwordHasher = createPasswordHasher();

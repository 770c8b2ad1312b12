import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

/**
 * Counts the requests this process is answering, so background work that holds the embedded database can give way to
 * people. On the embedded database a transaction holds the only connection, and a request runs several statements one
 * after another (a sign-in: about eight): if background work starts its next transaction as soon as one ends, it takes
 * the connection before the request's next statement and the request waits behind every transaction of the work in
 * turn. Waiting until no request is in flight (or a short time at most, so the work still moves under steady traffic)
 * lets each request finish after waiting behind one transaction at most.
 */
export function createRequestsInFlight() {
  let count = 0;
  let waiting: Array<() => void> = [];
  const middleware: MiddlewareHandler<AppEnv> = async (_c, next) => {
    count += 1;
    try {
      await next();
    } finally {
      count -= 1;
      if (count === 0) {
        for (const resume of waiting) resume();
        waiting = [];
      }
    }
  };
  return {
    middleware,
    /** Resolves when no request is being answered, or after `maxWaitMs` whatever the traffic. */
    async quiet(maxWaitMs: number): Promise<void> {
      if (count === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resume) => waiting.push(resume)),
        new Promise<void>((resume) => {
          timer = setTimeout(resume, maxWaitMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

export type RequestsInFlight = ReturnType<typeof createRequestsInFlight>;

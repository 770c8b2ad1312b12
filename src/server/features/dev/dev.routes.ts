import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Next } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { isLoopbackHost } from '../../http/loopback';
import type { RouteTable } from '../../http/route-table';
import { listOutboxMessages } from './dev.queries';

/**
 * Headers a proxy or load balancer adds to say whom it forwards for. A request carrying any of them did not start on
 * this machine, whatever its socket says: behind a proxy on the same host every socket is 127.0.0.1 (issue 37).
 */
export const FORWARDING_HEADERS = [
  'forwarded',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-original-forwarded-for',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
] as const;

/**
 * Development routes answer only a request that started on this machine: its socket is loopback, it carries no
 * forwarding header, and it addresses this machine by name (a proxy that passes the public `Host` on is a proxy). A
 * request with no socket at all is the app called in-process (the API tests' app.request()), which nothing on the
 * network can reach. Anyone else gets the answer of a route that does not exist. The routes exist only on a server that
 * is development-only (config.devOutbox: not production, no TRUSTED_PROXY_HEADER, docs/decisions/140).
 */
async function fromThisMachineOnly(c: Context<AppEnv>, next: Next) {
  const noSuchRoute = () => c.json({ error: `No such API route: ${c.req.method} ${c.req.path}` }, 404);
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return noSuchRoute();
  if (!isLoopbackHost(new URL(c.req.url).hostname)) return noSuchRoute();
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return next(); // no socket: called in-process
  }
  if (!address || !isLoopbackHost(address)) return noSuchRoute();
  return next();
}

/** Development helpers: registered only when config.devOutbox is on (never in production or behind a proxy). */
export function registerDevRoutes(routes: RouteTable) {
  // The mail outbox: where password-reset and appeal e-mails go when no SMTP server is configured.
  routes.get('/api/dev/outbox', 'public', fromThisMachineOnly, async (c) => {
    return c.json({ messages: await listOutboxMessages(c.get('deps').db, c.req.query('to') ?? null) });
  });
}

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Next } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { RouteTable } from '../../http/route-table';
import { listOutboxMessages } from './dev.queries';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Development routes answer only requests from this machine, judged by the socket's address: never by a header (a
 * proxy header is whatever the client wrote) and never by TRUSTED_PROXY_HEADER. A request with no socket at all is
 * the app called in-process (the API tests' app.request()), which nothing on the network can reach. Anyone else gets
 * the answer of a route that does not exist.
 */
async function fromThisMachineOnly(c: Context<AppEnv>, next: Next) {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return next(); // no socket: called in-process
  }
  if (!address || !isLoopbackAddress(address)) return c.json({ error: `No such API route: ${c.req.method} ${c.req.path}` }, 404);
  return next();
}

/** Development and test helpers. Never registered when NODE_ENV=production; outside it, for this machine only. */
export function registerDevRoutes(routes: RouteTable) {
  // The mail outbox: where password-reset and appeal e-mails go when no SMTP server is configured.
  routes.get('/api/dev/outbox', 'public', fromThisMachineOnly, async (c) => {
    return c.json({ messages: await listOutboxMessages(c.get('deps').db, c.req.query('to') ?? null) });
  });
}

import type { RouteTable } from '../../http/route-table';
import { listOutboxMessages } from './dev.queries';

/** Development and test helpers. Never registered when NODE_ENV=production. */
export function registerDevRoutes(routes: RouteTable) {
  // The mail outbox: where password-reset and appeal e-mails go when no SMTP server is configured.
  routes.get('/api/dev/outbox', 'public', async (c) => {
    return c.json({ messages: await listOutboxMessages(c.get('deps').db, c.req.query('to') ?? null) });
  });
}

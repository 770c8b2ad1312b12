import type { RouteTable } from '../../http/route-table';

/** Development and test helpers. Never registered when NODE_ENV=production. */
export function registerDevRoutes(routes: RouteTable) {
  // The mail outbox: where password-reset and appeal e-mails go when no SMTP server is configured.
  routes.get('/api/dev/outbox', 'public', async (c) => {
    const to = c.req.query('to');
    const rows = await c.get('deps').db.query(
      `select id, to_address as "to", subject, text_body as text, category, status, created_at as "createdAt"
         from mail_outbox where ($1::text is null or lower(to_address) = lower($1)) order by created_at desc limit 50`,
      [to ?? null],
    );
    return c.json({ messages: rows });
  });
}

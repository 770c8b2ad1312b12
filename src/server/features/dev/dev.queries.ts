import type { Queryable } from '../../db/client';

/** The newest 50 mails of the outbox, to one address (any case) or to anyone. */
export async function listOutboxMessages(db: Queryable, to: string | null) {
  return db.query(
    `select id, to_address as "to", subject, text_body as text, category, status, created_at as "createdAt"
       from mail_outbox where ($1::text is null or lower(to_address) = lower($1)) order by created_at desc limit 50`,
    [to],
  );
}

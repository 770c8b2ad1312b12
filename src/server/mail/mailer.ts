import nodemailer from 'nodemailer';
import type { Queryable } from '../db/client';
import type { Logger } from '../logger';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  category?: 'password-reset' | 'appeal-update' | 'general';
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Every message is written to mail_outbox first (developers and tests read it there);
 * with SMTP_URL set it is then sent and marked sent, or marked failed with the reason.
 */
export function createMailer({ db, smtpUrl, from, logger }: { db: Queryable; smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(mail) {
      const [row] = await db.query<{ id: string }>(
        `insert into mail_outbox (to_address, subject, text_body, html_body, category) values ($1, $2, $3, $4, $5) returning id`,
        [mail.to, mail.subject, mail.text, mail.html ?? null, mail.category ?? 'general'],
      );
      if (!smtp) {
        logger.info('mail_stored_in_outbox', { mailId: row?.id, category: mail.category, hint: 'development outbox: GET /api/dev/outbox' });
        return;
      }
      try {
        await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await db.query(`update mail_outbox set status = 'sent', sent_at = now() where id = $1`, [row?.id]);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.query(`update mail_outbox set status = 'failed', error = $2 where id = $1`, [row?.id, message]);
        logger.error('mail_send_failed', { mailId: row?.id, message });
      }
    },
  };
}

import type { Queryable } from '../db/client';
import type { Logger } from '../logger';
import { recordAudit } from '../audit/audit-log';
import { mergeRoles } from '../../shared/roles';
import { serializeRoles } from './role-names';

/** At start, accounts whose e-mail is listed in ADMIN_EMAILS get the admin role (new sign-ups get it in a hook). */
export async function grantAdminToListedEmails(db: Queryable, adminEmails: string[], logger: Logger): Promise<void> {
  if (adminEmails.length === 0) return;
  const users = await db.query<{ id: string; email: string; role: string | null }>(
    `select id, email, role from "user" where lower(email) = any($1::text[])`,
    [adminEmails],
  );
  for (const user of users) {
    const roles = mergeRoles(undefined, user.role);
    if (roles.includes('admin')) continue;
    await db.query(`update "user" set role = $2, "updatedAt" = now() where id = $1`, [user.id, serializeRoles(['admin', ...roles])]);
    await recordAudit(db, {
      actor: { id: null, email: 'ADMIN_EMAILS' },
      action: 'role_granted',
      subjectType: 'user',
      subjectId: user.id,
      details: { role: 'admin', source: 'ADMIN_EMAILS' },
    });
    logger.info('authz_admin', { event: 'role_granted', userId: user.id, source: 'ADMIN_EMAILS' });
  }
}

import type { Queryable } from '../db/client';
import type { Logger } from '../logger';
import { recordAudit } from '../audit/audit-log';
import { mergeRoles } from '../../shared/roles';
import { serializeRoles } from './role-names';

/**
 * ADMIN_EMAILS gives the admin role only to an account whose e-mail address has been verified: otherwise whoever
 * signed up first with a listed address became admin without owning the mailbox. Listed addresses are sent a
 * verification link at sign-up (auth.ts); the role follows when the link is opened, when an identity provider vouches
 * for the address at sign-in, or at the next start for accounts verified meanwhile. Each grant is audited.
 *
 * The configuration grants the role once per account: an account whose admin role was ever granted or removed (the
 * audit log says so) is never touched by it again, so a role an admin removed stays removed across restarts and later
 * changes to the account, while the address is still listed (issue 37). The audit log is the truth, not the list.
 */
export function isListedAdmin(adminEmails: string[], email: string): boolean {
  return adminEmails.includes(email.trim().toLowerCase());
}

/** Whether the audit log records any grant or removal of the admin role for this account, by anyone. */
async function hasAdminRoleHistory(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from audit_log where subject_type = 'user' and subject_id = $1 and action in ('role_granted', 'role_revoked') and details->>'role' = 'admin' limit 1`,
    [userId],
  );
  return rows.length > 0;
}

async function grantAdmin(db: Queryable, user: { id: string; role: string | null }, logger: Logger): Promise<void> {
  const roles = mergeRoles(undefined, user.role);
  if (roles.includes('admin') || (await hasAdminRoleHistory(db, user.id))) return;
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

/** Called when an account is created or changed: grants the role once a listed address is verified. */
export async function grantAdminIfListedAndVerified(
  db: Queryable,
  adminEmails: string[],
  account: { id: string; email?: string | null; emailVerified?: boolean | null },
  logger: Logger,
): Promise<void> {
  if (!account.emailVerified || !account.email || !isListedAdmin(adminEmails, account.email)) return;
  const [user] = await db.query<{ id: string; role: string | null; emailVerified: boolean }>(`select id, role, "emailVerified" from "user" where id = $1`, [account.id]);
  if (user?.emailVerified) await grantAdmin(db, user, logger);
}

/** At start: listed accounts whose address is verified, and whose role no one has changed before, get the admin role. */
export async function grantAdminToListedEmails(db: Queryable, adminEmails: string[], logger: Logger): Promise<void> {
  if (adminEmails.length === 0) return;
  const users = await db.query<{ id: string; role: string | null }>(
    `select id, role from "user" where lower(email) = any($1::text[]) and "emailVerified" = true`,
    [adminEmails],
  );
  for (const user of users) await grantAdmin(db, user, logger);
}

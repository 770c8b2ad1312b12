import { mergeRoles } from '../../../shared/roles';
import type { AdminUser, ChangeRoleInput } from '../../../shared/schemas/accounts';
import { recordAudit } from '../../audit/audit-log';
import { serializeRoles } from '../../auth/role-names';
import type { Queryable } from '../../db/client';
import type { SignedInUser } from '../../http/app-env';
import { invalid, notFound } from '../../domain-errors';
import { findUserRole, listUserRows, lockUserRow, setUserRole, type UserRow } from './accounts.queries';

export async function ensureStudentRole(db: Queryable, userId: string): Promise<string[]> {
  const roles = mergeRoles(undefined, await findUserRole(db, userId));
  if (roles.includes('student')) return roles;
  const updated = [...roles, 'student'];
  await setUserRole(db, userId, serializeRoles(updated));
  return updated;
}

const presentUser = (row: UserRow): AdminUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: mergeRoles(undefined, row.role),
  twoFactorEnabled: row.twoFactorEnabled === true,
  createdAt: new Date(row.createdAt).toISOString(),
});

export async function listAccountsForAdmin(db: Queryable, { q, role }: { q?: string; role?: 'admin' | 'student' }): Promise<AdminUser[]> {
  return (await listUserRows(db, { q, role })).map(presentUser);
}

/** Grants or removes the admin role; written to the audit log in the same transaction. */
export async function changeAdminRole(
  db: Queryable & { transaction?: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T> },
  input: ChangeRoleInput & { actor: SignedInUser; ipAddress: string },
): Promise<AdminUser> {
  if (input.action === 'revoke' && input.userId === input.actor.id) {
    throw invalid('You cannot remove your own admin role. Ask another admin.');
  }
  const work = async (tx: Queryable) => {
    const user = await lockUserRow(tx, input.userId);
    if (!user) throw notFound('No such account.');
    const roles = mergeRoles(undefined, user.role);
    const next = input.action === 'grant' ? [...roles, 'admin'] : roles.filter((role) => role !== 'admin');
    const serialized = serializeRoles(next.length ? next : ['student']);
    await setUserRole(tx, user.id, serialized);
    await recordAudit(tx, {
      actor: { id: input.actor.id, email: input.actor.email },
      action: input.action === 'grant' ? 'role_granted' : 'role_revoked',
      subjectType: 'user',
      subjectId: user.id,
      details: { role: 'admin', before: roles, after: mergeRoles(undefined, serialized) },
      ipAddress: input.ipAddress,
    });
    return presentUser({ ...user, role: serialized });
  };
  return db.transaction ? db.transaction(work) : work(db);
}

import { mergeRoles } from '../../../shared/roles';
import type { AdminUser, ChangeRoleInput } from '../../../shared/schemas/accounts';
import { recordAudit } from '../../audit/audit-log';
import { serializeRoles } from '../../auth/role-names';
import type { Queryable } from '../../db/client';
import type { SignedInUser } from '../../http/app-env';
import { HttpError } from '../../http/errors';

export async function ensureStudentRole(db: Queryable, userId: string): Promise<string[]> {
  const [user] = await db.query<{ role: string | null }>(`select role from "user" where id = $1`, [userId]);
  const roles = mergeRoles(undefined, user?.role);
  if (roles.includes('student')) return roles;
  const updated = [...roles, 'student'];
  await db.query(`update "user" set role = $2, "updatedAt" = now() where id = $1`, [userId, serializeRoles(updated)]);
  return updated;
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string | null;
  twoFactorEnabled: boolean | null;
  createdAt: Date;
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
  const rows = await db.query<UserRow>(
    `select id, email, name, role, "twoFactorEnabled", "createdAt" from "user"
      where ($1::text is null or email ilike '%' || $1 || '%' or name ilike '%' || $1 || '%')
        and ($2::text is null or (',' || coalesce(role, '') || ',') like '%,' || $2 || ',%')
      order by (',' || coalesce(role, '') || ',') like '%,admin,%' desc, lower(email)
      limit 100`,
    [q || null, role ?? null],
  );
  return rows.map(presentUser);
}

/** Grants or removes the admin role; written to the audit log in the same transaction. */
export async function changeAdminRole(
  db: Queryable & { transaction?: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T> },
  input: ChangeRoleInput & { actor: SignedInUser; ipAddress: string },
): Promise<AdminUser> {
  if (input.action === 'revoke' && input.userId === input.actor.id) {
    throw new HttpError(400, 'You cannot remove your own admin role. Ask another admin.');
  }
  const work = async (tx: Queryable) => {
    const [user] = await tx.query<UserRow>(`select id, email, name, role, "twoFactorEnabled", "createdAt" from "user" where id = $1 for update`, [
      input.userId,
    ]);
    if (!user) throw new HttpError(404, 'No such account.');
    const roles = mergeRoles(undefined, user.role);
    const next = input.action === 'grant' ? [...roles, 'admin'] : roles.filter((role) => role !== 'admin');
    const serialized = serializeRoles(next.length ? next : ['student']);
    await tx.query(`update "user" set role = $2, "updatedAt" = now() where id = $1`, [user.id, serialized]);
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

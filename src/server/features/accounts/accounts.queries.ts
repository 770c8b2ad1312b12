/** Accounts' SQL: better-auth's "user" table, read and given roles by the app. */
import type { Queryable } from '../../db/client';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string | null;
  twoFactorEnabled: boolean | null;
  createdAt: Date;
}

const USER_COLUMNS = `id, email, name, role, "twoFactorEnabled", "createdAt"`;

export async function findUserRole(db: Queryable, userId: string): Promise<string | null> {
  const [user] = await db.query<{ role: string | null }>(`select role from "user" where id = $1`, [userId]);
  return user?.role ?? null;
}

export async function setUserRole(db: Queryable, userId: string, serializedRoles: string): Promise<void> {
  await db.query(`update "user" set role = $2, "updatedAt" = now() where id = $1`, [userId, serializedRoles]);
}

/** Accounts matching an e-mail or name fragment, admins first, at most 100. */
export async function listUserRows(db: Queryable, { q, role }: { q?: string; role?: 'admin' | 'student' }): Promise<UserRow[]> {
  return db.query<UserRow>(
    `select ${USER_COLUMNS} from "user"
      where ($1::text is null or email ilike '%' || $1 || '%' or name ilike '%' || $1 || '%')
        and ($2::text is null or (',' || coalesce(role, '') || ',') like '%,' || $2 || ',%')
      order by (',' || coalesce(role, '') || ',') like '%,admin,%' desc, lower(email)
      limit 100`,
    [q || null, role ?? null],
  );
}

/** The account, locked until the transaction ends (a role change reads and writes it). */
export async function lockUserRow(tx: Queryable, userId: string): Promise<UserRow | null> {
  const [user] = await tx.query<UserRow>(`select ${USER_COLUMNS} from "user" where id = $1 for update`, [userId]);
  return user ?? null;
}

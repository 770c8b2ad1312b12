/**
 * Roles (spec sections 5 and 6): read from a user's roles list plus a single
 * role value. Shared by the browser and the server.
 */

export type Role = 'student' | 'admin';
/** A role name: one of the known roles, or any other name the identity service stores. */
export type RoleName = Role | (string & {});

export const STUDENT_ROLE: Role = 'student';
export const ADMIN_ROLE: Role = 'admin';

/** Role names from a list, a single name or a comma-separated string ("student,admin"). */
function roleNames(value: unknown): string[] {
  if (typeof value === 'string') return value.split(',');
  if (Array.isArray(value)) return value.flatMap((item) => (typeof item === 'string' ? item.split(',') : []));
  return [];
}

/**
 * Merge a roles list and a single role: names are trimmed and lowercased,
 * empties removed and duplicates dropped, keeping first-seen order.
 * Anything that is not a string or a list of strings is ignored.
 */
export function mergeRoles(roles: unknown, role: unknown): RoleName[] {
  const merged: RoleName[] = [];
  for (const name of [...roleNames(roles), ...roleNames(role)]) {
    const normalised = name.trim().toLowerCase();
    if (normalised !== '' && !merged.includes(normalised)) merged.push(normalised);
  }
  return merged;
}

interface RoleFields {
  role?: unknown;
  roles?: unknown;
}

/** A user as the identity service returns it: roles on the user itself and/or in its public metadata. */
export interface UserWithRoles extends RoleFields {
  publicMetadata?: RoleFields | null;
}

/** All roles of a user, from the user's own fields and its public metadata. */
export function rolesOf(user: UserWithRoles | null | undefined): RoleName[] {
  if (user == null || typeof user !== 'object') return [];
  const metadata = user.publicMetadata != null && typeof user.publicMetadata === 'object' ? user.publicMetadata : {};
  return mergeRoles([...mergeRoles(user.roles, user.role), ...mergeRoles(metadata.roles, metadata.role)], undefined);
}

/** Does the user have this role? (Case-insensitive; false for a missing user.) */
export function hasRole(user: UserWithRoles | null | undefined, role: RoleName): boolean {
  const wanted = role.trim().toLowerCase();
  return wanted !== '' && rolesOf(user).includes(wanted);
}

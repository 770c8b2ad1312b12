/**
 * Roles (spec sections 5 and 6): read from a user's roles list plus a single
 * role value. Shared by the browser and the server.
 */

/** A role name: one of the known roles, or any other name the identity service stores. */
export type RoleName = 'student' | 'admin' | (string & {});

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

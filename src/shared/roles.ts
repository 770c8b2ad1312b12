/**
 * Spec section 5: roles are merged from a list plus a single value, empties removed, duplicates dropped.
 * better-auth's admin plugin stores several roles as one comma-separated string, so both shapes are read.
 */
export function mergeRoles(roles: unknown, role: unknown): string[] {
  const collect = (value: unknown): string[] => {
    if (Array.isArray(value)) return value.flatMap(collect);
    if (typeof value === 'string') return value.split(',');
    return [];
  };
  const merged: string[] = [];
  for (const name of [...collect(roles), ...collect(role)].map((item) => item.trim()).filter(Boolean)) {
    if (!merged.includes(name)) merged.push(name);
  }
  return merged;
}

export function hasRole(user: { roles?: unknown; role?: unknown } | null | undefined, role: string): boolean {
  return !!user && mergeRoles(user.roles, user.role).includes(role);
}

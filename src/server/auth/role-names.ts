/** How roles are stored in better-auth's `role` column: a comma-separated list (read back with mergeRoles). */
export const STUDENT_ONLY = 'student';
export const ADMIN_AND_STUDENT = 'admin,student';

export function serializeRoles(roles: string[]): string {
  return [...new Set(roles.map((role) => role.trim().toLowerCase()).filter(Boolean))].join(',');
}

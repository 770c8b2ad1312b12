import { adminUserListQuerySchema, changeRoleSchema } from '../../../shared/schemas/accounts';
import { readJson, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { signedInUser } from '../../http/session';
import { changeAdminRole, ensureStudentRole, listAccountsForAdmin } from './accounts.service';

export function registerAccountRoutes(routes: RouteTable) {
  // Who is signed in, for every page's navigation: 200 with null when nobody is, so a visitor's browser logs no error.
  routes.get('/api/account/session', 'public', (c) => c.json({ account: c.get('user') }));

  routes.get('/api/account/me', 'signed-in', (c) => c.json(signedInUser(c)));

  // Spec section 4: loading the student hub (and signing up) makes the signed-in user a student.
  routes.post('/api/account/ensure-student-role', 'signed-in', async (c) => {
    const roles = await ensureStudentRole(c.get('deps').db, signedInUser(c).id);
    return c.json({ roles });
  });

  routes.get('/api/admin/users', 'admin', async (c) => {
    const query = readQuery(c, adminUserListQuerySchema);
    return c.json({ users: await listAccountsForAdmin(c.get('deps').db, query) });
  });

  routes.post('/api/admin/users/role', 'admin', async (c) => {
    const input = await readJson(c, changeRoleSchema);
    const actor = signedInUser(c);
    const { db, logger } = c.get('deps');
    const user = await changeAdminRole(db, { actor, ...input, ipAddress: c.get('clientIp') });
    logger.info('authz_admin', { event: input.action === 'grant' ? 'role_granted' : 'role_revoked', actorId: actor.id, userId: input.userId });
    return c.json({ user });
  });
}

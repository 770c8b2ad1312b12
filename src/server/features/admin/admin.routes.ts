import { adminStudentListQuerySchema, announcementInputSchema } from '../../../shared/schemas/admin';
import { announcementParamsSchema, partnerParamsSchema } from '../../../shared/schemas/path-params';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { readJson, readParams, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { readReferenceDataStatus } from '../../reference-data/load-reference-sets';
import { signedInUser } from '../../http/session';
import { listPathways, listSchoolsOverview, readAdminStats, readTransferDataOverview } from './admin-overview.queries';
import { listAnnouncements, listPartners, listPublishedAnnouncements } from './admin-staff.queries';
import { postAnnouncement, removeAnnouncement, togglePartnerConnection, type StaffActor } from './admin-staff.service';
import { listStudents } from './admin-students.queries';

const staffActor = (c: Context<AppEnv>): StaffActor => {
  const { id, email } = signedInUser(c);
  return { id, email, ipAddress: c.get('clientIp') };
};

/**
 * The admin area's own API (spec sections 2, 3, 4 and 7): the hub's figures, the student directory, announcements,
 * partners and the overviews. Every route requires the admin role with two-factor on, but reading announcements.
 * Appeals, transcripts, schools, accounts and equivalency data register their admin routes in their own features.
 */
export function registerAdminRoutes(routes: RouteTable) {
  routes.get('/api/admin/stats', 'admin', async (c) => {
    const { db } = c.get('deps');
    return c.json({ ...(await readAdminStats(db)), referenceData: await readReferenceDataStatus(db) });
  });

  routes.get('/api/admin/students', 'admin', async (c) => {
    const query = readQuery(c, adminStudentListQuerySchema);
    return c.json(await listStudents(c.get('deps').db, query));
  });

  routes.get('/api/announcements', 'signed-in', async (c) => c.json({ announcements: await listPublishedAnnouncements(c.get('deps').db) }));

  routes.get('/api/admin/announcements', 'admin', async (c) => c.json({ announcements: await listAnnouncements(c.get('deps').db) }));

  routes.post('/api/admin/announcements', 'admin', async (c) => {
    const input = await readJson(c, announcementInputSchema);
    return c.json({ announcement: await postAnnouncement(c.get('deps').db, staffActor(c), input) }, 201);
  });

  routes.delete('/api/admin/announcements/:id', 'admin', async (c) => {
    const { id } = readParams(c, announcementParamsSchema);
    await removeAnnouncement(c.get('deps').db, staffActor(c), id);
    return c.json({ deleted: id });
  });

  routes.get('/api/admin/partners', 'admin', async (c) => c.json({ partners: await listPartners(c.get('deps').db) }));

  routes.post('/api/admin/partners/:partner/connect', 'admin', async (c) => {
    const { partner } = readParams(c, partnerParamsSchema);
    return c.json(await togglePartnerConnection(c.get('deps').db, staffActor(c), partner));
  });

  routes.get('/api/admin/overview/schools', 'admin', async (c) => c.json({ schools: await listSchoolsOverview(c.get('deps').db) }));
  routes.get('/api/admin/overview/pathways', 'admin', async (c) => c.json({ pathways: await listPathways(c.get('deps').db) }));
  routes.get('/api/admin/transfer-data', 'admin', async (c) => c.json(await readTransferDataOverview(c.get('deps').db)));
}

import { adminStudentListQuerySchema, announcementInputSchema } from '../../../shared/schemas/admin';
import { announcementParamsSchema, partnerParamsSchema } from '../../../shared/schemas/path-params';
import { recordAudit } from '../../audit/audit-log';
import { notFound } from '../../domain-errors';
import { readJson, readParams, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { signedInUser } from '../../http/session';
import { listPathways, listSchoolsOverview, readAdminStats, readTransferDataOverview } from './admin-overview.queries';
import { deleteAnnouncement, insertAnnouncement, listAnnouncements, listPartners, listPublishedAnnouncements, togglePartner } from './admin-staff.queries';
import { listStudents } from './admin-students.queries';

/**
 * The admin area's own API (spec sections 2, 3, 4 and 7): the hub's figures, the student directory, announcements,
 * partners and the overviews. Every route requires the admin role with two-factor on, but reading announcements.
 * Appeals, transcripts, schools, accounts and equivalency data register their admin routes in their own features.
 */
export function registerAdminRoutes(routes: RouteTable) {
  routes.get('/api/admin/stats', 'admin', async (c) => c.json(await readAdminStats(c.get('deps').db)));

  routes.get('/api/admin/students', 'admin', async (c) => {
    const query = readQuery(c, adminStudentListQuerySchema);
    return c.json(await listStudents(c.get('deps').db, query));
  });

  routes.get('/api/announcements', 'signed-in', async (c) => c.json({ announcements: await listPublishedAnnouncements(c.get('deps').db) }));

  routes.get('/api/admin/announcements', 'admin', async (c) => c.json({ announcements: await listAnnouncements(c.get('deps').db) }));

  routes.post('/api/admin/announcements', 'admin', async (c) => {
    const input = await readJson(c, announcementInputSchema);
    const actor = signedInUser(c);
    const { db } = c.get('deps');
    const id = await db.transaction(async (tx) => {
      const newId = await insertAnnouncement(tx, { title: input.title, body: input.body, published: input.published ?? true, authorId: actor.id });
      await recordAudit(tx, {
        actor: { id: actor.id, email: actor.email },
        action: 'announcement_posted',
        subjectType: 'announcement',
        subjectId: newId,
        details: { title: input.title },
        ipAddress: c.get('clientIp'),
      });
      return newId;
    });
    const announcement = (await listAnnouncements(db)).find((item) => item.id === id);
    return c.json({ announcement }, 201);
  });

  routes.delete('/api/admin/announcements/:id', 'admin', async (c) => {
    const { id } = readParams(c, announcementParamsSchema);
    const actor = signedInUser(c);
    await c.get('deps').db.transaction(async (tx) => {
      const deleted = await deleteAnnouncement(tx, id);
      if (!deleted) throw notFound('No such announcement.');
      await recordAudit(tx, {
        actor: { id: actor.id, email: actor.email },
        action: 'announcement_deleted',
        subjectType: 'announcement',
        subjectId: id,
        details: { title: deleted.title },
        ipAddress: c.get('clientIp'),
      });
    });
    return c.json({ deleted: id });
  });

  routes.get('/api/admin/partners', 'admin', async (c) => c.json({ partners: await listPartners(c.get('deps').db) }));

  routes.post('/api/admin/partners/:partner/connect', 'admin', async (c) => {
    const { partner } = readParams(c, partnerParamsSchema);
    const actor = signedInUser(c);
    const { db } = c.get('deps');
    const status = await db.transaction(async (tx) => {
      const next = await togglePartner(tx, partner, actor.id);
      await recordAudit(tx, {
        actor: { id: actor.id, email: actor.email },
        action: 'partner_connection_changed',
        subjectType: 'partner',
        subjectId: partner,
        details: { status: next },
        ipAddress: c.get('clientIp'),
      });
      return next;
    });
    const partners = await listPartners(db);
    return c.json({ status, partner: partners.find((item) => item.partner === partner) });
  });

  routes.get('/api/admin/overview/schools', 'admin', async (c) => c.json({ schools: await listSchoolsOverview(c.get('deps').db) }));
  routes.get('/api/admin/overview/pathways', 'admin', async (c) => c.json({ pathways: await listPathways(c.get('deps').db) }));
  routes.get('/api/admin/transfer-data', 'admin', async (c) => c.json(await readTransferDataOverview(c.get('deps').db)));
}

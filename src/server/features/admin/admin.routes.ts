import { z } from 'zod';
import {
  adminAppealListQuerySchema,
  adminStudentListQuerySchema,
  announcementInputSchema,
  PARTNERS,
  updateAppealSchema,
} from '../../../shared/schemas/admin';
import { recordAudit } from '../../audit/audit-log';
import type { Context } from 'hono';
import type { AppEnv, SignedInUser } from '../../http/app-env';
import { HttpError } from '../../http/errors';
import { readJson, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { findAppeal, findSyllabusFile, listAppealEvents, listAppeals, presentAppeal, readAdminStats } from './admin-appeals.queries';
import { readReferenceDataStatus } from '../../reference-data/load-reference-sets';
import { updateAppeal } from './admin-appeals.service';
import { sendStoredFile } from './admin-file-download';
import { findStudentTranscriptFile, listStudents } from './admin-students.queries';
import {
  deleteAnnouncement,
  insertAnnouncement,
  listAnnouncements,
  listPartners,
  listPathways,
  listSchoolsOverview,
  togglePartner,
} from './admin-staff.queries';

const uuidParam = (value: string | undefined, what: string) => {
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw new HttpError(404, `No such ${what}.`);
  return parsed.data;
};

function adminOf(c: Context<AppEnv>): SignedInUser {
  const user = c.get('user');
  if (!user) throw new HttpError(401, 'You must be signed in as an admin.');
  return user;
}

/** The admin area's API (spec sections 2, 3, 4 and 7). Every route requires the admin role with two-factor on. */
export function registerAdminRoutes(routes: RouteTable) {
  routes.get('/api/admin/stats', 'admin', async (c) => {
    const { db } = c.get('deps');
    return c.json({ ...(await readAdminStats(db)), referenceData: await readReferenceDataStatus(db) });
  });

  routes.get('/api/admin/appeals', 'admin', async (c) => {
    const query = readQuery(c, adminAppealListQuerySchema);
    return c.json(await listAppeals(c.get('deps').db, query));
  });

  routes.get('/api/admin/appeals/:id', 'admin', async (c) => {
    const id = uuidParam(c.req.param('id'), 'appeal');
    const { db } = c.get('deps');
    const row = await findAppeal(db, id);
    if (!row) throw new HttpError(404, 'No such appeal.');
    return c.json({ appeal: presentAppeal(row), history: await listAppealEvents(db, id) });
  });

  routes.get('/api/admin/appeals/:id/syllabus', 'admin', async (c) => {
    const id = uuidParam(c.req.param('id'), 'appeal');
    const { db, logger } = c.get('deps');
    const file = await findSyllabusFile(db, id);
    if (!file) throw new HttpError(404, 'This appeal has no syllabus file.');
    const actor = adminOf(c);
    const response = await sendStoredFile(c, { storageKey: file.storage_key, name: file.original_name, contentType: file.content_type });
    await recordAudit(db, {
      actor: { id: actor.id, email: actor.email },
      action: 'sensitive_read_student',
      subjectType: 'syllabus',
      subjectId: file.file_id,
      studentId: file.user_id,
      details: { appealId: id, file: file.original_name },
      ipAddress: c.get('clientIp'),
    });
    logger.info('sensitive_read', { requestId: c.get('requestId'), actorId: actor.id, subject: 'syllabus', appealId: id });
    return response;
  });

  routes.post('/api/admin/appeals/update', 'admin', async (c) => {
    const input = await readJson(c, updateAppealSchema);
    const actor = adminOf(c);
    const { db, mailer, config } = c.get('deps');
    const appeal = await updateAppeal({ db, mailer, appUrl: config.appUrl }, { ...input, actor, ipAddress: c.get('clientIp') });
    return c.json({ appeal });
  });

  routes.get('/api/admin/students', 'admin', async (c) => {
    const query = readQuery(c, adminStudentListQuerySchema);
    return c.json(await listStudents(c.get('deps').db, query));
  });

  routes.get('/api/admin/students/:id/transcripts/:transcriptId/file', 'admin', async (c) => {
    const studentId = c.req.param('id') ?? '';
    const transcriptId = uuidParam(c.req.param('transcriptId'), 'transcript');
    const { db, logger } = c.get('deps');
    const file = await findStudentTranscriptFile(db, studentId, transcriptId);
    if (!file) throw new HttpError(404, 'No such transcript file for this student.');
    const actor = adminOf(c);
    const response = await sendStoredFile(c, { storageKey: file.storage_key, name: file.original_name || file.file_name, contentType: file.content_type });
    await recordAudit(db, {
      actor: { id: actor.id, email: actor.email },
      action: 'sensitive_read_transcript',
      subjectType: 'transcript',
      subjectId: transcriptId,
      studentId,
      details: { file: file.original_name },
      ipAddress: c.get('clientIp'),
    });
    logger.info('sensitive_read', { requestId: c.get('requestId'), actorId: actor.id, subject: 'transcript', transcriptId });
    return response;
  });

  routes.get('/api/admin/announcements', 'admin', async (c) => c.json({ announcements: await listAnnouncements(c.get('deps').db) }));

  routes.post('/api/admin/announcements', 'admin', async (c) => {
    const input = await readJson(c, announcementInputSchema);
    const actor = adminOf(c);
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
    const id = uuidParam(c.req.param('id'), 'announcement');
    const actor = adminOf(c);
    await c.get('deps').db.transaction(async (tx) => {
      const deleted = await deleteAnnouncement(tx, id);
      if (!deleted) throw new HttpError(404, 'No such announcement.');
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
    const partner = PARTNERS.find((key) => key === c.req.param('partner'));
    if (!partner) throw new HttpError(404, `No such partner: ${c.req.param('partner')}. Known partners: ${PARTNERS.join(', ')}.`);
    const actor = adminOf(c);
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
}

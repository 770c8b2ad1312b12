import { adminAppealCountsQuerySchema, adminAppealListQuerySchema, markAppealsInReviewSchema, updateAppealSchema } from '../../../shared/schemas/admin';
import { appealParamsSchema, transcriptParamsSchema } from '../../../shared/schemas/path-params';
import { submitAppealSchema } from '../../../shared/schemas/student';
import { searchAppealSchema } from '../../../shared/schemas/transcripts';
import { fileDownload } from '../../http/file-download';
import { readJson, readParams, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { signedInUser } from '../../http/session';
import { logUploadRefusal } from '../transcripts';
import {
  countAdminAppeals,
  getAdminAppeal,
  getStudentAppeal,
  listAdminAppeals,
  listReportRowAppeals,
  markAppealCenterSeen,
  markAppealsInReview,
  readAppealSyllabus,
  submitSearchAppeal,
  submitStudentAppeal,
  updateAppeal,
} from './appeals.service';

/** Appeals (spec sections 3, 4 and 7): students send and follow them; admins review them. */
export function registerAppealRoutes(routes: RouteTable) {
  // The search screen's 'Submit an Appeal' dialog.
  routes.post('/api/appeals', 'student', async (c) => {
    const body = await readJson(c, searchAppealSchema);
    const user = signedInUser(c);
    const result = await submitSearchAppeal(c.get('deps').db, { user, ...body });
    c.get('deps').logger.info('appeal_submitted', { appealId: result.appeal.id, userId: user.id });
    return c.json(result, 201);
  });

  routes.post('/api/student/submit-appeal', 'student', async (c) => {
    const user = signedInUser(c);
    const input = await readJson(c, submitAppealSchema);
    const { db, storage } = c.get('deps');
    const appeal = await logUploadRefusal(c, submitStudentAppeal({ db, storage, user, input }));
    return c.json({ appeal }, 201);
  });

  routes.get('/api/student/appeals/:id', 'student', async (c) => {
    const { id } = readParams(c, appealParamsSchema);
    return c.json({ appeal: await getStudentAppeal({ db: c.get('deps').db, userId: signedInUser(c).id, id }) });
  });

  // What became of each row's appeal on the student's own transcript report.
  routes.get('/api/student/transcripts/:id/appeals', 'student', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    return c.json({ rows: await listReportRowAppeals(c.get('deps').db, { transcriptId: id, userId: signedInUser(c).id }) });
  });

  // The student looked at their appeal center: the hub marks only what changes after this.
  routes.post('/api/student/appeals/seen', 'student', async (c) => {
    await markAppealCenterSeen(c.get('deps').db, signedInUser(c).id);
    return c.body(null, 204);
  });

  // Registered before /api/admin/appeals/:id, which would read 'counts' as an id.
  routes.get('/api/admin/appeals/counts', 'admin', async (c) => {
    const query = readQuery(c, adminAppealCountsQuerySchema);
    return c.json(await countAdminAppeals(c.get('deps').db, query));
  });

  routes.post('/api/admin/appeals/mark-in-review', 'admin', async (c) => {
    const { appealIds } = await readJson(c, markAppealsInReviewSchema);
    const { db, mailer, config } = c.get('deps');
    return c.json(await markAppealsInReview({ db, mailer, appUrl: config.appUrl }, { appealIds, actor: signedInUser(c), ipAddress: c.get('clientIp') }));
  });

  routes.get('/api/admin/appeals', 'admin', async (c) => {
    const query = readQuery(c, adminAppealListQuerySchema);
    return c.json(await listAdminAppeals(c.get('deps').db, query));
  });

  routes.get('/api/admin/appeals/:id', 'admin', async (c) => {
    const { id } = readParams(c, appealParamsSchema);
    return c.json(await getAdminAppeal(c.get('deps').db, id));
  });

  routes.get('/api/admin/appeals/:id/syllabus', 'admin', async (c) => {
    const { id } = readParams(c, appealParamsSchema);
    const file = await readAppealSyllabus(c.get('deps'), { appealId: id, actor: signedInUser(c), ipAddress: c.get('clientIp'), requestId: c.get('requestId') });
    return fileDownload(file.bytes, file);
  });

  routes.post('/api/admin/appeals/update', 'admin', async (c) => {
    const input = await readJson(c, updateAppealSchema);
    const { db, mailer, config } = c.get('deps');
    const appeal = await updateAppeal({ db, mailer, appUrl: config.appUrl }, { ...input, actor: signedInUser(c), ipAddress: c.get('clientIp') });
    return c.json({ appeal });
  });
}

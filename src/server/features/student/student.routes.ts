import type { Context } from 'hono';
import {
  addFavoritesSchema,
  compareQuerySchema,
  createUploadUrlSchema,
  deleteAccountSchema,
  idParamSchema,
  profileInputSchema,
  saveTranscriptSchema,
  submitAppealSchema,
} from '../../../shared/schemas/student';
import type { AppEnv, SignedInUser } from '../../http/app-env';
import { HttpError } from '../../http/errors';
import { readJson, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import {
  addFavorites,
  compareSchools,
  createUploadSlot,
  deleteStudentAccount,
  deleteTranscript,
  exportStudentData,
  getAppeal,
  getStudentMe,
  listAnnouncements,
  readTranscriptFile,
  removeFavorite,
  saveTranscript,
  submitAppeal,
  updateProfile,
} from './student.service';

function signedIn(c: Context<AppEnv>): SignedInUser {
  const user = c.get('user');
  if (!user) throw new HttpError(401, 'Please sign in first.'); // the route guard answers first; this keeps types honest
  return user;
}

/** A refused upload (bad type, size, pages or pixels) is logged as the OWASP `upload_validation` event. */
function logUploadRefusal(c: Context<AppEnv>, user: SignedInUser, error: unknown) {
  if (error instanceof HttpError && [400, 413, 415, 422].includes(error.status)) {
    c.get('deps').logger.warn('upload_validation', { requestId: c.get('requestId'), userId: user.id, status: error.status, reason: error.message });
  }
}

const idParam = (c: Context<AppEnv>) => idParamSchema.parse({ id: c.req.param('id') }).id;

/** RFC 6266 attachment header: an ASCII fallback plus the UTF-8 name. */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The student area (spec sections 2–5 and 7): everything a student keeps, visible only to them (and admins). */
export function registerStudentRoutes(routes: RouteTable) {
  routes.get('/api/student/me', 'student', async (c) => c.json(await getStudentMe({ db: c.get('deps').db, user: signedIn(c) })));

  routes.put('/api/student/profile', 'student', async (c) => {
    const user = signedIn(c);
    const profile = await readJson(c, profileInputSchema);
    const { db } = c.get('deps');
    await updateProfile({ db, userId: user.id, profile });
    return c.json(await getStudentMe({ db, user }));
  });

  routes.post('/api/student/favorites', 'student', async (c) => {
    const user = signedIn(c);
    const { schools } = await readJson(c, addFavoritesSchema);
    return c.json({ favorites: await addFavorites({ db: c.get('deps').db, userId: user.id, schools }) });
  });

  routes.delete('/api/student/favorites/:id', 'student', async (c) => {
    const user = signedIn(c);
    await removeFavorite({ db: c.get('deps').db, userId: user.id, id: idParam(c) });
    return c.body(null, 204);
  });

  routes.post('/api/student/create-upload-url', 'student', async (c) => {
    const user = signedIn(c);
    const input = await readJson(c, createUploadUrlSchema);
    const { db, storage } = c.get('deps');
    return c.json(await createUploadSlot({ db, storage, userId: user.id, ...input }), 201);
  });

  routes.post('/api/student/save-transcript', 'student', async (c) => {
    const user = signedIn(c);
    const input = await readJson(c, saveTranscriptSchema);
    const { db, storage } = c.get('deps');
    try {
      const transcript = await saveTranscript({ db, storage, userId: user.id, key: input.key, name: input.name });
      return c.json({ transcript }, 201);
    } catch (error) {
      logUploadRefusal(c, user, error);
      throw error;
    }
  });

  routes.get('/api/student/transcripts/:id/file', 'student', async (c) => {
    const user = signedIn(c);
    const { db, storage } = c.get('deps');
    const file = await readTranscriptFile({ db, storage, user, id: idParam(c), ipAddress: c.get('clientIp') });
    return c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': attachment(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
      'Cache-Control': 'no-store',
    });
  });

  routes.delete('/api/student/transcripts/:id', 'student', async (c) => {
    const user = signedIn(c);
    const { db, storage } = c.get('deps');
    await deleteTranscript({ db, storage, userId: user.id, id: idParam(c) });
    return c.body(null, 204);
  });

  routes.post('/api/student/submit-appeal', 'student', async (c) => {
    const user = signedIn(c);
    const input = await readJson(c, submitAppealSchema);
    const { db, storage } = c.get('deps');
    try {
      return c.json({ appeal: await submitAppeal({ db, storage, user, input }) }, 201);
    } catch (error) {
      if (input.syllabusFile) logUploadRefusal(c, user, error);
      throw error;
    }
  });

  routes.get('/api/student/appeals/:id', 'student', async (c) => {
    const user = signedIn(c);
    return c.json({ appeal: await getAppeal({ db: c.get('deps').db, userId: user.id, id: idParam(c) }) });
  });

  routes.get('/api/student/compare', 'student', async (c) => {
    const user = signedIn(c);
    const { a, b } = readQuery(c, compareQuerySchema);
    return c.json(await compareSchools({ db: c.get('deps').db, userId: user.id, a, b }));
  });

  routes.get('/api/student/export', 'student', async (c) => {
    const user = signedIn(c);
    const data = await exportStudentData({ db: c.get('deps').db, user });
    return c.body(JSON.stringify(data, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': attachment('crosswalk-my-data.json'),
      'Cache-Control': 'no-store',
    });
  });

  routes.delete('/api/student/account', 'student', async (c) => {
    const user = signedIn(c);
    await readJson(c, deleteAccountSchema);
    const { db, storage, logger } = c.get('deps');
    await deleteStudentAccount({ db, storage, userId: user.id });
    logger.info('account_deleted', { requestId: c.get('requestId'), userId: user.id });
    return c.body(null, 204);
  });

  routes.get('/api/announcements', 'signed-in', async (c) => c.json({ announcements: await listAnnouncements({ db: c.get('deps').db }) }));
}

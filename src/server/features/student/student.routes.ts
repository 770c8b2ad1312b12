import { favoriteParamsSchema } from '../../../shared/schemas/path-params';
import { addFavoritesSchema, compareQuerySchema, deleteAccountSchema, profileInputSchema } from '../../../shared/schemas/student';
import { fileDownload } from '../../http/file-download';
import { readJson, readParams, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { signedInUser } from '../../http/session';
import { addFavorites, compareSchools, deleteStudentAccount, exportStudentData, getStudentMe, removeFavorite, updateProfile } from './student.service';

/**
 * The student area (spec sections 2–5 and 7): the profile, favorites, Compare favorites, the data export and account
 * deletion. Transcripts, appeals and saved searches register their own /api/student routes.
 */
export function registerStudentRoutes(routes: RouteTable) {
  routes.get('/api/student/me', 'student', async (c) => c.json(await getStudentMe({ db: c.get('deps').db, user: signedInUser(c) })));

  routes.put('/api/student/profile', 'student', async (c) => {
    const user = signedInUser(c);
    const profile = await readJson(c, profileInputSchema);
    const { db } = c.get('deps');
    await updateProfile({ db, userId: user.id, profile });
    return c.json(await getStudentMe({ db, user }));
  });

  routes.post('/api/student/favorites', 'student', async (c) => {
    const user = signedInUser(c);
    const { schools } = await readJson(c, addFavoritesSchema);
    return c.json({ favorites: await addFavorites({ db: c.get('deps').db, userId: user.id, schools }) });
  });

  routes.delete('/api/student/favorites/:id', 'student', async (c) => {
    const { id } = readParams(c, favoriteParamsSchema);
    await removeFavorite({ db: c.get('deps').db, userId: signedInUser(c).id, id });
    return c.body(null, 204);
  });

  routes.get('/api/student/compare', 'student', async (c) => {
    const user = signedInUser(c);
    const { a, b } = readQuery(c, compareQuerySchema);
    return c.json(await compareSchools({ db: c.get('deps').db, userId: user.id, a, b }));
  });

  routes.get('/api/student/export', 'student', async (c) => {
    const data = await exportStudentData({ db: c.get('deps').db, user: signedInUser(c) });
    return fileDownload(JSON.stringify(data, null, 2), { name: 'crosswalk-my-data.json', contentType: 'application/json; charset=utf-8' });
  });

  routes.delete('/api/student/account', 'student', async (c) => {
    const user = signedInUser(c);
    await readJson(c, deleteAccountSchema);
    const { db, storage, logger } = c.get('deps');
    await deleteStudentAccount({ db, storage, userId: user.id });
    logger.info('account_deleted', { requestId: c.get('requestId'), userId: user.id });
    return c.body(null, 204);
  });
}

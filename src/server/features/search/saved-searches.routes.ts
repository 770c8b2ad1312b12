import { savedSearchParamsSchema } from '../../../shared/schemas/path-params';
import { savedSearchInputSchema } from '../../../shared/schemas/saved-search';
import { readJson, readParams } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { signedInUser } from '../../http/session';
import { deleteSavedSearch, listSavedSearches, saveSearch } from './saved-searches.service';

/** A student's saved searches, synced from the search screens (spec section 4, saved-search gating). */
export function registerSavedSearchRoutes(routes: RouteTable) {
  routes.get('/api/student/saved-searches', 'student', async (c) => {
    const savedSearches = await listSavedSearches({ db: c.get('deps').db, userId: signedInUser(c).id });
    return c.json({ savedSearches });
  });

  routes.post('/api/student/saved-searches', 'student', async (c) => {
    const userId = signedInUser(c).id;
    const input = await readJson(c, savedSearchInputSchema);
    const saved = await saveSearch({ db: c.get('deps').db, userId, q: input.q, filters: input.filters });
    return c.json(saved, 201);
  });

  routes.delete('/api/student/saved-searches/:id', 'student', async (c) => {
    const { id } = readParams(c, savedSearchParamsSchema);
    await deleteSavedSearch({ db: c.get('deps').db, userId: signedInUser(c).id, id });
    return c.body(null, 204);
  });
}

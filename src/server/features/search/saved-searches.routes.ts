import type { Context } from 'hono';
import { savedSearchIdParamSchema, savedSearchInputSchema } from '../../../shared/schemas/saved-search';
import type { AppEnv } from '../../http/app-env';
import { HttpError } from '../../http/errors';
import type { RouteTable } from '../../http/route-table';
import { deleteSavedSearch, listSavedSearches, saveSearch } from './saved-searches.service';

function signedInUserId(c: Context<AppEnv>): string {
  const user = c.get('user');
  if (!user) throw new HttpError(401, 'Please sign in first.'); // the route guard answers first; this keeps types honest
  return user.id;
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, 'The body must be JSON.');
  }
}

/** A student's saved searches, synced from the search screens (spec section 4, saved-search gating). */
export function registerSavedSearchRoutes(routes: RouteTable) {
  routes.get('/api/student/saved-searches', 'student', async (c) => {
    const savedSearches = await listSavedSearches({ db: c.get('deps').db, userId: signedInUserId(c) });
    return c.json({ savedSearches });
  });

  routes.post('/api/student/saved-searches', 'student', async (c) => {
    const userId = signedInUserId(c);
    const input = savedSearchInputSchema.parse(await readJson(c));
    const saved = await saveSearch({ db: c.get('deps').db, userId, q: input.q, filters: input.filters });
    return c.json(saved, 201);
  });

  routes.delete('/api/student/saved-searches/:id', 'student', async (c) => {
    const userId = signedInUserId(c);
    const { id } = savedSearchIdParamSchema.parse({ id: c.req.param('id') });
    await deleteSavedSearch({ db: c.get('deps').db, userId, id });
    return c.body(null, 204);
  });
}

import type { RouteTable } from '../../http/route-table';

/** Liveness plus whether the database and storage answer; 503 when the database does not. */
export function registerHealthRoutes(routes: RouteTable) {
  routes.get('/api/health', 'public', async (c) => {
    const { db, storage, version } = c.get('deps');
    const [databaseUp, storageUp] = await Promise.all([db.ping(), storage.ping()]);
    const body = {
      status: databaseUp && storageUp ? 'ok' : 'unavailable',
      database: db.kind,
      storage: storage.kind,
      version,
    };
    return c.json(body, databaseUp ? 200 : 503);
  });
}

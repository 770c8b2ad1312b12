import type { RouteTable } from '../../http/route-table';

/**
 * Liveness plus whether the database and storage answer (503 `unavailable` when the database does not), and whether
 * the local disk can take writes: below its free-space margin or not writable, health says `degraded` (503) and
 * names the problem, since uploads are then refused and the database may be next.
 */
export function registerHealthRoutes(routes: RouteTable) {
  routes.get('/api/health', 'public', async (c) => {
    const { db, storage, version } = c.get('deps');
    const [databaseUp, storageUp, disk] = await Promise.all([db.ping(), storage.ping(), storage.localDisk().catch(() => null)]);
    const problems: string[] = [];
    if (disk && !disk.writable) problems.push('The data folder cannot be written to (read-only or full).');
    else if (disk && disk.space.freeBytes < disk.space.marginBytes) problems.push('The data disk is almost full: uploads are refused until space is freed.');
    const status = !databaseUp || !storageUp ? 'unavailable' : problems.length > 0 ? 'degraded' : 'ok';
    const body = {
      status,
      database: db.kind,
      storage: storage.kind,
      version,
      ...(problems.length > 0 ? { problems } : {}),
    };
    return c.json(body, status === 'ok' ? 200 : 503);
  });
}

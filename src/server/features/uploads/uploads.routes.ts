import type { RouteTable } from '../../http/route-table';
import { HttpError } from '../../http/errors';
import { LocalDiskStorage } from '../../storage/local-disk-storage';
import { refuseUploadWhenDiskIsLow } from './upload-guard';

const tooLarge = (maxBytes: number) => new HttpError(413, `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`);

/**
 * The local-disk storage's upload address: the signature in the query is the authorisation
 * (it names the key, the size limit and the content type, and expires), like an S3 presigned URL. It works once:
 * only while its stored_files row is still waiting for bytes (see sealed-uploads.ts for what happens after).
 */
export function registerUploadRoutes(routes: RouteTable) {
  routes.put('/api/uploads/:prefix/:id', 'public', async (c) => {
    const { storage, db } = c.get('deps');
    if (!(storage instanceof LocalDiskStorage)) throw new HttpError(404, 'Not found');
    const key = `${c.req.param('prefix')}/${c.req.param('id')}`;
    const grant = storage.verifyUpload(key, c.req.query());
    if (!grant.ok) throw new HttpError(403, grant.reason);
    // One upload per address: once bytes arrived (or were checked and moved), the address is spent.
    const [slot] = await db.query<{ status: string }>(`select status from stored_files where storage_key = $1`, [key]);
    if (!slot || slot.status !== 'pending') {
      throw new HttpError(409, 'This upload address has already been used. To send another file, start a new upload.');
    }
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > grant.maxBytes) throw tooLarge(grant.maxBytes);
    await refuseUploadWhenDiskIsLow(storage, declared || grant.maxBytes);
    // Written to disk as it streams in (never whole in memory), refused (413) as soon as it passes the limit.
    const written = await storage.putStream(key, c.req.raw.body, grant.maxBytes);
    if (!written) throw tooLarge(grant.maxBytes);
    if (written.size === 0) throw new HttpError(400, 'The file is empty.');
    await db.query(`update stored_files set size_bytes = $2, sha256 = $3, status = 'stored', stored_at = now() where storage_key = $1 and status = 'pending'`, [
      key,
      written.size,
      written.sha256,
    ]);
    return c.json({ key, size: written.size, sha256: written.sha256 });
  });
}

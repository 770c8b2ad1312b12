import { createHash } from 'node:crypto';
import type { RouteTable } from '../../http/route-table';
import { HttpError } from '../../http/errors';
import { LocalDiskStorage } from '../../storage/local-disk-storage';
import { refuseUploadWhenDiskIsLow } from './upload-guard';

/** Reads a request body up to `maxBytes`; a larger one is refused with 413 instead of being truncated. */
export async function readBodyWithLimit(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

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
    if (declared > grant.maxBytes) throw new HttpError(413, `The file is larger than the ${Math.round(grant.maxBytes / 1024 / 1024)} MB limit.`);
    await refuseUploadWhenDiskIsLow(storage, declared || grant.maxBytes);
    const bytes = await readBodyWithLimit(c.req.raw.body, grant.maxBytes);
    if (bytes.byteLength === 0) throw new HttpError(400, 'The file is empty.');
    await storage.put(key, bytes, grant.contentType);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await db.query(`update stored_files set size_bytes = $2, sha256 = $3, status = 'stored', stored_at = now() where storage_key = $1 and status = 'pending'`, [
      key,
      bytes.byteLength,
      sha256,
    ]);
    return c.json({ key, size: bytes.byteLength, sha256 });
  });
}

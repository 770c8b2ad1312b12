import type { Context } from 'hono';
import { uploadParamsSchema } from '../../../shared/schemas/path-params';
import { createUploadUrlSchema } from '../../../shared/schemas/student';
import { conflict, invalid, notAllowed, notFound, tooLarge } from '../../domain-errors';
import type { AppEnv } from '../../http/app-env';
import { httpStatusOf } from '../../http/errors';
import { readJson, readParams } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { signedInUser } from '../../http/session';
import { LocalDiskStorage } from '../../storage/local-disk-storage';
import { createUploadSlot, isUploadRefusal } from './stored-files';
import { findUploadOwner, markFileStored } from './stored-files.queries';
import { refuseUploadWhenDiskIsLow } from './upload-guard';
import { admitVisitorBytes } from './visitor-quotas';

const overLimit = (maxBytes: number) => tooLarge(`The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`);

/** A claimed upload the checks refused (bad type, size, pages or pixels) is logged as the OWASP `upload_validation` event. */
export async function logUploadRefusal<T>(c: Context<AppEnv>, claiming: Promise<T>): Promise<T> {
  try {
    return await claiming;
  } catch (error) {
    if (isUploadRefusal(error)) {
      c.get('deps').logger.warn('upload_validation', { requestId: c.get('requestId'), userId: c.get('user')?.id, status: httpStatusOf(error), reason: error.message });
    }
    throw error;
  }
}

/** Students' files: an upload slot (a server-named key and a signed address), and the local disk's upload address. */
export function registerStoredFileRoutes(routes: RouteTable) {
  routes.post('/api/student/create-upload-url', 'student', async (c) => {
    const input = await readJson(c, createUploadUrlSchema);
    const { db, storage } = c.get('deps');
    return c.json(await createUploadSlot({ db, storage, userId: signedInUser(c).id, ...input }), 201);
  });

  /**
   * The local-disk storage's upload address: the signature in the query is the authorisation (it names the key, the
   * size limit and the content type, and expires), like an S3 presigned URL. It works once: only while its stored_files
   * row is still waiting for bytes (sealed-uploads.ts says what happens after).
   */
  routes.put('/api/uploads/:prefix/:id', 'public', async (c) => {
    const { prefix, id } = readParams(c, uploadParamsSchema);
    const { storage, db } = c.get('deps');
    if (!(storage instanceof LocalDiskStorage)) throw notFound('Not found');
    const key = `${prefix}/${id}`;
    const grant = storage.verifyUpload(key, c.req.query());
    if (!grant.ok) throw notAllowed(grant.reason);
    // One upload per address: once bytes arrived (or were checked and moved), the address is spent.
    const upload = await findUploadOwner(db, key);
    if (upload?.status !== 'pending') {
      throw conflict('This upload address has already been used. To send another file, start a new upload.');
    }
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > grant.maxBytes) throw overLimit(grant.maxBytes);
    await refuseUploadWhenDiskIsLow(storage, declared || grant.maxBytes);
    // A signed-out visitor's bytes count against their quotas as they arrive (at most the address's limit if unannounced).
    if (upload.visitorAddress) await admitVisitorBytes({ db }, { address: upload.visitorAddress, incomingBytes: declared || grant.maxBytes });
    // Written to disk as it streams in (never whole in memory), refused as soon as it passes the limit.
    const written = await storage.putStream(key, c.req.raw.body, grant.maxBytes);
    if (!written) throw overLimit(grant.maxBytes);
    if (written.size === 0) throw invalid('The file is empty.');
    await markFileStored(db, key, written);
    return c.json({ key, size: written.size, sha256: written.sha256 });
  });
}

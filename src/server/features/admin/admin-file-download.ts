import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { HttpError } from '../../http/errors';

const SAFE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/heic',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

/**
 * Sends a student's stored file as a download (SECURITY-CHECKLIST "Uploads"): always an attachment, never sniffed,
 * sandboxed if a browser opens it anyway, and never cached.
 */
export async function sendStoredFile(c: Context<AppEnv>, file: { storageKey: string; name: string; contentType: string }) {
  const bytes = await c.get('deps').storage.get(file.storageKey);
  if (!bytes) throw new HttpError(404, 'The file is missing from storage.');
  const asciiName = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': SAFE_TYPES.has(file.contentType) ? file.contentType : 'application/octet-stream',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
      'Cache-Control': 'no-store',
    },
  });
}

import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { equivalencyImportQuerySchema, MAX_IMPORT_BYTES } from '../../../../shared/schemas/equivalencies';
import { invalid, tooLarge as tooLargeError, unsupportedType } from '../../../domain-errors';
import { readBodyWithin } from '../../../http/body-limit';
import { csvDownload } from '../../../http/file-download';
import { readQuery } from '../../../http/json-body';
import type { RouteTable } from '../../../http/route-table';
import { exportEquivalencyCsv } from './export-rules.command';
import { importEquivalencyCsv } from './import-rules.command';

const CSV_TYPES = /^(text\/csv|text\/plain|application\/csv|application\/vnd\.ms-excel)\b/i;
const tooLarge = () => tooLargeError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into smaller files.`);

/**
 * Copies the request body to a temporary file, refusing it (413) as soon as it passes the limit. The import then reads
 * the file: a slow upload never holds the database transaction open, and the body never sits in memory.
 */
async function spoolBody(body: ReadableStream<Uint8Array> | null, limit: number): Promise<{ path: string; bytes: number; remove(): void }> {
  const folder = mkdtempSync(join(tmpdir(), 'crosswalk-import-'));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  const path = join(folder, 'upload.csv');
  const out = createWriteStream(path);
  try {
    const bytes = await readBodyWithin(body, limit, tooLarge, async (chunk) => {
      if (!out.write(chunk)) await once(out, 'drain');
    });
    out.end();
    await once(out, 'close');
    return { path, bytes, remove };
  } catch (error) {
    out.destroy();
    remove();
    throw error;
  }
}

/** The rules CSV import and export (admin "Course Data Upload"). */
export function registerEquivalencyImportRoutes(routes: RouteTable) {
  routes.post('/api/admin/equivalencies/import', 'admin', async (c) => {
    const query = readQuery(c, equivalencyImportQuerySchema);
    if (!CSV_TYPES.test(c.req.header('content-type') ?? '')) throw unsupportedType('Send the file as text/csv.');
    if (Number(c.req.header('content-length') ?? '0') > MAX_IMPORT_BYTES) throw tooLarge();
    const upload = await spoolBody(c.req.raw.body, MAX_IMPORT_BYTES);
    const user = c.get('user');
    try {
      if (upload.bytes === 0) throw invalid('The file is empty; the first line must name the columns.');
      const result = await importEquivalencyCsv({
        db: c.get('deps').db,
        input: createReadStream(upload.path),
        actor: { id: user?.id ?? null, email: user?.email ?? null, ipAddress: c.get('clientIp') },
        dryRun: query.dryRun,
        sourceUniversity: query.sourceUniversity,
        mapping: query.mapping,
        // Over HTTP a school no one has entered is added only when the clerk confirmed it after the preview.
        newSchools: query.newSchools ?? [],
      });
      c.get('deps').logger.info('equivalency_import', { requestId: c.get('requestId'), dryRun: result.dryRun, saved: result.saved, rows: result.rows, errors: result.errorCount, ms: result.ms });
      if (result.errorCount > 0 && !query.dryRun) {
        return c.json({ error: `The file has ${result.errorCount} error${result.errorCount === 1 ? '' : 's'}; nothing was saved.`, ...result }, 400);
      }
      return c.json(result);
    } finally {
      upload.remove();
    }
  });

  routes.get('/api/admin/equivalencies/export', 'admin', (c) => {
    const date = new Date().toISOString().slice(0, 10);
    return csvDownload(exportEquivalencyCsv({ db: c.get('deps').db }), `crosswalk-equivalencies-${date}.csv`);
  });
}

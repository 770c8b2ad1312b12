/**
 * `npm run import -- FILE.csv [--source SCHOOL] [--mapping JSON] [--dry-run]`: imports a rules CSV (source_university,
 * source_code, …, notes; the admin upload's format, or a table as a school publishes it, with `--mapping` for headers
 * the import does not recognise, as the admin page's `mapping`) or a catalogue CSV (institution, subject, number,
 * title, credits, description), told apart by the header, through the same code the admin upload uses. Opens the database like the server does,
 * so it refuses while a server holds the embedded database.
 */
import { createReadStream, existsSync, openSync, readSync, closeSync } from 'node:fs';
import { COMMAND_SHARED_BUFFERS, openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { migrate } from '../src/server/db/migrate';
import { loadConfig } from '../src/server/env';
import { detectCsvKind, importCatalogCsv, importEquivalencyCsv } from '../src/server/features/equivalencies';
import { columnMappingSchema, type ColumnMapping } from '../src/shared/schemas/equivalencies';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('Usage: npm run import -- FILE.csv [--source SCHOOL] [--mapping \'{"source_code":"Course",…}\'] [--dry-run]');
  process.exit(2);
}

const args = process.argv.slice(2);
let file: string | undefined;
let source: string | undefined;
let dryRun = false;
let mapping: ColumnMapping | undefined;
for (let index = 0; index < args.length; index++) {
  const arg = args[index]!;
  if (arg === '--source') source = args[++index] ?? usage('--source needs a school key, name or alias');
  else if (arg === '--mapping') mapping = readMapping(args[++index] ?? usage('--mapping needs a JSON object'));
  else if (arg === '--dry-run') dryRun = true;
  else if (arg.startsWith('--')) usage(`Unknown option ${arg}`);
  else if (!file) file = arg;
  else usage(`Only one file at a time (got ${file} and ${arg})`);
}
if (!file) usage();
if (!existsSync(file)) usage(`No such file: ${file}`);

function readMapping(text: string): ColumnMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  const parsed = columnMappingSchema.safeParse(value);
  return parsed.success ? parsed.data : usage(`--mapping ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
}

function firstLine(path: string): string {
  const fd = openSync(path, 'r');
  const buffer = Buffer.alloc(4096);
  const bytes = readSync(fd, buffer, 0, buffer.length, 0);
  closeSync(fd);
  return buffer.subarray(0, bytes).toString('utf8').split(/\r?\n/)[0] ?? '';
}

const kind = mapping ? 'rules' : detectCsvKind(firstLine(file));
if (!kind) usage(`${file}: the header names neither a rules CSV (source_code, target_code, …) nor a catalogue CSV (institution, subject, number, …); for a rules table with other headers, say which is which with --mapping`);

try {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sharedBuffers: COMMAND_SHARED_BUFFERS, ownThread: true });
  try {
    await migrate(db);
    const started = Date.now();
    const peak = { rss: process.memoryUsage().rss };
    const sampler = setInterval(() => (peak.rss = Math.max(peak.rss, process.memoryUsage().rss)), 100);
    const input = createReadStream(file);
    const result =
      kind === 'rules'
        ? await importEquivalencyCsv({ db, input, actor: { id: null, email: 'npm run import' }, dryRun, sourceUniversity: source, mapping })
        : await importCatalogCsv({ db, input });
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    for (const error of result.errors.slice(0, 50)) console.error(`line ${error.line}${error.column ? `, ${error.column}` : ''}: ${error.message}`);
    if (result.errorCount > 50) console.error(`… and ${result.errorCount - 50} more errors`);
    console.log(
      `${kind === 'rules' ? 'Rules' : 'Catalogue'} ${file}: ${result.rows} rows in ${seconds.toFixed(1)} s ` +
        `(${Math.round(result.rows / Math.max(seconds, 0.001))} rows/s, peak ${Math.round(peak.rss / 1024 / 1024)} MB, database: ${db.kind}). ` +
        `inserted ${result.inserted}, updated ${result.updated}, unchanged ${result.unchanged}` +
        (result.institutionsCreated.length ? `; new schools: ${result.institutionsCreated.join(', ')}` : '') +
        (result.saved ? '.' : dryRun && result.errorCount === 0 ? ' (dry run: nothing saved).' : `. ${result.errorCount} errors: nothing saved.`),
    );
    process.exitCode = result.errorCount > 0 ? 1 : 0;
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}

/**
 * `npm run data:load -- NAME… | all`: loads reference-data sets (reference-data/, listed by `npm run data:list`) into
 * the configured database (the embedded one, or DATABASE_URL) through the same imports as the admin pages, each set in
 * one transaction; loading a set again changes nothing. A school loads its state's data into production this way.
 * `npm run data:list` (this script with --list) lists every set: name, what it is, rows, and whether it is loaded.
 * Opens the database like the server does, so it refuses while a server holds the embedded database.
 */
import { COMMAND_SHARED_BUFFERS, openDatabase, type Database } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { migrate } from '../src/server/db/migrate';
import { loadConfig } from '../src/server/env';
import { describeWritten, loadReferenceSets, readReferenceDataStatus } from '../src/server/reference-data/load-reference-sets';
import { pickReferenceSets, REFERENCE_SETS, UnknownReferenceSetError, type ReferenceSet } from '../src/server/reference-data/reference-sets';

const args = process.argv.slice(2);
const listing = args.includes('--list');
const names = args.filter((arg) => !arg.startsWith('--'));

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('Usage: npm run data:load -- NAME… (or all); npm run data:list shows the names');
  process.exit(2);
}

const format = (count: number) => count.toLocaleString('en-US');

function printList(states: Map<string, string> | null) {
  const rows = REFERENCE_SETS.map((set) => [set.name, `${format(set.rows)} ${set.unit}`, states ? (states.get(set.name) ?? '') : '?', set.title]);
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length), ['name', 'rows', 'state'][column]!.length));
  const line = (cells: string[]) => cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  ');
  console.log(line(['name', 'rows', 'state', 'what']));
  for (const row of rows) console.log(line(row));
}

/** A progress bar on a terminal (redrawn in place); elsewhere a line at each quarter. */
function progressReporter() {
  const interactive = process.stderr.isTTY;
  let lastQuarter = -1;
  let lastDraw = 0;
  return {
    show(set: ReferenceSet, done: number, total: number) {
      const share = total > 0 ? Math.min(1, done / total) : 0;
      if (interactive) {
        if (Date.now() - lastDraw < 100 && share < 1) return;
        lastDraw = Date.now();
        const filled = Math.round(share * 30);
        process.stderr.write(`\r  ${set.name}  [${'#'.repeat(filled)}${'-'.repeat(30 - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  ${format(done)} of ${format(total)} rows `);
      } else if (Math.floor(share * 4) > lastQuarter) {
        lastQuarter = Math.floor(share * 4);
        console.error(`  ${set.name}: ${Math.floor(share * 100)}% (${format(done)} of ${format(total)} rows)`);
      }
    },
    end() {
      if (interactive) process.stderr.write('\r\x1b[K');
      lastQuarter = -1;
    },
  };
}

async function load(db: Database, sets: ReferenceSet[]): Promise<boolean> {
  const bar = progressReporter();
  const started = Date.now();
  const results = await loadReferenceSets({
    db,
    sets,
    actor: { id: null, email: 'npm run data:load' },
    events: {
      started: (set) => console.log(`Loading ${set.name}: ${set.title} (${format(set.rows)} ${set.unit})…`),
      progress: (set, done, total) => bar.show(set, done, total),
      finished(set, outcome, seconds) {
        bar.end();
        const counts = Object.entries(outcome.written).map(([what, c]) => `${what}: ${format(c.inserted)} new, ${format(c.updated)} changed, ${format(c.unchanged)} unchanged`);
        console.log(`  ${set.name} loaded in ${seconds.toFixed(1)} s. ${counts.join('; ')}.`);
        for (const note of outcome.notes) console.log(`  note: ${note}`);
      },
      failed(set, message) {
        bar.end();
        console.error(`  ${set.name} FAILED: ${message}`);
      },
    },
  });
  const loaded = results.filter((result) => result.status === 'loaded');
  const failed = results.filter((result) => result.status === 'failed');
  console.log(
    `\n${loaded.length} set${loaded.length === 1 ? '' : 's'} loaded in ${((Date.now() - started) / 1000).toFixed(1)} s (database: ${db.kind})` +
      (failed.length ? `, ${failed.length} failed (${failed.map((result) => result.set.name).join(', ')})` : '') +
      '.',
  );
  for (const result of loaded) if (result.outcome) console.log(`  ${result.set.name.padEnd(32)} ${describeWritten(result.outcome.written)}`);
  return failed.length === 0;
}

if (!listing && names.length === 0) usage();
let sets: ReferenceSet[] = [];
try {
  sets = listing ? [] : pickReferenceSets(names);
} catch (error) {
  if (error instanceof UnknownReferenceSetError) usage(error.message);
  throw error;
}

try {
  const config = loadConfig();
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sharedBuffers: COMMAND_SHARED_BUFFERS, ownThread: true });
  } catch (error) {
    if (listing && error instanceof DataDirLockedError) {
      printList(null);
      console.log(`\n${error.message} Whether each set is loaded is on the admin overview (Admin Hub).`);
      process.exit(0);
    }
    throw error;
  }
  try {
    await migrate(db);
    if (listing) {
      const status = await readReferenceDataStatus(db);
      const words = { loaded: 'loaded', loading: 'loading', waiting: 'waiting to load', 'not-loaded': 'not loaded', failed: 'failed' };
      printList(new Map(status.sets.map((set) => [set.name, words[set.state]])));
    } else if (!(await load(db, sets))) process.exitCode = 1;
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}

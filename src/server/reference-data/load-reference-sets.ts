/**
 * Loads reference sets (reference-sets.ts) one after another and keeps each one's state in app_meta
 * (`reference_set:NAME`): loading with how far it has got, loaded with what it stored and the digest of its files, or
 * failed with why. `npm run data:load`, the demo's first start and the admin overview all read and write it here.
 */
import type { ReferenceSetStatus } from '../../shared/schemas/admin';
import type { Database, Queryable } from '../db/client';
import type { ImportActor } from '../features/equivalencies';
import { referenceFiles, type ReferenceFiles } from './reference-files';
import { REFERENCE_SETS, type ReferenceSet } from './reference-sets';
import type { ReferenceSetOutcome, WrittenCounts } from './set-loaders';

type StoredState =
  /** Named by a load under way, its turn not come yet (the demo's first start loads one set after another). */
  | { state: 'waiting'; queuedAt: string }
  | { state: 'loading'; startedAt: string; done: number; total: number }
  | { state: 'loaded'; loadedAt: string; digest: string; seconds: number; written: Record<string, WrittenCounts>; notes: string[] }
  | { state: 'failed'; failedAt: string; message: string };

const KEY_PREFIX = 'reference_set:';

/** A load that has not written its progress for this long was stopped (the process ended) and counts as not loaded. */
const STOPPED_AFTER_MS = 5 * 60_000;

export async function readReferenceSetStates(db: Queryable): Promise<Map<string, StoredState>> {
  const rows = await db.query<{ key: string; value: string; quiet_ms: number }>(
    `select key, value, (extract(epoch from now() - updated_at) * 1000)::float8 as quiet_ms from app_meta where key like 'reference\\_set:%'`,
  );
  const states = new Map<string, StoredState>();
  // A load writes its set's progress every second or so: when nothing has been written for STOPPED_AFTER_MS, the sets
  // still waiting for it will not be loaded either.
  const loadStopped = Math.min(...rows.map((row) => Number(row.quiet_ms))) > STOPPED_AFTER_MS;
  for (const row of rows) {
    const state = JSON.parse(row.value) as StoredState;
    if (state.state === 'loading' && Number(row.quiet_ms) > STOPPED_AFTER_MS) continue;
    if (state.state === 'waiting' && loadStopped) continue;
    states.set(row.key.slice(KEY_PREFIX.length), state);
  }
  return states;
}

async function writeState(db: Queryable, name: string, state: StoredState): Promise<void> {
  await db.query(
    `insert into app_meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [`${KEY_PREFIX}${name}`, JSON.stringify(state)],
  );
}

/** "107,796 rules, 3,826 courses, 27 schools": what a loaded set holds in the database (stored now, not only new). */
export function describeWritten(written: Record<string, WrittenCounts>): string {
  return Object.entries(written)
    .map(([what, counts]) => ({ what, count: counts.inserted + counts.updated + counts.unchanged }))
    .sort((a, b) => b.count - a.count)
    .map(({ what, count }) => `${count.toLocaleString('en-US')} ${count === 1 ? what.replace(/s$/, '') : what}`)
    .join(', ');
}

/** Every registered set with its state, for the admin overview and `npm run data:list`. */
export async function readReferenceDataStatus(db: Queryable): Promise<{ loading: boolean; sets: ReferenceSetStatus[] }> {
  const states = await readReferenceSetStates(db);
  const sets = REFERENCE_SETS.map((set): ReferenceSetStatus => {
    const base = { name: set.name, title: set.title, rows: set.rows, unit: set.unit, percent: null, stored: null, message: null };
    const stored = states.get(set.name);
    if (!stored) return { ...base, state: 'not-loaded' };
    if (stored.state === 'waiting') return { ...base, state: 'waiting' };
    if (stored.state === 'loading') return { ...base, state: 'loading', percent: stored.total > 0 ? Math.min(99, Math.floor((100 * stored.done) / stored.total)) : 0 };
    if (stored.state === 'failed') return { ...base, state: 'failed', message: stored.message };
    return { ...base, state: 'loaded', stored: describeWritten(stored.written) };
  });
  return { loading: sets.some((set) => set.state === 'loading' || set.state === 'waiting'), sets };
}

export interface LoadEvents {
  started?(set: ReferenceSet): void;
  progress?(set: ReferenceSet, done: number, total: number): void;
  finished?(set: ReferenceSet, outcome: ReferenceSetOutcome, seconds: number): void;
  skipped?(set: ReferenceSet, reason: string): void;
  failed?(set: ReferenceSet, message: string): void;
}

export interface SetResult {
  set: ReferenceSet;
  status: 'loaded' | 'failed' | 'skipped';
  outcome?: ReferenceSetOutcome;
  message?: string;
}

/**
 * Loads the sets in order. With `skipLoaded`, a set already loaded from the same files is skipped (the demo's later
 * starts). A set that fails is recorded as failed and the next one still loads.
 */
export async function loadReferenceSets({
  db,
  sets,
  actor,
  files = referenceFiles(),
  rowsPerTransaction,
  skipLoaded = false,
  events = {},
  signal,
  betweenTransactions,
}: {
  db: Database;
  sets: readonly ReferenceSet[];
  actor: ImportActor;
  files?: ReferenceFiles;
  rowsPerTransaction?: { rules: number; courses: number };
  skipLoaded?: boolean;
  events?: LoadEvents;
  signal?: AbortSignal;
  betweenTransactions?: () => Promise<void>;
}): Promise<SetResult[]> {
  const results: SetResult[] = [];
  const states = skipLoaded ? await readReferenceSetStates(db) : new Map<string, StoredState>();
  const alreadyLoaded = (set: ReferenceSet) => {
    const before = states.get(set.name);
    return skipLoaded && before?.state === 'loaded' && before.digest === files.digest(set.files);
  };
  // Every set this load will get to is named at once, so the admin overview says what is coming, as the start says.
  const queuedAt = new Date().toISOString();
  for (const set of sets) if (!alreadyLoaded(set)) await writeState(db, set.name, { state: 'waiting', queuedAt });
  for (const set of sets) {
    if (signal?.aborted) break;
    const digest = files.digest(set.files);
    if (alreadyLoaded(set)) {
      events.skipped?.(set, 'already loaded');
      results.push({ set, status: 'skipped', message: 'already loaded' });
      continue;
    }
    const started = Date.now();
    const startedAt = new Date(started).toISOString();
    events.started?.(set);
    await writeState(db, set.name, { state: 'loading', startedAt, done: 0, total: set.rows });
    const progress = recordProgress(db, set.name, startedAt);
    try {
      const outcome = await set.load({
        db,
        files,
        actor,
        rowsPerTransaction,
        signal,
        betweenTransactions,
        progress(done, total) {
          progress.note(done, total);
          events.progress?.(set, done, total);
        },
      });
      await progress.settled();
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      if (outcome.errorCount > 0) {
        const first = outcome.errors[0];
        const message = `${outcome.errorCount} rows were refused${first ? `; the first, row ${first.line}${first.column ? ` (${first.column})` : ''}: ${first.message}` : ''}`;
        await writeState(db, set.name, { state: 'failed', failedAt: new Date().toISOString(), message });
        events.failed?.(set, message);
        results.push({ set, status: 'failed', outcome, message });
        continue;
      }
      await writeState(db, set.name, { state: 'loaded', loadedAt: new Date().toISOString(), digest, seconds, written: outcome.written, notes: outcome.notes });
      events.finished?.(set, outcome, seconds);
      results.push({ set, status: 'loaded', outcome });
    } catch (error) {
      await progress.settled();
      const message = signal?.aborted ? 'stopped before it finished (the server stopped); loading it again finishes it' : error instanceof Error ? error.message : String(error);
      await writeState(db, set.name, { state: 'failed', failedAt: new Date().toISOString(), message }).catch(() => undefined);
      events.failed?.(set, message);
      results.push({ set, status: 'failed', message });
    }
  }
  return results;
}

/**
 * Writes a set's progress for the admin overview: the latest figure, at most one write at a time and one a second
 * (on the embedded database a write waits for the import's transaction, so they must not pile up behind it).
 */
function recordProgress(db: Queryable, name: string, startedAt: string) {
  let latest: { done: number; total: number } | null = null;
  let writing: Promise<void> | null = null;
  let lastWrite = 0;
  const flush = () => {
    if (writing || !latest || Date.now() - lastWrite < 1000) return;
    const { done, total } = latest;
    latest = null;
    lastWrite = Date.now();
    writing = writeState(db, name, { state: 'loading', startedAt, done, total })
      .catch(() => undefined)
      .finally(() => {
        writing = null;
      });
  };
  return {
    note(done: number, total: number) {
      latest = { done, total };
      flush();
    },
    async settled() {
      await writing;
    },
  };
}

/**
 * The demo's real data: on a fresh start (`npm start`, SEED_DEMO) every reference set not yet loaded is loaded in the
 * background while the server answers, with one plain line when it starts and one when it is done; the admin overview
 * shows how far it has got (readReferenceDataStatus). A set already loaded from the same files is not loaded again.
 *
 * On the embedded database every statement runs on the server's own thread and a transaction holds the only
 * connection, so the load commits every few thousand rows (ROWS_PER_TRANSACTION) and other people's sign-ins and
 * searches run in between (docs/BENCHMARKS.md, "Demo data load").
 */
import type { AppDeps } from '../http/app-env';
import { describeWritten, loadReferenceSets, readReferenceSetStates, type SetResult } from './load-reference-sets';
import { referenceFiles } from './reference-files';
import { pickReferenceSets, REFERENCE_SETS, type ReferenceSet } from './reference-sets';

/**
 * Rows per transaction while the server answers: what another request may wait behind. A catalogue row (descriptions,
 * four text indexes) costs about twice a rule. Measured on 2 busy cores: 1,000 rules or 500 courses commit in ~0.1-0.3 s
 * (p50) and ~0.3-0.7 s (p95); 2,000 rules took 0.2-0.7 s and 2,000 courses up to 1.1 s, for ~20 % less load time.
 */
export const ROWS_PER_TRANSACTION = { rules: 1000, courses: 500 };

/**
 * How long the whole demo takes, as README.md says it: measured 72-152 s on 2 cores with others working
 * (docs/benchmarks/start-time-and-demo-load.md), and 13 minutes when the machine was far busier (load average 14-20).
 */
export const DEMO_LOAD_TIME = 'The whole demo takes about 1½ to 2½ minutes on a quiet 2-core machine, and several times that on a busy one.';

/** Sets the demo's two lines count together rather than name one by one, by the start of their names. */
const GROUPS = [
  { prefix: 'catalog-', words: 'course catalogues' },
  { prefix: 'programs-', words: 'program sets' },
];
const groupOf = (set: ReferenceSet) => GROUPS.find((group) => set.name.startsWith(group.prefix));

/** "7 course catalogues, Florida's statewide course inventory, the Wisconsin transfer rules (125,503 rules) and 6 program sets". */
function describeSets(sets: readonly ReferenceSet[]): string {
  const parts = sets.flatMap((set) => {
    const group = groupOf(set);
    const inGroup = group ? sets.filter((other) => groupOf(other) === group) : [];
    if (group && inGroup.length > 1) return inGroup[0] === set ? [`${inGroup.length} ${group.words}`] : [];
    return [set.unit === 'rules' ? `${set.brief} (${set.rows.toLocaleString('en-US')} rules)` : set.brief];
  });
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/** How many of a kind a loaded set holds (new, changed and unchanged). */
function countOf(result: SetResult, what: string): number {
  const counts = result.outcome?.written[what];
  return counts ? counts.inserted + counts.updated + counts.unchanged : 0;
}

/** The sets the demo loads, by DEMO_REFERENCE_SETS (throws UnknownReferenceSetError naming a wrong one). */
export function demoReferenceSets(names: readonly string[]): ReferenceSet[] {
  return names.length === 0 ? [] : pickReferenceSets(names);
}

/**
 * Starts loading the sets that are not loaded yet; resolves when they are (or at once when there is nothing to do).
 * `say` prints a line for the person who started the server. `signal` stops it between transactions.
 */
export async function loadDemoReferenceData({
  deps,
  sets,
  say,
  signal,
  betweenTransactions,
  rowsPerTransaction = ROWS_PER_TRANSACTION,
}: {
  deps: Pick<AppDeps, 'db' | 'logger'>;
  sets: readonly ReferenceSet[];
  say: (line: string) => void;
  signal?: AbortSignal;
  /** Awaited between transactions: the server passes "until no request is being answered" (requests-in-flight.ts). */
  betweenTransactions?: () => Promise<void>;
  rowsPerTransaction?: { rules: number; courses: number };
}): Promise<void> {
  const { db, logger } = deps;
  const files = referenceFiles();
  const states = await readReferenceSetStates(db);
  const toLoad = sets.filter((set) => {
    const state = states.get(set.name);
    return state?.state !== 'loaded' || state.digest !== files.digest(set.files);
  });
  if (toLoad.length === 0) return;
  const started = Date.now();
  say(
    `Loading the demo's data in the background: ${describeSets(toLoad)}. ` +
      `${toLoad.length === REFERENCE_SETS.length ? `${DEMO_LOAD_TIME} ` : ''}Sign-in and search work meanwhile; the Admin Hub shows each set's progress (${toLoad.length} ${toLoad.length === 1 ? 'set' : 'sets'}, one after another).`,
  );
  const results = await loadReferenceSets({
    db,
    sets: toLoad,
    files,
    actor: { id: null, email: 'demo data' },
    rowsPerTransaction,
    skipLoaded: true,
    signal,
    betweenTransactions,
    events: {
      started: (set) => logger.info('reference_set_loading', { set: set.name }),
      finished: (set, outcome, seconds) => logger.info('reference_set_loaded', { set: set.name, seconds, stored: describeWritten(outcome.written) }),
      failed: (set, message) => logger.warn('reference_set_not_loaded', { set: set.name, message }),
    },
  });
  if (signal?.aborted) return;
  const seconds = Math.round((Date.now() - started) / 1000);
  const loaded = results.filter((result) => result.status === 'loaded');
  const failed = results.filter((result) => result.status === 'failed');
  // A group's sets in one entry with what they hold together ("7 course catalogues (41,000 courses)"), the rest each.
  const stored = loaded.flatMap((result) => {
    const group = groupOf(result.set);
    const inGroup = group ? loaded.filter((other) => groupOf(other.set) === group) : [];
    if (!group || inGroup.length <= 1) return [`${result.set.brief} (${describeWritten(result.outcome?.written ?? {})})`];
    if (inGroup[0] !== result) return [];
    const counts = new Map<string, number>();
    for (const member of inGroup) for (const what of Object.keys(member.outcome?.written ?? {})) if (what !== 'schools') counts.set(what, (counts.get(what) ?? 0) + countOf(member, what));
    return [`${inGroup.length} ${group.words} (${[...counts].map(([what, count]) => `${count.toLocaleString('en-US')} ${what}`).join(', ')})`];
  });
  say(
    `Demo data loaded in ${seconds} s: ${stored.join('; ')}.` +
      (failed.length > 0 ? ` Not loaded: ${failed.map((result) => `${result.set.name} (${result.message})`).join('; ')}; see npm run data:list.` : ''),
  );
}

/**
 * `npm run bench:rule-health` (tsx scripts/bench-rule-health.ts): does the rule-health check (decision 151) let the
 * server answer other people while it runs? On the embedded database every statement runs on the server's thread, so a
 * check that never yields holds every request until it ends.
 *
 * Needs a data folder in which the demo has loaded (BENCH_DATA_DIR; the browser tests' sets or the whole demo): start
 * the product once with `DATA_DIR=/tmp/rh-demo SEED_DEMO=true npm start`, wait for "Demo data loaded", stop it. Then
 * runs one check there while a probe query (`select count(*) from institutions`) is sent every 100 ms, and prints the
 * check's duration and how long the probes waited (p50 / p95 / max). The check replaces the folder's findings.
 */
import { cpus, loadavg } from 'node:os';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { checkRuleHealth } from '../src/server/features/rule-health';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) {
  console.error('Set BENCH_DATA_DIR to a data folder in which the demo has loaded (see the comment at the top).');
  process.exit(2);
}
const db = await openDatabase({ dataDir });
await migrate(db);
const [rules] = await db.query<{ count: number }>(`select count(*)::int as count from equivalency_rules`);
let checking = true;
const waits: number[] = [];
const probe = (async () => {
  while (checking) {
    const sent = performance.now();
    await db.query(`select count(*) from institutions`);
    waits.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();
const started = performance.now();
const counts = await checkRuleHealth(db);
const checkMs = performance.now() - started;
checking = false;
await probe;
await db.close();
waits.sort((a, b) => a - b);
const at = (share: number) => waits[Math.min(waits.length - 1, Math.floor(waits.length * share))]!.toFixed(0);
console.log(`${new Date().toISOString()} · ${cpus().length} CPUs · load ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
console.log(`| rules | check | findings | probes | probe wait p50 / p95 / max |`);
console.log(`|---|---|---|---|---|`);
console.log(
  `| ${rules?.count.toLocaleString('en-US')} | ${(checkMs / 1000).toFixed(1)} s | ${Object.values(counts).reduce((sum, count) => sum + count, 0).toLocaleString('en-US')} | ${waits.length} | ${at(0.5)} / ${at(0.95)} / ${at(1)} ms |`,
);

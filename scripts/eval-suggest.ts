// Measures the suggestion ranking on real data: holds out a random 10 % (fixed seed) of
// the Wisconsin rules that name a specific destination course, builds the index from the
// other 90 %, and checks whether the true target comes first (top-1) or in the first three
// (top-3), overall and per receiving school. A baseline run without peer rules shows how
// much the other colleges' rules add.
//   tsx scripts/eval-suggest.ts [--seed 20250101] [--share 0.1] [--markdown]

import os from 'node:os';
import { parseArgs } from 'node:util';
import { courseKey } from '../src/server/features/equivalencies/engine/course-code';
import { isElectiveTarget, nonTransferTargetKind } from '../src/server/features/equivalencies/engine/decide-transfers';
import { buildSuggestionIndex } from '../src/server/features/equivalencies/engine/suggestion-index';
import type { EquivalencyRule } from '../src/server/features/equivalencies/engine/types';
import { loadReferenceData } from '../src/server/features/equivalencies/reference-data/load-reference-data';

/** mulberry32: a small seeded generator, so every run holds out the same rules. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Tally {
  total: number;
  top1: number;
  top3: number;
  reachable: number;
}

const empty = (): Tally => ({ total: 0, top1: 0, top3: 0, reachable: 0 });
const pct = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seed: { type: 'string', default: '20250101' }, share: { type: 'string', default: '0.1' }, markdown: { type: 'boolean', default: false } } });
  const seed = Number(values.seed);
  const share = Number(values.share);
  const started = Date.now();
  const data = await loadReferenceData();
  const loadedMs = Date.now() - started;

  const isSpecific = (rule: EquivalencyRule) =>
    rule.transfers && rule.sources.length === 1 && rule.targets.length === 1 && rule.targets.every((target) => nonTransferTargetKind(target) === null && !isElectiveTarget(target));
  const eligible = data.rules.filter(isSpecific);
  const random = seededRandom(seed);
  const heldOut = new Set(eligible.filter(() => random() < share));
  const training = data.rules.filter((rule) => !heldOut.has(rule));

  const indexStarted = Date.now();
  const index = buildSuggestionIndex({ rules: training, catalogs: data.catalogs });
  const indexMs = Date.now() - indexStarted;
  const names = new Map(data.registry.all().map((institution) => [institution.id, institution.name]));

  const runs = { withPeers: { overall: empty(), bySchool: new Map<number, Tally>() }, titleOnly: { overall: empty(), bySchool: new Map<number, Tally>() } };
  const queryStarted = Date.now();
  for (const rule of heldOut) {
    const source = rule.sources[0]!;
    const truth = courseKey(rule.targets[0]!);
    const reachable = index.destinationCourses(rule.toInstitutionId).some((course) => courseKey(course) === truth);
    for (const [name, usePeers] of [['withPeers', true], ['titleOnly', false]] as const) {
      const results = index.suggest({ source: { ...source, institutionId: rule.fromInstitutionId }, toInstitutionId: rule.toInstitutionId, limit: 3, usePeers });
      const rank = results.findIndex((candidate) => courseKey(candidate) === truth);
      const run = runs[name];
      const school = run.bySchool.get(rule.toInstitutionId) ?? empty();
      for (const tally of [run.overall, school]) {
        tally.total += 1;
        if (rank === 0) tally.top1 += 1;
        if (rank >= 0) tally.top3 += 1;
        if (reachable) tally.reachable += 1;
      }
      run.bySchool.set(rule.toInstitutionId, school);
    }
  }
  const queryMs = Date.now() - queryStarted;

  const lines: string[] = [];
  lines.push(`Rules: ${data.rules.length}; eligible (one source → one specific course): ${eligible.length}; held out: ${heldOut.size} (seed ${seed}, share ${share}); training: ${training.length}.`);
  lines.push(`Machine: ${os.cpus().length} CPUs (nproc), ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}. Load ${loadedMs} ms, index ${indexMs} ms, ${heldOut.size * 2} queries ${queryMs} ms (${(queryMs / (heldOut.size * 2)).toFixed(2)} ms each).`);
  lines.push('');
  lines.push('| receiving school | held out | top-1 | top-3 | true target known to the index | top-1 title only | top-3 title only |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|');
  const row = (label: string, a: Tally, b: Tally) => `| ${label} | ${a.total} | ${pct(a.top1, a.total)} | ${pct(a.top3, a.total)} | ${pct(a.reachable, a.total)} | ${pct(b.top1, b.total)} | ${pct(b.top3, b.total)} |`;
  lines.push(row('**all**', runs.withPeers.overall, runs.titleOnly.overall));
  const schools = [...runs.withPeers.bySchool.entries()].sort((a, b) => b[1].total - a[1].total);
  for (const [id, tally] of schools) lines.push(row(names.get(id) ?? String(id), tally, runs.titleOnly.bySchool.get(id) ?? empty()));
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();

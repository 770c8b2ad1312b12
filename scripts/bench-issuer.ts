/**
 * How often the issuing school of a transcript is named right (issue 33: ≥ 95 % of the documents that print it), the
 * reader's evidence (reader/institution.ts) decided against the national directory (transcripts/issuing-school.ts) on
 * an embedded database with the `institutions` set loaded. Three sets, text PDFs only:
 *   1. fixtures: the samples, the re-typeset real layouts and the committed generated layouts (tests/fixtures);
 *   2. directory: generated transcripts (scripts/transcript-layouts) in every layout family whose issuer and transfer
 *      sources are real directory schools picked at random, the issuer's web address printed as the layout prints it.
 *      Two seeds: TUNING_SEED's documents were looked at while the rules were written; LOCKED_SEED's were not, and their
 *      misses are not printed unless asked (--show-locked): its figure is the one that counts.
 * A document is right when the school decided is the expected IPEDS row; for a school the directory does not list
 * (a Canadian university, a made-up generated one) when no school is decided and the printed name is its name.
 * usage: npm run bench:issuer -- [--per-family N] [--locked-seed N] [--show-locked] [--verbose]
 */
import { readFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { launchBrowser } from '../tests/support/browser';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { normalizeSchoolName } from '../src/server/features/institutions';
import { identifyIssuingSchool } from '../src/server/features/transcripts/issuing-school';
import { readTranscript } from '../src/server/features/transcripts/reader/read-transcript';
import { loadReferenceSets } from '../src/server/reference-data/load-reference-sets';
import { pickReferenceSets } from '../src/server/reference-data/reference-sets';
import { makePerson } from './transcript-layouts/catalog';
import { FAMILIES, sampleLayout } from './transcript-layouts/layouts';
import { printToPdf } from './transcript-layouts/print';
import { Rng } from './transcript-layouts/random';
import { makeRecord } from './transcript-layouts/record';
import { renderDocument } from './transcript-layouts/render';
import type { TruthEntry } from './transcript-layouts/truth';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const TUNING_SEED = 33;
const LOCKED_SEED = Number(option('--locked-seed') ?? 2026);
const perFamily = Number(option('--per-family') ?? 3);
const verbose = args.includes('--verbose');
const showLocked = args.includes('--show-locked');

/** The IPEDS rows of the schools the fixtures print (truth name → unit id); a name not here is in no directory row. */
const FIXTURE_UNITIDS: Record<string, number> = {
  'Valencia College': 138187,
  'Florida International University': 133951,
  'University of Delaware': 130943,
  'De Anza College': 113333,
  'Miami Dade College': 135717,
  'North Carolina Agricultural and Technical State University': 199102,
  'New York University': 193900,
  'University of California, Santa Cruz': 110714,
  'The University of Texas at Dallas': 228787,
  'Northeastern University': 167358,
  'Purdue University': 243780,
  'University of South Florida': 137351,
  'University of Notre Dame': 152080,
  'University of Washington': 236948,
  'University of New Hampshire': 183044,
};

interface Case {
  label: string;
  bytes: Uint8Array;
  truthName: string;
  unitid: number | null;
  printed: boolean;
}

interface Tally {
  documents: number;
  right: number;
  /** No school decided, the student asked to choose among schools that share the name printed, the right one among them. */
  asked: number;
  /** Another school decided: the worst miss (its rules would be applied). */
  wrong: number;
  misses: string[];
}

async function judge(db: Database, c: Case, tally: Tally) {
  if (!c.printed) return;
  const reading = await readTranscript(c.bytes);
  const found = await identifyIssuingSchool(db, reading.issuer);
  const [row] = found.school ? await db.query<{ ipeds_unitid: number | null }>(`select ipeds_unitid from institutions where id = $1`, [found.school.id]) : [];
  const gotUnitid = row?.ipeds_unitid == null ? null : Number(row.ipeds_unitid);
  const right = c.unitid !== null ? gotUnitid === c.unitid : gotUnitid === null && normalizeSchoolName(found.printedName ?? '') === normalizeSchoolName(c.truthName);
  tally.documents++;
  if (right) tally.right++;
  else if (gotUnitid !== null) tally.wrong++;
  else if (c.unitid !== null && found.choices.some((choice) => normalizeSchoolName(choice.name) === normalizeSchoolName(c.truthName))) tally.asked++;
  if (!right)
    tally.misses.push(`${c.label}: want ${c.truthName}${c.unitid ? ` (${c.unitid})` : ''}, got ${found.school?.name ?? 'no school'} (${gotUnitid}) printed ${JSON.stringify(found.printedName)} [${reading.issuer.candidates.map((x) => x.printedAs ?? x.name).join(' | ')}] ${reading.issuer.webAddresses.join(' ')}${verbose ? ` beside: ${JSON.stringify(reading.issuer.besideNames.slice(0, 6))}` : ''}`);
}

function fixtureCases(): Case[] {
  const cases: Case[] = [];
  for (const dir of ['tests/fixtures/transcripts', 'tests/fixtures/transcripts-real', 'tests/fixtures/transcripts-generated']) {
    const truth = JSON.parse(readFileSync(resolve(dir, 'truth.json'), 'utf8')) as TruthEntry[];
    for (const entry of truth)
      for (const file of entry.files.filter((name) => name.toLowerCase().endsWith('.pdf')))
        cases.push({ label: file, bytes: new Uint8Array(readFileSync(join(dir, file))), truthName: entry.school, unitid: FIXTURE_UNITIDS[entry.school] ?? null, printed: entry.schoolPrinted !== false });
  }
  return cases;
}

/** Degree-granting directory schools (sectors 1–6), with their web address. */
async function directorySchools(db: Database) {
  return db.query<{ name: string; city: string | null; web_domain: string; ipeds_unitid: number }>(
    `select name, city, web_domain, ipeds_unitid from institutions where ipeds_unitid is not null and web_domain is not null and ipeds_sector between 1 and 6 order by ipeds_unitid`,
  );
}

async function directoryCases(db: Database, seed: number): Promise<Case[]> {
  const schools = await directorySchools(db);
  const browser = await launchBrowser();
  const cases: Case[] = [];
  try {
    for (const family of FAMILIES)
      for (let i = 0; i < perFamily; i++) {
        const rng = new Rng(seed * 7919 + FAMILIES.indexOf(family) * 101 + i);
        const pick = () => schools[rng.int(0, schools.length - 1)]!;
        const issuer = pick();
        const asSchool = (school: typeof issuer) => ({ name: school.name, web: `www.${school.web_domain}`, city: school.city ?? 'Springfield' });
        const spec = sampleLayout(rng.fork(1), family);
        const record = makeRecord(rng.fork(6), spec.style, spec.record, [asSchool(pick()), asSchool(pick())]);
        const doc = renderDocument(spec, record, asSchool(issuer), makePerson(rng.fork(5)), rng.fork(7));
        const pdf = await printToPdf(browser, doc.html);
        cases.push({ label: `${family}-${i + 1}`, bytes: new Uint8Array(pdf), truthName: issuer.name, unitid: Number(issuer.ipeds_unitid), printed: doc.schoolPrinted });
      }
  } finally {
    await browser.close();
  }
  return cases;
}

const pct = (t: Tally) => (t.documents ? `${((100 * t.right) / t.documents).toFixed(1)} %` : '–');

async function main() {
  const dataDir = resolve('.tmp/bench-issuer');
  mkdirSync(dataDir, { recursive: true });
  const db = await openDatabase({ dataDir, inMemory: true });
  try {
    await migrate(db);
    const started = Date.now();
    await loadReferenceSets({ db, sets: pickReferenceSets(['institutions']), actor: { id: null, email: 'bench-issuer' } });
    process.stdout.write(`directory loaded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    const sets: Array<[string, Case[], boolean]> = [
      ['fixtures (samples, re-typeset real, generated made-up)', fixtureCases(), true],
      [`directory schools in generated layouts, tuning (seed ${TUNING_SEED}, ${perFamily} per family)`, await directoryCases(db, TUNING_SEED), true],
      [`directory schools in generated layouts, locked (seed ${LOCKED_SEED}, ${perFamily} per family)`, await directoryCases(db, LOCKED_SEED), showLocked],
    ];
    process.stdout.write(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n\n| set | documents that print the school | issuing school right | asked among schools sharing the name | another school named |\n|---|---|---|---|---|\n`);
    const all: Tally = { documents: 0, right: 0, asked: 0, wrong: 0, misses: [] };
    for (const [name, cases, showMisses] of sets) {
      const tally: Tally = { documents: 0, right: 0, asked: 0, wrong: 0, misses: [] };
      for (const c of cases) await judge(db, c, tally);
      process.stdout.write(`| ${name} | ${tally.documents} | ${tally.right}/${tally.documents} (${pct(tally)}) | ${tally.asked} | ${tally.wrong} |\n`);
      all.documents += tally.documents;
      all.right += tally.right;
      all.asked += tally.asked;
      all.wrong += tally.wrong;
      if (showMisses) all.misses.push(...tally.misses);
    }
    process.stdout.write(`| all | ${all.documents} | ${all.right}/${all.documents} (${pct(all)}) | ${all.asked} | ${all.wrong} |\n`);
    if (verbose || all.misses.length) process.stdout.write(`\nmisses:\n${all.misses.map((miss) => `  ${miss}`).join('\n')}\n`);
  } finally {
    await db.close();
  }
}

await main();

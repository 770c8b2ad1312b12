/**
 * Accuracy and speed of the transcript reader over a folder with truth.json (default tests/fixtures/transcripts).
 * usage: tsx scripts/bench-transcripts.ts [DIR] [--runs N]
 * Scores like the project's transcript scoring tool (score-transcripts.mjs), separately for text PDFs and for images/scans, and reports
 * p50/p95 time per text PDF and per image page (OCR worker created once, before timing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { getOcrWorker, terminateOcr } from '../src/server/features/transcripts/reader/ocr';
import { readTranscript } from '../src/server/features/transcripts/reader/read-transcript';

interface TruthCourse {
  subject: string;
  number: string;
  credits: number;
  grade: string | null;
}
interface Truth {
  id: string;
  layout: string;
  files: string[];
  school: string;
  courses: TruthCourse[];
}

const args = process.argv.slice(2);
const dir = resolve(args.find((a) => !a.startsWith('--')) ?? 'tests/fixtures/transcripts');
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
if (!existsSync(join(dir, 'truth.json'))) {
  console.error(`no truth.json in ${dir}`);
  process.exit(2);
}
const truth = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as Truth[];
const norm = (s: unknown) => String(s ?? '').toUpperCase().replace(/\s+/g, '');
const key = (r: { subject: string; number: string }) => `${norm(r.subject)}|${norm(r.number)}`;
const gradeOf = (g: unknown) => {
  const s = norm(g);
  return s === '' || s === 'IP' || s === 'INPROGRESS' ? '' : s;
};

interface Tally {
  files: number;
  failed: number;
  tp: number;
  fp: number;
  fn: number;
  credits: number;
  grades: number;
  inst: number;
  times: number[];
}
const tally = (): Tally => ({ files: 0, failed: 0, tp: 0, fp: 0, fn: 0, credits: 0, grades: 0, inst: 0, times: [] });
const groups = { pdf: tally(), image: tally() };
const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! : NaN;
};

await getOcrWorker(); // warm-up, not timed
for (const t of truth)
  for (const f of t.files) {
    const g = f.endsWith('.pdf') ? groups.pdf : groups.image;
    g.files++;
    const bytes = new Uint8Array(readFileSync(join(dir, f)));
    let rows: { subject: string; number: string; credits: number; grade: string | null }[] = [];
    let institution: string | null = null;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      try {
        const r = await readTranscript(bytes);
        rows = r.rows;
        institution = r.institution;
        g.times.push((performance.now() - start) / r.pages);
      } catch (err) {
        if (i === 0) g.failed++;
        console.error(`${f}: ${(err as Error).message}`);
        break;
      }
    }
    const want = new Map<string, TruthCourse[]>();
    for (const c of t.courses) want.set(key(c), [...(want.get(key(c)) ?? []), c]);
    for (const r of rows) {
      const left = want.get(key(r));
      if (!left?.length) {
        g.fp++;
        continue;
      }
      let i = left.findIndex((c) => gradeOf(r.grade) === gradeOf(c.grade) && Math.abs(r.credits - c.credits) < 0.01);
      if (i < 0) i = 0;
      const [c] = left.splice(i, 1);
      g.tp++;
      if (Math.abs(r.credits - c!.credits) < 0.01) g.credits++;
      if (gradeOf(r.grade) === gradeOf(c!.grade)) g.grades++;
    }
    g.fn += [...want.values()].reduce((n, l) => n + l.length, 0);
    if (norm(institution).includes(norm(t.school).replace(/^THE/, ''))) g.inst++;
  }
await terminateOcr();

console.log(`transcript reader benchmark — ${dir}`);
console.log(`node ${process.version}, ${availableParallelism()} cores, ${new Date().toISOString().slice(0, 10)}, ${runs} run(s) per file`);
for (const [name, g] of Object.entries(groups)) {
  if (!g.files) continue;
  const p = g.tp / Math.max(1, g.tp + g.fp);
  const r = g.tp / Math.max(1, g.tp + g.fn);
  const f1 = (2 * p * r) / Math.max(1e-9, p + r);
  console.log(
    `${name === 'pdf' ? 'text PDFs' : 'images/scans'}: files ${g.files} (failed ${g.failed}), rows P ${p.toFixed(3)} R ${r.toFixed(3)} F1 ${f1.toFixed(3)}, ` +
      `credits right ${g.credits}/${g.tp} (${((100 * g.credits) / Math.max(1, g.tp)).toFixed(1)}%), grades right ${g.grades}/${g.tp} (${((100 * g.grades) / Math.max(1, g.tp)).toFixed(1)}%), ` +
      `institution ${g.inst}/${g.files}, time per ${name === 'pdf' ? 'document' : 'page'} p50 ${pct(g.times, 0.5).toFixed(0)} ms p95 ${pct(g.times, 0.95).toFixed(0)} ms`,
  );
}

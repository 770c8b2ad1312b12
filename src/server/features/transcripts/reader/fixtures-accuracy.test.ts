/**
 * Row accuracy on the text-PDF fixtures, scored exactly like the project's transcript scoring tool (score-transcripts.mjs)
 * (rows matched as a multiset on subject|number with whitespace removed; credits within 0.01; grades compared
 * with IP / "In Progress" / empty treated alike). Images are left to scripts/bench-transcripts.ts (OCR is slow).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTranscript } from './read-transcript';

const DIR = resolve(import.meta.dirname, '../../../../../tests/fixtures/transcripts');
const present = existsSync(join(DIR, 'truth.json'));
if (!present) console.warn(`fixtures-accuracy: skipped, ${DIR}/truth.json not found`);

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
const norm = (s: unknown) => String(s ?? '').toUpperCase().replace(/\s+/g, '');
const key = (r: { subject: string; number: string }) => `${norm(r.subject)}|${norm(r.number)}`;
const gradeOf = (g: unknown) => {
  const s = norm(g);
  return s === '' || s === 'IP' || s === 'INPROGRESS' ? '' : s;
};

describe.skipIf(!present)('fixture accuracy (text PDFs)', () => {
  it('row F1 ≥ 0.97 and credits/grades right on ≥ 97% of found rows', async () => {
    const truth = JSON.parse(readFileSync(join(DIR, 'truth.json'), 'utf8')) as Truth[];
    let tp = 0, fp = 0, fn = 0, creditsOk = 0, gradeOk = 0, instOk = 0, files = 0;
    const misses: string[] = [];
    for (const t of truth)
      for (const f of t.files.filter((x) => x.endsWith('.pdf'))) {
        files++;
        const got = await readTranscript(new Uint8Array(readFileSync(join(DIR, f))));
        const want = new Map<string, TruthCourse[]>();
        for (const c of t.courses) want.set(key(c), [...(want.get(key(c)) ?? []), c]);
        for (const r of got.rows) {
          const left = want.get(key(r));
          if (!left?.length) {
            fp++;
            misses.push(`${f}: extra ${key(r)}`);
            continue;
          }
          let i = left.findIndex((c) => gradeOf(r.grade) === gradeOf(c.grade) && Math.abs(Number(r.credits) - c.credits) < 0.01);
          if (i < 0) i = 0;
          const [c] = left.splice(i, 1);
          tp++;
          if (Math.abs(Number(r.credits) - c!.credits) < 0.01) creditsOk++;
          else misses.push(`${f}: ${key(r)} credits ${r.credits} ≠ ${c!.credits}`);
          if (gradeOf(r.grade) === gradeOf(c!.grade)) gradeOk++;
          else misses.push(`${f}: ${key(r)} grade ${r.grade} ≠ ${c!.grade}`);
        }
        for (const [k, l] of want) for (const _ of l) misses.push(`${f}: missed ${k}`);
        fn += [...want.values()].reduce((n, l) => n + l.length, 0);
        if (norm(got.institution).includes(norm(t.school).replace(/^THE/, ''))) instOk++;
      }
    const p = tp / Math.max(1, tp + fp);
    const r = tp / Math.max(1, tp + fn);
    const f1 = (2 * p * r) / Math.max(1e-9, p + r);
    console.log(`text PDFs: ${files} files, P ${p.toFixed(3)} R ${r.toFixed(3)} F1 ${f1.toFixed(3)}, credits ${creditsOk}/${tp}, grades ${gradeOk}/${tp}, institution ${instOk}/${files}`);
    expect(files).toBeGreaterThan(0);
    if (misses.length) console.log(misses.join('\n'));
    expect(f1).toBeGreaterThanOrEqual(0.97);
    expect(creditsOk / tp).toBeGreaterThanOrEqual(0.97);
    expect(gradeOk / tp).toBeGreaterThanOrEqual(0.97);
  }, 60_000);
});

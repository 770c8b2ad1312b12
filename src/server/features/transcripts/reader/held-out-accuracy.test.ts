/**
 * Regression floor: the committed generated transcripts (a seed never used while tuning, every layout family), the
 * re-typeset real layouts and the unseen set's tuning half, text PDFs only (OCR belongs to the benchmark).
 * The floor is a guard against regressions, below the aims and the figures in docs/BENCHMARKS.md.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addScore, emptyTotals, rates, scoreDocument } from '../../../../../scripts/transcript-layouts/score';
import type { TruthEntry } from '../../../../../scripts/transcript-layouts/truth';
import { readTranscript } from './read-transcript';

const ROOT = resolve(import.meta.dirname, '../../../../../tests/fixtures');

async function scoreSet(folder: string) {
  const dir = join(ROOT, folder);
  const truth = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as TruthEntry[];
  const totals = emptyTotals();
  const misses: string[] = [];
  const noRows: string[] = [];
  // text PDFs only: a PDF whose text layer is garbage is read by OCR, which belongs to the benchmark
  for (const t of truth.filter((entry) => entry.kind !== 'garbled-pdf'))
    for (const f of t.files.filter((x) => x.endsWith('.pdf'))) {
      const reading = await readTranscript(new Uint8Array(readFileSync(join(dir, f))));
      const s = scoreDocument(t.courses, reading.rows, t.school, reading.institution);
      addScore(totals, s, t.schoolPrinted !== false);
      misses.push(...s.misses.map((m) => `${f}: ${m}`));
      if (!reading.courseRowsFound) noRows.push(f);
    }
  return { totals, rates: rates(totals), misses, noRows };
}

describe('accuracy on held-out text PDFs (regression floor)', () => {
  // floors: a little under what the reader measured when this test was written (generated: F1 0.970, credits 98.2%,
  // grades 97.8%, school 100%, one document without rows; real: all 1.000). SHOW_MISSES=1 prints what was missed.
  it.each([
    { folder: 'transcripts-generated', f1: 0.95, credits: 0.96, grades: 0.96, school: 0.9, withoutRows: 1 },
    { folder: 'transcripts-real', f1: 0.98, credits: 0.98, grades: 0.97, school: 0.9, withoutRows: 0 },
    // the unseen set's tuning half (issue 36; its locked half is for the benchmark's final figures only)
    { folder: 'transcripts-unseen/tuning', f1: 0.98, credits: 0.98, grades: 0.98, school: 0.8, withoutRows: 0 },
  ])('$folder: row F1, credits, grades and school above the floor', async (floor) => {
    const { totals, rates: r, misses, noRows } = await scoreSet(floor.folder);
    if (process.env.SHOW_MISSES) console.log(misses.join('\n'));
    expect(totals.documents).toBeGreaterThan(10);
    expect(r.f1).toBeGreaterThanOrEqual(floor.f1);
    expect(r.credits).toBeGreaterThanOrEqual(floor.credits);
    expect(r.grades).toBeGreaterThanOrEqual(floor.grades);
    expect(r.school).toBeGreaterThanOrEqual(floor.school);
    expect(noRows.length).toBeLessThanOrEqual(floor.withoutRows);
  }, 120_000);
});

/**
 * Row accuracy on the sample text PDFs, scored like the project's transcript scoring tool (scripts/transcript-layouts/
 * score.ts: rows matched as a multiset on subject|number with whitespace removed; credits within 0.01; grades compared
 * with IP / "In Progress" / empty treated alike). Images are left to scripts/bench-transcripts.ts (OCR is slow).
 */
import { describe, expect, it } from 'vitest';
import { addScore, emptyTotals, rates, scoreDocument } from '../../../../../scripts/transcript-layouts/score';
import type { TruthEntry } from '../../../../../scripts/transcript-layouts/truth';
import { MissingFixtureError, readCommittedFixture } from '../../../../../tests/support/committed-fixtures';
import { readTranscript } from './read-transcript';

describe('fixture accuracy (text PDFs)', () => {
  it('a committed fixture that is missing fails the test, naming the file (it is never skipped)', () => {
    expect(() => readCommittedFixture('transcripts/no-such-transcript.pdf')).toThrow(MissingFixtureError);
    expect(() => readCommittedFixture('transcripts/no-such-transcript.pdf')).toThrow('tests/fixtures/transcripts/no-such-transcript.pdf is missing');
  });

  it('row F1 ≥ 0.97 and credits/grades right on ≥ 97% of found rows', async () => {
    const truth = JSON.parse(readCommittedFixture('transcripts/truth.json').toString('utf8')) as TruthEntry[];
    const totals = emptyTotals();
    const misses: string[] = [];
    for (const t of truth)
      for (const f of t.files.filter((x) => x.endsWith('.pdf'))) {
        const got = await readTranscript(new Uint8Array(readCommittedFixture(`transcripts/${f}`)));
        const s = scoreDocument(t.courses, got.rows, t.school, got.institution);
        addScore(totals, s, true);
        misses.push(...s.misses.map((m) => `${f}: ${m}`));
      }
    const r = rates(totals);
    console.log(`text PDFs: ${totals.documents} files, P ${r.precision.toFixed(3)} R ${r.recall.toFixed(3)} F1 ${r.f1.toFixed(3)}, credits ${totals.creditsRight}/${totals.tp}, grades ${totals.gradesRight}/${totals.tp}, institution ${totals.schoolFound}/${totals.documents}`);
    expect(totals.documents).toBeGreaterThan(0);
    if (misses.length) console.log(misses.join('\n'));
    expect(r.f1).toBeGreaterThanOrEqual(0.97);
    expect(r.credits).toBeGreaterThanOrEqual(0.97);
    expect(r.grades).toBeGreaterThanOrEqual(0.97);
  }, 60_000);
});

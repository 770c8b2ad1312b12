import { describe, expect, it } from 'vitest';
import { readCommittedFixture } from '../../../../../tests/support/committed-fixtures';
import { countPdfPages } from './count-pdf-pages';
import { TranscriptReadError } from './types';

describe('countPdfPages (worker thread, time-limited)', () => {
  it('counts the pages, refuses a damaged PDF, and gives up on one that takes too long', async () => {
    const pages = await countPdfPages(new Uint8Array(readCommittedFixture('transcripts/t11002.pdf')));
    expect(pages).toBeGreaterThan(0);

    const damaged = await countPdfPages(new TextEncoder().encode('%PDF-1.7\n%%EOF\n')).catch((error: unknown) => error);
    expect(damaged).toBeInstanceOf(TranscriptReadError);
    expect((damaged as TranscriptReadError).code).toBe('unreadable');

    // Megabytes with no cross-reference table: pdf.js scans them all. With a tiny limit the worker is stopped…
    const slow = new Uint8Array(8 * 1024 * 1024).fill(0x41);
    slow.set(new TextEncoder().encode('%PDF-1.4\n'));
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    const error = await countPdfPages(slow, { timeoutMs: 30 }).catch((caught: unknown) => caught);
    clearInterval(ticker);
    expect((error as TranscriptReadError).code).toBe('timeout');
    expect((error as TranscriptReadError).message).toMatch(/took too long to read/);
    expect(ticks).toBeGreaterThan(0); // …and this thread kept running meanwhile
    // …and the next PDF is read by a fresh one.
    expect(await countPdfPages(new Uint8Array(readCommittedFixture('transcripts/t11002.pdf')))).toBe(pages);
  }, 60_000);
});

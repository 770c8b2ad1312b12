import { describe, expect, it } from 'vitest';
import { readCommittedFixture } from '../../../../../tests/support/committed-fixtures';
import { withBusyMachine } from '../../../../../tests/support/busy-machine';
import { pdfWithImage } from '../../../../../tests/support/upload-files';
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

  it('refuses a PDF that paints an image over the photo limits, directly or inside a form, without decoding it; reads one under them', async () => {
    for (const layout of [{}, { insideForm: true }, { textFirst: true }, { insideForm: true, textFirst: true }]) {
      const started = performance.now();
      const error = await countPdfPages(pdfWithImage(30_000, 30_000, layout)).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(layout)).toBeInstanceOf(TranscriptReadError);
      expect((error as TranscriptReadError).message).toMatch(/^This PDF holds an image too large to open safely \(30000×30000 pixels\)/);
      expect(performance.now() - started).toBeLessThan(5_000); // 112 MB of pixels were never decoded
    }
    expect(await countPdfPages(pdfWithImage(12_000, 3_000))).toBe(1); // 36 MP, each side within 12,000
    await expect(countPdfPages(pdfWithImage(12_001, 10))).rejects.toThrow(/12001×10 pixels/);
  }, 60_000);

  it('counts the checking thread\'s own time, not time spent waiting for a CPU: a check starved by a busy machine is not "too long" (issue 37)', async () => {
    // Megabytes with no cross-reference table: pdf.js scans them all, then finds no PDF. Real work, the same each time.
    const scan = new Uint8Array(3 * 1024 * 1024).fill(0x41);
    scan.set(new TextEncoder().encode('%PDF-1.4\n'));
    const before = process.cpuUsage();
    const idle = await countPdfPages(scan).catch((caught: unknown) => caught);
    const used = process.cpuUsage(before);
    expect((idle as TranscriptReadError).code).toBe('unreadable');
    // Three times the CPU the check needs (this whole process's, so more than its thread's): ample on any machine…
    const limitMs = Math.max(200, (3 * (used.user + used.system)) / 1000);
    // …but on a machine whose every core has four spinning threads, the check waits for a CPU far longer than that.
    const started = performance.now();
    const starved = await withBusyMachine(() => countPdfPages(scan, { timeoutMs: limitMs }).catch((caught: unknown) => caught));
    expect(performance.now() - started).toBeGreaterThan(limitMs); // it did wait longer than its limit
    expect((starved as TranscriptReadError).code).toBe('unreadable'); // and was judged by its work: not "took too long"
  }, 300_000);
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withBusyMachine } from '../../../../../tests/support/busy-machine';
import { pdfBomb } from '../../../../../tests/support/upload-files';
import { countPdfPages } from './count-pdf-pages';
import { DECODED_TOO_LARGE_MESSAGE } from './pdf-decode-limits';
import { readTranscriptInWorker, terminateTranscriptWorker } from './read-transcript-in-worker';
import { MachineBusyError } from './time-limits';
import { TranscriptReadError } from './types';

const FIXTURE = resolve(import.meta.dirname, '../../../../../tests/fixtures/transcripts/t11002.pdf');
const MB = 1024 * 1024;

/** Runs `work` while sampling this process's resident memory; answers its result and the highest growth seen. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    return { result, growthMb: (Math.max(peak, process.memoryUsage().rss) - start) / MB };
  } finally {
    clearInterval(sampler);
  }
}

afterAll(async () => {
  await terminateTranscriptWorker();
});

describe('decompression bombs in PDFs', () => {
  it('refuses a 1 MB PDF whose content stream inflates to 1 GB when it is checked, at once and within a fixed memory budget', async () => {
    const bomb = pdfBomb(1024);
    expect(bomb.byteLength).toBeLessThan(1.2 * MB);
    const started = performance.now();
    const { result, growthMb } = await peakGrowth(() => countPdfPages(bomb).catch((error: unknown) => error));
    expect(result).toBeInstanceOf(TranscriptReadError);
    expect((result as TranscriptReadError).message).toBe(DECODED_TOO_LARGE_MESSAGE);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(growthMb).toBeLessThan(400);
  }, 60_000);

  it('refuses a Flate-of-Flate bomb too, and still reads a real PDF afterwards', async () => {
    const nested = await countPdfPages(pdfBomb(2048, { layers: 2 })).catch((error: unknown) => error);
    expect((nested as Error).message).toBe(DECODED_TOO_LARGE_MESSAGE);
    expect(await countPdfPages(new Uint8Array(readFileSync(FIXTURE)))).toBeGreaterThan(0);
  }, 60_000);

  it('stops the reader on a bomb with a plain message (a limit, not a crash), within the memory budget', async () => {
    const { result, growthMb } = await peakGrowth(() => readTranscriptInWorker(pdfBomb(1024)).catch((error: unknown) => error));
    expect(result).toBeInstanceOf(TranscriptReadError);
    expect((result as TranscriptReadError).message).toBe(DECODED_TOO_LARGE_MESSAGE);
    expect(growthMb).toBeLessThan(500);
    const reading = await readTranscriptInWorker(new Uint8Array(readFileSync(FIXTURE)));
    expect(reading.rows.length).toBeGreaterThan(0);
  }, 120_000);

  it('stops a reading that runs past its time limit on an idle machine and says the file took too long', async () => {
    const idleMachine = () => ({ wasBusy: () => false });
    const error = await readTranscriptInWorker(new Uint8Array(readFileSync(FIXTURE)), {}, { timeLimitMs: 1, machineLoad: idleMachine }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptReadError);
    expect((error as TranscriptReadError).code).toBe('timeout');
    expect((await readTranscriptInWorker(new Uint8Array(readFileSync(FIXTURE)))).rows.length).toBeGreaterThan(0);
  }, 120_000);

  // The machine's load is read from Linux's pressure stall information (or its load average).
  it.runIf(process.platform === 'linux')('says the machine was busy, not that the file took too long, when a reading runs out of time on a busy machine (issue 37)', async () => {
    // A limit no reading of a PDF meets even on an idle machine, so the test never depends on how fast this one reads.
    const error = await withBusyMachine(() => readTranscriptInWorker(new Uint8Array(readFileSync(FIXTURE)), {}, { timeLimitMs: 50 }).catch((caught: unknown) => caught));
    expect(error).toBeInstanceOf(MachineBusyError);
    expect((error as Error).message).toBe('The server was too busy to read this file in time.');
  }, 120_000);
});

/**
 * Worker-thread entry: runs readTranscript off the main thread. Messages in: {id, bytes, maxPages};
 * messages out: {id, type: 'progress', phase, fraction} | {id, type: 'result', reading} | {id, type: 'error', code?, message}.
 * The OCR worker inside stays alive between jobs and is stopped on {type: 'shutdown'}.
 */
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { terminateOcr } from './ocr';
import { beginDecodeBudget, DECODED_TOO_LARGE_MESSAGE, installPdfDecodeLimits } from './pdf-decode-limits';
import { readTranscript } from './read-transcript';
import { TranscriptReadError } from './types';

export interface WorkerJob {
  type: 'read';
  id: number;
  bytes: Uint8Array;
  maxPages?: number;
}

if (!parentPort) throw new Error('read-transcript.worker must run in a worker thread');
const port = parentPort;
// One libvips thread: image preparation must not take every core from the server's requests.
sharp.concurrency(1);
// Before any PDF is opened: pdf.js's decoded streams are bounded in this thread.
await installPdfDecodeLimits();

// jobs run one at a time: OCR is CPU-bound and the tesseract worker is shared
let queue: Promise<void> = Promise.resolve();

port.on('message', (msg: WorkerJob | { type: 'shutdown' }) => {
  if (msg.type === 'shutdown') {
    void queue.then(() => terminateOcr()).finally(() => port.close());
    return;
  }
  const { id, bytes, maxPages } = msg;
  queue = queue.then(async () => {
    const budget = beginDecodeBudget();
    try {
      const reading = await readTranscript(bytes, {
        ...(maxPages !== undefined ? { maxPages } : {}),
        onProgress: (phase, fraction) => port.postMessage({ id, type: 'progress', phase, fraction }),
      });
      if (budget.exceeded) throw new TranscriptReadError('unreadable', DECODED_TOO_LARGE_MESSAGE);
      port.postMessage({ id, type: 'result', reading });
    } catch (err) {
      // pdf.js reports a stream cut off at its limit as a damaged file, or not at all: the budget knows better.
      if (budget.exceeded) port.postMessage({ id, type: 'error', code: 'unreadable', message: DECODED_TOO_LARGE_MESSAGE });
      else if (err instanceof TranscriptReadError) port.postMessage({ id, type: 'error', code: err.code, message: err.message });
      else port.postMessage({ id, type: 'error', message: String((err as Error)?.message ?? err) });
    }
  });
});

/** Runs readTranscript in a worker thread so the server's main thread never blocks on PDF parsing or OCR. */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from './start-worker';
import { TranscriptReadError, type ReadTranscriptOptions, type TranscriptReadErrorCode, type TranscriptReading } from './types';

type Reply =
  | { id: number; type: 'progress'; phase: 'reading' | 'ocr'; fraction: number }
  | { id: number; type: 'result'; reading: TranscriptReading }
  | { id: number; type: 'error'; code?: TranscriptReadErrorCode; message: string };

interface Pending {
  resolve: (r: TranscriptReading) => void;
  reject: (e: Error) => void;
  onProgress?: ReadTranscriptOptions['onProgress'];
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

const startWorker = () => startModuleWorker(import.meta.url, 'read-transcript.worker');

function getWorker(): Worker {
  if (worker) return worker;
  const w = startWorker();
  w.on('message', (msg: Reply) => {
    const p = pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') p.onProgress?.(msg.phase, msg.fraction);
    else {
      pending.delete(msg.id);
      if (msg.type === 'result') p.resolve(msg.reading);
      else p.reject(msg.code ? new TranscriptReadError(msg.code, msg.message) : new Error(msg.message));
    }
    if (pending.size === 0) w.unref();
  });
  const fail = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    if (worker === w) worker = null;
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`transcript worker exited with code ${code}`)));
  worker = w;
  return w;
}

/** Same contract as readTranscript, executed in a shared worker thread (jobs are queued one at a time). */
export function readTranscriptInWorker(bytes: Uint8Array, opts: ReadTranscriptOptions = {}): Promise<TranscriptReading> {
  const w = getWorker();
  w.ref();
  const id = nextId++;
  return new Promise<TranscriptReading>((resolve, reject) => {
    pending.set(id, { resolve, reject, ...(opts.onProgress ? { onProgress: opts.onProgress } : {}) });
    const copy = new Uint8Array(bytes); // transfer a copy; the caller keeps its buffer
    w.postMessage({ type: 'read', id, bytes: copy, ...(opts.maxPages !== undefined ? { maxPages: opts.maxPages } : {}) }, [copy.buffer]);
  });
}

/** Stops the worker thread (and the OCR engine inside it). */
export async function terminateTranscriptWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (!w) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => void w.terminate().then(() => resolve()), 5000);
    w.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    w.postMessage({ type: 'shutdown' });
  });
}

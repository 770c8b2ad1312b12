/**
 * Runs readTranscript in a worker thread so the server's main thread never blocks on PDF parsing or OCR, within limits:
 * the thread's heap is capped (DECODER_THREAD_LIMITS), pdf.js's decoded streams are capped inside the thread
 * (pdf-decode-limits.ts), and one reading may take at most READ_TIME_LIMIT_MS, after which the thread is stopped.
 * Readings run one at a time; a thread that was stopped or died is replaced for the next one.
 *
 * A limit the file ran into is the file's fault: a TranscriptReadError with a message for the student (the job is not
 * retried). A thread that died for another reason rejects with ReaderCrashedError (the job may be retried once). A
 * time limit (the reading's, or poppler's inside it) that ran out while the machine was busy is not the file's fault
 * either: MachineBusyError, and the job waits in the queue for a quieter moment (time-limits.ts, issue 37).
 */
import type { Worker } from 'node:worker_threads';
import { DECODER_THREAD_LIMITS, isOutOfMemory, startModuleWorker } from './start-worker';
import { MachineBusyError, markMachineLoad } from './time-limits';
import { TranscriptReadError, type ReadTranscriptOptions, type TranscriptReadErrorCode, type TranscriptReading } from './types';

/** Below the job runner's 300 s lock, so a reading is never still running when another worker may claim its job. */
export const READ_TIME_LIMIT_MS = 240_000;

type Reply =
  | { id: number; type: 'progress'; phase: 'reading' | 'ocr'; fraction: number }
  | { id: number; type: 'result'; reading: TranscriptReading }
  | { id: number; type: 'error'; code?: TranscriptReadErrorCode; message: string };

/** The reading thread stopped without answering (not a limit the file ran into). */
export class ReaderCrashedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReaderCrashedError';
  }
}

let worker: Worker | null = null;
let nextId = 1;
let queue: Promise<unknown> = Promise.resolve();

function getWorker(): Worker {
  worker ??= startModuleWorker(import.meta.url, 'read-transcript.worker', { resourceLimits: DECODER_THREAD_LIMITS });
  return worker;
}

function stopWorker(w: Worker) {
  if (worker === w) worker = null;
  void w.terminate();
}

/** How a reading tells whether the machine was busy while it ran (tests may stand in for an idle machine). */
export type MachineLoadMark = () => { wasBusy(): boolean };

function readOne(bytes: Uint8Array, opts: ReadTranscriptOptions, timeLimitMs: number, machineLoad: MachineLoadMark): Promise<TranscriptReading> {
  const w = getWorker();
  w.ref();
  const id = nextId++;
  const load = machineLoad();
  /** A time limit ran out: the file's fault only if the machine was not busy meanwhile. */
  const outOfTime = (message: string) => (load.wasBusy() ? new MachineBusyError('The server was too busy to read this file in time.') : new TranscriptReadError('timeout', message));
  return new Promise<TranscriptReading>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
      w.unref();
    };
    const onMessage = (msg: Reply) => {
      if (msg.id !== id) return;
      if (msg.type === 'progress') {
        opts.onProgress?.(msg.phase, msg.fraction);
        return;
      }
      finish();
      if (msg.type === 'result') resolve(msg.reading);
      else if (msg.code === 'timeout') reject(outOfTime(msg.message));
      else if (msg.code) reject(new TranscriptReadError(msg.code, msg.message));
      else reject(new ReaderCrashedError('The reader could not finish this file. It may be damaged; please upload another copy.', { cause: new Error(msg.message) }));
    };
    const onError = (error: Error) => {
      finish();
      if (worker === w) worker = null;
      reject(
        isOutOfMemory(error)
          ? new ReaderCrashedError('Reading this file needed more memory than the reader is allowed. It may be damaged; please upload another copy.', { cause: error })
          : new ReaderCrashedError('The reader stopped unexpectedly. Please try again, or upload another copy.', { cause: error }),
      );
    };
    const onExit = (code: number) => {
      finish();
      if (worker === w) worker = null;
      reject(new ReaderCrashedError('The reader stopped unexpectedly. Please try again, or upload another copy.', { cause: new Error(`exit code ${code}`) }));
    };
    const timer = setTimeout(() => {
      finish();
      stopWorker(w);
      reject(outOfTime('This file took too long to read, so we stopped. Please upload fewer pages, or a clearer PDF or photo.'));
    }, timeLimitMs);
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    const copy = new Uint8Array(bytes); // transfer a copy; the caller keeps its buffer
    w.postMessage({ type: 'read', id, bytes: copy, ...(opts.maxPages !== undefined ? { maxPages: opts.maxPages } : {}) }, [copy.buffer]);
  });
}

/** Same contract as readTranscript, executed in the shared reading thread, one reading at a time. */
export function readTranscriptInWorker(
  bytes: Uint8Array,
  opts: ReadTranscriptOptions = {},
  { timeLimitMs = READ_TIME_LIMIT_MS, machineLoad = markMachineLoad }: { timeLimitMs?: number; machineLoad?: MachineLoadMark } = {},
): Promise<TranscriptReading> {
  const result = queue.then(() => readOne(bytes, opts, timeLimitMs, machineLoad));
  queue = result.catch(() => undefined);
  return result;
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

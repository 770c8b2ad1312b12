/**
 * A PDF's page count from a structural parse (pdf.js), in a worker thread with a time limit: a hostile 20 MB PDF whose
 * cross-reference table must be rebuilt can keep pdf.js busy for seconds, which must never block the server's
 * requests. One request at a time; one that runs over the limit has its worker terminated (the next starts afresh).
 */
import type { Worker } from 'node:worker_threads';
import { DECODER_THREAD_LIMITS, isOutOfMemory, startModuleWorker } from './start-worker';
import { TranscriptReadError } from './types';

export const PDF_PAGE_COUNT_TIMEOUT_MS = 10_000;

type Reply = { id: number; pages: number } | { id: number; error: string };

let worker: Worker | null = null;
let ready: Promise<void> = Promise.resolve();
let nextId = 1;
let queue: Promise<unknown> = Promise.resolve();

function getWorker(): Worker {
  if (worker) return worker;
  const current = startModuleWorker(import.meta.url, 'pdf-pages.worker', { resourceLimits: DECODER_THREAD_LIMITS });
  worker = current;
  current.unref();
  ready = new Promise<void>((resolve) => {
    const onReady = (message: { ready?: boolean }) => {
      if (!message.ready) return;
      current.off('message', onReady);
      resolve();
    };
    current.on('message', onReady);
    current.once('exit', () => resolve());
  });
  const forget = () => {
    if (worker === current) worker = null;
  };
  current.on('exit', forget);
  current.on('error', forget); // a thread that fails is replaced at the next call, never an uncaught 'error'
  return current;
}

async function countInWorker(bytes: Uint8Array, timeoutMs: number, inspectPages: number): Promise<number> {
  const w = getWorker();
  w.ref();
  await ready; // the thread's start-up (loading pdf.js) does not count against the time limit
  const id = nextId++;
  return new Promise<number>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.unref();
    };
    const onMessage = (reply: Reply) => {
      if (reply.id !== id) return;
      finish();
      if ('pages' in reply) resolve(reply.pages);
      else reject(new TranscriptReadError('unreadable', reply.error));
    };
    const onError = (error: Error) => {
      finish();
      if (worker === w) worker = null;
      const message = isOutOfMemory(error)
        ? 'This PDF needs more memory to open than we allow, so it was not read. It may be damaged; please export or download it again.'
        : 'This PDF could not be read. It may be damaged.';
      reject(new TranscriptReadError('unreadable', message, { cause: error }));
    };
    const timer = setTimeout(() => {
      finish();
      if (worker === w) worker = null;
      void w.terminate();
      reject(new TranscriptReadError('timeout', 'This PDF took too long to read. It may be damaged; please export or download it again.'));
    }, timeoutMs);
    w.on('message', onMessage);
    w.on('error', onError);
    w.ref();
    const copy = new Uint8Array(bytes); // transfer a copy; the caller keeps its buffer
    w.postMessage({ id, bytes: copy, inspectPages }, [copy.buffer]);
  });
}

/**
 * The page count, or a TranscriptReadError whose message says why the PDF cannot be read. When the PDF has at most
 * `inspectPages` pages, their content is decoded too, under the decoders' byte limits (pdf-decode-limits.ts).
 */
export function countPdfPages(bytes: Uint8Array, { timeoutMs = PDF_PAGE_COUNT_TIMEOUT_MS, inspectPages = 100 } = {}): Promise<number> {
  const result = queue.then(() => countInWorker(bytes, timeoutMs, inspectPages));
  queue = result.catch(() => undefined);
  return result;
}

/**
 * A PDF's page count from a structural parse (pdf.js), in a worker thread with a time limit: a hostile 20 MB PDF whose
 * cross-reference table must be rebuilt can keep pdf.js busy for seconds, which must never block the server's
 * requests. One request at a time; one that runs over the limit has its worker terminated (the next starts afresh).
 *
 * The limit counts the thread's own CPU time (time-limits.ts), not time spent waiting for a CPU on a busy machine: a
 * check starved past a long wall-time backstop is a MachineBusyError (try again), never "took too long".
 */
import type { Worker } from 'node:worker_threads';
import { DECODER_THREAD_LIMITS, isOutOfMemory, startModuleWorker } from './start-worker';
import { MachineBusyError, threadWorkClock } from './time-limits';
import { TranscriptReadError } from './types';

/** The checking thread's CPU time a PDF may take. */
export const PDF_PAGE_COUNT_TIMEOUT_MS = 10_000;
/** How long a check may wait in all (starved by other work) before the server says it is busy. */
export const PDF_CHECK_BACKSTOP_MS = 120_000;

type Reply = { id: number; pages: number } | { id: number; error: string };

let worker: Worker | null = null;
let ready: Promise<void> = Promise.resolve();
/** The checking thread's operating-system id (null off Linux): whose CPU time the limit counts. */
let threadId: number | null = null;
let nextId = 1;
let queue: Promise<unknown> = Promise.resolve();

function getWorker(): Worker {
  if (worker) return worker;
  const current = startModuleWorker(import.meta.url, 'pdf-pages.worker', { resourceLimits: DECODER_THREAD_LIMITS });
  worker = current;
  current.unref();
  threadId = null;
  ready = new Promise<void>((resolve) => {
    const onReady = (message: { ready?: boolean; threadId?: number | null }) => {
      if (!message.ready) return;
      current.off('message', onReady);
      threadId = message.threadId ?? null;
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

async function countInWorker(bytes: Uint8Array, timeoutMs: number, backstopMs: number, inspectPages: number): Promise<number> {
  const w = getWorker();
  w.ref();
  await ready; // the thread's start-up (loading pdf.js) does not count against the time limit
  const id = nextId++;
  const clock = threadWorkClock(threadId);
  return new Promise<number>((resolve, reject) => {
    const finish = () => {
      clearInterval(timer);
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
    const stop = (error: Error) => {
      finish();
      if (worker === w) worker = null;
      void w.terminate();
      reject(error);
    };
    const timer = setInterval(() => {
      if (clock.workMs() >= timeoutMs) stop(new TranscriptReadError('timeout', 'This PDF took too long to read. It may be damaged; please export or download it again.'));
      else if (clock.wallMs() >= backstopMs) stop(new MachineBusyError());
    }, Math.min(100, Math.max(5, timeoutMs / 4)));
    w.on('message', onMessage);
    w.on('error', onError);
    w.ref();
    const copy = new Uint8Array(bytes); // transfer a copy; the caller keeps its buffer
    w.postMessage({ id, bytes: copy, inspectPages }, [copy.buffer]);
  });
}

/**
 * The page count, or a TranscriptReadError whose message says why the PDF cannot be read (a MachineBusyError when the
 * machine was too busy to finish the check). When the PDF has at most `inspectPages` pages, their content is decoded
 * too, under the decoders' byte limits (pdf-decode-limits.ts), and the images they paint are checked.
 */
export function countPdfPages(
  bytes: Uint8Array,
  { timeoutMs = PDF_PAGE_COUNT_TIMEOUT_MS, backstopMs = Math.max(PDF_CHECK_BACKSTOP_MS, 12 * timeoutMs), inspectPages = 100 } = {},
): Promise<number> {
  const result = queue.then(() => countInWorker(bytes, timeoutMs, backstopMs, inspectPages));
  queue = result.catch(() => undefined);
  return result;
}

/** Worker-thread entry: opens a PDF with pdf.js and answers its page count, off the server's main thread. */
import { parentPort } from 'node:worker_threads';
import { openPdf } from './pdf-text';
import { TranscriptReadError } from './types';

if (!parentPort) throw new Error('pdf-pages.worker must run in a worker thread');
const port = parentPort;

port.on('message', async ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  try {
    const doc = await openPdf(bytes);
    const pages = doc.numPages;
    await doc.destroy().catch(() => undefined);
    port.postMessage({ id, pages });
  } catch (error) {
    port.postMessage({ id, error: error instanceof TranscriptReadError ? error.message : 'This PDF could not be read. It may be damaged.' });
  }
});

// Loaded: time limits start counting from here, not from the thread's start.
port.postMessage({ ready: true });

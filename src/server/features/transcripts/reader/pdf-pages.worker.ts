/**
 * Worker-thread entry: opens a PDF with pdf.js and answers its page count, off the server's main thread. It also
 * decodes each page's content (up to `inspectPages` pages) under the decoder byte limits, so a PDF whose streams
 * inflate to gigabytes is refused when it is uploaded, not when somebody later opens it; and it goes through what each
 * page paints, so an image over the photo path's pixel limits (or its mask) is refused too, before anything renders
 * it. No image is decoded here (`maxImageSize: 0`): pdf.js reports each one's declared size and skips it.
 */
import { parentPort } from 'node:worker_threads';
import { oversizedPdfImageMessage } from './image-limits';
import { beginDecodeBudget, DECODED_TOO_LARGE_MESSAGE, installPdfDecodeLimits } from './pdf-decode-limits';
import { openPdf } from './pdf-text';
import { osThreadId } from './time-limits';
import { TranscriptReadError } from './types';

if (!parentPort) throw new Error('pdf-pages.worker must run in a worker thread');
const port = parentPort;

await installPdfDecodeLimits();

port.on('message', async ({ id, bytes, inspectPages }: { id: number; bytes: Uint8Array; inspectPages: number }) => {
  const budget = beginDecodeBudget();
  try {
    const doc = await openPdf(bytes, { maxImageSize: 0 });
    try {
      const pages = doc.numPages;
      if (pages <= inspectPages) {
        for (let number = 1; number <= pages && !budget.exceeded && !budget.oversizedImage; number++) {
          const page = await doc.getPage(number);
          await page.getTextContent();
          await page.getOperatorList();
          page.cleanup();
        }
      }
      if (budget.exceeded) port.postMessage({ id, error: DECODED_TOO_LARGE_MESSAGE });
      else if (budget.oversizedImage) port.postMessage({ id, error: oversizedPdfImageMessage(budget.oversizedImage.width, budget.oversizedImage.height) });
      else port.postMessage({ id, pages });
    } finally {
      await doc.destroy().catch(() => undefined);
    }
  } catch (error) {
    const message = budget.exceeded
      ? DECODED_TOO_LARGE_MESSAGE
      : error instanceof TranscriptReadError
        ? error.message
        : 'This PDF could not be read. It may be damaged.';
    port.postMessage({ id, error: message });
  }
});

// Loaded: time limits start counting from here, not from the thread's start, and count this thread's CPU time.
port.postMessage({ ready: true, threadId: osThreadId() });

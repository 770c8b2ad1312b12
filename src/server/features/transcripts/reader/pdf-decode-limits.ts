/**
 * A byte limit inside pdf.js's stream decoders, for the worker threads that open PDFs.
 *
 * pdf.js inflates a stream (Flate, LZW, run-length, Brotli, the decryption filters, chains of them) into one buffer of
 * the stream's whole decoded size: a 6 MB PDF whose one content stream inflates to 6 GB took the server to 12.5 GB. A
 * worker's `resourceLimits` caps only the JavaScript heap, not these buffers, so the limit has to sit where pdf.js grows
 * them. It does so in three places: `DecodeStream.ensureBuffer` (every synchronous decoder), the loop that collects a
 * native DecompressionStream's output (Flate read asynchronously) and the Brotli decoder's output loop. The bundled pdf.js
 * (unpdf's, version pinned in package.json) is loaded once per thread from a copy in which each of those places first
 * reports the stream's size so far and the bytes it adds to `chargeDecodedBytes`, which throws once a stream or the
 * document passes its limit.
 *
 * pdf.js swallows some decoding errors and carries on, so the budget also remembers that it was exceeded: the worker
 * asks `budget.exceeded` after each document and refuses it with DECODED_TOO_LARGE_MESSAGE, whatever pdf.js said.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { definePDFJSModule } from 'unpdf';

/** One decoded stream (a page's content, a font, an object stream). A transcript page's content is tens of KB. */
export const MAX_DECODED_STREAM_BYTES = 32 * 1024 * 1024;
/** Every buffer pdf.js allocates for decoded streams while reading one document, added up. */
export const MAX_DECODED_DOCUMENT_BYTES = 256 * 1024 * 1024;

export const DECODED_TOO_LARGE_MESSAGE =
  'This PDF unpacks to far more data than a transcript or syllabus holds (over 32 MB in one part), so it was not read. ' +
  'It may be damaged. Please export or download it again, or upload a photo of each page.';

const BUDGET_HOOK = '__crosswalkDecodeBudget';
const charge = (streamBytes: string, newBytes: string) => `globalThis.${BUDGET_HOOK}(${streamBytes},${newBytes})`;

/** Where unpdf's pdf.js bundle grows decoded output, and the same code reporting to the budget first. */
const GROWTH_POINTS: Array<[string, string]> = [
  // DecodeStream.ensureBuffer has chosen the new buffer size `s` for the stream.
  ['ensureBuffer(e){const n=this.buffer;if(e<=n.byteLength)return n;let s=this.minBufferLength;for(;s<e;)s*=2;', `$&${charge('s', 's')};`],
  // asyncGetBytesFromDecompressionStream: chunk `c` of the native decoder's output, `o` bytes so far.
  ['r.push(c),o+=c.byteLength', `$&,${charge('o', 'c.byteLength')}`],
  // The Brotli decoder: `$` bytes so far after another 16 KB block.
  ['Te(D),$+=D.outputUsed,', `$&${charge('$', 'D.outputUsed')},`],
];

export interface DecodeBudget {
  /** Set once a stream or the document went over its limit, even when pdf.js caught the error and carried on. */
  readonly exceeded: boolean;
  readonly allocatedBytes: number;
}

let current: { exceeded: boolean; allocatedBytes: number } = { exceeded: false, allocatedBytes: 0 };

/** Called by the patched pdf.js each time a stream's decoded output grows. */
function chargeDecodedBytes(streamBytes: number, newBytes: number) {
  current.allocatedBytes += newBytes;
  if (streamBytes > MAX_DECODED_STREAM_BYTES || current.allocatedBytes > MAX_DECODED_DOCUMENT_BYTES) {
    current.exceeded = true;
    throw new Error('crosswalk: decoded PDF stream over its byte limit');
  }
}

/** Starts counting for the next document (one document at a time per thread). */
export function beginDecodeBudget(): DecodeBudget {
  current = { exceeded: false, allocatedBytes: 0 };
  return current;
}

/** Where the patched copy is written: beside node_modules so its own `createRequire(import.meta.url)` still resolves. */
function patchedCopyPath(original: string, source: string): string {
  const digest = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const name = `pdfjs-bounded-${digest}.mjs`;
  const besideModules = join(dirname(original), '..', '..', '.cache', 'crosswalk-pdfjs');
  try {
    mkdirSync(besideModules, { recursive: true });
    return join(besideModules, name);
  } catch {
    return join(mkdtempSync(join(tmpdir(), 'crosswalk-pdfjs-')), name); // read-only node_modules
  }
}

let installed: Promise<void> | null = null;

/** Makes this thread's pdf.js (as used through unpdf) the bounded copy. Call before opening any PDF; idempotent. */
export function installPdfDecodeLimits(): Promise<void> {
  installed ??= (async () => {
    const original = fileURLToPath(import.meta.resolve('unpdf/pdfjs'));
    const source = readFileSync(original, 'utf8');
    let patched = source;
    for (const [pattern, replacement] of GROWTH_POINTS) {
      // Fail closed: a pdf.js update that moves one of these must not silently drop the limit (tested).
      if (patched.split(pattern).length !== 2) throw new Error(`pdf-decode-limits: the pdf.js bundle at ${original} changed; find again: ${pattern}`);
      patched = patched.replace(pattern, () => replacement.replace('$&', pattern));
    }
    const target = patchedCopyPath(original, patched);
    if (!existsSync(target)) {
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      writeFileSync(temporary, patched, { mode: 0o644 });
      renameSync(temporary, target); // atomic: threads starting together never load half a file
    }
    (globalThis as Record<string, unknown>)[BUDGET_HOOK] = chargeDecodedBytes;
    await definePDFJSModule(() => import(pathToFileURL(target).href));
  })();
  return installed;
}

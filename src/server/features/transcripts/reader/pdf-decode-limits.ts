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
 *
 * The same copy reports every image a page paints (`buildPaintImageXObject`, image XObjects and inline images alike,
 * before pdf.js decides whether to decode it) with its declared width and height, and those of its soft mask and mask:
 * the budget remembers the first one over the photo path's pixel limits (image-limits.ts), so a PDF holding a
 * 30,000 × 30,000 image is refused at upload (issue 37, decision 144). The upload check opens PDFs with
 * `maxImageSize: 0`, so pdf.js skips decoding every image there after reporting it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { definePDFJSModule } from 'unpdf';
import { isOversizedImage } from './image-limits';

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

const IMAGE_HOOK = '__crosswalkPdfImage';
/** Where pdf.js has read a painted image's width `d`, height `m` and dictionary `h`, just before its own size check. */
const IMAGE_POINT: [string, string] = ['if(l!==-1&&d*m>l){', `if(globalThis.${IMAGE_HOOK}?.(d,m,h),l!==-1&&d*m>l){`];

export interface DecodeBudget {
  /** Set once a stream or the document went over its limit, even when pdf.js caught the error and carried on. */
  readonly exceeded: boolean;
  readonly allocatedBytes: number;
  /** The first painted image (or its mask) over the pixel limits, as declared. */
  readonly oversizedImage: { width: number; height: number } | null;
}

let current: { exceeded: boolean; allocatedBytes: number; oversizedImage: { width: number; height: number } | null } = {
  exceeded: false,
  allocatedBytes: 0,
  oversizedImage: null,
};

/** Called by the patched pdf.js each time a stream's decoded output grows. */
function chargeDecodedBytes(streamBytes: number, newBytes: number) {
  current.allocatedBytes += newBytes;
  if (streamBytes > MAX_DECODED_STREAM_BYTES || current.allocatedBytes > MAX_DECODED_DOCUMENT_BYTES) {
    current.exceeded = true;
    throw new Error('crosswalk: decoded PDF stream over its byte limit');
  }
}

/** pdf.js's Dict, as far as the image hook reads it: `get` resolves references. */
interface PdfDict {
  get(key: string, alternative?: string): unknown;
}
const dictOf = (value: unknown): PdfDict | null => {
  const dict = (value as { dict?: unknown } | null)?.dict;
  return dict && typeof (dict as PdfDict).get === 'function' ? (dict as PdfDict) : null;
};

/** Called by the patched pdf.js for every image a page paints: notes the first one (or its mask) over the pixel limits. */
function notePaintedImage(width: unknown, height: unknown, dict: PdfDict | undefined) {
  if (current.oversizedImage) return;
  const sizes: Array<[unknown, unknown]> = [[width, height]];
  for (const key of ['SMask', 'Mask']) {
    try {
      const mask = dictOf(dict?.get(key));
      if (mask) sizes.push([mask.get('W', 'Width'), mask.get('H', 'Height')]);
    } catch {
      // an unreadable mask is pdf.js's to report
    }
  }
  for (const [w, h] of sizes) {
    if (typeof w === 'number' && typeof h === 'number' && isOversizedImage(w, h)) {
      current.oversizedImage = { width: w, height: h };
      return;
    }
  }
}

/** Starts counting for the next document (one document at a time per thread). */
export function beginDecodeBudget(): DecodeBudget {
  current = { exceeded: false, allocatedBytes: 0, oversizedImage: null };
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

/**
 * pdf.js 5 hands a page's fonts over with `ArrayBuffer.prototype.transferToFixedLength` (ES2024), which Node 20 lacks:
 * without it, going through a page's operator list stops at its first font, and an image painted after some text was
 * never seen by the image check. A copying stand-in does what pdf.js needs (the new buffer; the old one is dropped).
 */
function provideTransferToFixedLength() {
  const prototype = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: unknown };
  if (typeof prototype.transferToFixedLength === 'function') return;
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length: number = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

let installed: Promise<void> | null = null;

/** Makes this thread's pdf.js (as used through unpdf) the bounded copy. Call before opening any PDF; idempotent. */
export function installPdfDecodeLimits(): Promise<void> {
  installed ??= (async () => {
    const original = fileURLToPath(import.meta.resolve('unpdf/pdfjs'));
    const source = readFileSync(original, 'utf8');
    let patched = source;
    for (const [pattern, replacement] of [...GROWTH_POINTS, IMAGE_POINT]) {
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
    (globalThis as Record<string, unknown>)[IMAGE_HOOK] = notePaintedImage;
    provideTransferToFixedLength();
    await definePDFJSModule(() => import(pathToFileURL(target).href));
  })();
  return installed;
}

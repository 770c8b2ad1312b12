/**
 * Inspects a ZIP-based document (a .docx syllabus) before it is kept, without ever holding it inflated: the central
 * directory is read first (entry count, declared sizes, compression ratios, names, entries that overlap, as
 * "non-recursive" zip bombs do), then every entry is inflated as a stream whose output is only counted, and stopped as
 * soon as it passes what the directory declared or the document's budget. Staff open these files in Word: a
 * document that unpacks to gigabytes must not reach them.
 */
import { createInflateRaw } from 'node:zlib';

export const MAX_ZIP_ENTRIES = 2_000;
/** Everything a document unpacks to; a 10 MB .docx of text and photos unpacks to tens of MB at most. */
export const MAX_ZIP_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Deflate compresses ordinary text and XML by at most ~20×; zip bombs by ~1,000×. Small entries are not judged. */
export const MAX_ZIP_ENTRY_RATIO = 200;
const RATIO_APPLIES_ABOVE = 1024 * 1024;

export interface ZipProblem {
  /** Unpacks to too much (or is built to), or is not a whole, plain archive. */
  reason: 'too_large' | 'malformed';
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}

function readCentralDirectory(bytes: Uint8Array): Entry[] | ZipProblem {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfCentralDirectory(view);
  if (end < 0) return { reason: 'malformed' };
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  // ZIP64 markers: no syllabus needs more than 65,535 entries or 4 GB.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return { reason: 'too_large' };
  if (count > MAX_ZIP_ENTRIES) return { reason: 'too_large' };
  if (offset + size > end) return { reason: 'malformed' };
  const entries: Entry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_FILE_HEADER) return { reason: 'malformed' };
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const entry: Entry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    };
    if (flags & 0x01) return { reason: 'malformed' }; // encrypted entries cannot be inspected
    if (entry.method !== 0 && entry.method !== 8) return { reason: 'malformed' }; // stored or deflated only
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) return { reason: 'too_large' };
    // Paths that would escape the folder the document is unpacked into.
    if (entry.name.startsWith('/') || entry.name.includes('\\') || entry.name.split('/').includes('..')) return { reason: 'malformed' };
    if (entry.uncompressedSize > RATIO_APPLIES_ABOVE && entry.uncompressedSize > entry.compressedSize * MAX_ZIP_ENTRY_RATIO) return { reason: 'too_large' };
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > MAX_ZIP_UNPACKED_BYTES) return { reason: 'too_large' };
  return entries;
}

/** Where each entry's data lies; entries whose data overlaps another's (a non-recursive bomb) are refused. */
function locateData(bytes: Uint8Array, entries: Entry[], centralDirectoryStart: number): Array<{ entry: Entry; start: number }> | ZipProblem {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const located: Array<{ entry: Entry; start: number }> = [];
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL_FILE_HEADER) return { reason: 'malformed' };
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    if (start + entry.compressedSize > centralDirectoryStart) return { reason: 'malformed' };
    located.push({ entry, start });
  }
  const byStart = [...located].sort((a, b) => a.entry.localHeaderOffset - b.entry.localHeaderOffset);
  for (let index = 1; index < byStart.length; index++) {
    const previous = byStart[index - 1]!;
    if (previous.start + previous.entry.compressedSize > byStart[index]!.entry.localHeaderOffset) return { reason: 'malformed' };
  }
  return located;
}

/** Inflates one entry, counting and dropping its output; stops as soon as it passes `limit`. Answers the byte count. */
function countInflated(compressed: Uint8Array, limit: number): Promise<number | ZipProblem> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let total = 0;
    let settled = false;
    const settle = (value: number | ZipProblem) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) settle({ reason: 'too_large' });
    });
    inflate.on('end', () => settle(total));
    inflate.on('error', () => settle({ reason: 'malformed' }));
    inflate.end(compressed);
  });
}

/** Null when the archive may be kept; otherwise why not. Runs its inflating on libuv's thread pool, chunk by chunk. */
export async function inspectZip(bytes: Uint8Array): Promise<ZipProblem | null> {
  const entries = readCentralDirectory(bytes);
  if (!Array.isArray(entries)) return entries;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const centralDirectoryStart = view.getUint32(findEndOfCentralDirectory(view) + 16, true);
  const located = locateData(bytes, entries, centralDirectoryStart);
  if (!Array.isArray(located)) return located;
  let budget = MAX_ZIP_UNPACKED_BYTES;
  for (const { entry, start } of located) {
    const data = bytes.subarray(start, start + entry.compressedSize);
    // What the directory declared is what a reader will allocate; more than that is a lie, and refused.
    const actual = entry.method === 0 ? data.byteLength : await countInflated(data, Math.min(entry.uncompressedSize, budget));
    if (typeof actual !== 'number') return actual;
    if (actual !== entry.uncompressedSize) return { reason: 'malformed' };
    budget -= actual;
  }
  return null;
}

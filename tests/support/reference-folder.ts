/** A reference-data folder of small files for a test, in the repository's layout (gzip-compressed CSV). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function writeReferenceFile(folder: string, path: string, text: string): void {
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, path), gzipSync(text));
}

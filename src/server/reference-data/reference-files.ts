/**
 * The reference data the repository carries (`reference-data/` at its root): real catalogues, Florida's statewide
 * course inventory, Louisiana's common-course matrix, the Wisconsin transfer rules and program data, every CSV
 * gzip-compressed, each folder with its SOURCE notes. Found from this module's own location, which the compiled server
 * keeps (scripts/build-if-needed.mjs), so `npm start`, the commands and the tests read the same folder.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createGunzip, gunzipSync } from 'node:zlib';

export const REFERENCE_DATA_DIR = resolve(import.meta.dirname, '../../../reference-data');

/** A file of the reference data, compressed on disk, read as text. */
export interface ReferenceFile {
  /** Path inside the data folder, as stored (`equivalencies/wisconsin-transfer-rules.csv.gz`). */
  readonly path: string;
  /** Compressed size in bytes: what progress is measured against while the file is read. */
  size(): number;
  /** The text, streamed: memory stays flat however large the file. `onBytes` hears each compressed chunk read. */
  text(onBytes?: (bytes: number) => void): AsyncGenerator<string>;
  /** The whole text at once, for the small files. */
  wholeText(): string;
}

/** The reference data folder (the repository's by default; tests give a folder of small files of their own). */
export interface ReferenceFiles {
  readonly root: string;
  file(path: string): ReferenceFile;
  /** One hash of the files' bytes: tells a loaded set from one whose files have changed since. */
  digest(paths: readonly string[]): string;
}

export function referenceFiles(root: string = REFERENCE_DATA_DIR): ReferenceFiles {
  return {
    root,
    file(path) {
      const full = join(root, path);
      return {
        path,
        size: () => statSync(full).size,
        async *text(onBytes) {
          const decoder = new TextDecoder('utf-8');
          const source = createReadStream(full, { highWaterMark: 256 * 1024 });
          const gunzip = createGunzip();
          source.on('error', (error) => gunzip.destroy(error));
          if (onBytes) source.on('data', (chunk) => onBytes(chunk.length));
          for await (const chunk of source.pipe(gunzip)) {
            const text = decoder.decode(chunk as Buffer, { stream: true });
            if (text) yield text;
          }
          const rest = decoder.decode();
          if (rest) yield rest;
        },
        wholeText: () => gunzipSync(readFileSync(full)).toString('utf8'),
      };
    },
    digest(paths) {
      const hash = createHash('sha256');
      for (const path of [...paths].sort()) hash.update(path).update('\0').update(readFileSync(join(root, path)));
      return hash.digest('hex').slice(0, 16);
    },
  };
}

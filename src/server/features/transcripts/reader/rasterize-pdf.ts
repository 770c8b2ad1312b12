/** Rasterises PDF pages to grayscale PNGs with poppler's pdftoppm (for scanned PDFs). */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TranscriptReadError } from './types';

export interface RasterizeOptions {
  /** How many pages, from `first`. */
  pages: number;
  /** The first page (1-based, default 1). */
  first?: number;
  dpi?: number;
  /** Per-document limit (ms). */
  timeoutMs?: number;
}

export async function rasterizePdf(bytes: Uint8Array, opts: RasterizeOptions): Promise<Buffer[]> {
  const dir = await mkdtemp(join(tmpdir(), 'crosswalk-pdf-'));
  try {
    const input = join(dir, 'in.pdf');
    await writeFile(input, bytes);
    await new Promise<void>((resolve, reject) => {
      execFile(
        'pdftoppm',
        ['-r', String(opts.dpi ?? 200), '-gray', '-png', '-f', String(opts.first ?? 1), '-l', String((opts.first ?? 1) + opts.pages - 1), input, join(dir, 'page')],
        { timeout: opts.timeoutMs ?? 20_000 + 10_000 * opts.pages, maxBuffer: 1 << 20 },
        (err) => {
          if (err) {
            const e = err as NodeJS.ErrnoException & { killed?: boolean };
            if (e.code === 'ENOENT') reject(new Error('pdftoppm (poppler-utils) is not installed'));
            else if (e.killed) reject(new TranscriptReadError('timeout', 'This scanned PDF took too long to process. Please upload fewer or smaller pages.'));
            else reject(new TranscriptReadError('unreadable', 'This scanned PDF could not be read. Please try a photo (JPEG or PNG) instead.', { cause: err }));
          } else resolve();
        },
      );
    });
    const files = (await readdir(dir)).filter((f) => f.startsWith('page') && f.endsWith('.png')).sort();
    return Promise.all(files.map((f) => readFile(join(dir, f))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

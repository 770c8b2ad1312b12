/**
 * Words with their boxes from poppler's `pdftotext -bbox-layout`: the second PDF text extractor, used for pages whose
 * pdf.js text is letter-spaced or garbled. It runs as a child process with a time limit and an output limit, so a hostile
 * PDF can neither hang the reader's worker nor flood its memory.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Word } from './types';

export const POPPLER_TIMEOUT_MS = 8_000;
/** pdftotext's XHTML is about 120 bytes a word: 8 MB is tens of thousands of words, far more than any transcript. */
export const POPPLER_MAX_OUTPUT_BYTES = 8 * 1024 * 1024;

const decode = (s: string): string =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&amp;/g, '&');

/** Parses pdftotext's -bbox-layout XHTML into words; `firstPage` is the page number of the first <page>. */
export function parseBboxXhtml(xhtml: string, firstPage = 1): Word[][] {
  const pages: Word[][] = [];
  const pageRe = /<page\b[^>]*>([\s\S]*?)<\/page>/g;
  let pm: RegExpExecArray | null;
  while ((pm = pageRe.exec(xhtml))) {
    const words: Word[] = [];
    const page = firstPage + pages.length;
    const wordRe = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    let wm: RegExpExecArray | null;
    while ((wm = wordRe.exec(pm[1]!))) {
      const text = decode(wm[5]!).trim();
      if (text) words.push({ text, x0: Number(wm[1]), y0: Number(wm[2]), x1: Number(wm[3]), y1: Number(wm[4]), page });
    }
    pages.push(withoutTallGlyphs(words));
  }
  return pages;
}

/**
 * pdftotext gives the letters of a rotated watermark ("UNOFFICIAL" across the page) as words whose boxes are several
 * lines tall; they would join table rows into one line. Words far taller than the page's usual word are dropped.
 */
function withoutTallGlyphs(words: Word[]): Word[] {
  if (words.length < 10) return words;
  const heights = words.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const usual = heights[Math.floor(heights.length / 2)]!;
  return words.filter((w) => w.y1 - w.y0 <= 2.2 * usual);
}

/**
 * Words of pages `first`..`last` (1-based) of a PDF, or null when poppler is not installed, fails, runs over its time
 * limit or prints more than the output limit (the caller then keeps pdf.js's text).
 */
export async function popplerWords(bytes: Uint8Array, first: number, last: number, opts: { timeoutMs?: number; maxOutputBytes?: number } = {}): Promise<Word[][] | null> {
  const dir = await mkdtemp(join(tmpdir(), 'crosswalk-pdftotext-'));
  try {
    const input = join(dir, 'in.pdf');
    await writeFile(input, bytes);
    const xhtml = await new Promise<string | null>((resolve) => {
      execFile(
        'pdftotext',
        ['-bbox-layout', '-enc', 'UTF-8', '-f', String(first), '-l', String(last), input, '-'],
        { timeout: opts.timeoutMs ?? POPPLER_TIMEOUT_MS, maxBuffer: opts.maxOutputBytes ?? POPPLER_MAX_OUTPUT_BYTES, killSignal: 'SIGKILL', encoding: 'utf8' },
        (err, stdout) => resolve(err ? null : stdout),
      );
    });
    return xhtml === null ? null : parseBboxXhtml(xhtml, first);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

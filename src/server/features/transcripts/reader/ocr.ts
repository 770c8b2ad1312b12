/** Offline OCR with tesseract.js: one reusable worker, words with boxes. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker as TesseractWorker } from 'tesseract.js';
import sharp from 'sharp';
import { preprocessForOcr } from './preprocess-image';
import type { Word } from './types';

const require = createRequire(import.meta.url);

/** Local paths so tesseract.js never reaches for a CDN. */
export function tesseractPaths(): { langPath: string; corePath: string } {
  const eng = dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  const core = dirname(require.resolve('tesseract.js-core/package.json'));
  return { langPath: join(eng, '4.0.0_best_int'), corePath: core };
}

let workerPromise: Promise<TesseractWorker> | null = null;
/** Told how far the page being recognised is (0–1); the worker recognises one page at a time. */
let reportRecognizing: ((fraction: number) => void) | null = null;

/** The shared OCR worker, created on first use. */
export function getOcrWorker(): Promise<TesseractWorker> {
  if (!workerPromise) {
    const { langPath, corePath } = tesseractPaths();
    workerPromise = (async () => {
      const w = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath,
        corePath,
        gzip: true,
        cacheMethod: 'none',
        logger: (message: { status: string; progress: number }) => {
          if (message.status === 'recognizing text') reportRecognizing?.(message.progress);
        },
      });
      await w.setParameters({ preserve_interword_spaces: '1', user_defined_dpi: '300' });
      return w;
    })();
    workerPromise.catch(() => {
      workerPromise = null;
    });
  }
  return workerPromise;
}

/** Stops the shared OCR worker (call on shutdown, or after a batch). */
export async function terminateOcr(): Promise<void> {
  const p = workerPromise;
  workerPromise = null;
  if (p) await (await p).terminate();
}

export interface OcrResult {
  words: Word[];
  /** The prepared page the words were read from (their boxes are in its pixels), for a second look at some of them. */
  image: Buffer;
  /** Mean word confidence, 0–100. */
  confidence: number;
  skewDegrees: number;
}

interface BlockLike {
  paragraphs?: { lines?: { words?: { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } }[] }[] }[];
}

/** `onProgress`: how far recognising this page is, 0–1 (a page of a phone photo takes seconds). */
export async function ocrImage(bytes: Uint8Array, page = 1, onProgress?: (fraction: number) => void): Promise<OcrResult> {
  const prepared = await preprocessForOcr(bytes);
  const worker = await getOcrWorker();
  // A photo is read as one uniform block, so the engine follows each table row across the page even when it slants,
  // and its lines group the words. A clean scan reads best with automatic segmentation, rows rebuilt from word boxes.
  await worker.setParameters({ tessedit_pageseg_mode: prepared.photo ? PSM.SINGLE_BLOCK : PSM.AUTO });
  reportRecognizing = onProgress ?? null;
  let data;
  try {
    ({ data } = await worker.recognize(prepared.png, {}, { blocks: true, text: false }));
  } finally {
    reportRecognizing = null;
  }
  const words: Word[] = [];
  let confSum = 0;
  let lineId = 0;
  for (const block of (data.blocks ?? []) as BlockLike[])
    for (const para of block.paragraphs ?? [])
      for (const line of para.lines ?? []) {
        lineId++;
        for (const w of line.words ?? []) {
          const text = w.text.trim();
          if (!text) continue;
          // drop specks read as punctuation, and texture (shadow edges, noise) read as letters
          if (w.confidence < 20 && !/[A-Za-z0-9]{2}/.test(text)) continue;
          if (w.confidence < 25 && !/\d/.test(text) && !/^[A-Z]{2,5}$/.test(text)) continue;
          words.push({ text, x0: w.bbox.x0, x1: w.bbox.x1, y0: w.bbox.y0, y1: w.bbox.y1, page, conf: w.confidence, ...(prepared.photo ? { line: lineId } : {}) });
          confSum += w.confidence;
        }
      }
  return { words, image: prepared.png, confidence: words.length ? confSum / words.length : 0, skewDegrees: prepared.skewDegrees };
}

/** What a second look may read a word as: a course number (digits and letters) or a grade. */
export type RereadKind = 'number' | 'grade';

const REREAD_CHARACTERS: Record<RereadKind, string> = { number: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', grade: 'ABCDEFINPRSTUWXY+-' };

/**
 * A second look at words the first pass may have misread: each word's box, with a margin, cut from the prepared page,
 * enlarged and read again as one line from the characters its kind allows. Small type read at low resolution loses or
 * gains a digit ("FYE 1000" read as "FYE 100", "CSE 3763" as "CSE 13763"); read alone and larger, it mostly does not.
 * Returns the new text and confidence for each box (null where nothing was read).
 */
export async function rereadWords(image: Buffer, boxes: readonly (Pick<Word, 'x0' | 'x1' | 'y0' | 'y1'> & { kind: RereadKind })[]): Promise<({ text: string; conf: number } | null)[]> {
  if (boxes.length === 0) return [];
  const { width, height } = await sharp(image).metadata();
  if (!width || !height) return boxes.map(() => null);
  const worker = await getOcrWorker();
  const out: ({ text: string; conf: number } | null)[] = [];
  try {
    for (const box of boxes) {
      const h = Math.max(4, box.y1 - box.y0);
      const left = Math.max(0, Math.floor(box.x0 - 0.25 * h));
      const top = Math.max(0, Math.floor(box.y0 - 0.35 * h));
      const right = Math.min(width, Math.ceil(box.x1 + 0.25 * h));
      const bottom = Math.min(height, Math.ceil(box.y1 + 0.35 * h));
      if (right - left < 4 || bottom - top < 4) {
        out.push(null);
        continue;
      }
      const crop = await sharp(image)
        .extract({ left, top, width: right - left, height: bottom - top })
        .resize({ height: Math.max(64, 2 * (bottom - top)), kernel: 'lanczos3' })
        .extend({ top: 16, bottom: 16, left: 16, right: 16, background: { r: 255, g: 255, b: 255, alpha: 1 } })
        .png()
        .toBuffer();
      // one line (not one word: the single-word mode read a thin "1" twice)
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE, tessedit_char_whitelist: REREAD_CHARACTERS[box.kind] });
      const { data } = await worker.recognize(crop);
      const text = data.text.trim();
      out.push(text ? { text, conf: data.confidence } : null);
    }
  } finally {
    await worker.setParameters({ tessedit_char_whitelist: '' });
  }
  return out;
}

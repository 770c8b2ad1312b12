/** Offline OCR with tesseract.js: one reusable worker, words with boxes. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker as TesseractWorker } from 'tesseract.js';
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
  return { words, confidence: words.length ? confSum / words.length : 0, skewDegrees: prepared.skewDegrees };
}

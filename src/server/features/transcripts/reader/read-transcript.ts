/** Reads the bytes of an unofficial transcript (text PDF, scanned PDF, or photo) into course rows. */
import { detectCalendar } from './calendar';
import { detectFileType } from './detect-file-type';
import { checkImageSize } from './image-size';
import { buildLines } from './layout-lines';
import { ocrImage, rereadWords } from './ocr';
import { parseCourseLines } from './parse-course-lines';
import { extractPdfWords, openPdf } from './pdf-text';
import { popplerWords } from './poppler-text';
import { rasterizePdf } from './rasterize-pdf';
import { wordsForSecondLook } from './second-look';
import { isPoorText, isUntrustedText, measureTextQuality, textBadness } from './text-quality';
import { TranscriptReadError, type Line, type ReadRow, type ReadTranscriptOptions, type TextSource, type TranscriptReading, type Word } from './types';

export { NO_COURSE_ROWS_MESSAGE, TranscriptReadError } from './types';
export { checkImageSize, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-size';
export type { CalendarReading, CreditCalendar, ReadRow, TranscriptReading, ReadTranscriptOptions, TranscriptReadErrorCode, RowSection } from './types';

export const DEFAULT_MAX_PAGES = 30;
/** A page with fewer characters of text than this is treated as scanned. */
const MIN_TEXT_CHARS_PER_PAGE = 40;
/** Scanned pages OCR'd at most (each costs seconds of CPU); later pages are not read. */
export const MAX_OCR_PAGES = 12;
/** Scans are rasterised at about 300 dpi, the resolution OCR reads small table text best at. */
const SCAN_DPI = 300;
/** Above this share of joined-cell items, a page's word places come from poppler (its boxes are the glyphs' own). */
const MERGED_CELLS_LIMIT = 0.25;

interface PageText {
  words: Word[];
  sources: TextSource[];
  ocrConfidence?: number;
  source: TranscriptReading['source'];
  /** The prepared image of each page read by OCR (by page number), for a second look at some words. */
  ocrImages?: Map<number, Buffer>;
}

/** pdf.js text for each page, or poppler's where pdf.js's is letter-spaced or garbled and poppler's is better. */
async function pdfText(bytes: Uint8Array, maxPages: number, progress: (fraction: number) => void): Promise<{ pages: number; text: PageText | null }> {
  const doc = await openPdf(bytes);
  try {
    const pages = doc.numPages;
    if (pages > maxPages) throw new TranscriptReadError('too_many_pages', `This PDF has ${pages} pages; the limit is ${maxPages}. Please upload only the transcript pages.`);
    if (pages === 0) throw new TranscriptReadError('empty', 'This PDF has no pages.');
    // Fractions: a PDF's text takes the first fifth (a text PDF is then done); recognising scanned pages or a photo the rest.
    const text = await extractPdfWords(doc, maxPages, (done, of) => progress((0.2 * done) / of));
    const textPages = text.charsPerPage.filter((n) => n >= MIN_TEXT_CHARS_PER_PAGE).length;
    if (textPages < Math.max(1, Math.ceil(pages / 2))) return { pages, text: null };
    const sources: TextSource[] = text.pageWords.map(() => 'pdfjs');
    // poor pages: letter-spaced or garbled text, or table cells joined into items whose words' places are estimates
    const poor = text.pageWords.flatMap((w, i) =>
      text.charsPerPage[i]! >= MIN_TEXT_CHARS_PER_PAGE && (isPoorText(measureTextQuality(w)) || text.mergedCellShare[i]! > MERGED_CELLS_LIMIT) ? [i + 1] : [],
    );
    if (poor.length) {
      const first = Math.min(...poor);
      const last = Math.max(...poor);
      const other = await popplerWords(bytes, first, last);
      for (const p of poor) {
        const candidate = other?.[p - first];
        // poppler's boxes are the glyphs' own (letter-spaced words can be joined from them, columns placed): keep them
        // unless their text is clearly worse
        if (candidate && candidate.length && textBadness(measureTextQuality(candidate)) <= textBadness(measureTextQuality(text.pageWords[p - 1]!)) + 0.1) {
          text.pageWords[p - 1] = candidate;
          sources[p - 1] = 'poppler';
        }
      }
    }
    // pages whose best text still cannot be trusted (fonts without a usable character map) are read from their pixels
    const untrusted = text.pageWords.flatMap((w, i) => (text.charsPerPage[i]! >= MIN_TEXT_CHARS_PER_PAGE && isUntrustedText(w) ? [i + 1] : [])).slice(0, MAX_OCR_PAGES);
    let ocrConfidence: number | undefined;
    const ocrImages = new Map<number, Buffer>();
    if (untrusted.length) {
      const confs: number[] = [];
      for (const [k, p] of untrusted.entries()) {
        const [image] = await rasterizePdf(bytes, { first: p, pages: 1, dpi: SCAN_DPI });
        if (!image) continue;
        const r = await ocrImage(image, p, (f) => progress(0.2 + (0.8 * (k + f)) / untrusted.length));
        text.pageWords[p - 1] = r.words;
        sources[p - 1] = 'ocr';
        confs.push(r.confidence);
        ocrImages.set(p, r.image);
      }
      if (confs.length) ocrConfidence = confs.reduce((a, b) => a + b, 0) / confs.length;
    }
    progress(1);
    const textPageSources = sources.filter((_, i) => text.charsPerPage[i]! >= MIN_TEXT_CHARS_PER_PAGE);
    const source = textPageSources.length > 0 && textPageSources.every((s) => s === 'ocr') ? 'ocr' : 'pdf-text';
    return { pages, text: { words: text.pageWords.flat(), sources, source, ocrImages, ...(ocrConfidence !== undefined ? { ocrConfidence } : {}) } };
  } finally {
    await doc.destroy().catch(() => {});
  }
}

async function ocrPages(images: Buffer[] | Uint8Array[], progress: (fraction: number) => void): Promise<PageText> {
  const words: Word[] = [];
  const confs: number[] = [];
  const ocrImages = new Map<number, Buffer>();
  for (const [i, image] of images.entries()) {
    const r = await ocrImage(image, i + 1, (fraction) => progress((i + fraction) / images.length));
    words.push(...r.words);
    confs.push(r.confidence);
    ocrImages.set(i + 1, r.image);
    progress((i + 1) / images.length);
  }
  return { words, sources: images.map(() => 'ocr'), ocrConfidence: confs.reduce((a, b) => a + b, 0) / Math.max(1, confs.length), source: 'ocr', ocrImages };
}

/** Reads again the words `wordsForSecondLook` picks, page by page, and keeps what it accepts; true when a word changed. */
async function secondLook(lines: Line[], images: Map<number, Buffer>): Promise<boolean> {
  let changed = false;
  for (const [page, image] of images) {
    const looks = wordsForSecondLook(lines.filter((l) => l.page === page));
    const reread = await rereadWords(image, looks.map((l) => ({ ...l.word, kind: l.kind })));
    looks.forEach((look, i) => {
      const again = reread[i];
      const kept = again && again.conf >= 60 ? look.accept(again.text) : null;
      if (kept && kept !== look.word.text) {
        look.word.text = kept;
        changed = true;
      }
    });
  }
  return changed;
}

/** Whether the rows are plausibly a transcript's courses, and how sure the reader is of the document. */
export function judgeRows(rows: readonly ReadRow[]): { courseRowsFound: boolean; confidence: number } {
  const plausible = rows.filter((r) => r.confidence >= 0.5);
  const courseRowsFound = plausible.length >= 2 || (rows.length === 1 && plausible.length === 1 && plausible[0]!.confidence >= 0.7);
  if (!courseRowsFound) return { courseRowsFound, confidence: 0 };
  const mean = rows.reduce((s, r) => s + r.confidence, 0) / rows.length;
  return { courseRowsFound, confidence: Math.round(mean * Math.min(1, plausible.length / 3) * 100) / 100 };
}

export async function readTranscript(bytes: Uint8Array, opts: ReadTranscriptOptions = {}): Promise<TranscriptReading> {
  const started = performance.now();
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  const progress = opts.onProgress ?? (() => {});
  const type = detectFileType(bytes);
  if (type.refuse === 'empty') throw new TranscriptReadError('empty', 'The file is empty. Please choose your transcript file again.');
  if (type.refuse) {
    throw new TranscriptReadError(
      'unsupported_type',
      type.polyglot
        ? 'This file contains more than one kind of content and cannot be accepted. Please upload a plain PDF, JPEG or PNG.'
        : 'This kind of file is not supported. Please upload a PDF, JPEG or PNG of your transcript.',
    );
  }
  if (type.kind === 'heic')
    throw new TranscriptReadError('unsupported_type', 'HEIC photos cannot be read yet. Please save the photo as JPEG (or take a screenshot) and upload that.');
  if (type.kind === 'unknown') throw new TranscriptReadError('unsupported_type', 'This kind of file is not supported. Please upload a PDF, JPEG or PNG of your transcript.');

  let pages: number;
  let text: PageText;
  progress('reading', 0);
  if (type.kind === 'pdf') {
    const fromPdf = await pdfText(bytes, maxPages, (f) => progress('reading', f));
    pages = fromPdf.pages;
    if (fromPdf.text) text = fromPdf.text;
    else {
      progress('reading', 0.2);
      const images = await rasterizePdf(bytes, { pages: Math.min(pages, MAX_OCR_PAGES), dpi: SCAN_DPI });
      text = await ocrPages(images, (f) => progress('ocr', 0.2 + 0.8 * f));
    }
  } else {
    await checkImageSize(bytes);
    pages = 1;
    progress('ocr', 0);
    text = await ocrPages([bytes], (f) => progress('ocr', f));
  }

  let lines = buildLines(text.words);
  // a second look at OCR'd course numbers with an unusual count of digits; the page is read again if any changed
  if (text.ocrImages?.size && (await secondLook(lines, text.ocrImages))) lines = buildLines(text.words);
  const parsed = parseCourseLines(lines);
  const judged = judgeRows(parsed.rows);
  return {
    source: text.source,
    institution: parsed.institution,
    institutionWebAddress: parsed.institutionWebAddress,
    pages,
    rows: parsed.rows,
    courseRowsFound: judged.courseRowsFound,
    confidence: judged.confidence,
    calendar: detectCalendar(lines, parsed.rows),
    diagnostics: {
      lines: lines.length,
      candidateLines: parsed.candidateLines,
      skippedLines: parsed.skippedLines,
      ms: Math.round(performance.now() - started),
      ...(text.ocrConfidence !== undefined ? { ocrConfidence: text.ocrConfidence } : {}),
      textSources: text.sources,
    },
  };
}

/** Reads the bytes of an unofficial transcript (text PDF, scanned PDF, or photo) into course rows. */
import { detectFileType } from './detect-file-type';
import { checkImageSize } from './image-size';
import { buildLines } from './layout-lines';
import { ocrImage } from './ocr';
import { parseCourseLines } from './parse-course-lines';
import { extractPdfWords, openPdf } from './pdf-text';
import { rasterizePdf } from './rasterize-pdf';
import { TranscriptReadError, type ReadTranscriptOptions, type TranscriptReading, type Word } from './types';

export { TranscriptReadError } from './types';
export { checkImageSize, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-size';
export type { ReadRow, TranscriptReading, ReadTranscriptOptions, TranscriptReadErrorCode } from './types';

export const DEFAULT_MAX_PAGES = 30;
/** A page with fewer characters of text than this is treated as scanned. */
const MIN_TEXT_CHARS_PER_PAGE = 40;

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

  let source: TranscriptReading['source'];
  let pages: number;
  let words: Word[];
  let ocrConfidence: number | undefined;
  // Fractions: a PDF's text takes the first fifth (a text PDF is then done); recognising scanned pages or a photo the rest.
  progress('reading', 0);
  if (type.kind === 'pdf') {
    const doc = await openPdf(bytes);
    try {
      pages = doc.numPages;
      if (pages > maxPages)
        throw new TranscriptReadError('too_many_pages', `This PDF has ${pages} pages; the limit is ${maxPages}. Please upload only the transcript pages.`);
      if (pages === 0) throw new TranscriptReadError('empty', 'This PDF has no pages.');
      const text = await extractPdfWords(doc, maxPages, (done, of) => progress('reading', (0.2 * done) / of));
      const textPages = text.charsPerPage.filter((n) => n >= MIN_TEXT_CHARS_PER_PAGE).length;
      if (textPages >= Math.max(1, Math.ceil(pages / 2))) {
        source = 'pdf-text';
        words = text.words;
        progress('reading', 1);
      } else {
        source = 'ocr';
        progress('reading', 0.2);
        const images = await rasterizePdf(bytes, { pages });
        words = [];
        const confs: number[] = [];
        for (const [i, png] of images.entries()) {
          const r = await ocrImage(png, i + 1, (fraction) => progress('ocr', 0.2 + (0.8 * (i + fraction)) / images.length));
          words.push(...r.words);
          confs.push(r.confidence);
          progress('ocr', 0.2 + (0.8 * (i + 1)) / images.length);
        }
        ocrConfidence = confs.reduce((a, b) => a + b, 0) / Math.max(1, confs.length);
      }
    } finally {
      await doc.destroy().catch(() => {});
    }
  } else {
    await checkImageSize(bytes);
    source = 'ocr';
    pages = 1;
    progress('ocr', 0);
    const r = await ocrImage(bytes, 1, (fraction) => progress('ocr', fraction));
    words = r.words;
    ocrConfidence = r.confidence;
    progress('ocr', 1);
  }

  const lines = buildLines(words);
  const parsed = parseCourseLines(lines);
  return {
    source,
    institution: parsed.institution,
    pages,
    rows: parsed.rows,
    diagnostics: {
      lines: lines.length,
      candidateLines: parsed.candidateLines,
      skippedLines: parsed.skippedLines,
      ms: Math.round(performance.now() - started),
      ...(ocrConfidence !== undefined ? { ocrConfidence } : {}),
    },
  };
}

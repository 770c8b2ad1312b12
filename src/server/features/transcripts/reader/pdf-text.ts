/** Text with positions from a PDF via unpdf (pdf.js). */
import { getDocumentProxy } from 'unpdf';
import { TranscriptReadError, type Word } from './types';

export interface PdfTextResult {
  pages: number;
  /** Words of each page (index 0 = page 1). */
  pageWords: Word[][];
  /** Characters of real text per page, to tell text PDFs from scans. */
  charsPerPage: number[];
  /**
   * Per page, the share of text items that run a title into a number ("Writing 3.00 A"): pdf.js joined table cells
   * into one item, so the words' places inside it are estimates and columns may be misplaced.
   */
  mergedCellShare: number[];
}

/** A text item that holds a word and then a number: two or more table cells joined by pdf.js. */
const MERGED_CELLS = /[A-Za-z]{2,}\s+\(?\d{1,3}(?:[.,]\d{1,3})?\)?(?:\s|$)/;

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

type PdfDoc = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * `maxImageSize`: pdf.js decodes no painted image larger than this many pixels (0: none at all), and then says nothing
 * about the images it skips (only errors are printed).
 */
export async function openPdf(bytes: Uint8Array, { maxImageSize }: { maxImageSize?: number } = {}): Promise<PdfDoc> {
  try {
    // pdf.js may detach the buffer it is given, so hand it a copy
    return await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      stopAtErrors: false,
      ...(maxImageSize !== undefined ? { maxImageSize, verbosity: 0 } : {}),
    });
  } catch (err) {
    const msg = String((err as Error)?.message ?? err);
    if (/password/i.test(msg)) throw new TranscriptReadError('unreadable', 'This PDF is password-protected. Please upload an unprotected copy.', { cause: err });
    throw new TranscriptReadError('unreadable', 'This PDF could not be read. It may be damaged; please try exporting or downloading it again.', { cause: err });
  }
}

/**
 * Relative advance widths of characters in a typical proportional font (Helvetica's metrics, in em). pdf.js gives a
 * text item's total width only, so a word's position inside an item is estimated from these: a digit is twice as wide
 * as an "i", and a space is narrow, so sharing the width evenly would misplace columns.
 */
function charWidth(ch: string): number {
  if (ch === ' ') return 0.278;
  if ('il.,:;|!\'`'.includes(ch)) return 0.24;
  if ('fjtrI()[]-/'.includes(ch)) return 0.32;
  if (ch >= '0' && ch <= '9') return 0.556;
  if ('mwMW'.includes(ch)) return 0.85;
  if (ch >= 'A' && ch <= 'Z') return 0.68;
  return 0.52;
}

/** Splits each text item into words, placing each word by its share of the item's width. */
export function itemsToWords(items: TextItemLike[], page: number, pageHeight: number): Word[] {
  const words: Word[] = [];
  for (const it of items) {
    if (!it.str || !it.str.trim()) continue;
    const [a = 1, b = 0, , d = 1, e = 0, f = 0] = it.transform;
    if (Math.abs(b) > Math.abs(a)) continue; // vertical/rotated text (watermarks, margins)
    if (Math.abs(b) > 0.05 * Math.abs(a)) continue; // slanted text (diagonal "UNOFFICIAL" watermarks)
    const size = Math.abs(d) || it.height || 10;
    const top = pageHeight - f - size * 0.8;
    const bottom = pageHeight - f + size * 0.2;
    const str = it.str;
    const widths = [...str].map(charWidth);
    const total = widths.reduce((s, w) => s + w, 0);
    const scale = (it.width || size * total) / Math.max(1e-6, total);
    const offsets: number[] = [];
    let acc = 0;
    for (const w of widths) {
      offsets.push(acc);
      acc += w * scale;
    }
    offsets.push(acc);
    const re = /\S+/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(str))) {
      words.push({ text: m[0], x0: e + offsets[m.index]!, x1: e + offsets[m.index + m[0].length]!, y0: top, y1: bottom, page });
    }
  }
  return words;
}

/** `onPage(done, of)`: after each page, for progress. */
export async function extractPdfWords(doc: PdfDoc, maxPages: number, onPage?: (done: number, of: number) => void): Promise<PdfTextResult> {
  const pages = doc.numPages;
  const pageWords: Word[][] = [];
  const charsPerPage: number[] = [];
  const mergedCellShare: number[] = [];
  for (let p = 1; p <= Math.min(pages, maxPages); p++) {
    const page = await doc.getPage(p);
    const vp = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items = content.items.filter((i): i is typeof i & TextItemLike => 'str' in i);
    const pw = itemsToWords(items as TextItemLike[], p, vp.height);
    charsPerPage.push(pw.reduce((n, w) => n + w.text.length, 0));
    const withNumbers = items.filter((i) => /\d/.test(i.str));
    mergedCellShare.push(withNumbers.filter((i) => MERGED_CELLS.test(i.str)).length / Math.max(1, withNumbers.length));
    pageWords.push(pw);
    page.cleanup();
    onPage?.(p, Math.min(pages, maxPages));
  }
  return { pages, pageWords, charsPerPage, mergedCellShare };
}

/** Text with positions from a PDF via unpdf (pdf.js). */
import { getDocumentProxy } from 'unpdf';
import { TranscriptReadError, type Word } from './types';

export interface PdfTextResult {
  pages: number;
  words: Word[];
  /** Characters of real text per page, to tell text PDFs from scans. */
  charsPerPage: number[];
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

type PdfDoc = Awaited<ReturnType<typeof getDocumentProxy>>;

export async function openPdf(bytes: Uint8Array): Promise<PdfDoc> {
  try {
    // pdf.js may detach the buffer it is given, so hand it a copy
    return await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
  } catch (err) {
    const msg = String((err as Error)?.message ?? err);
    if (/password/i.test(msg)) throw new TranscriptReadError('unreadable', 'This PDF is password-protected. Please upload an unprotected copy.', { cause: err });
    throw new TranscriptReadError('unreadable', 'This PDF could not be read. It may be damaged; please try exporting or downloading it again.', { cause: err });
  }
}

/** Splits each text item into words, placing each word by its share of the item's width. */
export function itemsToWords(items: TextItemLike[], page: number, pageHeight: number): Word[] {
  const words: Word[] = [];
  for (const it of items) {
    if (!it.str || !it.str.trim()) continue;
    const [a = 1, b = 0, , d = 1, e = 0, f = 0] = it.transform;
    if (Math.abs(b) > Math.abs(a)) continue; // vertical/rotated text (watermarks, margins)
    const size = Math.abs(d) || it.height || 10;
    const top = pageHeight - f - size * 0.8;
    const bottom = pageHeight - f + size * 0.2;
    const str = it.str;
    const perChar = (it.width || size * 0.5 * str.length) / Math.max(1, str.length);
    const re = /\S+/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(str))) {
      words.push({ text: m[0], x0: e + m.index * perChar, x1: e + (m.index + m[0].length) * perChar, y0: top, y1: bottom, page });
    }
  }
  return words;
}

/** `onPage(done, of)`: after each page, for progress. */
export async function extractPdfWords(doc: PdfDoc, maxPages: number, onPage?: (done: number, of: number) => void): Promise<PdfTextResult> {
  const pages = doc.numPages;
  const words: Word[] = [];
  const charsPerPage: number[] = [];
  for (let p = 1; p <= Math.min(pages, maxPages); p++) {
    const page = await doc.getPage(p);
    const vp = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items = content.items.filter((i): i is typeof i & TextItemLike => 'str' in i);
    const pw = itemsToWords(items as TextItemLike[], p, vp.height);
    charsPerPage.push(pw.reduce((n, w) => n + w.text.length, 0));
    words.push(...pw);
    page.cleanup();
    onPage?.(p, Math.min(pages, maxPages));
  }
  return { pages, words, charsPerPage };
}

/**
 * Rebuilds reading-order lines and table cells from positioned words (PDF text items or OCR boxes).
 * Handles several pages, repeated page headers/footers and two-column page layouts.
 */
import type { Cell, Line, Word } from './types';
import { startsWithCourseCode } from './course-code';
import { findTerm } from './terms';

const median = (xs: number[]): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Groups words into lines: by the OCR engine's lines when it gave them, else by vertical centre; left to right. */
export function groupIntoLines(words: Word[]): Word[][] {
  if (words.length > 0 && words.every((w) => w.line !== undefined)) return groupByOcrLine(words);
  const sorted = [...words].sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2 || a.x0 - b.x0);
  const lines: { cy: number; h: number; words: Word[] }[] = [];
  for (const w of sorted) {
    const cy = (w.y0 + w.y1) / 2;
    const h = Math.max(1, w.y1 - w.y0);
    const last = lines[lines.length - 1];
    if (last && Math.abs(cy - last.cy) <= Math.max(2, 0.45 * Math.min(h, last.h) + 0.1 * Math.max(h, last.h))) {
      last.words.push(w);
      const n = last.words.length;
      last.cy = (last.cy * (n - 1) + cy) / n;
      last.h = Math.max(last.h, h);
    } else {
      lines.push({ cy, h, words: [w] });
    }
  }
  return lines.map((l) => l.words.sort((a, b) => a.x0 - b.x0));
}

/**
 * Words grouped by the OCR engine's own lines, which follow a skewed or curved row of text across the page; lines are
 * ordered by their middle. A line the engine split at a wide gap is joined again when the two parts sit side by side.
 */
function groupByOcrLine(words: Word[]): Word[][] {
  const byLine = new Map<number, Word[]>();
  for (const w of words) byLine.set(w.line!, [...(byLine.get(w.line!) ?? []), w]);
  const lines = [...byLine.values()].map((ws) => ws.sort((a, b) => a.x0 - b.x0));
  const mid = (ws: Word[]) => ws.reduce((s, w) => s + (w.y0 + w.y1) / 2, 0) / ws.length;
  lines.sort((a, b) => mid(a) - mid(b));
  const out: Word[][] = [];
  for (const line of lines) {
    const h = median(line.map((w) => w.y1 - w.y0)) || 10;
    const partner = out.find((o) => {
      const last = o[o.length - 1]!;
      const first = o[0]!;
      const beside = line[0]!.x0 > last.x1 || line[line.length - 1]!.x1 < first.x0;
      const side = line[0]!.x0 > last.x1 ? last : first;
      const edge = line[0]!.x0 > last.x1 ? line[0]! : line[line.length - 1]!;
      return beside && Math.abs((side.y0 + side.y1) / 2 - (edge.y0 + edge.y1) / 2) < 0.5 * h;
    });
    if (partner) {
      partner.push(...line);
      partner.sort((a, b) => a.x0 - b.x0);
    } else out.push(line);
  }
  return out;
}

/**
 * Joins fragments of one word that an extractor split at a kerning pair in letter-spaced text ("M AT H", "Te r m"):
 * letters-only pieces of one or two letters (three in capitals) closer than a sixth of the line height (a space is more
 * than a quarter).
 */
function joinTouchingFragments(words: Word[]): Word[] {
  if (words.length < 2) return words;
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const out: Word[] = [{ ...sorted[0]! }];
  let lastPiece = sorted[0]!.text;
  const short = (t: string) => (t.length <= 2 && /^[A-Za-z]+$/.test(t)) || /^[A-Z]{3}$/.test(t);
  for (const w of sorted.slice(1)) {
    const prev = out[out.length - 1]!;
    const h = Math.max(1, Math.min(prev.y1 - prev.y0, w.y1 - w.y0));
    if (w.x0 - prev.x1 < 0.16 * h && short(lastPiece) && short(w.text)) out[out.length - 1] = { ...prev, text: prev.text + w.text, x1: Math.max(prev.x1, w.x1) };
    else out.push({ ...w });
    lastPiece = w.text;
  }
  return out.length === words.length ? words : out;
}

/**
 * Joins letter-spaced words ("E x p o s i t o r y  W r i t i n g") back into words: in such a line the gaps between
 * letters form one cluster and the gaps between words a wider one; the widest jump between sorted gaps separates them.
 * Lines that are not mostly single characters are returned as they are.
 */
export function mergeLetterSpacing(lineWords: Word[]): Word[] {
  const words = joinTouchingFragments(lineWords);
  const alnum = words.filter((w) => /[A-Za-z0-9]/.test(w.text));
  const single = alnum.filter((w) => w.text.length === 1).length;
  if (alnum.length < 6 || single / alnum.length < 0.5) return words;
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const gaps = sorted.slice(1).map((w, i) => w.x0 - sorted[i]!.x1);
  const h = median(sorted.map((w) => w.y1 - w.y0)) || 10;
  const ordered = [...gaps].sort((a, b) => a - b);
  // one letter-spaced word ("B L U E S T E M"): every gap is a letter gap
  if (ordered[ordered.length - 1]! < 0.45 * h) return [{ ...sorted[0]!, text: sorted.map((w) => w.text).join(''), x1: sorted[sorted.length - 1]!.x1 }];
  let cut = 0.25 * h;
  let jump = 0;
  let letterGap = 0;
  for (let i = 1; i < ordered.length; i++) {
    const d = ordered[i]! - ordered[i - 1]!;
    if (d > jump && ordered[i - 1]! < 0.6 * h) [jump, cut, letterGap] = [d, (ordered[i]! + ordered[i - 1]!) / 2, ordered[i - 1]!];
  }
  // ordinary spacing: no cluster of small letter gaps clearly below the word gaps
  if (jump < 0.12 * h || letterGap > 0.25 * h) return words;
  const out: Word[] = [];
  sorted.forEach((w, i) => {
    const prev = out[out.length - 1];
    if (prev && i > 0 && gaps[i - 1]! < cut) out[out.length - 1] = { ...prev, text: prev.text + w.text, x1: w.x1, y0: Math.min(prev.y0, w.y0), y1: Math.max(prev.y1, w.y1) };
    else out.push({ ...w });
  });
  return out;
}

/** Splits a line's words into cells where the horizontal gap is wider than about a space and a half. */
export function splitCells(words: Word[]): Cell[] {
  const hs = words.map((w) => w.y1 - w.y0).filter((h) => h > 0);
  const h = median(hs) || 10;
  const cells: Cell[] = [];
  let cur: Word[] = [];
  const flush = () => {
    if (cur.length === 0) return;
    cells.push({ text: cur.map((w) => w.text).join(' '), x0: cur[0]!.x0, x1: Math.max(...cur.map((w) => w.x1)), words: cur });
    cur = [];
  };
  for (const w of words) {
    const prev = cur[cur.length - 1];
    if (prev && w.x0 - prev.x1 > 0.75 * h) flush();
    cur.push(w);
  }
  flush();
  return cells;
}

export function makeLine(lineWords: Word[]): Line {
  const words = mergeLetterSpacing(lineWords);
  const cells = splitCells(words);
  const y = words.reduce((s, w) => s + (w.y0 + w.y1) / 2, 0) / Math.max(1, words.length);
  return {
    page: words[0]?.page ?? 0,
    y,
    height: median(words.map((w) => w.y1 - w.y0)),
    words,
    cells,
    text: words.map((w) => w.text).join(' '),
  };
}

/**
 * A line's words without leading row markers ("1.", "*", "#", "•") and, in photos, a page edge or shadow read as
 * punctuation ("|", "{"), a stray lower-case letter or an unsure single character.
 */
export function withoutLeadingMarks(words: Word[]): Word[] {
  let start = 0;
  const isMark = (w: Word) => /^(\d{1,2}[.)]|[*#•|{}![\]()~_=:;'"«»©-]+|–)$/.test(w.text) || (w.conf !== undefined && (/^[a-z]$/.test(w.text) || (w.text.length === 1 && w.conf < 50)));
  while (start < words.length - 1 && isMark(words[start]!)) start++;
  return words.slice(start);
}

/** A word of text: any word a PDF gives; from OCR, one with two letters or digits (not a speck or an edge mark). */
const isTextWord = (w: Word) => w.conf === undefined || /[A-Za-z0-9]{2}/.test(w.text);

/** Cells that begin an entry of a column of course rows: a course, a term heading, a header, or a totals label. */
function startsEntry(cellText: string, rest: string): { entry: boolean; code: boolean } {
  const code = startsWithCourseCode(rest);
  const term = findTerm(cellText);
  const heading = (term !== null && term.index === 0 && cellText.split(' ').length <= 5) || /^(course|subject|description|title)\b/i.test(cellText) || /^(term|cum|cumulative)\b.*\b(gpa|totals?)\b/i.test(rest);
  return { entry: code || heading, code };
}

/**
 * Finds the x of a gutter between two columns of course rows, or null for a one-column page. A gutter is accepted when
 * several lines have an entry (a course code, most often; also a term heading, a header or a totals label) starting at
 * the same x in the middle of the page, at least two of them course codes, at least three lines start with a course
 * code at the left, and almost no word crosses that x.
 */
export function findGutter(words: Word[]): number | null {
  if (words.length < 20) return null;
  // in photos, a page edge or shadow read as punctuation ("|", "{") starts and ends lines: it is not the text's edge
  const lines = groupIntoLines(words).map((ws) => makeLine(withoutLeadingMarks(ws)));
  const textWords = lines.flatMap((l) => l.words).filter(isTextWord);
  if (textWords.length === 0) return null;
  const left = Math.min(...textWords.map((w) => w.x0));
  const right = Math.max(...textWords.map((w) => w.x1));
  const width = right - left;
  if (width <= 0) return null;
  const starts: { x: number; y: number; code: boolean }[] = [];
  let leftStarts = 0;
  for (const line of lines) {
    line.cells.forEach((cell, i) => {
      const rest = line.cells.slice(i).map((c) => c.text).join(' ');
      const offset = cell.x0 - left;
      if (offset < 0.12 * width) {
        if (i === 0 && startsWithCourseCode(rest)) leftStarts++;
        return;
      }
      if (i === 0 || offset < 0.3 * width || offset > 0.75 * width) return;
      const e = startsEntry(cell.text, rest);
      if (e.entry) starts.push({ x: cell.x0, y: line.y, code: e.code });
    });
  }
  if (starts.length < 3 || leftStarts < 3) return null;
  // densest cluster of right-hand starts
  const tol = 0.02 * width;
  let best: { x: number; y: number; code: boolean }[] = [];
  for (const s of starts) {
    const cluster = starts.filter((o) => Math.abs(o.x - s.x) <= tol);
    if (cluster.length > best.length) best = cluster;
  }
  if (best.length < 3 || best.filter((s) => s.code).length < 2) return null;
  const gutter = Math.min(...best.map((s) => s.x)) - 2;
  // only the columns' own height counts: a centred page title above them may cross the gutter
  const top = Math.min(...best.map((s) => s.y)) - 1;
  const bottom = Math.max(...best.map((s) => s.y)) + 1;
  const inColumns = (w: Word) => (w.y0 + w.y1) / 2 >= top && (w.y0 + w.y1) / 2 <= bottom;
  const crossing = words.filter((w) => inColumns(w) && w.x0 < gutter - 1 && w.x1 > gutter + 1).length;
  const linesWithRight = lines.filter((l) => l.y >= top && l.y <= bottom && l.words.some((w) => w.x0 >= gutter)).length;
  if (crossing > Math.max(2, 0.15 * linesWithRight)) return null;
  return gutter;
}

/** Orders one page's words into lines: full-width lines above the columns, the left column, the right column, then the rest. */
export function pageLines(words: Word[]): Line[] {
  const gutter = findGutter(words);
  if (gutter === null) return groupIntoLines(words).map(makeLine);
  const all = groupIntoLines(words);
  const spanning = new Set<Word[]>(all.filter((l) => l.some((w) => w.x0 < gutter - 1 && w.x1 > gutter + 1)));
  const colWords = all.filter((l) => !spanning.has(l)).flat();
  // the right column's first text (a page edge's marks beside the page title are not)
  const firstColY = Math.min(...colWords.filter((w) => w.x0 >= gutter && isTextWord(w)).map((w) => w.y0));
  const top = [...spanning].filter((l) => l[0]!.y1 <= firstColY);
  const rest = [...spanning].filter((l) => l[0]!.y1 > firstColY);
  const leftCol = groupIntoLines(colWords.filter((w) => w.x1 <= gutter + 1));
  const rightCol = groupIntoLines(colWords.filter((w) => w.x1 > gutter + 1));
  return [...top, ...leftCol, ...rightCol, ...rest].map(makeLine);
}

const furnitureKey = (text: string): string => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
const PAGE_NUMBER = /^(page\s*#(\s*(of|\/)\s*#)?|#\s*(of|\/)\s*#|-\s*#\s*-|#)$/;

/**
 * Drops page furniture: page numbers, and header/footer lines that repeat on the first or last lines of
 * several pages (kept once, on the first page where they appear).
 */
export function removeRepeatedFurniture(pages: Line[][]): Line[][] {
  const seenOn = new Map<string, Set<number>>();
  pages.forEach((lines, p) => {
    const edge = [...lines.slice(0, 6), ...lines.slice(-4)];
    for (const l of edge) {
      const k = furnitureKey(l.text);
      if (!seenOn.has(k)) seenOn.set(k, new Set());
      seenOn.get(k)!.add(p);
    }
  });
  const emitted = new Set<string>();
  return pages.map((lines, p) => {
    const edge = new Set([...lines.slice(0, 6), ...lines.slice(-4)]);
    return lines.filter((l) => {
      const k = furnitureKey(l.text);
      if (PAGE_NUMBER.test(k)) return false;
      // two rows of the same course shape at the foot of one page and the head of the next are both courses
      if (startsWithCourseCode(l.text)) return true;
      if (edge.has(l) && (seenOn.get(k)?.size ?? 0) > 1) {
        if (emitted.has(k)) return false;
        emitted.add(k);
      }
      void p;
      return true;
    });
  });
}

/** Words of every page (page numbers from 1) to lines in reading order. */
export function buildLines(words: Word[]): Line[] {
  const byPage = new Map<number, Word[]>();
  for (const w of words) {
    if (!w.text.trim()) continue;
    if (!byPage.has(w.page)) byPage.set(w.page, []);
    byPage.get(w.page)!.push(w);
  }
  const pages = [...byPage.keys()].sort((a, b) => a - b).map((p) => pageLines(byPage.get(p)!));
  return removeRepeatedFurniture(pages).flat();
}

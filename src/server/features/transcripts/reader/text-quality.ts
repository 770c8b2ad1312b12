/**
 * How usable a page's extracted text is: letter-spaced text ("E x p o s i t o r y"), which some browser-printed PDFs give
 * pdf.js, and garbled text (fonts without a usable character map) are both poor. The reader keeps the better of pdf.js's
 * and poppler's text for each page.
 */
import type { Word } from './types';

export interface TextQuality {
  /** Share of words that are a single letter or digit (normal text: under 0.1). */
  singleCharShare: number;
  /** Longest run of single letters in a row ("R E D M E S A": a letter-spaced heading or logo). */
  longestLetterRun: number;
  /** Share of characters that are control, private-use or replacement characters, or words without a vowel or digit. */
  garbledShare: number;
  chars: number;
}

/** Replacement and private-use characters, and control characters. */
const GARBLED_CHAR = /[\ufffd\ue000-\uf8ff]/gu;
const controlChars = (s: string): number => [...s].filter((ch) => ch.charCodeAt(0) < 0x20 && ch !== '\t' && ch !== '\n' && ch !== '\r').length;

export function measureTextQuality(words: readonly Word[]): TextQuality {
  let chars = 0;
  let bad = 0;
  let single = 0;
  let alnumWords = 0;
  let vowelless = 0;
  let run = 0;
  let longestLetterRun = 0;
  for (const w of words) {
    run = /^[A-Za-z]$/.test(w.text) ? run + 1 : 0;
    longestLetterRun = Math.max(longestLetterRun, run);
    chars += w.text.length;
    bad += (w.text.match(GARBLED_CHAR)?.length ?? 0) + controlChars(w.text);
    if (!/[A-Za-z0-9]/.test(w.text)) continue;
    alnumWords++;
    if (/^[A-Za-z0-9]$/.test(w.text)) single++;
    if (w.text.length >= 4 && /^[A-Za-z]+$/.test(w.text) && /[a-z]/.test(w.text) && !/[aeiouyAEIOUY]/.test(w.text)) vowelless++;
  }
  return {
    singleCharShare: single / Math.max(1, alnumWords),
    longestLetterRun,
    garbledShare: Math.max(bad / Math.max(1, chars), vowelless / Math.max(1, alnumWords)),
    chars,
  };
}

/** A badness score: 0 for clean text; letter-spaced or garbled text scores high. */
export function textBadness(q: TextQuality): number {
  return Math.max(0, q.singleCharShare - 0.12) * 2 + q.garbledShare * 3 + (q.longestLetterRun >= 5 ? 0.2 : 0);
}

export function isPoorText(q: TextQuality): boolean {
  return q.singleCharShare > 0.3 || q.garbledShare > 0.15 || q.longestLetterRun >= 5;
}

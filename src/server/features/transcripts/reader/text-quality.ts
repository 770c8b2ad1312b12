/**
 * How usable a page's extracted text is: letter-spaced text ("E x p o s i t o r y"), which some browser-printed PDFs give
 * pdf.js, and garbled text (fonts without a usable character map) are both poor. The reader keeps the better of pdf.js's
 * and poppler's text for each page.
 */
import { COMMON_WORDS } from './common-words';
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

/** A page needs this much text before its words are judged (a page of a few words says little). */
const MIN_JUDGED_CHARS = 80;

export interface TextTrust {
  /** Share of words of three or more letters that are common English or transcript words. */
  dictionaryShare: number;
  /** Words shaped like a course code, a grade or a credit value ("ENC", "1101", "3.00", "B+"). */
  codeShapes: number;
  /** Share of characters that are neither letters, digits, spaces nor the punctuation transcripts print. */
  oddCharacterShare: number;
  words: number;
}

/**
 * What a page's extracted text is made of: real words, course-code shapes, and the character classes glyph numbers
 * decoded as letters give instead ("8QLYHUVLW\RI1RWUH'DPH", "&RXUVH"). Text from a font without a usable character
 * map has almost no dictionary words and no codes, even when each character looks ordinary.
 */
export function measureTextTrust(words: readonly Word[]): TextTrust {
  let letterWords = 0;
  let known = 0;
  let codeShapes = 0;
  let chars = 0;
  let odd = 0;
  for (const w of words) {
    chars += w.text.length;
    odd += (w.text.match(/[^A-Za-z0-9\s.,:;'"()\-/&*+%#@!?]/gu) ?? []).length;
    if (/^(\d{1,4}(\.\d{1,3})?|[A-F][+-]?)$/.test(w.text) || /^[A-Z]{2,5}\d{2,5}[A-Z]?$/.test(w.text)) codeShapes++;
    for (const part of w.text.split(/[^A-Za-z]+/)) {
      if (part.length < 3) continue;
      letterWords++;
      if (COMMON_WORDS.has(part.toLowerCase())) known++;
    }
  }
  return { dictionaryShare: known / Math.max(1, letterWords), codeShapes, oddCharacterShare: odd / Math.max(1, chars), words: letterWords };
}

/**
 * Text that cannot be trusted: enough of it to judge, and almost no real words, or hardly any words and no course-code
 * shapes, or full of characters transcripts do not print. Such a page is read from its pixels instead.
 */
export function isUntrustedText(words: readonly Word[]): boolean {
  const chars = words.reduce((n, w) => n + w.text.length, 0);
  if (chars < MIN_JUDGED_CHARS) return false;
  const t = measureTextTrust(words);
  if (t.dictionaryShare < 0.12 && t.words >= 8) return true;
  if (t.dictionaryShare < 0.25 && t.codeShapes < 3) return true;
  return t.oddCharacterShare > 0.08 && t.dictionaryShare < 0.4;
}

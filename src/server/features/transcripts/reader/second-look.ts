/**
 * Which OCR words deserve a second look (ocr.ts `rereadWords`): course numbers whose count of digits is not the
 * document's usual count, where OCR most often lost or gained a digit in small type ("FYE 1000" read as "FYE 100",
 * "CSE 3763" as "CSE 13763"). A re-read is kept only when it has the usual count.
 */
import { matchCourseCode } from './course-code';
import type { RereadKind } from './ocr';
import type { Line, Word } from './types';

export interface SecondLook {
  word: Word;
  kind: RereadKind;
  /** The re-read text to keep, or null to keep the first reading. */
  accept: (text: string) => string | null;
}

/** Digits a course number starts with ("1010L" → 4). */
const digitsOf = (number: string): number => /^\d*/.exec(number)![0].length;

/** Up to `max` words to read again, the least sure first. */
export function wordsForSecondLook(lines: readonly Line[], max = 8): SecondLook[] {
  const numbers: { word: Word; digits: number }[] = [];
  for (const line of lines) {
    const words = line.words;
    const code = matchCourseCode(words.map((w) => w.text));
    // a subject and a number as two words, read by OCR
    if (!code || code.consumed < 2) continue;
    const word = words[code.consumed - 1]!;
    if (word.conf === undefined || !/^\d{2,6}[A-Z]{0,2}$/.test(word.text)) continue;
    numbers.push({ word, digits: digitsOf(word.text) });
  }
  if (numbers.length < 5) return [];
  const counts = new Map<number, number>();
  for (const n of numbers) counts.set(n.digits, (counts.get(n.digits) ?? 0) + 1);
  const [usual, times] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  if (times < 0.7 * numbers.length) return [];
  return numbers
    .filter((n) => Math.abs(n.digits - usual) === 1)
    .sort((a, b) => (a.word.conf ?? 0) - (b.word.conf ?? 0))
    .slice(0, max)
    .map((n) => ({
      word: n.word,
      kind: 'number' as const,
      accept: (text: string) => (/^\d{2,6}[A-Z]{0,2}$/.test(text) && digitsOf(text) === usual ? text : null),
    }));
}

import { describe, expect, it } from 'vitest';
import { mergeLetterSpacing } from './layout-lines';
import { parseBboxXhtml } from './poppler-text';
import { isPoorText, isUntrustedText, measureTextQuality } from './text-quality';
import type { Word } from './types';

/** Words laid out from [text, x0] pairs on one line, 10 units high. */
const words = (...parts: [string, number][]): Word[] => parts.map(([text, x0]) => ({ text, x0, x1: x0 + 5 * text.length, y0: 0, y1: 10, page: 1 }));

describe('text quality', () => {
  it('finds letter-spaced and garbled text poor, ordinary text not', () => {
    const spaced = words(...[...'Expository'].map((ch, i): [string, number] => [ch, i * 7]), ...[...'Writing'].map((ch, i): [string, number] => [ch, 80 + i * 7]));
    expect(isPoorText(measureTextQuality(spaced))).toBe(true);
    expect(isPoorText(measureTextQuality(words(['Expository', 0], ['Writing', 60], ['3.00', 120], ['A', 150])))).toBe(false);
    expect(isPoorText(measureTextQuality(words(['\ue001\ue002\ue003', 0], ['\ufffd\ufffd', 30], ['xyz', 60])))).toBe(true);
  });

  it('joins letter-spaced words from their gaps: letters close, words further apart', () => {
    const spaced = words(...[...'Expository'].map((ch, i): [string, number] => [ch, i * 7]), ...[...'Writing'].map((ch, i): [string, number] => [ch, 80 + i * 7]));
    expect(mergeLetterSpacing(spaced).map((w) => w.text)).toEqual(['Expository', 'Writing']);
    expect(mergeLetterSpacing(words(['B', 0], ['LU', 7], ['E', 19], ['S', 26], ['T', 33], ['E', 40], ['M', 47])).map((w) => w.text)).toEqual(['BLUESTEM']);
    const ordinary = words(['A', 0], ['4.0', 20], ['B', 45], ['3.0', 65], ['C', 90], ['2.0', 110], ['D', 135]);
    expect(mergeLetterSpacing(ordinary)).toBe(ordinary);
  });

  it('parses pdftotext -bbox-layout output into words per page', () => {
    const xhtml = `<doc><page width="612" height="792"><flow><block><line>
<word xMin="36.0" yMin="40.5" xMax="60.2" yMax="50.1">ENC</word><word xMin="62.0" yMin="40.5" xMax="80.0" yMax="50.1">1101</word>
<word xMin="90.0" yMin="40.5" xMax="120.0" yMax="50.1">A&amp;P</word></line></block></flow></page>
<page width="612" height="792"><flow><block><line><word xMin="36" yMin="40" xMax="50" yMax="50">3.00</word></line></block></flow></page></doc>`;
    const pages = parseBboxXhtml(xhtml, 4);
    expect(pages.map((p) => p.map((w) => `${w.page}:${w.text}`))).toEqual([['4:ENC', '4:1101', '4:A&P'], ['5:3.00']]);
    expect(pages[0]![0]).toMatchObject({ x0: 36, y0: 40.5, x1: 60.2, y1: 50.1 });
  });

  it('does not trust text whose fonts had no character map (glyph numbers read as letters), and trusts a transcript', () => {
    // what pdf.js gives for a re-typeset transcript printed with its fonts' /ToUnicode maps removed: every character
    // shifted by the font's glyph numbering, digits lost as control characters
    const glyphs = (s: string) => [...s].map((ch) => String.fromCharCode(ch.charCodeAt(0) - 29)).join('');
    const line = 'South Puget Sound Community College UNOFFICIAL TRANSCRIPT Fall Quarter Class Description Units Taken Grade Grade Points ENGL& English Composition MATH& Math in Society ACCT& Principles of Accounting Quarter GPA Quarter Units Winter Quarter';
    const garbage = words(...line.split(' ').map((w, i): [string, number] => [glyphs(w), i * 40]));
    expect(isUntrustedText(garbage)).toBe(true);
    const clean = words(...line.split(' ').map((w, i): [string, number] => [w, i * 40]), ['5.0', 900], ['3.8', 930], ['ENGL&', 960], ['101', 990]);
    expect(isUntrustedText(clean)).toBe(false);
    // a page of codes and numbers with few words is still a transcript
    const codes = words(['ENC1101', 0], ['3.00', 50], ['A', 80], ['MAC1105', 100], ['3.00', 150], ['B', 180], ['PSY2012', 200], ['3.00', 250], ['C', 280], ['Composition', 300], ['Algebra', 380], ['Psychology', 440]);
    expect(isUntrustedText(codes)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { mergeLetterSpacing } from './layout-lines';
import { parseBboxXhtml } from './poppler-text';
import { isPoorText, measureTextQuality } from './text-quality';
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
});

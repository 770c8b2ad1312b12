import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeLine } from './layout-lines';
import { rereadWords, terminateOcr } from './ocr';
import { wordsForSecondLook } from './second-look';
import type { Word } from './types';

/** OCR'd lines of "SUBJ NUMBER Title 3.00 A", one a line, with the given confidences. */
function ocrRows(codes: [string, string, number][]) {
  return codes.map(([subject, number, conf], i) => {
    const y0 = i * 40;
    const w = (text: string, x0: number, c = 95): Word => ({ text, x0, x1: x0 + 12 * text.length, y0, y1: y0 + 20, page: 1, conf: c, line: i });
    return makeLine([w(subject, 0), w(number, 80, conf), w('Title', 200), w('3.00', 400), w('A', 480)]);
  });
}

describe('wordsForSecondLook', () => {
  it('picks the course numbers with one digit more or less than the document\'s usual count, the least sure first', () => {
    const lines = ocrRows([
      ['ENC', '1101', 95],
      ['MAC', '1105', 93],
      ['FYE', '100', 71],
      ['PSY', '2012', 96],
      ['CSE', '13763', 64],
      ['BSC', '1010L', 90],
      ['AMH', '2020', 92],
    ]);
    const looks = wordsForSecondLook(lines);
    expect(looks.map((l) => l.word.text)).toEqual(['13763', '100']);
    // a re-read is kept only with the usual count
    expect(looks[0]!.accept('3763')).toBe('3763');
    expect(looks[0]!.accept('13763')).toBeNull();
    expect(looks[1]!.accept('1000')).toBe('1000');
  });

  it('leaves a document whose numbers have no usual count alone, and text from a PDF', () => {
    expect(wordsForSecondLook(ocrRows([['ENC', '101', 90], ['MAC', '1105', 90], ['FYE', '100', 90], ['PSY', '2012', 90], ['CSE', '10', 90]]))).toEqual([]);
    const pdf = ocrRows([['ENC', '1101', 95], ['MAC', '1105', 93], ['FYE', '100', 71], ['PSY', '2012', 96], ['AMH', '2020', 92]]).map((l) => makeLine(l.words.map(({ conf: _conf, line: _line, ...w }) => w)));
    expect(wordsForSecondLook(pdf)).toEqual([]);
  });
});

describe('rereadWords', () => {
  afterAll(() => terminateOcr());
  it('reads a small course number again, alone and larger', async () => {
    // "FYE 1000" in small grey type, as a low-resolution photo's page after preparation
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><rect width="400" height="60" fill="white"/><text x="20" y="38" font-family="DejaVu Sans" font-size="18" fill="#333">FYE</text><text x="70" y="38" font-family="DejaVu Sans" font-size="18" fill="#333">1000</text><text x="140" y="38" font-family="DejaVu Sans" font-size="18" fill="#333">First Year Experience</text></svg>`;
    const image = await sharp(Buffer.from(svg)).blur(0.6).png().toBuffer();
    const [again] = await rereadWords(image, [{ x0: 69, x1: 115, y0: 24, y1: 40, kind: 'number' }]);
    expect(again?.text).toBe('1000');
    expect(again!.conf).toBeGreaterThan(60);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { buildLines, findGutter, splitCells } from './layout-lines';
import { parseCourseLines } from './parse-course-lines';
import type { Word } from './types';

/** Words of monospaced text placed at (x0 + column*5, y0 + row*12) on a page. */
function place(text: string, page = 1, x0 = 0, y0 = 0): Word[] {
  return text.split('\n').flatMap((raw, i) => {
    const out: Word[] = [];
    const re = /\S+/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(raw))) out.push({ text: m[0], x0: x0 + m.index * 5, x1: x0 + (m.index + m[0].length) * 5, y0: y0 + i * 12, y1: y0 + i * 12 + 8, page });
    return out;
  });
}

describe('line and cell rebuilding', () => {
  it('groups words into lines by y even when the input order is shuffled, and cells by gaps', () => {
    const words = place('ENC 1102   Composition II   A   3.000\nMAC 2311   Calculus I       B   4.000');
    const shuffled = [...words].reverse();
    const lines = buildLines(shuffled);
    expect(lines.map((l) => l.text)).toEqual(['ENC 1102 Composition II A 3.000', 'MAC 2311 Calculus I B 4.000']);
    expect(lines[0]!.cells.map((c) => c.text)).toEqual(['ENC 1102', 'Composition II', 'A', '3.000']);
  });

  it('tolerates small vertical jitter within a line (OCR boxes)', () => {
    const words = place('ENC 1102   Composition II   A   3.000');
    words[3]!.y0 += 2;
    words[3]!.y1 += 3;
    expect(buildLines(words)).toHaveLength(1);
  });

  it('splits cells on wide gaps only', () => {
    const cells = splitCells(place('General Biology I Lab    B'));
    expect(cells.map((c) => c.text)).toEqual(['General Biology I Lab', 'B']);
  });

  it('reads a two-column page left column first, then the right', () => {
    const left = ['Fall 2022', 'ENC 1101  Composition I      A  3.0', 'MAC 1105  College Algebra    B  3.0', 'PSY 2012  General Psych      A  3.0', 'BSC 2010  Biology I          C  4.0'].join('\n');
    const right = ['Spring 2023', 'ENC 1102  Composition II     B  3.0', 'MAC 2311  Calculus I         A  4.0', 'STA 2023  Statistics         B  3.0', 'CHM 1045  Chemistry I        A  4.0'].join('\n');
    const words = [...place('Gulf Coast University', 1, 200, 0), ...place(left, 1, 0, 30), ...place(right, 1, 320, 30)];
    expect(findGutter(words)).not.toBeNull();
    const lines = buildLines(words);
    const rows = parseCourseLines(lines).rows;
    expect(rows.map((r) => `${r.subject} ${r.number} ${r.term}`)).toEqual([
      'ENC 1101 Fall 2022',
      'MAC 1105 Fall 2022',
      'PSY 2012 Fall 2022',
      'BSC 2010 Fall 2022',
      'ENC 1102 Spring 2023',
      'MAC 2311 Spring 2023',
      'STA 2023 Spring 2023',
      'CHM 1045 Spring 2023',
    ]);
    expect(parseCourseLines(lines).institution).toBe('Gulf Coast University');
  });

  it('finds the gutter of a photographed two-column page whose rows start and end with page-edge marks', () => {
    const left = ['| Fall 2022', '{ ENC 1101  Composition I      A  3.0', '| MAC 1105  College Algebra    B  3.0', '{ PSY 2012  General Psych      A  3.0', '| BSC 2010  Biology I          C  4.0'].join('\n');
    const right = ['Spring 2023       |', 'ENC 1102  Composition II     B  3.0  f', 'MAC 2311  Calculus I         A  4.0  |', 'STA 2023  Statistics         B  3.0  I', 'CHM 1045  Chemistry I        A  4.0  |'].join('\n');
    // the edge marks sit far out, as a page edge or shadow in a photo does; each OCR line keeps its engine line id
    const words = [...place(left, 1, 0, 30), ...place(right, 1, 320, 30)].map((w) => ({ ...w, conf: /^[|{fI]$/.test(w.text) ? 40 : 90, line: Math.round(w.y0) }));
    for (const w of words) if (/^[|{]$/.test(w.text)) [w.x0, w.x1] = [w.x0 - 150, w.x1 - 150];
    expect(findGutter(words)).not.toBeNull();
    // the page title, with an edge mark beside it (and one at the right edge above the columns), is read first
    const title = [...place('|', 1, -150, 0), ...place('Gulf Coast University', 1, 270, 0), ...place('I', 1, 640, -14)].map((w) => ({ ...w, conf: w.text.length > 1 ? 90 : 40, line: Math.round(w.y0) }));
    const lines = buildLines([...title, ...words]);
    expect(lines[0]!.text).toContain('Gulf Coast University');
    expect(parseCourseLines(lines).institution).toBe('Gulf Coast University');
  });

  it('does not see a gutter in a one-column table with wide gaps', () => {
    const table = Array.from({ length: 8 }, (_, i) => `ENC 110${i}   Composition ${i}                    A        3.000        12.000`).join('\n');
    expect(findGutter(place(table))).toBeNull();
  });

  it('drops repeated page headers/footers and page numbers across pages', () => {
    const page = (n: number, body: string) => place(`Valencia College\nUnofficial Transcript  Name: Pat Lee\n${body}\nPage ${n} of 2`, n);
    const lines = buildLines([...page(1, 'ENC 1101  Composition I  A  3.0'), ...page(2, 'ENC 1102  Composition II  B  3.0')]);
    const texts = lines.map((l) => l.text);
    expect(texts.filter((t) => t === 'Valencia College')).toHaveLength(1);
    expect(texts.some((t) => t.startsWith('Page'))).toBe(false);
    expect(texts).toContain('ENC 1102 Composition II B 3.0');
  });
});

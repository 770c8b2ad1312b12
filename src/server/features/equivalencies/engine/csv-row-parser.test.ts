import { describe, expect, it } from 'vitest';
import { createCsvRowParser, formatCsvLine, type CsvRow } from './csv-row-parser';

function parseInChunks(text: string, size: number): CsvRow[] {
  const parser = createCsvRowParser();
  const rows: CsvRow[] = [];
  for (let i = 0; i < text.length; i += size) rows.push(...parser.push(text.slice(i, i + size)));
  rows.push(...parser.end());
  return rows;
}

const SAMPLE = '\uFEFFa,b,c\r\n1,"two, with comma","say ""hi"""\r\n"multi\r\nline",,x\r\n\r\nlast,row,here';

describe('createCsvRowParser', () => {
  it('reads quotes, doubled quotes, CRLF, BOM, blank lines and a missing final newline', () => {
    const rows = parseInChunks(SAMPLE, SAMPLE.length);
    expect(rows.map((row) => row.fields)).toEqual([
      ['a', 'b', 'c'],
      ['1', 'two, with comma', 'say "hi"'],
      ['multi\r\nline', '', 'x'],
      ['last', 'row', 'here'],
    ]);
    expect(rows.map((row) => row.line)).toEqual([1, 2, 3, 6]);
  });

  it('gives the same records whatever the chunk size', () => {
    const whole = parseInChunks(SAMPLE, SAMPLE.length);
    for (const size of [1, 2, 3, 5, 7]) expect(parseInChunks(SAMPLE, size)).toEqual(whole);
  });

  it('reports an unterminated quote', () => {
    const rows = parseInChunks('a,b\n1,"never closed', 4);
    expect(rows[1]?.error).toContain('never closed');
  });

  it('round-trips through formatCsvLine', () => {
    const values = ['plain', 'comma, here', 'quote "x"', 'line\nbreak', ''];
    expect(parseInChunks(formatCsvLine(values), 3)[0]?.fields).toEqual(values);
  });
});

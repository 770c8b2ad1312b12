import { describe, expect, it } from 'vitest';
import { csvPieces, csvRecords, csvStream } from './csv-pieces';

const collect = async <T>(items: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

async function* chunks(...texts: string[]) {
  yield* texts;
}

describe('csv pieces', () => {
  it('reads records from text in any chunking, quoted line breaks included', async () => {
    expect(await collect(csvRecords(chunks('a,b\n1,"x\n', 'y"\n2,', 'z\n')))).toEqual([['a', 'b'], ['1', 'x\ny'], ['2', 'z']]);
  });

  it('writes one stream with the header first', async () => {
    expect((await collect(csvStream(['a', 'b'], [['1', 'x, y']]))).join('')).toBe('a,b\n1,"x, y"\n');
  });

  it('cuts pieces of about N rows, each with the header, never inside a group', async () => {
    const rows = [
      ['r1', ''],
      ['r2', 'g1'],
      ['r3', 'g1'],
      ['r4', 'g1'],
      ['r5', ''],
    ];
    const pieces = await collect(csvPieces(['name', 'group'], rows, { rowsPerPiece: 2, groupColumn: 1 }));
    expect(pieces.map((piece) => piece.text)).toEqual(['name,group\nr1,\nr2,g1\nr3,g1\nr4,g1\n', 'name,group\nr5,\n']);
    expect(pieces.map((piece) => piece.rows)).toEqual([4, 1]);
  });
});

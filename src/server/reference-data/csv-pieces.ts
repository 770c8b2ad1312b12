/**
 * A reference set's rows on their way to an import: read from a CSV file, or made by a converter, and written back as
 * CSV text, either as one stream (one import, one transaction: the commands) or in pieces of a few thousand rows
 * (one import each: the server, where the embedded database runs one transaction at a time and other people's
 * requests wait for it to end).
 */
import { createCsvRowParser, formatCsvLine } from '../features/equivalencies/engine/csv-row-parser';

/** The records of a CSV text stream, header first. Rows the reader finds malformed go on as they are: the import reports them. */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  const parser = createCsvRowParser();
  for await (const chunk of chunks) for (const row of parser.push(chunk)) yield row.fields;
  for (const row of parser.end()) yield row.fields;
}

type Rows = Iterable<string[]> | AsyncIterable<string[]>;

/** The rows as one CSV stream (header first), in chunks of about 64 KB. `onRow` hears each row as it is taken. */
export async function* csvStream(header: readonly string[], rows: Rows, onRow: () => void = () => undefined): AsyncGenerator<string> {
  let text = `${formatCsvLine([...header])}\n`;
  for await (const row of rows) {
    onRow();
    text += `${formatCsvLine(row)}\n`;
    if (text.length >= 1 << 16) {
      yield text;
      text = '';
    }
  }
  if (text) yield text;
}

/**
 * The rows as CSV texts of about `rowsPerPiece` rows each, every one with the header. Rows that share a non-empty
 * value in `groupColumn` make one rule and stay in one piece (a converter writes them next to each other).
 */
export async function* csvPieces(
  header: readonly string[],
  rows: Rows,
  { rowsPerPiece, groupColumn = -1, onRow = () => undefined }: { rowsPerPiece: number; groupColumn?: number; onRow?: () => void },
): AsyncGenerator<{ text: string; rows: number }> {
  const headerLine = `${formatCsvLine([...header])}\n`;
  let lines: string[] = [];
  let lastGroup = '';
  for await (const row of rows) {
    onRow();
    const group = groupColumn >= 0 ? (row[groupColumn] ?? '') : '';
    if (lines.length >= rowsPerPiece && (group === '' || group !== lastGroup)) {
      yield { text: `${headerLine}${lines.join('\n')}\n`, rows: lines.length };
      lines = [];
    }
    lines.push(formatCsvLine(row));
    lastGroup = group;
  }
  if (lines.length > 0) yield { text: `${headerLine}${lines.join('\n')}\n`, rows: lines.length };
}

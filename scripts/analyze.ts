/**
 * Reads a transcript file and prints its course rows.
 * usage: tsx scripts/analyze.ts FILE [--json]
 */
import { readFile } from 'node:fs/promises';
import { readTranscript, TranscriptReadError } from '../src/server/features/transcripts/reader/read-transcript';
import { terminateOcr } from '../src/server/features/transcripts/reader/ocr';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    process.stderr.write('usage: tsx scripts/analyze.ts FILE [--json]\n');
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (err) {
    process.stderr.write(`cannot read ${file}: ${(err as Error).message}\n`);
    return 2;
  }
  try {
    const reading = await readTranscript(bytes);
    if (json) {
      const out = {
        institution: reading.institution,
        rows: reading.rows.map((r) => ({
          subject: r.subject,
          number: r.number,
          title: r.title,
          credits: r.credits,
          grade: r.grade,
          term: r.term,
          status: null,
          transfersTo: null,
        })),
      };
      process.stdout.write(JSON.stringify(out) + '\n');
    } else {
      const d = reading.diagnostics;
      process.stdout.write(`${reading.institution ?? '(institution not found)'} — ${reading.pages} page(s), read by ${reading.source}, ${reading.rows.length} course(s), ${d.ms} ms${d.ocrConfidence !== undefined ? `, OCR confidence ${d.ocrConfidence.toFixed(0)}` : ''}\n\n`);
      const table = reading.rows.map((r) => [
        r.term ?? '',
        `${r.subject} ${r.number}`,
        r.title.length > 44 ? r.title.slice(0, 43) + '…' : r.title,
        `${r.credits}${r.creditsEstimated ? '*' : ''}`,
        r.grade ?? '',
        [r.inProgress ? 'in progress' : '', r.transferSection ? 'transfer' : ''].filter(Boolean).join(', '),
      ]);
      const head = ['Term', 'Course', 'Title', 'Credits', 'Grade', 'Notes'];
      const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
      const fmt = (row: string[]) => row.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
      process.stdout.write(fmt(head) + '\n' + widths.map((w) => '-'.repeat(w)).join('  ') + '\n');
      for (const row of table) process.stdout.write(fmt(row) + '\n');
      if (reading.rows.some((r) => r.creditsEstimated)) process.stdout.write('\n* credits not printed for a withdrawn course; estimated\n');
    }
    return 0;
  } catch (err) {
    if (err instanceof TranscriptReadError) process.stderr.write(`${err.code}: ${err.message}\n`);
    else process.stderr.write(`error: ${(err as Error)?.stack ?? String(err)}\n`);
    return 1;
  } finally {
    await terminateOcr();
  }
}

process.exitCode = await main();

import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readCommittedFixture } from '../../../../../tests/support/committed-fixtures';
import { terminateOcr } from './ocr';
import { readTranscript, TranscriptReadError } from './read-transcript';


async function errorOf(p: Promise<unknown>): Promise<TranscriptReadError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof TranscriptReadError) return e;
    throw e;
  }
  throw new Error('expected a TranscriptReadError');
}

/** A PNG whose header claims the given size (pixel data is not valid, and is never decoded). */
function pngHeader(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(16))), chunk('IEND', Buffer.alloc(0))]));
}

describe('readTranscript refuses bad input with typed errors', () => {
  it('empty', async () => expect((await errorOf(readTranscript(new Uint8Array()))).code).toBe('empty'));
  it('html and unknown types', async () => {
    expect((await errorOf(readTranscript(new TextEncoder().encode('<html><body>hi</body></html>')))).code).toBe('unsupported_type');
    expect((await errorOf(readTranscript(new TextEncoder().encode('just some text')))).code).toBe('unsupported_type');
  });
  it('PDF/ZIP polyglot', async () => {
    const e = await errorOf(readTranscript(new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n'), 0x50, 0x4b, 0x03, 0x04])));
    expect(e.code).toBe('unsupported_type');
    expect(e.message).toMatch(/more than one kind/);
  });
  it('a damaged PDF', async () => expect((await errorOf(readTranscript(new TextEncoder().encode('%PDF-1.4\nnot really a pdf')))).code).toBe('unreadable'));
  it('a 50,000 × 50,000 image is refused from its header, before decoding', async () => {
    const started = Date.now();
    const e = await errorOf(readTranscript(pngHeader(50_000, 50_000)));
    expect(e.code).toBe('image_too_large');
    expect(Date.now() - started).toBeLessThan(2000);
  });
  it('an image with one side over 12,000 px', async () => expect((await errorOf(readTranscript(pngHeader(13_000, 100)))).code).toBe('image_too_large'));
});

describe('readTranscript on a text PDF', () => {
  it('reads rows, institution and page count; refuses more pages than maxPages', async () => {
    const bytes = new Uint8Array(readCommittedFixture('transcripts/t11000.pdf'));
    const r = await readTranscript(bytes);
    expect(r.source).toBe('pdf-text');
    expect(r.institution).toBe('Valencia College');
    expect(r.pages).toBe(1);
    expect(r.rows.length).toBe(9);
    expect(r.rows[3]).toMatchObject({ subject: 'ECO', number: '2013H', grade: 'C', credits: 3, term: 'Fall 2022' });
    expect(r.rows[8]).toMatchObject({ subject: 'POS', number: '2041', inProgress: true, grade: null });
    const e = await errorOf(readTranscript(bytes, { maxPages: 0 }));
    expect(e.code).toBe('too_many_pages');
  });
});


describe('readTranscript chooses the better text for each page', () => {
  it('reads a letter-spaced browser-printed PDF with poppler, where pdf.js gives "E x p o s i t o r y"', async () => {
    const r = await readTranscript(new Uint8Array(readCommittedFixture('transcript-cases/letter-spaced.pdf')));
    expect(r.diagnostics.textSources).toEqual(['poppler']);
    expect(r.rows.map((x) => `${x.subject} ${x.number}|${x.title}|${x.credits}|${x.grade}`)).toEqual([
      'ENGL 1301|Expository Writing|3|A-',
      'MATH 2413|Calculus with Analytic Geometry I|4|B',
      'HIST 1301|United States History I|3|CR',
    ]);
    expect(r.institution).toBe('Foxglove State College');
    expect(r.courseRowsFound).toBe(true);
  });

  it('says so when a file holds no course rows', async () => {
    const r = await readTranscript(new Uint8Array(readCommittedFixture('transcript-cases/not-a-transcript.pdf')));
    expect(r.rows).toEqual([]);
    expect(r.courseRowsFound).toBe(false);
    expect(r.confidence).toBe(0);
  });
});

describe('readTranscript reports its progress', () => {
  afterAll(() => terminateOcr());
  it('moves through a photo while it is recognised, not only at its start and end', async () => {
    const fractions: number[] = [];
    await readTranscript(new Uint8Array(readCommittedFixture('transcripts/t11001.png')), { onProgress: (_phase, fraction) => fractions.push(fraction) });
    const between = new Set(fractions.filter((fraction) => fraction > 0.05 && fraction < 0.95).map((fraction) => Math.round(fraction * 10)));
    expect(between.size).toBeGreaterThanOrEqual(3);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  }, 60_000);

  it('counts a text PDF’s pages as they are read', async () => {
    const fractions: number[] = [];
    await readTranscript(new Uint8Array(readCommittedFixture('transcripts/t11000.pdf')), { onProgress: (_phase, fraction) => fractions.push(fraction) });
    expect(fractions).toEqual([0, 0.2, 1]);
  });
});

describe('a PDF whose text layer is garbage', () => {
  afterAll(() => terminateOcr());
  it('is read from the pixels of its pages: every row of a re-typeset transcript whose fonts have no character map', async () => {
    // u23: a ctcLink layout printed with its fonts' /ToUnicode maps removed, so extracted text is glyph numbers
    const bytes = new Uint8Array(readCommittedFixture('transcripts-unseen/tuning/u23-spscc-ctclink-termcodes-garbled.pdf'));
    const r = await readTranscript(bytes);
    expect(r.diagnostics.textSources).toEqual(['ocr']);
    expect(r.source).toBe('ocr');
    expect(r.courseRowsFound).toBe(true);
    const codes = r.rows.map((row) => `${row.subject} ${row.number} ${row.credits} ${row.grade}`);
    expect(codes).toEqual(expect.arrayContaining(['ENGL& 101 5 3.8', 'ACCT& 202 5 3.3', 'BUS& 201 5 3.6', 'CMST& 220 5 I']));
    expect(r.rows.length).toBe(9);
  }, 120_000);

  it('keeps a text PDF on its own text (no OCR)', async () => {
    const r = await readTranscript(new Uint8Array(readCommittedFixture('transcripts-unseen/tuning/u23-spscc-ctclink-termcodes.pdf')));
    expect(r.diagnostics.textSources).toEqual(['pdfjs']);
    expect(r.source).toBe('pdf-text');
  });
});

/** Hand-made upload bytes for API tests: valid PDFs of any page count, images whose header lies about their size. */
import { constants as zlibConstants, deflateRawSync, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A minimal, valid PDF with `pages` empty pages, written by hand (offsets in the xref table are exact). */
export function makePdf(pages: number): Buffer {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, index) => `${3 + index} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  for (let index = 0; index < pages; index += 1) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>');
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real small PNG whose IHDR is rewritten (with a correct CRC) to declare width × height: a decompression bomb's header. */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } }).greyscale().png().toBuffer();
  const patched = Buffer.from(png);
  // signature (8) + length (4) + 'IHDR' (4) + data (13) + crc (4)
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

/** A real small JPEG whose frame header (SOF0) is rewritten to declare width × height. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } }).jpeg({ mozjpeg: false }).toBuffer());
  for (let offset = 2; offset + 9 < jpeg.length; ) {
    if (jpeg[offset] !== 0xff) throw new Error('unexpected JPEG layout');
    const marker = jpeg[offset + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, offset + 5);
      jpeg.writeUInt16BE(width, offset + 7);
      return jpeg;
    }
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  throw new Error('no frame header found');
}

/** A valid PDF with a ZIP archive appended: opens as either, the classic polyglot. */
export function pdfZipPolyglot(): Buffer {
  const zipEntry = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('payload.html')]);
  const endOfCentralDirectory = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
  return Buffer.concat([makePdf(1), zipEntry, endOfCentralDirectory]);
}

/**
 * A zlib stream of `megabytes` MB of spaces, about 1,000 times smaller than what it inflates to: one full-flushed
 * deflate segment of 1 MB of spaces repeated (each starts from a reset dictionary, so copies chain), a final empty
 * block and the right Adler-32, so every inflater accepts it. Built in milliseconds, never held inflated.
 */
export function zlibBomb(megabytes: number): Buffer {
  const MB = 1024 * 1024;
  const segment = deflateRawSync(Buffer.alloc(MB, 0x20), { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const finalEmptyBlock = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
  // Adler-32 of n bytes of value c: a = 1 + n·c, b = n + c·n(n+1)/2 (mod 65521).
  const n = BigInt(megabytes * MB);
  const prime = 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((((n + (32n * n * (n + 1n)) / 2n) % prime) << 16n) | ((1n + 32n * n) % prime)));
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: megabytes }, () => segment), finalEmptyBlock, adler]);
}

/** A one-page PDF whose content stream inflates to `megabytes` MB (a decompression bomb; `layers` 2 = Flate of Flate). */
export function pdfBomb(megabytes: number, { layers = 1 }: { layers?: 1 | 2 } = {}): Buffer {
  const inner = zlibBomb(megabytes);
  const data = layers === 2 ? deflateSync(inner, { level: 9 }) : inner;
  const filter = layers === 2 ? '[/FlateDecode /FlateDecode]' : '/FlateDecode';
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  add('%PDF-1.4\n');
  const objects: Array<Buffer | string> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  objects.forEach((object, index) => {
    offsets.push(length);
    add(`${index + 1} 0 obj\n${object as string}\nendobj\n`);
  });
  offsets.push(length);
  add(`4 0 obj\n<< /Length ${data.length} /Filter ${filter} >>\nstream\n`);
  add(data);
  add('\nendstream\nendobj\n');
  const xrefAt = length;
  add(`xref\n0 5\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`);
  add(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(parts);
}

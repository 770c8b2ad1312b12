/** Hand-made upload bytes for API tests: valid PDFs of any page count, images whose header lies about their size. */
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

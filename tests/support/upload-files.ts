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

/** A PDF written from its objects (each `[dictionary, stream bytes?]`, numbered from 1, the first the catalog). */
function pdfFromObjects(objects: Array<[string, Buffer?]>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.byteLength;
  const offsets: number[] = [];
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.byteLength;
  };
  objects.forEach(([dictionary, stream], index) => {
    offsets.push(length);
    add(Buffer.from(`${index + 1} 0 obj\n${dictionary}\n`, 'latin1'));
    if (stream) {
      add(Buffer.from('stream\n', 'latin1'));
      add(stream);
      add(Buffer.from('\nendstream\n', 'latin1'));
    }
    add(Buffer.from('endobj\n', 'latin1'));
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  add(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/**
 * A one-page PDF that paints one black-and-white image of width × height pixels, its pixels real (zeros, deflated: a
 * 30,000 × 30,000 image is 112 MB of pixels in a ~110 KB file). As an image XObject, or as a Form XObject's image;
 * `textFirst` writes a line of text before it (pdf.js then loads a font before it reaches the image).
 */
export function pdfWithImage(width: number, height: number, { insideForm = false, textFirst = false } = {}): Buffer {
  const pixels = deflateSync(Buffer.alloc(Math.ceil(width / 8) * height), { level: 9 });
  const image: [string, Buffer] = [`<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode /Length ${pixels.byteLength} >>`, pixels];
  const text = textFirst ? 'BT /F1 12 Tf 72 720 Td (Official transcript) Tj ET ' : '';
  const pageContent = Buffer.from(`${text}q 612 0 0 792 0 0 cm /${insideForm ? 'Fm1' : 'Im1'} Do Q`, 'latin1');
  const font = textFirst ? ' /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >>' : '';
  const objects: Array<[string, Buffer?]> = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << ${insideForm ? '/Fm1 6 0 R' : '/Im1 5 0 R'} >>${font} >> /Contents 4 0 R >>`],
    [`<< /Length ${pageContent.byteLength} >>`, pageContent],
    image,
  ];
  if (insideForm) {
    const formContent = Buffer.from('q 1 0 0 1 0 0 cm /Im1 Do Q', 'latin1');
    objects.push([`<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /Im1 5 0 R >> >> /Length ${formContent.byteLength} >>`, formContent]);
  }
  return pdfFromObjects(objects);
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

/** An ISO base media box: 32-bit size, type, content (FullBoxes take their version and flags in `content`). */
function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}
const u32 = (...values: number[]) => Buffer.concat(values.map((value) => { const b = Buffer.alloc(4); b.writeUInt32BE(value); return b; }));
const u16 = (value: number) => { const b = Buffer.alloc(2); b.writeUInt16BE(value); return b; };

/**
 * A HEIC photo's structure as phones write it (ftyp, meta with hdlr 'pict', pitm, iinf, iloc, iprp with ispe and ipma,
 * then mdat), declaring `width` × `height`; the coded image data is filler, as only the structure is ever checked.
 */
export function makeHeic(width = 4032, height = 3024): Buffer {
  const payload = Buffer.alloc(2048, 0x5a);
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));
  const meta = (mdatOffset: number) =>
    box(
      'meta',
      u32(0),
      box('hdlr', u32(0, 0), Buffer.from('pict', 'latin1'), u32(0, 0, 0), Buffer.from([0])),
      box('pitm', u32(0), u16(1)),
      box('iinf', u32(0), u16(1), box('infe', u32(0x02000000), u16(1), u16(0), Buffer.from('hvc1', 'latin1'), Buffer.from([0]))),
      // iloc v0: offset_size 4, length_size 4, base_offset_size 0; one item, one extent.
      box('iloc', u32(0), Buffer.from([0x44, 0x00]), u16(1), u16(1), u16(0), u16(1), u32(mdatOffset + 8, payload.length)),
      box('iprp', box('ipco', box('ispe', u32(0, width, height))), box('ipma', u32(0), u32(1), u16(1), Buffer.from([1, 0x81]))),
    );
  const mdatOffset = ftyp.length + meta(0).length;
  return Buffer.concat([ftyp, meta(mdatOffset), box('mdat', payload)]);
}

/** A header of `size` bytes with little-endian fields ([offset, width, value]) written in. */
function littleEndian(size: number, fields: Array<[number, 2 | 4, number]>): Buffer {
  const bytes = Buffer.alloc(size);
  for (const [at, width, value] of fields) {
    if (width === 2) bytes.writeUInt16LE(value, at);
    else bytes.writeUInt32LE(value, at);
  }
  return bytes;
}

/** A ZIP archive, written as Word does (local headers, data, central directory); sizes may be declared falsely. */
export function makeZip(entries: Array<{ name: string; data: Buffer; deflate?: boolean; declaredSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? entry.data.length;
    const method = entry.deflate ? 8 : 0;
    locals.push(littleEndian(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, method], [18, 4, data.length], [22, 4, size], [26, 2, name.length]]), name, data);
    const central = littleEndian(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [10, 2, method], [20, 4, data.length], [24, 4, size], [28, 2, name.length], [42, 4, offset]]);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A raw deflate stream of `megabytes` MB of spaces (zlibBomb without the zlib wrapper), as a ZIP entry holds it. */
function rawDeflateBomb(megabytes: number): Buffer {
  const wrapped = zlibBomb(megabytes);
  return wrapped.subarray(2, wrapped.length - 4);
}

/** A .docx whose word/document.xml inflates to `megabytes` MB; `declaredSize` lies about it when given. */
export function docxBomb(megabytes: number, { declaredSize }: { declaredSize?: number } = {}): Buffer {
  const types = { name: '[Content_Types].xml', data: Buffer.from('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'), deflate: true };
  const document = Buffer.from(rawDeflateBomb(megabytes));
  const zip = makeZip([types, { name: 'word/document.xml', data: document, declaredSize: declaredSize ?? megabytes * 1024 * 1024 }]);
  // makeZip stored the bomb as given; mark it deflated (method 8) in both headers.
  const view = zip;
  for (let at = 0; at + 4 <= view.length; at++) {
    const signature = view.readUInt32LE(at);
    if (signature === 0x04034b50 && view.toString('latin1', at + 30, at + 30 + 17) === 'word/document.xml') view.writeUInt16LE(8, at + 8);
    if (signature === 0x02014b50 && view.toString('latin1', at + 46, at + 46 + 17) === 'word/document.xml') view.writeUInt16LE(8, at + 10);
  }
  return zip;
}

/** A small, honest .docx. */
export function makeDocx(): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'), deflate: true },
    { name: 'word/document.xml', data: Buffer.from('<w:document><w:body><w:p><w:r><w:t>Syllabus</w:t></w:r></w:p></w:body></w:document>'.repeat(50)), deflate: true },
  ]);
}

import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectSyllabusType, isOleCompoundFile, isWordOpenXml } from './syllabus-file-type';

/** A minimal ZIP with the given entries (stored or deflated), as Word and other tools write them. */
function zip(entries: Array<{ name: string; data: string; deflate?: boolean; dataDescriptor?: boolean }>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.from(entry.data);
    const data = entry.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(entry.dataDescriptor ? 0x08 : 0, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(entry.dataDescriptor ? 0 : data.length, 18);
    local.writeUInt32LE(entry.dataDescriptor ? 0 : raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}

describe('syllabus file types', () => {
  it('recognises a .docx by its word/ entries, even after other entries or behind a data descriptor', () => {
    const docx = zip([
      { name: '[Content_Types].xml', data: '<Types/>', deflate: true },
      { name: 'word/document.xml', data: '<w:document/>', deflate: true },
    ]);
    expect(isWordOpenXml(docx)).toBe(true);
    expect(detectSyllabusType(docx)).toBe('docx');
    expect(isWordOpenXml(zip([{ name: '[Content_Types].xml', data: '<Types/>', dataDescriptor: true }, { name: 'word/document.xml', data: 'x' }]))).toBe(true);
  });

  it('refuses other ZIPs (an .xlsx, a plain archive)', () => {
    expect(detectSyllabusType(zip([{ name: 'xl/workbook.xml', data: '<workbook/>' }]))).toBeNull();
    expect(detectSyllabusType(zip([{ name: 'notes.txt', data: 'hello' }]))).toBeNull();
  });

  it('recognises a .doc by the OLE compound-file header', () => {
    const doc = new Uint8Array(1024);
    doc.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(isOleCompoundFile(doc)).toBe(true);
    expect(detectSyllabusType(doc)).toBe('doc');
    expect(isOleCompoundFile(doc.subarray(0, 100))).toBe(false);
  });

  it('accepts PDF, PNG and JPEG and refuses HTML, SVG, HEIC and polyglots', () => {
    expect(detectSyllabusType(Buffer.from('%PDF-1.7\n%%EOF'))).toBe('pdf');
    expect(detectSyllabusType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(detectSyllabusType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(detectSyllabusType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(detectSyllabusType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectSyllabusType(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0'))).toBeNull();
    expect(detectSyllabusType(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(zip([{ name: 'a', data: 'b' }]))]))).toBeNull();
  });
});

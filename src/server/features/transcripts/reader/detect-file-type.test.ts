import { describe, expect, it } from 'vitest';
import { detectFileType } from './detect-file-type';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('detectFileType', () => {
  it('recognises PDF, PNG, JPEG and HEIC by magic bytes', () => {
    expect(detectFileType(bytes('%PDF-1.7\n1 0 obj\n'))).toMatchObject({ kind: 'pdf', refuse: null, polyglot: false });
    expect(detectFileType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toMatchObject({ kind: 'png', refuse: null });
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toMatchObject({ kind: 'jpeg', refuse: null });
    expect(detectFileType(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))).toMatchObject({ kind: 'heic', refuse: null });
  });

  it('ignores the file name and trusts content only', () => {
    expect(detectFileType(bytes('hello, this is text')).kind).toBe('unknown');
  });

  it('flags a PDF/ZIP polyglot (ZIP local header or central directory inside a PDF)', () => {
    const local = detectFileType(bytes('%PDF-1.4\n', 'stream', [0x50, 0x4b, 0x03, 0x04, 20, 0], 'endstream'));
    expect(local).toMatchObject({ kind: 'pdf', polyglot: true, refuse: 'polyglot' });
    const central = detectFileType(bytes('%PDF-1.4\n%%EOF', [0x50, 0x4b, 0x01, 0x02]));
    expect(central.refuse).toBe('polyglot');
    const eocd = detectFileType(bytes('%PDF-1.4\n%%EOF', [0x50, 0x4b, 0x05, 0x06]));
    expect(eocd.refuse).toBe('polyglot');
  });

  it('refuses a PDF header that is not at the very start', () => {
    expect(detectFileType(bytes('junk before ', '%PDF-1.4\n'))).toMatchObject({ kind: 'pdf', refuse: 'polyglot' });
  });

  it('flags an image carrying a ZIP', () => {
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe0], 'data', [0x50, 0x4b, 0x03, 0x04])).refuse).toBe('polyglot');
  });

  it('refuses empty, zip, html, svg and other images', () => {
    expect(detectFileType(new Uint8Array()).refuse).toBe('empty');
    expect(detectFileType(bytes('  \n\t ')).refuse).toBe('empty');
    expect(detectFileType(bytes([0x50, 0x4b, 0x03, 0x04, 10, 0])).refuse).toBe('zip');
    expect(detectFileType(bytes('<!DOCTYPE html><html><body>x</body></html>')).refuse).toBe('html');
    expect(detectFileType(bytes('\n  <html lang="en">')).refuse).toBe('html');
    expect(detectFileType(bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>')).refuse).toBe('svg');
    expect(detectFileType(bytes('<svg onload="alert(1)"/>')).refuse).toBe('svg');
    expect(detectFileType(bytes('GIF89a')).refuse).toBe('gif');
    expect(detectFileType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')).refuse).toBe('webp');
  });
});

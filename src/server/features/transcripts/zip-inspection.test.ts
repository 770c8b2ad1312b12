import { describe, expect, it } from 'vitest';
import { docxBomb, makeDocx, makeZip } from '../../../../tests/support/upload-files';
import { inspectZip, MAX_ZIP_ENTRIES } from './zip-inspection';

const MB = 1024 * 1024;

describe('inspectZip', () => {
  it('accepts an ordinary .docx', async () => {
    expect(await inspectZip(makeDocx())).toBeNull();
  });

  it('refuses a zip bomb from its directory, before inflating anything', async () => {
    const bomb = docxBomb(1024);
    expect(bomb.byteLength).toBeLessThan(1.2 * MB);
    const started = performance.now();
    expect(await inspectZip(bomb)).toEqual({ reason: 'too_large' });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses a bomb whose directory lies about its size, stopping the inflating at the declared size', async () => {
    const started = performance.now();
    expect(await inspectZip(docxBomb(1024, { declaredSize: 1000 }))).toEqual({ reason: 'too_large' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses more entries than a document has, overlapping entries and paths that climb out of the folder', async () => {
    const many = makeZip(Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, index) => ({ name: `word/${index}.xml`, data: Buffer.from('x') })));
    expect(await inspectZip(many)).toEqual({ reason: 'too_large' });
    expect(await inspectZip(makeZip([{ name: '../evil.xml', data: Buffer.from('x') }]))).toEqual({ reason: 'malformed' });
    const overlapping = makeZip([
      { name: 'word/a.xml', data: Buffer.from('aaaa') },
      { name: 'word/b.xml', data: Buffer.from('bbbb') },
    ]);
    // Point the second directory entry at the first entry's local header: two names, one body.
    const second = overlapping.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    overlapping.writeUInt32LE(0, second + 42);
    expect(await inspectZip(overlapping)).toEqual({ reason: 'malformed' });
    expect(await inspectZip(Buffer.from('PK\x03\x04 not really a zip'))).toEqual({ reason: 'malformed' });
  });
});

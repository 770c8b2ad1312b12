import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { docxBomb, makeDocx, makeHeic, makePdf, pdfBomb, pdfZipPolyglot } from '../../../../tests/support/upload-files';
import { checkUpload, UPLOAD_LIMITS } from './upload-checks';

const HEIC = makeHeic();
const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();

describe('checkUpload', () => {
  it('keeps a HEIC photo on the profile but refuses to read one (the reader cannot open it)', async () => {
    expect(await checkUpload(HEIC, 'transcript', { names: ['phone.heic'] })).toBeNull();
    expect(await checkUpload(HEIC, 'transcript-reading')).toEqual({ kind: 'unsupported_type', message: UPLOAD_LIMITS['transcript-reading'].notAllowed });
    expect((await checkUpload(HEIC, 'syllabus'))?.kind).toBe('unsupported_type');
  });

  it('refuses content the declared name or type contradicts, and ignores a generic type', async () => {
    const image = await png();
    expect(await checkUpload(image, 'transcript', { names: ['scan.pdf'] })).toMatchObject({ kind: 'unsupported_type', message: expect.stringContaining('its name "scan.pdf" says .pdf') });
    expect(await checkUpload(image, 'transcript-reading', { contentType: 'application/pdf' })).toMatchObject({
      kind: 'unsupported_type',
      message: "The file's content is a PNG image, but it was sent as a PDF. Please upload the original file.",
    });
    expect(await checkUpload(image, 'transcript-reading', { contentType: 'application/octet-stream' })).toBeNull();
    expect(await checkUpload(image, 'transcript-reading', { contentType: 'image/png', names: ['scan.PNG', 'Fall.2023'] })).toBeNull();
  });

  it('applies each use its own page and size limits', async () => {
    const forty = makePdf(40);
    expect(await checkUpload(forty, 'transcript-reading')).toEqual({ kind: 'unusable', message: 'This PDF has 40 pages; the limit for a transcript is 30.' });
    expect(await checkUpload(forty, 'syllabus')).toBeNull();
    const big = new Uint8Array(UPLOAD_LIMITS.syllabus.maxBytes + 1);
    expect(await checkUpload(big, 'syllabus')).toEqual({ kind: 'too_large', message: 'The file is larger than the 10 MB limit for a syllabus.' });
  });

  it('refuses empty files and polyglots for every use', async () => {
    for (const use of ['transcript', 'syllabus', 'transcript-reading'] as const) {
      expect((await checkUpload(new Uint8Array(0), use))?.kind).toBe('invalid');
      expect((await checkUpload(pdfZipPolyglot(), use))?.message).toMatch(/more than one kind of content/);
    }
  });

  it('refuses a bomb of each kind with a plain message: PDF stream, ZIP-based document, fake HEIC, pixel bomb', async () => {
    expect(await checkUpload(pdfBomb(1024), 'transcript')).toEqual({ kind: 'unusable', message: expect.stringMatching(/^This PDF unpacks to far more data/) });
    expect(await checkUpload(docxBomb(1024), 'syllabus', { names: ['syllabus.docx'] })).toEqual({
      kind: 'unusable',
      message: 'This Word document unpacks to more than 100 MB, so it was not saved. Please save it as a PDF and upload that.',
    });
    expect(await checkUpload(makeDocx(), 'syllabus', { names: ['syllabus.docx'] })).toBeNull();
    const fakeHeic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheicmif1heic', 'latin1'), Buffer.from('MZ\x90\0 an executable')]);
    expect(await checkUpload(fakeHeic, 'transcript', { names: ['photo.heic'] })).toMatchObject({ kind: 'unusable', message: expect.stringMatching(/not a whole one/) });
    expect(await checkUpload(makeHeic(50_000, 50_000), 'transcript')).toMatchObject({ kind: 'unusable', message: expect.stringMatching(/too large/) });
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { makeHeic } from '../../../../tests/support/upload-files';
import { checkHeicStructure } from './heic-structure';

describe('checkHeicStructure', () => {
  it('accepts a HEIC photo whose boxes make a whole image', () => {
    expect(checkHeicStructure(makeHeic())).toBeNull();
  });

  it('refuses a fake HEIC: the brand followed by anything else, a cut-off file, boxes that do not tile the file', () => {
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheicmif1heic', 'latin1'), Buffer.alloc(64)]);
    expect(checkHeicStructure(fake)).toEqual({ reason: 'malformed' });
    const real = makeHeic();
    expect(checkHeicStructure(real.subarray(0, real.length - 100))).toEqual({ reason: 'malformed' });
    expect(checkHeicStructure(Buffer.concat([real, Buffer.from('<script>alert(1)</script>')]))).toEqual({ reason: 'malformed' });
    const notAPicture = Buffer.from(real);
    notAPicture.write('vide', notAPicture.indexOf('pict', 0, 'latin1'), 'latin1');
    expect(checkHeicStructure(notAPicture)).toEqual({ reason: 'malformed' });
  });

  it('refuses a pixel bomb by the size its header declares', () => {
    expect(checkHeicStructure(makeHeic(50_000, 50_000))).toEqual({ reason: 'too_large', message: expect.stringContaining('too large (50000×50000 pixels)') });
  });
});

// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import '../../../../tests/support/web-render';
import { QrCode } from './qr-code';

/** The dark modules an SVG path of unit squares draws, as "row,column" (the quiet zone taken off). */
function drawnModules(path: string, quietZone = 4): Set<string> {
  return new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${Number(y) - quietZone},${Number(x) - quietZone}`));
}

describe('QrCode', () => {
  it('draws exactly the modules of the QR code of its text, with a quiet zone, as a labelled image', () => {
    const text = 'otpauth://totp/Crosswalk:clerk@school.edu?secret=JBSWY3DPEHPK3PXP&issuer=Crosswalk';
    render(<QrCode text={text} label="QR code of your key" />);
    const image = screen.getByRole('img', { name: 'QR code of your key' });
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const expected = new Set<string>();
    for (let row = 0; row < modules.size; row += 1) for (let column = 0; column < modules.size; column += 1) if (modules.get(row, column)) expected.add(`${row},${column}`);
    expect(drawnModules(image.querySelector('path')!.getAttribute('d')!)).toEqual(expected);
    expect(image.getAttribute('viewBox')).toBe(`0 0 ${modules.size + 8} ${modules.size + 8}`);
  });
});

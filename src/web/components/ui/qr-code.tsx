import { create } from 'qrcode';
import { useMemo } from 'react';

/** Modules of white margin around the code, as the QR specification asks so that cameras find its edges. */
const QUIET_ZONE = 4;

/**
 * A QR code drawn here, as SVG, from the text itself: nothing is sent to an outside service (the text can be a secret,
 * such as a two-factor key). One path of unit squares, so it stays sharp at any size.
 */
export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const { path, width } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const squares: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) squares.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
    return { path: squares.join(''), width: modules.size + QUIET_ZONE * 2 };
  }, [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${width}`} width={size} height={size} shapeRendering="crispEdges" className="shrink-0">
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Prepares a photo or scan for OCR with sharp: orient, grayscale, normalise, deskew, rescale, threshold. */
import sharp from 'sharp';

export const OCR_INPUT_PIXEL_LIMIT = 40_000_000;

export interface PreparedImage {
  png: Buffer;
  width: number;
  height: number;
  skewDegrees: number;
  scale: number;
}

/**
 * Estimates the skew of text lines in degrees (positive = lines rise to the right in image coordinates
 * after a clockwise rotation of that many degrees) by maximising the variance of the row profile of dark
 * pixels over small angles.
 */
export function estimateSkew(gray: Uint8Array, width: number, height: number, maxDeg = 6): number {
  // Otsu-free: dark = well below the mean
  let sum = 0;
  for (let i = 0; i < gray.length; i++) sum += gray[i]!;
  const mean = sum / Math.max(1, gray.length);
  const cut = Math.min(mean * 0.7, 140);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (gray[y * width + x]! < cut) {
        xs.push(x - width / 2);
        ys.push(y);
      }
  if (xs.length < 200) return 0;
  const score = (deg: number): number => {
    const t = (deg * Math.PI) / 180;
    const s = Math.sin(t);
    const c = Math.cos(t);
    const bins = new Float64Array(height * 2 + 2);
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round(ys[i]! * c - xs[i]! * s + height / 2);
      if (r >= 0 && r < bins.length) bins[r]! += 1;
    }
    let sq = 0;
    for (let i = 0; i < bins.length; i++) sq += bins[i]! * bins[i]!;
    return sq;
  };
  let best = 0;
  let bestScore = score(0);
  for (let d = -maxDeg; d <= maxDeg; d += 0.5) {
    const sc = score(d);
    if (sc > bestScore * 1.0001) [best, bestScore] = [d, sc];
  }
  for (let d = best - 0.45; d <= best + 0.45; d += 0.05) {
    const sc = score(d);
    if (sc > bestScore * 1.0001) [best, bestScore] = [d, sc];
  }
  return Math.round(best * 100) / 100;
}

export async function preprocessForOcr(bytes: Uint8Array): Promise<PreparedImage> {
  const oriented = await sharp(bytes, { limitInputPixels: OCR_INPUT_PIXEL_LIMIT, failOn: 'none' })
    .rotate() // EXIF orientation
    .grayscale()
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = oriented.info;
  const raw = { raw: { width, height, channels } } as const;
  // small text needs upscaling; very large photos are scaled down to keep OCR time bounded
  const scale = width < 1800 ? Math.min(2.5, 2200 / width) : width > 3200 ? 3000 / width : 1;

  // skew, measured on a small copy
  const small = await sharp(oriented.data, raw).resize({ width: Math.min(1000, width) }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const skew = estimateSkew(new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length), small.info.width, small.info.height);

  let img = sharp(oriented.data, raw);
  if (Math.abs(skew) >= 0.1) {
    const rotated = await img.rotate(-skew, { background: { r: 255, g: 255, b: 255, alpha: 1 } }).raw().toBuffer({ resolveWithObject: true });
    img = sharp(rotated.data, { raw: { width: rotated.info.width, height: rotated.info.height, channels: rotated.info.channels } });
  }
  const outW = Math.round(width * scale);
  if (scale !== 1) img = img.resize({ width: outW, kernel: 'lanczos3' });
  const out = await img.extractChannel(0).png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: out.data, width: out.info.width, height: out.info.height, skewDegrees: skew, scale };
}

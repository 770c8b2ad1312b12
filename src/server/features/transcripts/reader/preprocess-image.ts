/**
 * Prepares a photo or scan for OCR with sharp: orient, grayscale, flatten uneven light and shadows, stretch contrast,
 * deskew, and scale to about 300 dpi for a letter-size page (small table text needs it; very large photos are scaled
 * down to keep OCR time bounded).
 */
import sharp from 'sharp';

export const OCR_INPUT_PIXEL_LIMIT = 40_000_000;
/** Width the page is scaled to: about 300 dpi across a letter-size page with a little margin. */
const TARGET_WIDTH = 2500;

export interface PreparedImage {
  png: Buffer;
  width: number;
  height: number;
  skewDegrees: number;
  scale: number;
  /** The light was uneven (a photo): it was flattened, and its rows may slant or curve. A clean scan is not. */
  photo: boolean;
}

/** Background brightness varying by more than this share of its mean is a photo's light, not a scan's. */
const UNEVEN_LIGHT = 0.15;

/**
 * Estimates the skew of text lines in degrees (positive = lines rise to the right in image coordinates
 * after a clockwise rotation of that many degrees) by maximising the variance of the row profile of dark
 * pixels over small angles.
 */
export function estimateSkew(gray: Uint8Array, width: number, height: number, maxDeg = 6): number {
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

/**
 * Divides a photo by an estimate of its background: shadows, gradients of light and the surface around the page
 * become a flat white, and the text stays dark (an evenly lit scan only has its contrast stretched). The background is a median over a wide window of a quarter-size copy
 * (text covers less than half of any window, so the median is the paper; a shadow's sharp edge is kept), lightly
 * smoothed.
 */
async function flattenLight(data: Buffer, width: number, height: number): Promise<{ data: Buffer; uneven: boolean }> {
  const raw = { raw: { width, height, channels: 1 as const } };
  const quarter = await sharp(data, raw)
    .resize({ width: Math.max(16, Math.round(width / 4)) })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const small = await sharp(quarter.data, { raw: { width: quarter.info.width, height: quarter.info.height, channels: 1 } })
    .median(9)
    .blur(2)
    .extractChannel(0)
    .raw()
    .toBuffer();
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < small.length; i++) {
    sum += small[i]!;
    squares += small[i]! * small[i]!;
  }
  const mean = sum / Math.max(1, small.length);
  const variation = Math.sqrt(Math.max(0, squares / Math.max(1, small.length) - mean * mean)) / Math.max(1, mean);
  // a scan or a clean render: stretching contrast is enough, and keeps thin strokes whole
  if (variation < UNEVEN_LIGHT) return { data: await sharp(data, raw).normalise().extractChannel(0).raw().toBuffer(), uneven: false };
  const background = await sharp(small, { raw: { width: quarter.info.width, height: quarter.info.height, channels: 1 } }).resize({ width, height, fit: 'fill' }).extractChannel(0).raw().toBuffer();
  const out = Buffer.alloc(width * height);
  for (let i = 0; i < out.length; i++) {
    const ratio = data[i]! / Math.max(24, background[i]!);
    // paper (ratio near 1) becomes white; ink is stretched over the rest of the range
    out[i] = ratio >= 0.92 ? 255 : Math.max(0, Math.round((255 * ratio) / 0.92 - 30 * (1 - ratio)));
  }
  // a 3×3 median takes out the sensor noise the division made visible
  return { data: await sharp(out, raw).median(3).extractChannel(0).raw().toBuffer(), uneven: true };
}

/**
 * Whitens table rules: dark runs far longer than any letter, horizontal or vertical. Rules touching text make the OCR
 * engine lose whole rows. A run may wander one pixel up or down (what is left of skew and perspective).
 */
export function removeRules(gray: Uint8Array, width: number, height: number, dark = 110): void {
  const minHorizontal = Math.max(80, Math.round(width / 20));
  const minVertical = Math.max(60, Math.round(height / 45));
  const isDark = (x: number, y: number) => y >= 0 && y < height && gray[y * width + x]! < dark;
  const erase: number[] = [];
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const on = x < width && (isDark(x, y) || (isDark(x, y - 1) && isDark(x, y + 1)));
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        if (x - start >= minHorizontal) for (let i = start; i < x; i++) erase.push(y * width + i);
        start = -1;
      }
    }
  }
  for (let x = 0; x < width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const on = y < height && gray[y * width + x]! < dark;
      if (on && start < 0) start = y;
      if (!on && start >= 0) {
        if (y - start >= minVertical) for (let i = start; i < y; i++) erase.push(i * width + x);
        start = -1;
      }
    }
  }
  for (const i of erase) gray[i] = 255;
}

export async function preprocessForOcr(bytes: Uint8Array): Promise<PreparedImage> {
  const decoded = await sharp(bytes, { limitInputPixels: OCR_INPUT_PIXEL_LIMIT, failOn: 'none' })
    .rotate() // EXIF orientation
    .grayscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const srcWidth = decoded.info.width;
  // small text needs upscaling; very large photos are scaled down to keep OCR time bounded
  const scale = Math.min(2.5, TARGET_WIDTH / srcWidth);
  const width = Math.round(srcWidth * scale);
  const height = Math.round(decoded.info.height * scale);
  const scaled = await sharp(decoded.data, { raw: { width: srcWidth, height: decoded.info.height, channels: 1 } })
    .resize({ width, height, kernel: scale > 1 ? 'lanczos3' : 'lanczos2' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const { data: flat, uneven } = await flattenLight(scaled, width, height);

  // skew, measured on a small copy of the flattened page (only text is dark there)
  const small = await sharp(flat, { raw: { width, height, channels: 1 } }).resize({ width: Math.min(1000, width) }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const skew = estimateSkew(new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length), small.info.width, small.info.height);

  let page = { data: flat, width, height };
  if (Math.abs(skew) >= 0.1) {
    const rotated = await sharp(flat, { raw: { width, height, channels: 1 } })
      .rotate(-skew, { background: { r: 255, g: 255, b: 255, alpha: 1 } })
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    page = { data: rotated.data, width: rotated.info.width, height: rotated.info.height };
  }
  removeRules(new Uint8Array(page.data.buffer, page.data.byteOffset, page.data.length), page.width, page.height);
  const out = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } }).png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: out.data, width: out.info.width, height: out.info.height, skewDegrees: skew, scale, photo: uneven };
}

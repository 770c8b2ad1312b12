/**
 * Turns a clean page image into a phone-photo-like JPEG: perspective and rotation, a background around the page, uneven
 * light and a shadow, blur, sensor noise, a lower resolution and JPEG blocks.
 */
import sharp from 'sharp';
import type { Rng } from './random';

export interface PhotoParams {
  rotationDeg: number;
  /** Corner displacement as a fraction of the page width (perspective). */
  keystone: number;
  blurSigma: number;
  noiseSigma: number;
  shadow: boolean;
  /** Darkest side of the light gradient, 0..1 (1 = even light). */
  lightFloor: number;
  outputWidth: number;
  jpegQuality: number;
}

export function samplePhotoParams(rng: Rng): PhotoParams {
  return {
    rotationDeg: rng.range(-5, 5),
    keystone: rng.range(0, 0.045),
    blurSigma: rng.chance(0.7) ? rng.range(0.4, 1.3) : 0,
    noiseSigma: rng.range(2, 9),
    shadow: rng.chance(0.45),
    lightFloor: rng.range(0.62, 0.95),
    outputWidth: rng.int(1300, 2300),
    jpegQuality: rng.int(45, 85),
  };
}

/** Solves the 3×3 homography that maps the four `from` points onto the four `to` points. */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  // Gaussian elimination with partial pivoting
  const n = 8;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < n; k++) a[r]![k]! -= f * a[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  return [...b.map((v, i) => v / a[i]![i]!), 1];
}

function gaussian(rng: Rng): number {
  const u = Math.max(1e-9, rng.next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

export async function makePhoto(pagePng: Buffer, params: PhotoParams, rng: Rng): Promise<Buffer> {
  const { data, info } = await sharp(pagePng).grayscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const sw = info.width;
  const sh = info.height;
  // the page sits on a darker surface with a margin; its corners are moved for rotation and perspective
  const margin = Math.round(sw * 0.06);
  const ow = sw + 2 * margin;
  const oh = sh + 2 * margin;
  const cx = ow / 2;
  const cy = oh / 2;
  const t = (params.rotationDeg * Math.PI) / 180;
  const k = params.keystone * sw;
  const corners: [number, number][] = [
    [margin - rng.range(0, k), margin + rng.range(0, k)],
    [margin + sw + rng.range(0, k), margin + rng.range(0, k) * 0.5],
    [margin + sw - rng.range(0, k) * 0.5, margin + sh - rng.range(0, k)],
    [margin + rng.range(0, k), margin + sh + rng.range(0, k) * 0.5],
  ];
  const rotated = corners.map(([x, y]) => [cx + (x - cx) * Math.cos(t) - (y - cy) * Math.sin(t), cy + (x - cx) * Math.sin(t) + (y - cy) * Math.cos(t)] as [number, number]);
  // inverse mapping: for each output pixel, where it comes from in the page
  const h = homography(rotated, [[0, 0], [sw, 0], [sw, sh], [0, sh]]);
  const out = new Uint8Array(ow * oh);
  const surface = rng.int(60, 120);
  const shadowAngle = rng.range(0, Math.PI);
  const shadowOffset = rng.range(0.2, 0.8);
  const lightAngle = rng.range(0, 2 * Math.PI);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      const d = h[6]! * x + h[7]! * y + 1;
      const sx = (h[0]! * x + h[1]! * y + h[2]!) / d;
      const sy = (h[3]! * x + h[4]! * y + h[5]!) / d;
      let v: number;
      if (sx < 0 || sy < 0 || sx >= sw - 1 || sy >= sh - 1) v = surface;
      else {
        const x0 = Math.floor(sx);
        const y0 = Math.floor(sy);
        const fx = sx - x0;
        const fy = sy - y0;
        const i = y0 * sw + x0;
        v = (data[i]! * (1 - fx) + data[i + 1]! * fx) * (1 - fy) + (data[i + sw]! * (1 - fx) + data[i + sw + 1]! * fx) * fy;
      }
      // uneven light: a linear gradient across the frame
      const g = ((x / ow - 0.5) * Math.cos(lightAngle) + (y / oh - 0.5) * Math.sin(lightAngle) + 0.7) / 1.4;
      let light = params.lightFloor + (1 - params.lightFloor) * Math.min(1, Math.max(0, g));
      if (params.shadow && (x / ow) * Math.cos(shadowAngle) + (y / oh) * Math.sin(shadowAngle) > shadowOffset) light *= 0.72;
      out[y * ow + x] = Math.max(0, Math.min(255, v * light));
    }
  }
  let img = sharp(Buffer.from(out.buffer), { raw: { width: ow, height: oh, channels: 1 } });
  if (params.blurSigma >= 0.3) img = img.blur(params.blurSigma);
  const scaled = await img.resize({ width: params.outputWidth }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const px = scaled.data;
  for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, px[i]! + gaussian(rng) * params.noiseSigma));
  return sharp(px, { raw: { width: scaled.info.width, height: scaled.info.height, channels: 1 } })
    .toColourspace('srgb')
    .tint({ r: 255, g: 240, b: 215 })
    .jpeg({ quality: params.jpegQuality })
    .toBuffer();
}

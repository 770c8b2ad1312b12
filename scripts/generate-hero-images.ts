/**
 * Draws the three home-page hero images (abstract campus and path artwork, made here, so they carry no licence
 * strings and load from our own host) and writes them to public/hero/ at the spec's widths and qualities:
 * 800 px at quality 75, 1200 px at 80, 1920 px at 85 as WebP, and JPEG fallbacks (1920 px at quality 80).
 *
 *   npx tsx scripts/generate-hero-images.ts
 */
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const outDir = resolve(import.meta.dirname, '../public/hero');
const WIDTH = 1920;
const HEIGHT = 1200;

/** The spec's image widths and qualities (section 7): mobile, tablet, desktop. */
const VARIANTS = [
  { width: 800, webp: 75, jpeg: 75 },
  { width: 1200, webp: 80, jpeg: 80 },
  { width: 1920, webp: 85, jpeg: 80 },
] as const;

/** A small deterministic random source, so a re-run produces the same artwork. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const frame = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
  `<defs>${defs}</defs>${body}</svg>`;

/** Slide 1: a crosswalk at dusk, the stripes leading towards a campus skyline. */
function crosswalkAtDusk(): string {
  const stripes = Array.from({ length: 7 }, (_, index) => {
    const y = 760 + index * 64;
    const spread = 120 + index * 95;
    const height = 26 + index * 6;
    return `<polygon points="${960 - spread},${y} ${960 + spread},${y} ${960 + spread * 1.08},${y + height} ${960 - spread * 1.08},${y + height}" fill="#f8fafc" opacity="${0.18 + index * 0.07}"/>`;
  }).join('');
  const random = seeded(7);
  const buildings = Array.from({ length: 22 }, (_, index) => {
    const width = 60 + random() * 90;
    const height = 90 + random() * 260;
    const x = index * 90 - 20;
    return `<rect x="${x}" y="${700 - height}" width="${width}" height="${height}" fill="#0f1e4a" opacity="${0.55 + random() * 0.35}"/>`;
  }).join('');
  const tower = '<rect x="900" y="330" width="120" height="370" fill="#0b1739"/><polygon points="900,330 960,250 1020,330" fill="#0b1739"/>';
  return frame(
    '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset=".55" stop-color="#6d28d9"/><stop offset=".8" stop-color="#f59e0b"/></linearGradient>' +
      '<linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e293b"/><stop offset="1" stop-color="#0f172a"/></linearGradient>' +
      '<radialGradient id="sun" cx=".5" cy=".62" r=".25"><stop offset="0" stop-color="#fde68a" stop-opacity=".9"/><stop offset="1" stop-color="#fde68a" stop-opacity="0"/></radialGradient>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sun)"/>` +
      `${buildings}${tower}<rect y="700" width="${WIDTH}" height="${HEIGHT - 700}" fill="url(#road)"/>${stripes}`,
  );
}

/** Slide 2: a campus quad from above, paths crossing a lawn between buildings. */
function campusQuad(): string {
  const random = seeded(21);
  const trees = Array.from({ length: 34 }, () => {
    const x = random() * WIDTH;
    const y = random() * HEIGHT;
    const r = 26 + random() * 34;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#14532d" opacity=".55"/>`;
  }).join('');
  const buildings = [
    [80, 80, 420, 220],
    [1420, 70, 420, 260],
    [90, 900, 380, 230],
    [1450, 880, 390, 250],
    [760, 40, 400, 150],
  ]
    .map(([x, y, w, h]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="#1e3a8a" opacity=".85"/>`)
    .join('');
  return frame(
    '<linearGradient id="lawn" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#166534"/><stop offset="1" stop-color="#065f46"/></linearGradient>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#lawn)"/>${trees}` +
      '<path d="M0 600 C 500 560 1400 660 1920 600" stroke="#e2e8f0" stroke-width="70" fill="none" opacity=".8"/>' +
      '<path d="M960 0 C 920 400 1010 800 960 1200" stroke="#e2e8f0" stroke-width="60" fill="none" opacity=".8"/>' +
      '<path d="M200 1200 L 960 600 L 1750 0" stroke="#e2e8f0" stroke-width="40" fill="none" opacity=".6"/>' +
      `<circle cx="960" cy="600" r="140" fill="#fbbf24" opacity=".85"/><circle cx="960" cy="600" r="90" fill="#166534"/>${buildings}`,
  );
}

/** Slide 3: schools as points, the transfer pathways between them as glowing lines. */
function pathwayNetwork(): string {
  const random = seeded(42);
  const nodes = Array.from({ length: 26 }, () => ({ x: 80 + random() * 1760, y: 80 + random() * 1040 }));
  const lines = nodes
    .flatMap((node, index) =>
      nodes
        .slice(index + 1)
        .filter((other) => Math.hypot(other.x - node.x, other.y - node.y) < 430)
        .map((other) => `<line x1="${node.x.toFixed(0)}" y1="${node.y.toFixed(0)}" x2="${other.x.toFixed(0)}" y2="${other.y.toFixed(0)}" stroke="#93c5fd" stroke-width="3" opacity=".35"/>`),
    )
    .join('');
  const dots = nodes
    .map((node, index) => `<circle cx="${node.x.toFixed(0)}" cy="${node.y.toFixed(0)}" r="${index % 5 === 0 ? 22 : 11}" fill="${index % 5 === 0 ? '#fbbf24' : '#bfdbfe'}"/>`)
    .join('');
  return frame(
    '<radialGradient id="glow" cx=".3" cy=".3" r=".9"><stop offset="0" stop-color="#1d4ed8"/><stop offset=".6" stop-color="#1e3a8a"/><stop offset="1" stop-color="#0b1739"/></radialGradient>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>${lines}${dots}` +
      '<path d="M120 1050 C 600 900 900 400 1800 160" stroke="#fbbf24" stroke-width="10" fill="none" stroke-dasharray="40 26" opacity=".9"/>',
  );
}

const slides = [
  { name: 'slide-1', svg: crosswalkAtDusk() },
  { name: 'slide-2', svg: campusQuad() },
  { name: 'slide-3', svg: pathwayNetwork() },
];

mkdirSync(outDir, { recursive: true });
for (const slide of slides) {
  const master = await sharp(Buffer.from(slide.svg)).png().toBuffer();
  for (const variant of VARIANTS) {
    const resized = sharp(master).resize({ width: variant.width });
    const webpPath = join(outDir, `${slide.name}-${variant.width}.webp`);
    const jpegPath = join(outDir, `${slide.name}-${variant.width}.jpg`);
    await resized.clone().webp({ quality: variant.webp, effort: 6 }).toFile(webpPath);
    await resized.clone().jpeg({ quality: variant.jpeg, mozjpeg: true, progressive: true }).toFile(jpegPath);
    for (const path of [webpPath, jpegPath]) console.log(`${path.slice(outDir.length + 1).padEnd(22)} ${(statSync(path).size / 1024).toFixed(1)} KB`);
  }
}

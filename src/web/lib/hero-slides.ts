/** The home hero's background images (public/hero, drawn by scripts/generate-hero-images.ts). */
export interface HeroSlide {
  /** File stem under /hero/, e.g. 'slide-1'. */
  name: string;
  /** Short caption announced with the slide, since the artwork itself is decorative. */
  caption: string;
  /** Colour shown until the image arrives. */
  placeholder: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  { name: 'slide-1', caption: 'Verified course equivalencies', placeholder: '#312e81' },
  { name: 'slide-2', caption: 'Instant registration options', placeholder: '#14532d' },
  { name: 'slide-3', caption: 'Clear pathways between schools', placeholder: '#1e3a8a' },
];

/** The spec's widths: 800 (mobile), 1200 (tablet), 1920 (desktop). */
export const HERO_WIDTHS = [800, 1200, 1920] as const;

/** The image fills the viewport width at every size. */
export const HERO_SIZES = '100vw';

export const heroSrcSet = (name: string, format: 'webp' | 'jpg') =>
  HERO_WIDTHS.map((width) => `/hero/${name}-${width}.${format} ${width}w`).join(', ');

/** Fallback for browsers without srcset support: the desktop JPEG. */
export const heroFallbackSrc = (name: string) => `/hero/${name}-1920.jpg`;

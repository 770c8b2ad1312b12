import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { HERO_SIZES, heroFallbackSrc, heroSrcSet, type HeroSlide } from '../../lib/hero-slides';
import { prefersReducedMotion } from '../../lib/use-reduced-motion';

interface HeroCarouselProps {
  slides: readonly HeroSlide[];
  intervalMs: number;
  /** The hero's content, shown above every slide. */
  children: ReactNode;
}

const controlClass =
  'inline-flex size-11 items-center justify-center rounded-full bg-white/15 text-white ring-1 ring-white/40 backdrop-blur-sm transition hover:bg-white/30 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400';

/**
 * Full-screen hero with rotating background images: auto-advance (paused from the start with reduced motion),
 * previous/next buttons, dots, a pause/play button and the left/right keys. Follows the WAI-ARIA carousel pattern.
 */
export function HeroCarousel({ slides, intervalMs, children }: HeroCarouselProps) {
  const [active, setActive] = useState(0);
  // With reduced motion the slideshow starts paused; the visitor may still press play.
  const [paused, setPaused] = useState(prefersReducedMotion);
  // Slides 2 and 3 load after the first image, so they never compete with it.
  const [loadRest, setLoadRest] = useState(false);
  const rotating = !paused;
  const count = slides.length;

  useEffect(() => {
    if (!rotating) return;
    // Keyed on `active`: a manual change restarts the full interval.
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, active, intervalMs, count]);

  const go = (index: number) => {
    setLoadRest(true);
    setActive((index + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') go(active - 1);
    else if (event.key === 'ArrowRight') go(active + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Crosswalk highlights"
      data-active-slide={active}
      data-rotating={rotating}
      onKeyDown={onKeyDown}
      className="relative isolate flex min-h-[calc(100svh-4rem)] flex-col overflow-hidden bg-slate-950 text-white"
    >
      <div aria-live={rotating ? 'off' : 'polite'} className="absolute inset-0 -z-10">
        {slides.map((slide, index) => {
          const current = index === active;
          return (
            <div
              key={slide.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}: ${slide.caption}`}
              aria-hidden={!current}
              className={`absolute inset-0 transition-opacity duration-1000 motion-reduce:transition-none ${current ? 'opacity-100' : 'opacity-0'}`}
              style={{ backgroundColor: slide.placeholder }}
            >
              {(index === 0 || loadRest) && (
                <picture>
                  <source type="image/webp" srcSet={heroSrcSet(slide.name, 'webp')} sizes={HERO_SIZES} />
                  <img
                    src={heroFallbackSrc(slide.name)}
                    srcSet={heroSrcSet(slide.name, 'jpg')}
                    sizes={HERO_SIZES}
                    alt=""
                    width={1920}
                    height={1200}
                    decoding="async"
                    fetchPriority={index === 0 ? 'high' : 'low'}
                    onLoad={index === 0 ? () => setLoadRest(true) : undefined}
                    className="size-full object-cover"
                  />
                </picture>
              )}
            </div>
          );
        })}
        <div className="absolute inset-0 bg-gradient-to-b from-slate-950/75 via-slate-950/60 to-slate-950/85" />
      </div>

      <div className="flex flex-1 items-center">{children}</div>

      <div className="mx-auto flex w-full max-w-7xl items-center justify-between gap-3 px-4 pb-6 sm:px-6">
        <p className="hidden text-sm font-medium text-white/90 sm:block" aria-hidden="true">
          {slides[active]?.caption}
        </p>
        <div className="flex w-full items-center justify-center gap-2 sm:w-auto sm:justify-end">
          <button type="button" className={controlClass} aria-label="Previous slide" onClick={() => go(active - 1)}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <div className="flex items-center">
            {slides.map((slide, index) => (
              <button
                key={slide.name}
                type="button"
                aria-label={`Show slide ${index + 1}: ${slide.caption}`}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => go(index)}
                className="group inline-flex size-11 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-[-4px] focus-visible:outline-accent-400"
              >
                <span className={`block h-2.5 rounded-full transition-all ${index === active ? 'w-7 bg-accent-400' : 'w-2.5 bg-white/70 group-hover:bg-white'}`} />
              </button>
            ))}
          </div>
          <button type="button" className={controlClass} aria-label="Next slide" onClick={() => go(active + 1)}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={`${controlClass} ml-2`}
            aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
            onClick={() => setPaused((value) => !value)}
          >
            {paused ? <Play aria-hidden="true" className="size-5" /> : <Pause aria-hidden="true" className="size-5" />}
          </button>
        </div>
      </div>
    </section>
  );
}

import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import Glyph from '@/components/islands/Glyph';

export interface Slide {
  src: string;
  width: number;
  height: number;
  alt: string;
}

interface Props {
  slides: readonly Slide[];
  label: string;
}

/** Package pictures: previous and next wrap around; arrow keys and swipe work too. */
export default function Carousel({ slides, label }: Props) {
  const [viewport, embla] = useEmblaCarousel({ loop: true });
  const [index, setIndex] = useState(0);
  // The page carries only the first picture; the others arrive once the gallery wakes (the first
  // touch, pointer or key in it). On a phone they would otherwise share the first second with the
  // fonts, and no one sees them before the gallery moves.
  const [awake, setAwake] = useState(false);
  useEffect(() => setAwake(true), []);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  // Go by index, not by Embla's own previous and next: Embla loops only when the slides overflow,
  // and two slides should wrap too.
  const go = useCallback(
    (step: number) => setIndex((current) => (current + step + slides.length) % slides.length),
    [slides.length],
  );
  // Embla follows the index, also when Next was pressed before it started (the gallery's first tap).
  useEffect(() => {
    if (embla && embla.selectedScrollSnap() !== index) embla.scrollTo(index);
  }, [embla, index]);

  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === 'ArrowRight') go(1);
      else return;
      event.preventDefault();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [go]);

  return (
    <section ref={root} aria-roledescription="carousel" aria-label={label} className="carousel">
      <div className="overflow-hidden rounded-3xl bg-sand-100" ref={viewport}>
        <div className="flex">
          {slides.map((slide, slideIndex) => (
            <div
              key={slide.src}
              className="min-w-0 shrink-0 grow-0 basis-full"
              role="group"
              aria-roledescription="slide"
              aria-label={`${slideIndex + 1} of ${slides.length}`}
              aria-hidden={slideIndex !== index}
            >
              {(slideIndex === 0 || awake) && (
                <img
                  src={slide.src}
                  width={slide.width}
                  height={slide.height}
                  alt={slide.alt}
                  className="aspect-[8/5] h-auto w-full object-cover"
                  loading={slideIndex === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              )}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between gap-3">
        <button type="button" className="nav-round" onClick={() => go(-1)} aria-label="Previous picture">
          <Glyph name="arrow" className="rotate-180" />
        </button>
        <p className="text-sm text-muted" aria-live="polite">
          Picture {index + 1} of {slides.length}
        </p>
        <button type="button" className="nav-round" onClick={() => go(1)} aria-label="Next picture">
          <Glyph name="arrow" />
        </button>
      </div>
    </section>
  );
}

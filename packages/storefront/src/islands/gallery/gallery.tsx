import { useCallback, useEffect, useRef, useState } from 'react';
import { Lightbox, type LightboxImage } from './lightbox.js';
import { GALLERY_TEXTS } from './texts.js';

export interface GalleryIslandProps {
  /** The id of the gallery element the theme rendered; the island works on the tiles inside it. */
  galleryId: string;
  label: string;
  design: 'grid' | 'slideshow' | 'slider' | 'stacked';
  /** Only slideshows and sliders with more than one image play. */
  autoplay: boolean;
  autoplayDurationMs: number;
  lightbox: boolean;
  lightboxTheme: 'light' | 'dark';
  images: LightboxImage[];
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The moving parts of a gallery the theme rendered as plain HTML (which works without script: tiles
 * link to the image, arrows are anchors of a scroll-snap track). Here: the lightbox opens from a tile,
 * arrows scroll smoothly without touching the address, and a slideshow or slider plays by itself with
 * a button to stop it (it starts stopped when the visitor asked for reduced motion).
 */
export function GalleryIsland(props: GalleryIslandProps) {
  const { galleryId, autoplay, autoplayDurationMs, lightbox, images } = props;
  const [open, setOpen] = useState<number | null>(null);
  const [playing, setPlaying] = useState(autoplay);
  const [held, setHeld] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const gallery = useCallback(() => document.getElementById(galleryId), [galleryId]);

  /** Scrolls the track to slide `index` (wrapping), aligned as the theme's CSS aligns it. */
  const show = useCallback(
    (index: number) => {
      const slides = [...(gallery()?.querySelectorAll<HTMLElement>('[data-gallery-slide]') ?? [])];
      if (slides.length === 0) return;
      const slide = slides[(index + slides.length) % slides.length]!;
      const track = slide.parentElement;
      if (!track) return;
      const align = getComputedStyle(slide).scrollSnapAlign.split(' ').pop();
      let left = slide.offsetLeft - track.offsetLeft;
      if (align === 'center') left -= (track.clientWidth - slide.clientWidth) / 2;
      else if (align === 'end') left -= track.clientWidth - slide.clientWidth;
      track.scrollTo({ left, behavior: reducedMotion() ? 'auto' : 'smooth' });
    },
    [gallery],
  );

  /** The slide nearest to the track's visible middle. */
  const current = useCallback(() => {
    const slides = [...(gallery()?.querySelectorAll<HTMLElement>('[data-gallery-slide]') ?? [])];
    const track = slides[0]?.parentElement;
    if (!track) return 0;
    const middle = track.scrollLeft + track.clientWidth / 2;
    let best = 0;
    slides.forEach((slide, i) => {
      const centre = slide.offsetLeft - track.offsetLeft + slide.clientWidth / 2;
      const bestSlide = slides[best]!;
      const bestCentre = bestSlide.offsetLeft - track.offsetLeft + bestSlide.clientWidth / 2;
      if (Math.abs(centre - middle) < Math.abs(bestCentre - middle)) best = i;
    });
    return best;
  }, [gallery]);

  // Tiles open the lightbox; arrows and thumbnails scroll the track instead of jumping to an anchor.
  useEffect(() => {
    const root = gallery();
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target as Element;
      const tile = target.closest<HTMLElement>('[data-lightbox-index]');
      if (tile && lightbox) {
        event.preventDefault();
        opener.current = tile;
        setOpen(Number(tile.dataset.lightboxIndex));
        return;
      }
      const step = target.closest<HTMLElement>('[data-gallery-step]');
      const to = target.closest<HTMLElement>('[data-gallery-to]');
      if (step || to) {
        event.preventDefault();
        setPlaying(false);
        show(step ? current() + Number(step.dataset.galleryStep) : Number(to!.dataset.galleryTo));
      }
    };
    // Autoplay waits while a pointer or the focus is inside the gallery.
    const hold = () => setHeld(true);
    const release = () => setHeld(false);
    root.addEventListener('click', onClick);
    root.addEventListener('pointerenter', hold);
    root.addEventListener('pointerleave', release);
    root.addEventListener('focusin', hold);
    root.addEventListener('focusout', release);
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('pointerenter', hold);
      root.removeEventListener('pointerleave', release);
      root.removeEventListener('focusin', hold);
      root.removeEventListener('focusout', release);
    };
  }, [gallery, lightbox, show, current]);

  useEffect(() => {
    if (autoplay && reducedMotion()) setPlaying(false);
  }, [autoplay]);

  useEffect(() => {
    if (!autoplay || !playing || held || open !== null) return;
    const timer = setInterval(() => {
      if (!document.hidden) show(current() + 1);
    }, autoplayDurationMs);
    return () => clearInterval(timer);
  }, [autoplay, playing, held, open, autoplayDurationMs, show, current]);

  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };

  return (
    <div className="gallery__controls" data-hydrated={hydrated ? 'true' : undefined}>
      {autoplay && (
        <button type="button" className="gallery__autoplay" onClick={() => setPlaying((p) => !p)}>
          {playing ? GALLERY_TEXTS.pause : GALLERY_TEXTS.play}
        </button>
      )}
      {open !== null && images[open] && (
        <Lightbox
          images={images}
          index={open}
          label={props.label}
          theme={props.lightboxTheme}
          onIndex={setOpen}
          onClose={close}
        />
      )}
    </div>
  );
}

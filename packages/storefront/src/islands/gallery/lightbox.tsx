import { LIGHTBOX_TOP_MARGIN_PX } from '@baukasten/commerce';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from '../dialog-focus.js';
import { GALLERY_TEXTS } from './texts.js';

export interface LightboxImage {
  src: string;
  srcset: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
}

export interface LightboxProps {
  images: LightboxImage[];
  index: number;
  label: string;
  theme: 'light' | 'dark';
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** A horizontal move of at least this many pixels is a swipe. */
export const SWIPE_DISTANCE_PX = 50;

/**
 * The gallery's lightbox: one image at a time in a modal dialog. Arrow keys (and Home/End) move, Escape
 * closes, a swipe or a drag to the side moves as well; focus stays inside while it is open. An image
 * taller than the window starts 50 px below the top (spec 9, R9.5.11) so it can be scrolled.
 */
export function Lightbox({ images, index, label, theme, onIndex, onClose }: LightboxProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [taller, setTaller] = useState(false);
  const count = images.length;
  const image = images[index]!;
  const go = (step: number) => onIndex((index + step + count) % count);
  // The latest handlers, so the keyboard set-up below runs once per opening.
  const keys = useRef({ go, onClose, onIndex, count });
  keys.current = { go, onClose, onIndex, count };

  useDialogFocus(dialogRef, {
    home: () => closeRef.current,
    onEscape: () => keys.current.onClose(),
    onKey: (event) => {
      const k = keys.current;
      if (event.key === 'ArrowRight') k.go(1);
      else if (event.key === 'ArrowLeft') k.go(-1);
      else if (event.key === 'Home') k.onIndex(0);
      else if (event.key === 'End') k.onIndex(k.count - 1);
      else return false;
      return true;
    },
    lockScroll: true,
    // The gallery gives focus back to the clicked picture while the lightbox is still mounted.
    bringsFocusBack: false,
  });

  // Whether the image, at the width it gets, is taller than the window.
  useEffect(() => {
    const measure = () => {
      const shownWidth = Math.min(image.width, window.innerWidth);
      setTaller((image.height * shownWidth) / image.width > window.innerHeight);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [image]);

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null) return;
    const distance = event.clientX - start;
    if (Math.abs(distance) >= SWIPE_DISTANCE_PX) go(distance < 0 ? 1 : -1);
  };

  const position = GALLERY_TEXTS.position(index + 1, count);
  return createPortal(
    <div
      ref={dialogRef}
      className={`lightbox lightbox--${theme}${taller ? ' lightbox--tall' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={GALLERY_TEXTS.lightboxLabel(label)}
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the backdrop is a pointer shortcut; keyboards close with Escape or the close button */}
      <div className="lightbox__backdrop" onClick={onClose} />
      <figure
        className="lightbox__figure"
        style={{ marginTop: taller ? LIGHTBOX_TOP_MARGIN_PX : undefined }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <img
          className="lightbox__image"
          src={image.src}
          srcSet={image.srcset}
          sizes="100vw"
          alt={image.alt}
          width={image.width}
          height={image.height}
          draggable={false}
        />
        {image.caption && <figcaption className="lightbox__caption">{image.caption}</figcaption>}
      </figure>
      <p className="lightbox__position" aria-live="polite">
        {position}
      </p>
      {count > 1 && (
        <>
          <button
            type="button"
            className="lightbox__button lightbox__button--previous"
            aria-label={GALLERY_TEXTS.previous}
            onClick={() => go(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="lightbox__button lightbox__button--next"
            aria-label={GALLERY_TEXTS.next}
            onClick={() => go(1)}
          >
            ›
          </button>
        </>
      )}
      <button
        ref={closeRef}
        type="button"
        className="lightbox__button lightbox__button--close"
        aria-label={GALLERY_TEXTS.close}
        onClick={onClose}
      >
        ×
      </button>
    </div>,
    document.body,
  );
}

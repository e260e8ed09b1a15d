import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { Lightbox, type LightboxImage, SWIPE_DISTANCE_PX } from '../gallery/lightbox.js';

/** One picture of the product, with what the main image, its thumbnail and the lightbox need. */
export interface ProductGalleryImage extends LightboxImage {
  sizes: string;
  objectPosition: string;
  /** 'x,y', as the theme's images carry it (spec 3). */
  focalPoint?: string;
}

export interface ProductGalleryProps {
  /** The product's title: the gallery's label and the lightbox's. */
  title: string;
  images: ProductGalleryImage[];
}

export const PRODUCT_GALLERY_TEXTS = {
  label: (title: string) => `Bilder: ${title}`,
  thumbnails: 'Bild auswählen',
  thumbnail: (number: number, count: number) => `Bild ${number} von ${count} zeigen`,
  enlarge: (alt: string) => `${alt} – vergrößern`,
} as const;

/**
 * The product page's pictures: the main image and a row of thumbnails. Without script the main image and
 * the thumbnails link to the full image; with it a thumbnail (or a swipe across the main image) switches
 * the main image, and the main image opens the lightbox, which moves with arrows and swipes as well.
 */
export function ProductGallery({ title, images }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const swiped = useRef(false);
  const mainRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => setHydrated(true), []);
  const count = images.length;
  const image = images[index] ?? images[0];
  if (!image) return null;

  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || count < 2) return;
    const distance = event.clientX - start;
    if (Math.abs(distance) >= SWIPE_DISTANCE_PX) {
      swiped.current = true;
      go(distance < 0 ? 1 : -1);
    }
  };

  return (
    <section className="product-gallery" aria-label={PRODUCT_GALLERY_TEXTS.label(title)}>
      <a
        ref={mainRef}
        className="product-gallery__main"
        href={image.src}
        aria-label={PRODUCT_GALLERY_TEXTS.enlarge(image.alt || title)}
        data-index={index}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          // A swipe ends in a click; it moved the picture and opens nothing.
          if (swiped.current) {
            swiped.current = false;
            return;
          }
          setOpen(true);
        }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
        draggable={false}
      >
        <img
          className="product-detail__image"
          src={image.src}
          srcSet={image.srcset}
          sizes={image.sizes}
          width={image.width}
          height={image.height}
          alt={image.alt || title}
          style={{ objectPosition: image.objectPosition }}
          data-image-focal-point={image.focalPoint}
          fetchPriority={index === 0 ? 'high' : undefined}
          draggable={false}
        />
      </a>
      {count > 1 && (
        <ul className="product-gallery__thumbnails" aria-label={PRODUCT_GALLERY_TEXTS.thumbnails}>
          {images.map((thumb, i) => (
            <li key={thumb.src}>
              {hydrated ? (
                <button
                  type="button"
                  className="product-gallery__thumbnail"
                  aria-label={PRODUCT_GALLERY_TEXTS.thumbnail(i + 1, count)}
                  aria-pressed={i === index}
                  onClick={() => setIndex(i)}
                >
                  <img src={thumb.src} srcSet={thumb.srcset} sizes="5rem" alt="" loading="lazy" />
                </button>
              ) : (
                <a
                  className="product-gallery__thumbnail"
                  href={thumb.src}
                  aria-label={PRODUCT_GALLERY_TEXTS.thumbnail(i + 1, count)}
                >
                  <img src={thumb.src} srcSet={thumb.srcset} sizes="5rem" alt="" loading="lazy" />
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Lightbox
          images={images}
          index={index}
          label={title}
          theme="light"
          onIndex={setIndex}
          onClose={() => {
            setOpen(false);
            mainRef.current?.focus();
          }}
        />
      )}
    </section>
  );
}

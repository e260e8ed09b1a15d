import {
  altTextFromBody,
  type ImageTemplateParams,
  imageSrcset,
  imageTemplateProblems,
  MISSING_ORIGINAL_SIZE,
  parseOriginalSize,
} from '@baukasten/commerce';

/*
 * The image helper of the theme's media markup (spec 3 Image, spec 5 image template, spec 9 width
 * steps). The checks and the srcset come from @baukasten/commerce (images.ts); this file only turns a
 * stored image into the attributes an <img> needs, so templates print plain, escaped values.
 */

/** A stored image as blocks and items keep it (spec 3 Image; only assetUrl and originalSize are needed). */
export interface StoredImage {
  assetUrl?: unknown;
  originalSize?: unknown;
  mediaFocalPoint?: { x?: unknown; y?: unknown } | null;
  altText?: unknown;
  title?: unknown;
  body?: unknown;
  filename?: unknown;
}

/** What a template prints into <img>: every value plain text, escaped by the template. */
export interface ResponsiveImage {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
  /** CSS object-position from the focal point, e.g. '30% 70%'. */
  objectPosition: string;
  /** The focal point as the data attribute of spec 3 carries it: 'x,y'. */
  focalPoint: string;
}

/** A refused call of the image helper; the message is the spec's text (R5.10.x). */
export class ImageHelperError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'ImageHelperError';
  }
}

const fraction = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.5;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Alt text of spec 9: the stored alt text, else the title, else the body's text cut at 250, else the file name. */
export function altTextOf(image: StoredImage): string {
  const own = text(image.altText).trim();
  if (own) return own;
  const title = text(image.title).trim();
  if (title) return title;
  const fromBody = altTextFromBody(text(image.body));
  return fromBody || text(image.filename).trim();
}

/**
 * Checks the helper's parameters (R5.10.1–R5.10.6) and reads the image's size (R5.10.7); throws
 * ImageHelperError with the spec's texts. `sizes` says how wide the image shows (the <img sizes>).
 */
export function responsiveImage(image: StoredImage, sizes: string): ResponsiveImage {
  const size = parseOriginalSize(image.originalSize);
  if (!size) throw new ImageHelperError([MISSING_ORIGINAL_SIZE]);
  const params: ImageTemplateParams = {
    width: size.width,
    height: size.height,
    sizes,
    src: image.assetUrl,
  };
  const problems = imageTemplateProblems(params);
  if (problems.length > 0) throw new ImageHelperError(problems);
  const src = text(image.assetUrl);
  const x = fraction(image.mediaFocalPoint?.x);
  const y = fraction(image.mediaFocalPoint?.y);
  const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;
  return {
    src,
    srcset: imageSrcset(src, size.width),
    sizes,
    width: size.width,
    height: size.height,
    alt: altTextOf(image),
    objectPosition: `${percent(x)} ${percent(y)}`,
    focalPoint: `${x},${y}`,
  };
}

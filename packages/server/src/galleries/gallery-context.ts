import {
  GALLERY_ACTIVE_ALIGNMENTS,
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
  gallerySetting,
} from '@baukasten/commerce';
import { type GalleryIslandProps, renderIsland } from '@baukasten/storefront';
import { ImageHelperError, responsiveImage, type StoredImage } from './responsive-image.js';

/*
 * The template context of a gallery (a gallery block, or the gallery page that holds one): every
 * setting of spec 3 (R3.22) brought into the ranges and defaults of spec 9 (R9.4.4–R9.4.9), the images
 * with srcset and focal point, and the gallery island (lightbox, autoplay, arrows). The theme's gallery
 * partial reads `options` through the gallery predicates of @baukasten/jsont (`.gallery-design-grid?`…).
 */

export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];

export interface GallerySettings {
  design: GalleryDesign;
  autoplay: boolean;
  'autoplay-duration': number;
  controls: boolean;
  'auto-crop': boolean;
  'aspect-ratio': string;
  'square-thumbs': boolean;
  thumbnails: boolean;
  'thumbnail-strip-height': number;
  'thumbnail-strip-margin': number;
  'show-meta': boolean;
  'show-meta-basic': boolean;
  'show-meta-only-title': boolean;
  'meta-position': (typeof GALLERY_META_POSITIONS)[number];
  'show-meta-on-hover': boolean;
  'active-alignment': (typeof GALLERY_ACTIVE_ALIGNMENTS)[number];
  'thumbnails-per-row': number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: 'light' | 'dark';
  'max-width': number;
  newWindow: boolean;
  transparentBackground: boolean;
}

const ASPECT_RATIOS = ['1:1', '3:2', '4:3', '16:9', '2:3', '3:4'] as const;

/** The editor's defaults (admin/pages/page-blocks.ts) for the switches and choices spec 9 leaves open. */
const SWITCH_DEFAULTS = {
  autoplay: false,
  controls: true,
  'auto-crop': true,
  'square-thumbs': false,
  thumbnails: false,
  'show-meta': false,
  'show-meta-basic': false,
  'show-meta-only-title': false,
  'show-meta-on-hover': false,
  lightbox: false,
  newWindow: false,
  transparentBackground: false,
} as const;

const choice = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** Stored settings (possibly old, partial or hand-written) as a complete, valid set. */
export function gallerySettings(raw: unknown): GallerySettings {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const switches = Object.fromEntries(
    Object.entries(SWITCH_DEFAULTS).map(([name, fallback]) => [
      name,
      typeof s[name] === 'boolean' ? s[name] : fallback,
    ]),
  ) as { [K in keyof typeof SWITCH_DEFAULTS]: boolean };
  return {
    ...switches,
    design: choice(GALLERY_DESIGNS, s.design, 'grid'),
    'autoplay-duration': Math.round(gallerySetting('autoplayDurationS', s['autoplay-duration'])),
    'aspect-ratio': choice(ASPECT_RATIOS, s['aspect-ratio'], '3:2'),
    'thumbnail-strip-height': Math.round(gallerySetting('thumbnailStripHeight', s['thumbnail-strip-height'])),
    'thumbnail-strip-margin': Math.round(gallerySetting('thumbnailStripMargin', s['thumbnail-strip-margin'])),
    'meta-position': choice(GALLERY_META_POSITIONS, s['meta-position'], 'bottom'),
    'active-alignment': choice(GALLERY_ACTIVE_ALIGNMENTS, s['active-alignment'], 'center'),
    'thumbnails-per-row': Math.round(gallerySetting('thumbnailsPerRow', s['thumbnails-per-row'])),
    padding: Math.round(gallerySetting('padding', s.padding)),
    lightboxTheme: s.lightboxTheme === 'light' ? 'light' : 'dark',
    'max-width': Math.round(gallerySetting('maxWidth', s['max-width'])),
  };
}

export interface GalleryImageInput extends StoredImage {
  caption?: string;
  href?: string;
}

/** How wide an image shows, per design: grid tiles are at most `max-width` px wide. */
function sizesFor(settings: GallerySettings): string {
  if (settings.design === 'grid') {
    const perRow = settings['thumbnails-per-row'];
    return `(max-width: 640px) ${Math.ceil(100 / Math.min(perRow, 2))}vw, ${settings['max-width']}px`;
  }
  return settings.design === 'slider' ? '(max-width: 640px) 80vw, 480px' : '(max-width: 960px) 100vw, 960px';
}

/** The `--gallery-*` custom properties the theme's CSS lays the gallery out with. */
function layoutStyle(settings: GallerySettings): string {
  const [w, h] = (settings['square-thumbs'] ? '1:1' : settings['aspect-ratio']).split(':');
  return [
    `--gallery-columns: ${settings['thumbnails-per-row']}`,
    `--gallery-padding: ${settings.padding}px`,
    `--gallery-tile-max: ${settings['max-width']}px`,
    `--gallery-aspect: ${w} / ${h}`,
    `--gallery-thumb-height: ${settings['thumbnail-strip-height']}px`,
    `--gallery-thumb-margin: ${settings['thumbnail-strip-margin']}px`,
  ].join('; ');
}

export interface GalleryContextOptions {
  /** The id of the gallery's element, unique on the page. */
  id: string;
  /** Label of the gallery for screen readers, e.g. the page title. */
  label: string;
}

/**
 * A gallery's template context. An image the helper refuses (no originalSize, no address) is left out
 * and reported in `imageProblems`, so one bad image does not take the page down.
 */
export function galleryContext(
  images: readonly GalleryImageInput[],
  rawSettings: unknown,
  { id, label }: GalleryContextOptions,
) {
  const settings = gallerySettings(rawSettings);
  const sizes = sizesFor(settings);
  const imageProblems: { index: number; message: string }[] = [];
  const shown = images.flatMap((image, index) => {
    try {
      return [{ image, picture: responsiveImage(image, sizes) }];
    } catch (error) {
      if (!(error instanceof ImageHelperError)) throw error;
      imageProblems.push({ index, message: error.message });
      return [];
    }
  });
  const count = shown.length;
  const slides = shown.map(({ image, picture }, index) => ({
    ...picture,
    // Every tile is a link or a slide: it needs a name even when the owner gave the image none.
    alt: picture.alt || image.caption || `${label}, Bild ${index + 1} von ${count}`,
    index,
    number: index + 1,
    slideId: `${id}-bild-${index + 1}`,
    previousSlideId: `${id}-bild-${((index + count - 1) % count) + 1}`,
    nextSlideId: `${id}-bild-${((index + 1) % count) + 1}`,
    positionText: `Bild ${index + 1} von ${count}`,
    title: typeof image.title === 'string' ? image.title : '',
    caption: image.caption ?? '',
    // With the lightbox a tile opens the image; otherwise it follows its own link, if it has one.
    link: settings.lightbox ? picture.src : (image.href ?? ''),
    newWindow: !settings.lightbox && Boolean(image.href) && settings.newWindow,
  }));
  const props: GalleryIslandProps = {
    galleryId: id,
    label,
    design: settings.design,
    autoplay: settings.autoplay && count > 1 && settings.design !== 'grid' && settings.design !== 'stacked',
    autoplayDurationMs: settings['autoplay-duration'] * 1000,
    lightbox: settings.lightbox,
    lightboxTheme: settings.lightboxTheme,
    images: slides.map((s) => ({
      src: s.src,
      srcset: s.srcset,
      alt: s.alt,
      caption: s.caption || s.title,
      width: s.width,
      height: s.height,
    })),
  };
  return {
    id,
    label,
    options: settings,
    design: settings.design,
    /** slideshow and slider share the scroll-snap track. */
    usesTrack: settings.design === 'slideshow' || settings.design === 'slider',
    metaPosition: settings['meta-position'],
    meta: {
      onlyTitle: settings['show-meta-only-title'],
      basic: settings['show-meta-basic'] || settings['show-meta-only-title'],
    },
    layoutStyle: layoutStyle(settings),
    images: slides,
    count,
    hasImages: count > 0,
    imageProblems,
    island: count > 0 ? renderIsland('gallery', props) : '',
  };
}

export type GalleryContext = ReturnType<typeof galleryContext>;

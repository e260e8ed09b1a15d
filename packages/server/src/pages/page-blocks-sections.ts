import type { Block, Storage, Website } from '@baukasten/storage';
import { ImageHelperError, type ResponsiveImage, responsiveImage } from '../galleries/responsive-image.js';
import { itemContext, priceHistoriesOf } from './page-context.js';

/*
 * The home-page sections (issue 22) as their templates see them: hero and image-with-text get their
 * responsive image, the featured product its item with price and price notes, the FAQ its schema.org
 * FAQPage data. Blocks are checked when saved (admin/pages/section-blocks.ts); here they are only read.
 */

/** The hero spans the page's width. */
export const HERO_IMAGE_SIZES = '100vw';
/** Image with text: the whole column on phones, half of the content width beside the text. */
export const IMAGE_TEXT_SIZES = '(max-width: 48rem) 100vw, 36rem';
/** The featured product's image: the whole column on phones, half of the content width beside it. */
export const FEATURED_PRODUCT_SIZES = '(max-width: 48rem) 100vw, 36rem';

type Fields = Record<string, unknown>;

const fraction = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;

/** The focal point as CSS object-position: the part of the image that stays visible when it is cropped. */
function objectPositionOf(block: Fields): string {
  const point = (block.mediaFocalPoint ?? {}) as { x?: unknown; y?: unknown };
  const percent = (v: unknown) => `${Math.round(fraction(v) * 1000) / 10}%`;
  return `${percent(point.x)} ${percent(point.y)}`;
}

/** The block's image with srcset and size; a plain src when the size is unknown. */
function pictureOf(block: Fields, sizes: string): Partial<ResponsiveImage> & { src: string } {
  try {
    return { ...responsiveImage(block, sizes), objectPosition: objectPositionOf(block) };
  } catch (error) {
    if (!(error instanceof ImageHelperError)) throw error;
    return { src: String(block.assetUrl ?? ''), objectPosition: objectPositionOf(block) };
  }
}

const button = (block: Fields) =>
  block.buttonLabel && block.buttonHref ? { label: block.buttonLabel, href: block.buttonHref } : undefined;

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * schema.org FAQPage of the block's questions, safe inside <script> (`<` escaped). The answer's text is
 * given without markup, which every reader of the data understands.
 */
export function faqJsonLd(items: readonly { question: string; html: string }[]): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: plainText(item.html) },
    })),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** A section's template context; undefined for a block that is no section. */
export async function sectionBlockContext(
  storage: Storage,
  website: Website,
  block: Block,
): Promise<Fields | undefined> {
  const fields = block as unknown as Fields;
  switch (fields.type) {
    case 'hero':
      return { ...fields, picture: pictureOf(fields, HERO_IMAGE_SIZES), button: button(fields) };
    case 'image-text':
      return { ...fields, picture: pictureOf(fields, IMAGE_TEXT_SIZES), button: button(fields) };
    case 'testimonials':
      return fields;
    case 'faq': {
      const items = (Array.isArray(fields.items) ? fields.items : []) as { question: string; html: string }[];
      return { ...fields, jsonLd: items.length > 0 ? faqJsonLd(items) : undefined };
    }
    case 'featured-product': {
      // A product deleted after the page was saved leaves the page as it is, without the block.
      const item = await storage.items.findById(website.id, String(fields.productId ?? ''));
      const collection = item?.product
        ? await storage.collections.findById(website.id, item.collectionId)
        : undefined;
      if (!item || !collection) return { type: 'missing' };
      const prices = await priceHistoriesOf(storage, website.id, [item]);
      const product = itemContext(item, collection, website, prices);
      const image = item.images[0];
      return {
        ...fields,
        // The template reads everything inside `product` (a section looks only in its own value), so the
        // block's own title and text are named apart from the product's.
        product: {
          ...product,
          kicker: fields.title,
          blurb: fields.text,
          picture: image ? pictureOf({ ...image }, FEATURED_PRODUCT_SIZES) : undefined,
        },
      };
    }
    default:
      return undefined;
  }
}

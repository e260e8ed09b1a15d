import { datasetMessages, datasetProblem, truncateDataset } from '@baukasten/commerce';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { mailingListMessages } from '../newsletter/mailing-list-messages.js';
import {
  blockId,
  href,
  imageFields,
  isSitePath,
  isWebUrl,
  MAX_BLOCKS,
  MAX_HTML,
  MAX_URL,
  markdown,
  mediaFocalPoint,
  option,
  requiredText,
  text,
  wholeNumber,
} from './block-schema-parts.js';
import { markdownToHtml, sanitizedHtml } from './markdown.js';
import { pageMessages as m } from './page-messages.js';
import { SECTION_KINDS, sectionBlocks } from './section-blocks.js';

export { MAX_BLOCKS };

/*
 * The blocks a page is built from, as the editor sends them and as they are stored. Every kind is
 * checked field by field; what visitors will see as HTML (text, accordion, html blocks) is rendered
 * or sanitised here, once, when the draft is saved, so the storefront only prints stored HTML.
 */

const heading = z.object({
  type: z.literal('heading'),
  id: blockId,
  text: requiredText(500, m.headingMissing, m.headingTooLong),
  level: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: (issue) => m.notAnExpectedOption(String(issue.input)),
    })
    .default(2),
});

/** Markdown (rendered here) or, for blocks made before the editor wrote Markdown, HTML (sanitised). */
const textBlock = z
  .object({
    type: z.literal('text'),
    id: blockId,
    markdown: markdown.optional(),
    html: z.string({ error: m.textMissing }).max(MAX_HTML, m.textTooLong(MAX_HTML)).optional(),
  })
  .refine((b) => b.markdown !== undefined || b.html !== undefined, {
    message: m.textMissing,
    path: ['markdown'],
  })
  .transform(({ markdown: md, html, ...rest }) =>
    md !== undefined
      ? { ...rest, markdown: md, html: markdownToHtml(md) }
      : { ...rest, html: sanitizedHtml(html!) },
  );

const image = z.object({
  type: z.literal('image'),
  id: blockId,
  ...imageFields,
  href: href.optional(),
});

const button = z.object({
  type: z.literal('button'),
  id: blockId,
  label: requiredText(100, m.buttonLabelMissing, m.buttonLabelTooLong),
  href,
  newWindow: z.boolean().default(false),
  style: option(['primary', 'secondary', 'tertiary']).default('primary'),
});

const spacer = z.object({
  type: z.literal('spacer'),
  id: blockId,
  height: wholeNumber(8, 400, m.spacerHeightInvalid).default(40),
});

const htmlBlock = z.object({
  type: z.literal('html'),
  id: blockId,
  html: z
    .string({ error: m.textMissing })
    .max(MAX_HTML, m.textTooLong(MAX_HTML))
    .transform((html) => sanitizedHtml(html)),
});

/** Only the address is kept; the storefront builds the frame for it, so no owner-written markup runs. */
const embed = z.object({
  type: z.literal('embed'),
  id: blockId,
  url: z
    .string({ error: m.embedUrlInvalid })
    .trim()
    .max(MAX_URL, m.embedUrlInvalid)
    .refine((url) => /^https:\/\//i.test(url) && isWebUrl(url), m.embedUrlInvalid),
  caption: text(500, m.captionTooLong).optional(),
  aspectRatio: option(['16:9', '4:3', '1:1', '9:16']).default('16:9'),
});

const collectionUrlId = z
  .string({ error: m.collectionMissing })
  .trim()
  .transform((urlId) => urlId.replace(/^\/+/, '').toLowerCase())
  .pipe(z.string().max(200, m.collectionMissing));

const products = z.object({
  type: z.literal('products'),
  id: blockId,
  collectionUrlId,
  title: text(200, m.headingTooLong).optional(),
  limit: wholeNumber(1, 48, m.limitInvalid(48)).default(8),
});

const summary = z.object({
  type: z.literal('summary'),
  id: blockId,
  collectionUrlId,
  title: text(200, m.headingTooLong).optional(),
  layout: option(['grid', 'list', 'carousel']).default('grid'),
  limit: wholeNumber(1, 30, m.limitInvalid(30)).default(6),
});

/** The site's social accounts (website settings socialAccounts) as a row of links. */
const socialLinks = z.object({
  type: z.literal('social-links'),
  id: blockId,
  title: text(200, m.headingTooLong).optional(),
});

/** The https address of the first iframe of an oEmbed HTML snippet; '' without one. */
function playerAddress(html: string): string {
  let src = '';
  sanitizeHtml(html, {
    allowedTags: ['iframe'],
    allowedAttributes: { iframe: ['src'] },
    allowedSchemes: ['https'],
    exclusiveFilter: (frame) => {
      if (
        frame.tag === 'iframe' &&
        !src &&
        /^https:\/\/\S+$/i.test(frame.attribs.src ?? '') &&
        isWebUrl(frame.attribs.src!)
      )
        src = frame.attribs.src!;
      return false;
    },
  });
  return src;
}

/** A video page's address as the provider's player: YouTube and Vimeo by their ids, others as they are. */
export function playerUrlOf(url: string): string {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^www\.|^m\./, '');
  const youtubeId =
    host === 'youtu.be'
      ? parsed.pathname.slice(1)
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? (parsed.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/]+)/.exec(parsed.pathname)?.[1])
        : undefined;
  if (youtubeId && /^[\w-]{6,20}$/.test(youtubeId))
    return `https://www.youtube-nocookie.com/embed/${youtubeId}`;
  const vimeoId = host === 'vimeo.com' ? /^\/(\d{3,12})(?:\/|$)/.exec(parsed.pathname)?.[1] : undefined;
  if (vimeoId) return `https://player.vimeo.com/video/${vimeoId}`;
  return url;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A video (spec 3 Video): the provider's oEmbed HTML or the video's address, which becomes the player
 * address of YouTube and Vimeo. Either way only one https iframe is kept (`oembed.html`), so no
 * owner-written markup runs in the page; the storefront adds the frame's sandbox and the overlay image.
 */
const video = z
  .object({
    type: z.literal('video'),
    id: blockId,
    title: text(200, m.videoTextTooLong).optional(),
    url: z
      .string({ error: m.videoUrlInvalid })
      .trim()
      .max(MAX_URL, m.videoUrlInvalid)
      .refine((url) => url === '' || (/^https:\/\//i.test(url) && isWebUrl(url)), m.videoUrlInvalid)
      .optional(),
    oembed: z
      .object({
        html: z.string({ error: m.videoHtmlInvalid }).max(MAX_HTML, m.videoHtmlInvalid).optional(),
        providerName: text(200, m.videoTextTooLong).optional(),
      })
      .optional(),
    overlay: z.object(imageFields).nullish(),
  })
  .superRefine((block, ctx) => {
    const html = block.oembed?.html?.trim() ?? '';
    if (html !== '' && !playerAddress(html))
      ctx.addIssue({ code: 'custom', message: m.videoHtmlInvalid, path: ['oembed', 'html'] });
    else if (html === '' && !block.url)
      ctx.addIssue({ code: 'custom', message: m.videoMissing, path: ['url'] });
  })
  .transform(({ oembed, url, overlay, ...rest }) => {
    const html = oembed?.html?.trim() ?? '';
    const src = html !== '' ? playerAddress(html) : playerUrlOf(url!);
    return {
      ...rest,
      ...(url ? { url } : {}),
      oembed: {
        html: `<iframe src="${escapeAttribute(src)}"></iframe>`,
        ...(oembed?.providerName ? { providerName: oembed.providerName } : {}),
      },
      ...(overlay?.assetUrl ? { overlay } : {}),
    };
  });

/** An audio file with its player (spec 3): the file's address, title, artist and length. */
const audio = z.object({
  type: z.literal('audio'),
  id: blockId,
  audioAssetUrl: z
    .string({ error: m.audioUrlInvalid })
    .trim()
    .max(MAX_URL, m.audioUrlInvalid)
    .refine((url) => /^https:\/\/\S+$/i.test(url) || isSitePath(url), m.audioUrlInvalid),
  title: text(200, m.audioTextTooLong).optional(),
  artist: text(200, m.audioTextTooLong).optional(),
  durationMs: wholeNumber(0, 86_400_000, m.audioDurationInvalid).optional(),
});

const form = z.object({
  type: z.literal('form'),
  id: blockId,
  formId: z.string({ error: m.formMissing }).trim().min(1, m.formMissing).max(64, m.formUnknown),
});

const newsletter = z.object({
  type: z.literal('newsletter'),
  id: blockId,
  title: text(500, m.newsletterTextTooLong).optional(),
  description: text(500, m.newsletterTextTooLong).optional(),
  // The list visitors are put on (R5.12.11). Checked against the site's lists when the page is saved
  // (page-routes.ts), which also tells a site without any list to make one first (R8.7.15).
  listId: z
    .string({ error: mailingListMessages.listRequired })
    .trim()
    .max(64, mailingListMessages.listUnknown)
    .default(''),
});

/**
 * A table of the owner's data (a dataset). One without a row or column is refused (R5.12.9); a larger
 * one is cut to the maximum of rows and columns (R5.12.10), by the rules the editor shows beforehand.
 */
const table = z
  .object({
    type: z.literal('table'),
    id: blockId,
    caption: text(500, m.captionTooLong).optional(),
    headerRow: z.boolean().default(true),
    rows: z.array(z.array(z.string({ error: datasetMessages.invalid }), { error: datasetMessages.invalid }), {
      error: datasetMessages.invalid,
    }),
  })
  .superRefine((block, ctx) => {
    const problem = datasetProblem(block.rows);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['rows'] });
  })
  .transform((block) => ({ ...block, rows: truncateDataset(block.rows).rows }));

const range = (name: string, min: number, max: number, fallback: number) =>
  wholeNumber(min, max, m.gallerySettingRange(name, min, max)).default(fallback);

/** Gallery settings of spec 3 (R3.22) with the ranges and defaults of spec 9 (R9.4.4–R9.4.9). */
const gallerySettings = z
  .strictObject({
    design: option(['grid', 'slideshow', 'slider', 'stacked']).default('grid'),
    autoplay: z.boolean().default(false),
    'autoplay-duration': range('autoplay-duration', 1, 10, 5),
    controls: z.boolean().default(true),
    'auto-crop': z.boolean().default(true),
    'aspect-ratio': option(['1:1', '3:2', '4:3', '16:9', '2:3', '3:4']).default('3:2'),
    'square-thumbs': z.boolean().default(false),
    thumbnails: z.boolean().default(false),
    'thumbnail-strip-height': range('thumbnail-strip-height', 0, 200, 80),
    'thumbnail-strip-margin': range('thumbnail-strip-margin', 0, 60, 20),
    'show-meta': z.boolean().default(false),
    'show-meta-basic': z.boolean().default(false),
    'show-meta-only-title': z.boolean().default(false),
    'meta-position': option([
      'top',
      'top-left',
      'top-right',
      'center',
      'bottom',
      'bottom-left',
      'bottom-right',
    ]).default('bottom'),
    'show-meta-on-hover': z.boolean().default(false),
    'active-alignment': option(['center', 'left', 'right']).default('center'),
    'thumbnails-per-row': range('thumbnails-per-row', 1, 10, 4),
    padding: range('padding', 0, 50, 20),
    lightbox: z.boolean().default(false),
    lightboxTheme: option(['light', 'dark']).default('dark'),
    'max-width': range('max-width', 100, 300, 300),
    newWindow: z.boolean().default(false),
    transparentBackground: z.boolean().default(false),
  })
  // Parsed from nothing, so every setting has its default.
  .prefault({});

/**
 * A gallery image as the editor's picker hands it over: the library image (address, size, focal point)
 * with its own alt text, caption and link.
 */
const galleryImage = z.object({
  ...imageFields,
  href: href.optional(),
  mediaFocalPoint: mediaFocalPoint.optional(),
});

const gallery = z.object({
  type: z.literal('gallery'),
  id: blockId,
  images: z
    .array(galleryImage, { error: m.galleryImagesMissing })
    .min(1, m.galleryImagesMissing)
    .max(200, m.galleryTooManyImages),
  settings: gallerySettings,
});

const accordion = z.object({
  type: z.literal('accordion'),
  id: blockId,
  items: z
    .array(
      z
        .object({
          title: requiredText(200, m.accordionTitleMissing, m.headingTooLong),
          markdown: markdown.default(''),
        })
        .transform((item) => ({ ...item, html: markdownToHtml(item.markdown) })),
      { error: m.accordionItemsMissing },
    )
    .min(1, m.accordionItemsMissing)
    .max(50, m.accordionTooManyItems),
});

const map = z.object({
  type: z.literal('map'),
  id: blockId,
  lat: z.number({ error: m.latitudeInvalid }).min(-90, m.latitudeInvalid).max(90, m.latitudeInvalid),
  lng: z.number({ error: m.longitudeInvalid }).min(-180, m.longitudeInvalid).max(180, m.longitudeInvalid),
  zoom: wholeNumber(1, 20, m.zoomInvalid).default(14),
  address: text(300, m.addressTooLong).optional(),
});

export const BLOCK_KINDS = [
  'heading',
  'text',
  'image',
  'button',
  'spacer',
  'html',
  'embed',
  'products',
  'summary',
  'social-links',
  'form',
  'newsletter',
  'gallery',
  'video',
  'audio',
  'accordion',
  'map',
  'table',
  ...SECTION_KINDS,
] as const;

export const pageBlock = z.discriminatedUnion(
  'type',
  [
    heading,
    textBlock,
    image,
    button,
    spacer,
    htmlBlock,
    embed,
    products,
    summary,
    socialLinks,
    form,
    newsletter,
    gallery,
    video,
    audio,
    accordion,
    map,
    table,
    ...sectionBlocks,
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? m.blockTypeUnknown : undefined) },
);

export type PageBlock = z.output<typeof pageBlock>;

export const blocksInput = z.object({
  blocks: z.array(pageBlock, { error: m.blocksMissing }).max(MAX_BLOCKS, m.tooManyBlocks(MAX_BLOCKS)),
});

import { CollectionType } from '@baukasten/commerce';
import { z } from 'zod';
import { pageMessages as m } from './page-messages.js';

/*
 * Bodies and parameters of the page and navigation routes. Parsed with parseInput (admin-input.ts),
 * so a failure is a 400 whose `fields` name each bad field.
 */

/** What the owner picks when adding a page, and the collection type code (spec 3, R3.21.2) it becomes. */
export const PAGE_KINDS = {
  page: CollectionType.PAGE,
  products: CollectionType.PRODUCTS,
  blog: CollectionType.GENERIC,
  gallery: CollectionType.SLIDE_GALLERY,
  events: CollectionType.GENERIC,
} as const;

export type PageKind = keyof typeof PAGE_KINDS;

const PAGE_URL = /^[a-z0-9](?:[a-z0-9._-]{0,98}[a-z0-9])?$/;

/**
 * A page's URL id as typed: surrounding blanks and slashes go, letters are lowered; '' is the home
 * page. Anything else that is not a slug gets the editor's message "{val} is not a valid page URL"
 * (R5.12.4) with the value as the owner typed it.
 */
export const pageUrlField = z
  .string({ error: m.pageUrlInvalid('') })
  .superRefine((raw, ctx) => {
    const urlId = normalisePageUrl(raw);
    if (urlId !== '' && !PAGE_URL.test(urlId))
      ctx.addIssue({ code: 'custom', message: m.pageUrlInvalid(raw.trim()) });
  })
  .transform(normalisePageUrl);

export function normalisePageUrl(raw: string): string {
  return raw
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}

/** A URL id made from a title: 'Über uns & Team' → 'ueber-uns-team'. */
export function pageUrlFromTitle(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'seite';
}

const title = z
  .string({ error: m.pageTitleMissing })
  .trim()
  .min(1, m.pageTitleMissing)
  .max(200, m.pageTitleTooLong);

const socialImage = z
  .strictObject({
    assetUrl: z
      .string({ error: m.imageUrlInvalid })
      .trim()
      .max(2083, m.imageUrlInvalid)
      .refine((url) => /^https:\/\/\S+$/i.test(url) || /^\/(?!\/)\S*$/.test(url), m.imageUrlInvalid),
    altText: z.string({ error: m.altTextTooLong }).trim().max(250, m.altTextTooLong).default(''),
  })
  .nullable();

export const newPageInput = z.object({
  type: z.enum(Object.keys(PAGE_KINDS) as [PageKind, ...PageKind[]], { error: m.pageTypeUnknown }),
  title,
  urlId: pageUrlField.optional(),
  hidden: z.boolean().default(false),
});

export const pageChangesInput = z
  .strictObject({
    title: title.optional(),
    urlId: pageUrlField.optional(),
    hidden: z.boolean().optional(),
    /** "Titel anzeigen": the page's title as a heading above its blocks (default off on the home page). */
    showTitle: z.boolean().optional(),
    /** Page settings: the SEO title and description, and the image social networks show. */
    seoTitle: z.string().trim().max(200, m.seoTitleTooLong).nullable().optional(),
    seoDescription: z.string().trim().max(400, m.seoDescriptionTooLong).nullable().optional(),
    socialImage: socialImage.optional(),
  })
  .refine((changes) => Object.values(changes).some((v) => v !== undefined), m.nothingToChange);

export const navigationInput = z.object({
  order: z
    .array(z.string().min(1).max(64), { error: m.navigationIncomplete })
    .min(1, m.navigationIncomplete)
    .max(1000, m.navigationIncomplete),
});

/** Ids are short and plain; anything else (control characters, which PostgreSQL refuses) is no id of ours. */
const idField = z.string().regex(/^[A-Za-z0-9._~-]{1,64}$/);
export const pageParams = z.object({ siteId: idField, pageId: idField });

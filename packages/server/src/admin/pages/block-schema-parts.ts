import { z } from 'zod';
import { mediaMessages } from '../media/media-messages.js';
import { pageMessages as m } from './page-messages.js';

/*
 * The field schemas several kinds of block share (addresses, links, image fields, texts), so the kinds in
 * page-blocks.ts and the home-page sections in section-blocks.ts check a field the same way.
 */

export const MAX_BLOCKS = 200;
export const MAX_MARKDOWN = 50_000;
export const MAX_HTML = 100_000;
/** Spec 9: URLs are at most 2083 characters (R9.4.2). */
export const MAX_URL = 2083;

/** An enum whose refusal names the value, as the editor's "{val} is not an expected option" (R5.12.5). */
export const option = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => m.notAnExpectedOption(String(issue.input)) });

export const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const text = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);
export const requiredText = (max: number, missing: string, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

export const isSitePath = (url: string) => /^\/(?!\/)[^\s]*$/.test(url);
export const isWebUrl = (url: string) => {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    return Boolean(new URL(url).hostname);
  } catch {
    return false;
  }
};

/** An image or page address: https://… or a path of the site. */
export const assetUrl = z
  .string({ error: m.imageUrlInvalid })
  .trim()
  .max(MAX_URL, m.imageUrlInvalid)
  .refine((url) => isWebUrl(url) || isSitePath(url), m.imageUrlInvalid);

/** Where a button or image leads: a web address, mail, phone, a path of the site or an anchor. */
export const href = z
  .string({ error: m.linkInvalid('') })
  .trim()
  .max(MAX_URL)
  .superRefine((url, ctx) => {
    const ok =
      isWebUrl(url) ||
      isSitePath(url) ||
      /^#[A-Za-z][\w-]*$/.test(url) ||
      /^mailto:[^\s@]+@[^\s@]+$/i.test(url) ||
      /^tel:\+?[\d\s/()-]{3,30}$/i.test(url);
    if (!ok) ctx.addIssue({ code: 'custom', message: m.linkInvalid(url) });
  });

export const blockId = z
  .string({ error: m.blockIdInvalid })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, m.blockIdInvalid)
  .optional();

export const altText = text(250, m.altTextTooLong).default('');
export const originalSize = z
  .string({ error: m.imageSizeInvalid })
  .regex(/^[1-9]\d{0,4}x[1-9]\d{0,4}$/, m.imageSizeInvalid)
  .optional();

export const imageFields = {
  assetUrl,
  altText,
  originalSize,
  caption: text(500, m.captionTooLong).optional(),
};

export const markdown = z.string({ error: m.textMissing }).max(MAX_MARKDOWN, m.textTooLong(MAX_MARKDOWN));

/** Where a library image stays visible when cropped (spec 3 mediaFocalPoint): x and y from 0 to 1. */
export const focalFraction = z
  .number({ error: mediaMessages.focalPointInvalid })
  .min(0, mediaMessages.focalPointInvalid)
  .max(1, mediaMessages.focalPointInvalid);

export const mediaFocalPoint = z.object(
  { x: focalFraction, y: focalFraction },
  { error: mediaMessages.focalPointInvalid },
);

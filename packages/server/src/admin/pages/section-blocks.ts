import { z } from 'zod';
import {
  altText,
  assetUrl,
  blockId,
  href,
  mediaFocalPoint,
  option,
  originalSize,
  requiredText,
  text,
} from './block-schema-parts.js';
import { markdownToHtml } from './markdown.js';
import { pageMessages as m } from './page-messages.js';

/*
 * The sections a home page is made of (issue 22): hero, image with text, featured product, testimonials
 * and FAQ. Checked like every other block (page-blocks.ts); Markdown is rendered to HTML here, once, when
 * the draft is saved.
 */

const MAX_SECTION_TEXT = 1000;
const MAX_ANSWER = 5000;

const sectionHeading = requiredText(200, m.sectionHeadingMissing, m.sectionHeadingTooLong);
const optionalHeading = text(200, m.sectionHeadingTooLong).optional();
const sectionText = text(MAX_SECTION_TEXT, m.sectionTextTooLong).optional();

/** A button of a section: label and link together or neither (an empty label drops both). */
const buttonFields = {
  buttonLabel: text(100, m.buttonLabelTooLong).optional(),
  buttonHref: z.union([z.literal(''), href]).optional(),
};

function buttonIsWhole(block: { buttonLabel?: string; buttonHref?: string }, ctx: z.RefinementCtx) {
  const label = Boolean(block.buttonLabel);
  const link = Boolean(block.buttonHref);
  if (label !== link)
    ctx.addIssue({
      code: 'custom',
      message: m.sectionButtonIncomplete,
      path: [label ? 'buttonHref' : 'buttonLabel'],
    });
}

/**
 * A large image with a heading, a text and a button laid over it. The image sits behind the text, so its
 * alt text may stay empty (decorative); the owner's focal point keeps the important part visible when the
 * image is cropped to the band. The overlay (a dark or light scrim over the whole image) is what keeps the
 * text readable whatever the photo shows.
 */
const hero = z
  .object({
    type: z.literal('hero'),
    id: blockId,
    heading: sectionHeading,
    text: sectionText,
    ...buttonFields,
    assetUrl: z.string({ error: m.heroImageMissing }).trim().min(1, m.heroImageMissing).pipe(assetUrl),
    altText,
    originalSize,
    mediaFocalPoint: mediaFocalPoint.default({ x: 0.5, y: 0.5 }),
    overlay: option(['dark', 'light']).default('dark'),
    height: option(['small', 'medium', 'large']).default('medium'),
  })
  .superRefine(buttonIsWhole);

/** An image beside a text, the image on the left or the right (stacked on phones, image first). */
const imageText = z
  .object({
    type: z.literal('image-text'),
    id: blockId,
    heading: optionalHeading,
    markdown: z
      .string({ error: m.textMissing })
      .max(MAX_SECTION_TEXT * 5, m.textTooLong(MAX_SECTION_TEXT * 5)),
    ...buttonFields,
    assetUrl: z.string({ error: m.imageUrlInvalid }).trim().min(1, m.imageUrlInvalid).pipe(assetUrl),
    // The image carries meaning beside the text, so it needs words for those who cannot see it.
    altText: requiredText(250, m.imageAltTextMissing, m.altTextTooLong),
    originalSize,
    mediaFocalPoint: mediaFocalPoint.optional(),
    imagePosition: option(['left', 'right']).default('left'),
  })
  .superRefine(buttonIsWhole)
  .transform((block) => ({ ...block, html: markdownToHtml(block.markdown) }));

/** One product of the shop, large, with its price, price notes and a link to its page. */
const featuredProduct = z.object({
  type: z.literal('featured-product'),
  id: blockId,
  title: optionalHeading,
  text: sectionText,
  // The item's id; page-routes.ts checks that the site has it (featuredProductUnknown).
  productId: z
    .string({ error: m.featuredProductMissing })
    .trim()
    .min(1, m.featuredProductMissing)
    .regex(/^[A-Za-z0-9_-]{1,64}$/, m.featuredProductUnknown),
});

const testimonials = z.object({
  type: z.literal('testimonials'),
  id: blockId,
  title: optionalHeading,
  items: z
    .array(
      z.object({
        quote: requiredText(MAX_SECTION_TEXT, m.quoteMissing, m.quoteTooLong),
        name: requiredText(100, m.quoteNameMissing, m.quoteNameTooLong),
        detail: text(100, m.quoteNameTooLong).optional(),
      }),
      { error: m.testimonialsMissing },
    )
    .min(1, m.testimonialsMissing)
    .max(20, m.testimonialsTooMany),
});

const faq = z.object({
  type: z.literal('faq'),
  id: blockId,
  title: optionalHeading,
  items: z
    .array(
      z
        .object({
          question: requiredText(300, m.faqQuestionMissing, m.faqQuestionTooLong),
          markdown: requiredText(MAX_ANSWER, m.faqAnswerMissing, m.faqAnswerTooLong),
        })
        .transform((item) => ({ ...item, html: markdownToHtml(item.markdown) })),
      { error: m.faqMissing },
    )
    .min(1, m.faqMissing)
    .max(50, m.faqTooMany),
});

export const SECTION_KINDS = ['hero', 'image-text', 'featured-product', 'testimonials', 'faq'] as const;

export const sectionBlocks = [hero, imageText, featuredProduct, testimonials, faq] as const;

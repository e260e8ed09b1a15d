// Responsive image sizes: srcset lists over the platform's width steps (spec 9) and the resize
// arithmetic templates use to pick a thumbnail.

import { IMAGE_WIDTHS, imageWidthFor, MISSING_ORIGINAL_SIZE, parseOriginalSize } from '@baukasten/commerce';
import type { Formatter } from '../../plugin-api.js';
import { asText, field } from './template-values.js';

const STEP_NAMES = IMAGE_WIDTHS.map((width) => `${width}w`);

/**
 * ` srcset="..."` from the image's stored width variants. When the largest stored variant is a
 * smaller step than the largest one, the original file stands in for the next step up, so big
 * screens are not left with a blurry image.
 */
export function srcsetAttribute(assetUrl: string, systemDataVariants: string): string {
  const variants = systemDataVariants.split(',').filter((variant) => variant.endsWith('w'));
  if (variants.length === 0) return '';
  const entries = variants.map((variant) => `${assetUrl}?format=${variant} ${variant}`);
  const largest = STEP_NAMES.indexOf(variants[variants.length - 1]);
  if (largest >= 0 && largest < STEP_NAMES.length - 1) {
    entries.push(`${assetUrl}?format=original ${STEP_NAMES[largest + 1]}`);
  }
  return ` srcset="${entries.join(',')}"`;
}

export const imageSrcset: Formatter = (value) => {
  if (value === undefined) return undefined;
  return srcsetAttribute(asText(field(value, 'assetUrl')), asText(field(value, 'systemDataVariants')));
};

/** The other side of 'WxH' scaled so that `side` becomes `requested`; whole pixels, rounded down. */
export function resizedSide(size: unknown, side: 'width' | 'height', requested: number): number | string {
  const dimensions = parseOriginalSize(size);
  if (!dimensions) return MISSING_ORIGINAL_SIZE;
  const scaled =
    side === 'height'
      ? dimensions.width * (requested / dimensions.height)
      : dimensions.height * (requested / dimensions.width);
  return Math.trunc(scaled);
}

const requestedOf = (args: string[]) => Number.parseInt(args[0] ?? '', 10);

export const resizedHeightForWidth: Formatter = (value, args) =>
  resizedSide(value, 'width', requestedOf(args));

export const resizedWidthForHeight: Formatter = (value, args) =>
  resizedSide(value, 'height', requestedOf(args));

export const thumbnailForWidth: Formatter = (_value, args) => `${imageWidthFor(requestedOf(args))}w`;

export const thumbnailForHeight: Formatter = (value, args) => {
  const width = resizedSide(value, 'height', requestedOf(args));
  return typeof width === 'number' ? `${imageWidthFor(width)}w` : width;
};

export const width: Formatter = (value) => parseOriginalSize(value)?.width;

export const height: Formatter = (value) => parseOriginalSize(value)?.height;

import { IMAGE_WIDTHS } from '@baukasten/commerce';
import { illustrationKindOf, illustrationSvg } from './demo-illustrations.js';

/** The demo pictures' own size: the demo images' originalSize (1200x1200), drawn on an 800 grid. */
export const PLACEHOLDER_SIZE = 1200;

/**
 * The width a `?format=` asks for, Squarespace style: one of the width steps ('750w', spec 9) or
 * 'original'; undefined when absent, null when it is none of these.
 */
export function requestedWidth(format: unknown): number | undefined | null {
  if (format === undefined || format === 'original') return undefined;
  const match = typeof format === 'string' ? /^(\d{3,4})w$/.exec(format) : null;
  const width = match ? Number(match[1]) : Number.NaN;
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? width : null;
}

/**
 * Demo products have no photos: each gets a still-life illustration of its kind, chosen by its picture's
 * name (demo-illustrations.ts); a name of no known kind gets the neutral placeholder. Only `[a-z0-9-]`
 * names are accepted, so nothing the visitor sends reaches the route's answer, and no name is painted in.
 */
export function placeholderSvg(name: string, size = PLACEHOLDER_SIZE): string | undefined {
  if (!/^[a-z0-9-]{1,80}$/.test(name)) return undefined;
  return illustrationSvg(illustrationKindOf(name), size);
}

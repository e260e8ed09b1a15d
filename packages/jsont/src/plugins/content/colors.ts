// Colour formatters: light/dark weight of a hex colour, an image's corner colours, and the
// site's HSL(A) colour settings as CSS, with the bound messages of spec 8.

import { COLOUR_MESSAGES, colourWeight } from '@baukasten/commerce';
import type { Formatter } from '../../plugin-api.js';
import { asNumber, asText, field } from './template-values.js';

export const colorWeight: Formatter = (value) => colourWeight(asText(value)) ?? undefined;

const IMAGE_COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'];

/**
 * Without arguments all five `data-color-*` attributes; with a position its '#hex', prefixed by
 * the second argument as a CSS property name.
 */
export const imageColor: Formatter = (value, args) => {
  const colorData = field(value, 'colorData');
  if (colorData === undefined) return undefined;
  const averageAt = (position: string) => asText(field(colorData, `${position}Average`));
  if (args.length === 0) {
    return IMAGE_COLOR_POSITIONS.map((position) => `data-color-${position}="#${averageAt(position)}" `).join(
      '',
    );
  }
  const color = averageAt(args[0]);
  if (color === '') return `"${args[0]}" not found.`;
  return args.length > 1 ? `${args[1]}: #${color}` : `#${color}`;
};

const twoPlaces = (n: number) => Number.parseFloat(n.toFixed(2));

/** hsl(h, s%, l%) or hsla(...); every part out of bounds is named, so an editor can fix all at once. */
export function websiteColorCss(colour: unknown): string {
  const [hue, saturation, lightness] = ['hue', 'saturation', 'lightness'].map((key) => field(colour, key));
  if (hue === undefined || saturation === undefined || lightness === undefined)
    return COLOUR_MESSAGES.missing;
  const h = asNumber(hue);
  const s = asNumber(saturation);
  const l = asNumber(lightness);
  const alpha = field(colour, 'alpha');
  const a = alpha === undefined || alpha === null ? null : asNumber(alpha);
  const within = (n: number, max: number) => n >= 0 && n <= max;
  const problems = [
    within(h, 360) ? null : COLOUR_MESSAGES.hue,
    within(s, 1) ? null : COLOUR_MESSAGES.saturation,
    within(l, 1) ? null : COLOUR_MESSAGES.lightness,
    a === null || within(a, 1) ? null : COLOUR_MESSAGES.alpha,
  ].filter((problem) => problem !== null);
  if (problems.length) return problems.join(' ');
  const parts = `${twoPlaces(h)}, ${twoPlaces(s * 100)}%, ${twoPlaces(l * 100)}%`;
  return a === null ? `hsl(${parts})` : `hsla(${parts}, ${twoPlaces(a)})`;
}

export const websiteColor: Formatter = (value) => websiteColorCss(value);

// Colour helpers of templates and the editor (spec 5, 8 and 9): bounds with their messages, hex
// parsing, and the light/dark decisions that pick readable text over an image or a colour.

export const COLOUR_MESSAGES = {
  hue: 'Hue out of bounds.',
  saturation: 'Saturation out of bounds.',
  lightness: 'Lightness out of bounds.',
  alpha: 'Alpha out of bounds.',
  missing: 'Missing an H/S/L value.',
} as const;

export interface Hsla {
  h?: number | null;
  s?: number | null;
  l?: number | null;
  a?: number | null;
}

/** The message for the first out-of-range HSL(A) part: hue 0 to 360, the rest 0 to 1. */
export function hslaProblem(colour: Hsla): string | null {
  const { h, s, l, a } = colour;
  if ([h, s, l].some((v) => v === null || v === undefined || Number.isNaN(v))) return COLOUR_MESSAGES.missing;
  const within = (v: number, max: number) => v >= 0 && v <= max;
  if (!within(h as number, 360)) return COLOUR_MESSAGES.hue;
  if (!within(s as number, 1)) return COLOUR_MESSAGES.saturation;
  if (!within(l as number, 1)) return COLOUR_MESSAGES.lightness;
  if (a !== null && a !== undefined && !within(a, 1)) return COLOUR_MESSAGES.alpha;
  return null;
}

/** '#abc', 'abc', '#aabbcc' or 'aabbcc' as [r, g, b]; null unless there are 3 or 6 hex digits. */
export function parseHexColour(hex: string | null | undefined): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((hex ?? '').trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

export function isValidHexColour(hex: string | null | undefined): boolean {
  return parseHexColour(hex) !== null;
}

/** Colours whose 24-bit value is above 16777215 / 2 count as light. */
export const COLOUR_WEIGHT_THRESHOLD = 16777215 / 2;

/** 'light' or 'dark' by the 24-bit colour value; null for a malformed hex colour. */
export function colourWeight(hex: string | null | undefined): 'light' | 'dark' | null {
  const rgb = parseHexColour(hex);
  if (!rgb) return null;
  const value = (rgb[0] << 16) + (rgb[1] << 8) + rgb[2];
  return value > COLOUR_WEIGHT_THRESHOLD ? 'light' : 'dark';
}

/** The other dark test: perceived luminance below 0.65 of 256. */
export const DARK_LUMINANCE_THRESHOLD = 0.65 * 256;

export function isDarkByLuminance(r: number, g: number, b: number): boolean {
  return 0.299 * r + 0.587 * g + 0.114 * b < DARK_LUMINANCE_THRESHOLD;
}

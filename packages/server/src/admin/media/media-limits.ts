import { IMAGE_WIDTHS } from '@baukasten/commerce';

/** Largest upload: 20 MB, like a phone photo with room to spare. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Largest decoded image (pixels); bounds the memory one upload can take while resizing. */
export const MAX_PIXELS = 50_000_000;
/** The width steps of spec 9 (R9.5.3) as rendition names: 100w … 2500w. */
export const WIDTH_STEPS: readonly string[] = IMAGE_WIDTHS.map((w) => `${w}w`);

export const formatMegabytes = (bytes: number) =>
  `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;

// Image sizing rules of templates (spec 5 and 9): the width steps of srcset, the thumbnail picker,
// and the checks of the image template's parameters.

export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

/** Thumbnail picker thresholds: 100, 300, 500, 750, 1000 and above. */
export const THUMBNAIL_THRESHOLDS = [100, 300, 500, 750, 1000] as const;

/** 'format=750w' style width steps joined into a srcset for an asset URL. */
export function imageSrcset(assetUrl: string, originalWidth?: number): string {
  const widths = IMAGE_WIDTHS.filter((w) => !originalWidth || w <= originalWidth);
  const list = widths.length ? widths : [IMAGE_WIDTHS[0]];
  const separator = assetUrl.includes('?') ? '&' : '?';
  return list.map((w) => `${assetUrl}${separator}format=${w}w ${w}w`).join(', ');
}

/** The smallest width step that covers the displayed width; 2500w above 1000. */
export function imageWidthFor(displayWidth: number): number {
  for (const threshold of THUMBNAIL_THRESHOLDS) {
    if (displayWidth <= threshold) return threshold;
  }
  return displayWidth <= 1500 ? 1500 : 2500;
}

export const MISSING_ORIGINAL_SIZE = "Invalid source parameter. Pass in 'originalSize'";

/** Reads originalSize 'WxH'; null when missing or malformed. */
export function parseOriginalSize(originalSize: unknown): { width: number; height: number } | null {
  const match = typeof originalSize === 'string' ? /^(\d+)x(\d+)$/.exec(originalSize.trim()) : null;
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

export interface ImageTemplateParams {
  width?: unknown;
  height?: unknown;
  sizes?: unknown;
  src?: unknown;
  provider?: 'vimeo' | 'youtube' | string | null;
  videoId?: unknown;
  format?: unknown;
}

const positiveInteger = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** Problems with the image template's parameters, in the order they are checked; [] when fine. */
export function imageTemplateProblems(params: ImageTemplateParams): string[] {
  const problems: string[] = [];
  const video = params.provider === 'vimeo' || params.provider === 'youtube';
  if (!positiveInteger(params.width)) problems.push('width must be a positive integer');
  if (!positiveInteger(params.height)) problems.push('height must be a positive integer');
  if (typeof params.sizes !== 'string' || params.sizes.trim() === '') problems.push('sizes is required');
  if (params.provider !== 'youtube' && (typeof params.src !== 'string' || params.src === '')) {
    problems.push('src is required');
  }
  if (params.provider === 'youtube' && (typeof params.videoId !== 'string' || params.videoId === '')) {
    problems.push('videoId is required for youtube');
  }
  if (params.format !== undefined && (!video || (params.format !== 'jpg' && params.format !== 'webp'))) {
    problems.push('format must be jpg or webp, for vimeo and youtube only');
  }
  return problems;
}

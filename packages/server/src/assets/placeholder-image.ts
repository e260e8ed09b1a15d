import { IMAGE_WIDTHS } from '@baukasten/commerce';

/** The placeholder's own size: the demo images' originalSize (1200x1200), drawn on an 800 grid. */
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
 * Demo products have no photos; a placeholder SVG is drawn from the image name so every product gets a
 * stable colour and its title. Only `[a-z0-9-]` names are accepted, so nothing the visitor sends reaches the
 * markup unescaped.
 */
export function placeholderSvg(name: string, size = PLACEHOLDER_SIZE): string | undefined {
  if (!/^[a-z0-9-]{1,80}$/.test(name)) return undefined;
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const label = name.replace(/-/g, ' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800" role="img" aria-label="${label}">
<rect width="800" height="800" fill="hsl(${hue} 45% 88%)"/>
<circle cx="400" cy="360" r="170" fill="hsl(${hue} 50% 62%)"/>
<text x="400" y="660" font-family="system-ui, sans-serif" font-size="44" text-anchor="middle" fill="hsl(${hue} 40% 25%)">${label}</text>
</svg>`;
}

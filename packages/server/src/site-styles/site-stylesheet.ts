import { createHash } from 'node:crypto';
import {
  DEFAULT_SITE_STYLES,
  FONT_PAIRINGS,
  fontPairing,
  type SiteStyles,
  siteStyleProperties,
} from '@baukasten/commerce';
import type { Website } from '@baukasten/storage';
import { siteStylesRules } from '@baukasten/theme';
import { fontCatalogue } from './fonts.js';
import { isDarkPalette, saleColourOn } from './palettes.js';

/*
 * A site's styles as the stylesheet its pages link (`/assets/site-styles.css?v=<hash>`): the @font-face
 * rules of its fonts, its custom properties, then the theme's rules that use them. A stylesheet rather
 * than a <style> in the head: the CSP needs no hash for it, and browsers cache it across pages.
 */

export const SITE_STYLES_PATH = '/assets/site-styles.css';
/** The preview's unsaved styles travel in this query parameter (base64url JSON), on page and stylesheet. */
export const STYLES_PARAM = 'stile';

/** The styles the site stored, or undefined for a site that never chose any (it keeps the theme's look). */
export function storedStyles(website: Pick<Website, 'settings'>): SiteStyles | undefined {
  const stored = website.settings.siteStyles as Partial<SiteStyles> | undefined;
  if (!stored || typeof stored !== 'object') return undefined;
  // Older or partial records get the defaults' missing parts, never a broken stylesheet.
  return {
    ...DEFAULT_SITE_STYLES,
    ...stored,
    palette: { ...DEFAULT_SITE_STYLES.palette, ...stored.palette },
  };
}

const cache = new Map<string, { css: string; hash: string }>();

export function siteStylesheet(styles: SiteStyles): { css: string; hash: string } {
  const key = JSON.stringify(styles);
  const known = cache.get(key);
  if (known) return known;
  const pairing = fontPairing(styles.fontPairing) ?? FONT_PAIRINGS[0]!;
  const declarations = siteStyleProperties(styles);
  // Dark paper: native controls and scrollbars follow (color-scheme), the sale red gets readable.
  if (isDarkPalette(styles.palette)) {
    declarations.push(['color-scheme', 'dark'], ['--sale', saleColourOn(styles.palette)]);
  }
  const properties = declarations.map(([name, value]) => `${name}:${value}`).join(';');
  const css = `${fontCatalogue().fontFaceCss(pairing)}\n:root{${properties}}\n${siteStylesRules()}`;
  const made = { css, hash: createHash('sha256').update(css).digest('hex').slice(0, 16) };
  // Few distinct styles exist at once (one per site, plus previews): a small bound keeps memory flat.
  if (cache.size >= 500) cache.delete(cache.keys().next().value as string);
  cache.set(key, made);
  return made;
}

/** What site.jsont needs to link the styles: stylesheet, the font preloads, the template's body class. */
export function siteStyleContext(styles: SiteStyles, previewParam?: string) {
  const pairing = fontPairing(styles.fontPairing) ?? FONT_PAIRINGS[0]!;
  const preloads = fontCatalogue().preloadUrls(pairing);
  return {
    stylesheet: previewParam
      ? `${SITE_STYLES_PATH}?${STYLES_PARAM}=${previewParam}`
      : `${SITE_STYLES_PATH}?v=${siteStylesheet(styles).hash}`,
    ...(preloads.length > 0 ? { fontPreloads: preloads } : {}),
    // scheme-dark: theme.css turns its light-only surfaces (notices, boxes) to the dark paper.
    bodyClass: [
      styles.template ? `template-${styles.template}` : '',
      isDarkPalette(styles.palette) ? 'scheme-dark' : '',
    ]
      .filter(Boolean)
      .join(' '),
  };
}

export const encodeStyles = (styles: SiteStyles) => Buffer.from(JSON.stringify(styles)).toString('base64url');

export function decodeStyles(param: unknown): unknown {
  if (typeof param !== 'string' || param.length > 2000) return undefined;
  try {
    return JSON.parse(Buffer.from(param, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

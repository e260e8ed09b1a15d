import { formatMoney, minorToDecimalString, parseDecimalToMinor } from '../shop-rules.js';

/* How the editor writes money, dates and addresses: German, from the shop rules of @baukasten/commerce. */

export const LOCALE = 'de-DE';

export const money = (minor: number, currency: string) => formatMoney(minor, currency, LOCALE);

/** Minor units as the owner types them: 1250 EUR → "12,50"; 1200 JPY → "1200". */
export const amountText = (minor: number | null | undefined, currency: string) =>
  minor === null || minor === undefined ? '' : minorToDecimalString(minor, currency).replace('.', ',');

/**
 * What the owner typed ("12,50", "12.50", "1.234,50") in minor units; null when it is no amount of
 * this currency (too many decimals, letters, negative).
 */
export function parseAmount(text: string, currency: string): number | null {
  let cleaned = text.trim().replace(/\s/g, '');
  if (cleaned === '') return null;
  // German thousands dots before a decimal comma: "1.234,50".
  if (cleaned.includes(',')) cleaned = cleaned.replace(/\./g, '').replace(',', '.');
  const minor = parseDecimalToMinor(cleaned, currency);
  return minor === null || minor < 0 ? null : minor;
}

export const dateTime = (epochMs: number, timeZone?: string) =>
  new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(epochMs);

export const date = (epochMs: number, timeZone?: string) =>
  new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone }).format(epochMs);

/** The values of a variant, e.g. "M / Rot"; a product without options has one variant, "Standard". */
export const variantLabel = (attributes: Record<string, string>) =>
  Object.values(attributes).join(' / ') || 'Standard';

/**
 * The address a website answers at, from its first hostname: https in general; a *.localhost site of a
 * development server on the scheme and port the editor itself runs on.
 */
export function siteAddress(
  hostname: string | undefined,
  here: Location = window.location,
): string | undefined {
  if (!hostname) return undefined;
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    const port = here.port ? `:${here.port}` : '';
    return `http://${hostname}${port}`;
  }
  return `https://${hostname}`;
}

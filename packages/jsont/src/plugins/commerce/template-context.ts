// Reads the parts of the template context the commerce formatters depend on: the site's localized
// strings, the merchandising context per product, website and store settings.

import type { StoreSettingsLike } from '@baukasten/commerce';
import type { RenderScope } from '../../plugin-api.js';

export type Fields = Record<string, unknown>;

export function asRecord(value: unknown): Fields | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : undefined;
}

/** The site's translation of `key` (localizedStrings.key), or '' when it has none. */
export function localizedString(scope: RenderScope, key: string): string {
  const value = asRecord(scope.resolve('localizedStrings'))?.[key];
  return typeof value === 'string' ? value : '';
}

/** The site's translation, or `fallback` when it has none or an empty one. */
export function localizedOr(scope: RenderScope, key: string, fallback: string): string {
  return localizedString(scope, key) || fallback;
}

/** The item id a formatter was given, as text ('' when missing). */
export function itemId(item: unknown): string {
  const id = asRecord(item)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

/** productMerchandisingContext[productId] (spec 3), when the page has one. */
export function merchandisingFor(scope: RenderScope, productId: string): Fields | undefined {
  if (!productId) return undefined;
  return asRecord(asRecord(scope.resolve('productMerchandisingContext'))?.[productId]);
}

export function storeSettings(scope: RenderScope): StoreSettingsLike | undefined {
  return asRecord(scope.resolve('websiteSettings.storeSettings')) as StoreSettingsLike | undefined;
}

/** The captcha site key of the website, if captcha is set up. */
export function captchaSiteKey(scope: RenderScope): string {
  const website = asRecord(scope.resolve('website'));
  const key =
    asRecord(website?.captchaSettings)?.siteKey ??
    asRecord(website?.recaptchaEnterpriseContext)?.recaptchaEnterpriseSiteKey;
  return typeof key === 'string' ? key : '';
}

/** The JSON-T notion of truthy, for flags the context may carry as strings or numbers. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return value === true;
}

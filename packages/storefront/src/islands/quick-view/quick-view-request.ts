// The two calls of the quick view: the product page's template context (`?format=json`), read for what
// the overlay shows, and the census call that records the quick view (spec 7).

import { CENSUS_TIMEOUT_MS, currencyFractionDigits } from '@baukasten/commerce';
import { currentCrumb } from '../product/cart-request.js';
import type { ProductPurchaseProps } from '../product/types.js';
import { QUICK_VIEW_TEXTS } from './texts.js';

/** What the overlay shows of one product. */
export interface QuickViewProduct {
  title: string;
  productUrl: string;
  imageUrl?: string;
  imageAlt: string;
  /**
   * Price line of the product card ('9,90 € statt 14,90 €', 'ab 19,90 €'); a subscription's carries its
   * plan phrase as on the product page ('19,90 € jeden Monat für 1 Jahr').
   */
  priceText: string;
  /** Sale or sold-out mark ('Angebot', 'Ausverkauft'). */
  markText: string;
  purchase: ProductPurchaseProps;
}

export const quickViewRecordUrl = (itemId: string) =>
  `/api/census/RecordQuickView/${encodeURIComponent(itemId)}`;

/**
 * Records one quick view. It sends no body (R7.6.7), gives up after the census timeout and ignores
 * every failure (R7.6.8): the shopper never notices the census.
 */
export function recordQuickView(itemId: string): void {
  const controller = typeof AbortController === 'undefined' ? undefined : new AbortController();
  const timer = controller ? setTimeout(() => controller.abort(), CENSUS_TIMEOUT_MS) : undefined;
  const done = () => clearTimeout(timer);
  try {
    fetch(quickViewRecordUrl(itemId), {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      signal: controller?.signal,
    }).then(done, done);
  } catch {
    done();
  }
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `?format=json` added to the product page's address, keeping any query it has. */
export function productJsonUrl(productUrl: string): string {
  const url = new URL(productUrl, window.location.href);
  url.searchParams.set('format', 'json');
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}

/**
 * The props the server gave the page's own 'product-purchase' island: they carry the site's
 * translations and settings, which the template context has no other trace of.
 */
function renderedPurchaseProps(html: unknown): ProductPurchaseProps | undefined {
  if (typeof html !== 'string') return undefined;
  const template = document.createElement('template');
  template.innerHTML = html;
  const json = template.content.querySelector('[data-island="product-purchase"]')?.getAttribute('data-props');
  if (!json) return undefined;
  try {
    const props = asRecord(JSON.parse(json));
    return typeof props.itemId === 'string' && Array.isArray(props.variants)
      ? (props as unknown as ProductPurchaseProps)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Money as the server's formatMoney prints it ('19,90 €', '¥1,200'), with Intl alone: commerce's
 * formatter (with its fast path) would otherwise ride in the chunks the product page loads. A locale
 * Intl does not know falls back to en-US; a currency it rejects prints as '12.50 XYZ'.
 */
export function browserPrice(minor: number, currency: string, locale: string): string {
  const digits = currencyFractionDigits(currency);
  const amount = minor / 10 ** digits;
  for (const tag of [locale, 'en-US']) {
    try {
      return new Intl.NumberFormat(tag, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(amount);
    } catch {
      // Unknown locale or currency: try the next fallback.
    }
  }
  return `${amount.toFixed(digits)} ${currency}`;
}

/**
 * Without the rendered island the props are built here, from the item and the site. The builder (and the
 * price and instalment rules it needs) is fetched only then, so it does not weigh on every product page.
 */
async function builtPurchaseProps(item: Record<string, unknown>, website: Record<string, unknown>) {
  if (!item.structuredContent) return undefined;
  const { purchaseCoreProps } = await import('../product/props.js');
  return purchaseCoreProps(
    item,
    {
      crumb: currentCrumb(''),
      returnTo: '',
      locale: text(website.locale) || 'de-DE',
      currency: text(website.currency) || 'EUR',
      storeSettings: asRecord(website.storeSettings),
      websiteId: text(website.id) || undefined,
    },
    browserPrice,
  );
}

/**
 * The overlay's price line: the card's, but for a subscription the price block of the product page's
 * own form, which the server worked out with the plan phrase and the site's texts for it (spec 9).
 * Props built here carry no price block (the browser has no phrase rules): the card's line then.
 */
function priceLine(cardLine: string, purchase: ProductPurchaseProps): string {
  const price = purchase.subscribable ? purchase.price : undefined;
  if (!price) return cardLine;
  if (!price.originalText) return price.text;
  return QUICK_VIEW_TEXTS.saleLine.replace('{price}', price.text).replace('{original}', price.originalText);
}

/** Reads the overlay's product out of a product page's template context; undefined if it has none. */
export async function quickViewProduct(
  context: unknown,
  returnTo: string,
): Promise<QuickViewProduct | undefined> {
  const page = asRecord(context);
  const item = asRecord(page.item);
  const purchase =
    renderedPurchaseProps(asRecord(page.islands).productPurchase) ??
    (await builtPurchaseProps(item, asRecord(page.website)));
  if (!purchase) return undefined;
  const [firstImage] = Array.isArray(item.items) ? item.items : [];
  const imageUrl = text(item.assetUrl) || text(asRecord(firstImage).assetUrl);
  return {
    title: text(item.title) || purchase.title,
    productUrl: text(item.fullUrl) || purchase.productUrl,
    imageUrl: imageUrl || undefined,
    imageAlt: text(asRecord(firstImage).altText),
    priceText: priceLine(text(item.priceText), purchase),
    markText: text(item.markText),
    // The form sits on the list page now: a post without script comes back there.
    // Adds from here are tracked with the page type 'quick view' (spec 2).
    purchase: { ...purchase, returnTo, placement: 'quick view' },
  };
}

/** Loads the product page's context; rejects when it cannot be had or holds no product. */
export async function loadQuickViewProduct(productUrl: string): Promise<QuickViewProduct> {
  const response = await fetch(productJsonUrl(productUrl), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const returnTo = `${window.location.pathname}${window.location.search}`;
  const product = await quickViewProduct(await response.json(), returnTo);
  if (!product) throw new Error('no product in the page context');
  return product;
}

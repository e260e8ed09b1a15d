// The instalment teaser on product pages (spec 1 and 5): who is eligible, which provider's wording,
// and the equal payments, which always add up to the price to the cent.

import { splitMinor } from './money.js';
import { isSubscribable, type ProductInput, ProductType, productTypeOf } from './product-display.js';

/** Interest-free payments shown by default (spec 9). */
export const DEFAULT_INSTALMENT_COUNT = 4;

/** Countries where Afterpay runs; in GB it is called Clearpay. */
export const AFTERPAY_COUNTRIES = ['US', 'CA', 'AU', 'NZ', 'GB'] as const;

/** Shopper languages the provider's teaser and info page exist in. */
export const INSTALMENT_LANGUAGES = ['en', 'fr'] as const;

export type InstalmentProvider = 'afterpay' | 'clearpay' | 'klarna';

export const INSTALMENT_PROVIDER_NAMES: Readonly<Record<InstalmentProvider, string>> = {
  afterpay: 'Afterpay',
  clearpay: 'Clearpay',
  klarna: 'Klarna',
};

/** The instalment context the page carries per item (spec 3); limits are in minor units. */
export interface InstalmentContext {
  afterPayAvailable?: boolean | null;
  afterPayMin?: number | null;
  afterPayMax?: number | null;
  shopperLanguage?: string | null;
  stripeAccountCountry?: string | null;
}

/** 'en' or 'fr' from a language tag such as 'fr-CA'; anything else reads as 'en'. */
export function instalmentLanguage(shopperLanguage: string | null | undefined): 'en' | 'fr' {
  return (shopperLanguage ?? '').trim().toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

function normalisedCountry(country: string | null | undefined): string {
  const code = (country ?? '').trim().toUpperCase();
  return code === 'UK' ? 'GB' : code;
}

/** Afterpay in US, CA, AU and NZ, Clearpay in GB, Klarna everywhere else. */
export function instalmentProvider(country: string | null | undefined): InstalmentProvider {
  const code = normalisedCountry(country);
  if (code === 'GB') return 'clearpay';
  return (AFTERPAY_COUNTRIES as readonly string[]).includes(code) ? 'afterpay' : 'klarna';
}

/** Whether the price lies in the provider's range: above the minimum, at most the maximum. */
export function instalmentPriceInRange(priceMinor: number, context: InstalmentContext): boolean {
  const min = Number(context.afterPayMin);
  const max = Number(context.afterPayMax);
  if (!Number.isFinite(priceMinor) || !Number.isFinite(min) || !Number.isFinite(max)) return false;
  return priceMinor > min && priceMinor <= max;
}

/** The teaser's state for a price: 'in-range' or 'out-of-range' (spec 4). */
export function instalmentTeaserState(
  priceMinor: number,
  context: InstalmentContext,
): 'in-range' | 'out-of-range' {
  return instalmentPriceInRange(priceMinor, context) ? 'in-range' : 'out-of-range';
}

/**
 * The teaser shows for physical, non-subscribable products when the feature is available; whether
 * the current price is in range is a separate state, because a variant change can move it.
 */
export function showsInstalmentTeaser(
  product: ProductInput,
  context: InstalmentContext | null | undefined,
): boolean {
  return (
    context?.afterPayAvailable === true &&
    productTypeOf(product) === ProductType.PHYSICAL &&
    !isSubscribable(product)
  );
}

/** Teaser shown and price in range. */
export function isInstalmentEligible(
  product: ProductInput,
  priceMinor: number,
  context: InstalmentContext | null | undefined,
): boolean {
  return !!context && showsInstalmentTeaser(product, context) && instalmentPriceInRange(priceMinor, context);
}

/** The payments for a price; they differ by at most one minor unit and add up exactly. */
export function instalmentAmounts(priceMinor: number, count: number = DEFAULT_INSTALMENT_COUNT): number[] {
  if (!Number.isSafeInteger(priceMinor) || priceMinor < 0) return [];
  return splitMinor(priceMinor, count);
}

/**
 * The teaser line: 'oder 4 zinsfreie Zahlungen à 12,50 € mit Afterpay'. `formattedAmount` is the
 * first (largest) payment formatted in the site locale.
 */
export function instalmentTeaserText(
  provider: InstalmentProvider,
  formattedAmount: string,
  count: number = DEFAULT_INSTALMENT_COUNT,
): string {
  return `oder ${count} zinsfreie Zahlungen à ${formattedAmount} mit ${INSTALMENT_PROVIDER_NAMES[provider]}`;
}

/** Teaser text when the price is outside the provider's range. */
export function instalmentOutOfRangeText(
  provider: InstalmentProvider,
  formattedMin: string,
  formattedMax: string,
): string {
  return `${INSTALMENT_PROVIDER_NAMES[provider]} ist für Bestellungen zwischen ${formattedMin} und ${formattedMax} verfügbar`;
}

/**
 * The provider's static info page (spec 7: a third-party page chosen by shopper language and
 * country), shown in the instalment info modal. Klarna has no such page: null.
 */
export function instalmentInfoUrl(
  country: string | null | undefined,
  shopperLanguage: string | null | undefined,
): string | null {
  const provider = instalmentProvider(country);
  if (provider === 'klarna') return null;
  const locale = `${instalmentLanguage(shopperLanguage)}_${normalisedCountry(country)}`;
  return provider === 'clearpay'
    ? `https://static.clearpay.co.uk/modal/${locale}.html`
    : `https://static.afterpay.com/modal/${locale}.html`;
}

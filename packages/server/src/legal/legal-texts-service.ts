import { createHash } from 'node:crypto';
import {
  DEFAULT_SHIPPING_RATES,
  formatMoney,
  LEGAL_TEMPLATE_VERSION,
  type LegalDocuments,
  type LegalFacts,
  legalDataOf,
  ProductType,
  renderLegalTexts,
  type ShippingRate,
} from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { supportedCountries } from '../pages/checkout-countries.js';
import { paymentMethodLabel } from '../pages/commerce-page-context.js';

/*
 * The legal texts in force for a website: rendered from its legal data and what its settings switch on,
 * and stored as a numbered version whenever the rendering changes (storage legal_text_versions). Pages
 * show the current version; an order remembers the version it was placed under, and its confirmation
 * mail carries that version's AGB and Widerrufsbelehrung (§312f BGB).
 */

export interface LegalTextsInForce {
  version: number;
  /** When this version was first shown (epoch ms). */
  since: number;
  documents: LegalDocuments;
}

/** The shop's payment providers as the legal texts name them. */
export type ProvidersOf = (website: Website) => readonly PaymentProvider[];

const countryNames = new Intl.DisplayNames(['de'], { type: 'region' });

function shippingCostText(rate: ShippingRate, currency: string, locale: string): string {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  if (rate.kind === 'weight' && rate.tiers?.length)
    return rate.tiers.map((t) => `bis ${t.maxGrams / 1000} kg ${money(t.costMinor)}`).join(', ');
  if (rate.kind === 'price' && rate.freeFromMinor !== undefined)
    return `${money(rate.costMinor)}, ab ${money(rate.freeFromMinor)} Bestellwert versandkostenfrei`;
  return money(rate.costMinor);
}

/** What the site really uses, read from its settings, products and payment providers. */
export async function legalFactsOf(
  storage: Storage,
  website: Website,
  providers: readonly PaymentProvider[],
  siteUrl: string,
): Promise<LegalFacts> {
  const settings = website.settings as Record<string, unknown>;
  const types = new Set(await storage.legal.productTypes(website.id));
  const rates = Array.isArray(settings.shippingRates)
    ? (settings.shippingRates as ShippingRate[])
    : DEFAULT_SHIPPING_RATES;
  const pixels = (settings.adPixels ?? {}) as { metaPixelId?: unknown; googleTagId?: unknown };
  const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  const cookie = website.settings.cookieSettings;
  return {
    siteTitle: website.title,
    siteUrl,
    // A shop without products yet gets the texts for goods: the usual case, and the stricter one.
    sellsGoods: types.has(ProductType.PHYSICAL) || types.size === 0,
    sellsDigital: types.has(ProductType.DIGITAL),
    sellsServices: types.has(ProductType.SERVICE),
    paymentMethods: providers.map((p) => ({ id: p.id, label: paymentMethodLabel(p.id) })),
    shippingOptions: rates.map((rate) => ({
      name: rate.name,
      costText: shippingCostText(rate, website.currency, website.locale),
    })),
    shippingCountries: Array.isArray(settings.shippingCountries)
      ? supportedCountries(website).map((code) => {
          try {
            return countryNames.of(code) ?? code;
          } catch {
            return code;
          }
        })
      : [],
    privacy: {
      // The built-in visit statistics run on every site (analytics runtime).
      analytics: true,
      consentBanner: Boolean(cookie?.isCookieBannerEnabled || cookie?.isRestrictiveCookiePolicyEnabled),
      metaPixel: filled(pixels.metaPixelId),
      googleTag: filled(pixels.googleTagId),
      comments: website.settings.commentsEnabled === true,
      disqus: filled(website.settings.disqusShortname),
      newsletter: await usesNewsletter(storage, website.id),
      recaptchaEnterprise: filled(website.settings.recaptchaEnterpriseContext?.recaptchaEnterpriseSiteKey),
    },
  };
}

/** A newsletter block on a page of the navigation: the sign-up form is what collects addresses. */
async function usesNewsletter(storage: Storage, websiteId: string): Promise<boolean> {
  const pages = await storage.collections.listNavigation(websiteId);
  return pages.some((page) => page.blocks.some((block) => block.type === 'newsletter'));
}

const hashOf = (documents: LegalDocuments) =>
  createHash('sha256').update(LEGAL_TEMPLATE_VERSION).update(JSON.stringify(documents)).digest('hex');

/**
 * The texts in force: rendered now, and the stored version they are (a new one when they changed since
 * the last rendering). Call it on the storage of a transaction to record inside it.
 */
export async function legalTextsInForce(
  storage: Storage,
  website: Website,
  providers: readonly PaymentProvider[],
  siteUrl: string,
): Promise<LegalTextsInForce> {
  const documents = renderLegalTexts(
    legalDataOf(website.settings as Record<string, unknown>),
    await legalFactsOf(storage, website, providers, siteUrl),
  );
  const stored = await storage.legal.recordVersion(website.id, hashOf(documents), documents);
  return { version: stored.version, since: stored.createdAt, documents };
}

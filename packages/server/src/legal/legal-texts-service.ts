import { createHash } from 'node:crypto';
import {
  effectiveShippingZones,
  formatMoney,
  germanCountryName,
  LEGAL_TEMPLATE_VERSION,
  type LegalDocuments,
  type LegalFacts,
  legalDataOf,
  ProductType,
  renderLegalTexts,
  type ShippingRate,
  type ShippingZone,
  type ZoneRate,
} from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import { supportedCountries } from '../commerce/checkout-countries.js';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { keptWithWebsite } from '../kept-with-website.js';
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

/**
 * `shippingCostText` by its inputs: every checkout states the shop's rates for the legal facts, and formatting
 * their amounts was the larger part of working them out. Pure, so remembered exactly (bounded).
 */
const costTexts = new Map<string, string>();
function rememberedCostText(rate: ZoneRate, currency: string, locale: string): string {
  const key = `${currency}|${locale}|${JSON.stringify(rate)}`;
  let text = costTexts.get(key);
  if (text === undefined) {
    text = shippingCostText(rate, currency, locale);
    if (costTexts.size >= 1_000) costTexts.clear();
    costTexts.set(key, text);
  }
  return text;
}

/** A zone rate's price as the "Versand und Zahlung" page states it (issue 23: rates live in zones). */
function shippingCostText(rate: ZoneRate, currency: string, locale: string): string {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const steps = (rate.brackets ?? []).map((b) =>
    b.upTo === undefined
      ? `darüber ${money(b.priceMinor)}`
      : rate.kind === 'weight'
        ? `bis ${(b.upTo / 1000).toLocaleString('de-DE')} kg ${money(b.priceMinor)}`
        : `bis ${money(b.upTo)} Bestellwert ${money(b.priceMinor)}`,
  );
  const parts = [rate.kind === 'flat' ? money(rate.priceMinor) : steps.join(', ')];
  if (rate.minMinor !== undefined) parts.push(`ab ${money(rate.minMinor)} Bestellwert`);
  if (rate.maxMinor !== undefined) parts.push(`bis ${money(rate.maxMinor)} Bestellwert`);
  if (rate.freeFromMinor !== undefined)
    parts.push(`ab ${money(rate.freeFromMinor)} Bestellwert versandkostenfrei`);
  if (rate.deliveryTime) parts.push(`Lieferzeit ${rate.deliveryTime}`);
  return parts.join(', ');
}

/*
 * The product types sold, and whether a page of the navigation holds a newsletter block (the sign-up form is
 * what collects addresses): one statement, read with the website object a request runs on and kept with it.
 * Storage hands out a new website object after any write to products or pages (ContentChanges.siteVersion)
 * and after its look-up time, so the answer is as fresh as the website itself; stock moving (every order)
 * keeps it. Without this every checkout read all of the shop's products again.
 */
const siteUsageOf = keptWithWebsite((storage, website) => storage.legal.siteUsage(website.id, 'newsletter'));

/** What the site really uses, read from its settings, products and payment providers. */
export async function legalFactsOf(
  storage: Storage,
  website: Website,
  providers: readonly PaymentProvider[],
  siteUrl: string,
): Promise<LegalFacts> {
  const settings = website.settings as Record<string, unknown>;
  const usage = await siteUsageOf(storage, website);
  const types = new Set(usage.productTypes);
  const zones = effectiveShippingZones({
    ...(Array.isArray(settings.shippingZones)
      ? { shippingZones: settings.shippingZones as ShippingZone[] }
      : {}),
    ...(Array.isArray(settings.shippingRates)
      ? { shippingRates: settings.shippingRates as ShippingRate[] }
      : {}),
  });
  // With several zones each rate is named with its zone ("Schweiz: Paket").
  const rates = zones.flatMap((zone) =>
    zone.rates.map((rate) => ({
      ...rate,
      name: zones.length > 1 ? `${zone.name}: ${rate.name}` : rate.name,
    })),
  );
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
      costText: rememberedCostText(rate, website.currency, website.locale),
    })),
    shippingCountries: Array.isArray(settings.shippingCountries)
      ? supportedCountries(website).map(germanCountryName)
      : [],
    privacy: {
      // The built-in visit statistics run on every site (analytics runtime).
      analytics: true,
      consentBanner: Boolean(cookie?.isCookieBannerEnabled || cookie?.isRestrictiveCookiePolicyEnabled),
      metaPixel: filled(pixels.metaPixelId),
      googleTag: filled(pixels.googleTagId),
      comments: website.settings.commentsEnabled === true,
      disqus: filled(website.settings.disqusShortname),
      newsletter: usage.hasBlock,
      recaptchaEnterprise: filled(website.settings.recaptchaEnterpriseContext?.recaptchaEnterpriseSiteKey),
    },
  };
}

const hashOf = (documents: LegalDocuments) =>
  createHash('sha256').update(LEGAL_TEMPLATE_VERSION).update(JSON.stringify(documents)).digest('hex');

/**
 * The texts in force: rendered now, and the stored version they are (a new one when they changed since
 * the last rendering). Never on the storage of a transaction: the version it finds is remembered, and one
 * recorded inside a transaction that then rolls back would not exist.
 */
export async function legalTextsInForce(
  storage: Storage,
  website: Website,
  providers: readonly PaymentProvider[],
  siteUrl: string,
): Promise<LegalTextsInForce> {
  // Everything the texts are made of comes with the website object (its settings; the products and pages
  // it uses, siteUsageOf), the providers offered and the address: with all three unchanged the texts and
  // their recorded version are too. Without this each checkout worked out the facts and wrote them out as
  // JSON to look the texts up (bench/cart/profile-checkout.mjs).
  const inputsKey = `${providers.map((p) => p.id).join(',')}|${siteUrl}`;
  let ofWebsite = inForceOfWebsite.get(website);
  const remembered = ofWebsite?.get(inputsKey);
  if (remembered) return remembered;
  const inForce = await textsInForce(storage, website, providers, siteUrl);
  if (!ofWebsite) {
    ofWebsite = new Map();
    inForceOfWebsite.set(website, ofWebsite);
  }
  // A website object lives for seconds (websiteCacheMs); a handful of addresses and provider sets at most.
  if (ofWebsite.size < 16) ofWebsite.set(inputsKey, inForce);
  return inForce;
}

/** The texts in force and their recorded version, per website object, providers and address (never changed). */
const inForceOfWebsite = new WeakMap<Website, Map<string, LegalTextsInForce>>();

async function textsInForce(
  storage: Storage,
  website: Website,
  providers: readonly PaymentProvider[],
  siteUrl: string,
): Promise<LegalTextsInForce> {
  const data = legalDataOf(website.settings as Record<string, unknown>);
  const facts = await legalFactsOf(storage, website, providers, siteUrl);
  // The same data and facts render the same texts: rendered and hashed once, not on every checkout.
  const inputs = `${website.id}|${JSON.stringify(data)}|${JSON.stringify(facts)}`;
  let rendered = renderedTexts.get(inputs);
  if (!rendered) {
    const documents = renderLegalTexts(data, facts);
    rendered = { documents, hash: hashOf(documents) };
    if (renderedTexts.size >= 1_000) renderedTexts.clear();
    renderedTexts.set(inputs, rendered);
  }
  const { documents, hash } = rendered;
  const key = `${website.id}/${hash}`;
  // A version's texts never change, so texts this process already found stored are that version for good;
  // only new texts take the write transaction (every checkout paid for one before, issue #19). When another
  // instance later stored the same texts again under a newer number, the older number names the same texts.
  const known = recordedVersions.get(key);
  if (known) return { ...known, documents };
  const stored = await storage.legal.recordVersion(website.id, hash, documents);
  if (recordedVersions.size >= 10_000) recordedVersions.clear();
  recordedVersions.set(key, { version: stored.version, since: stored.createdAt });
  return { version: stored.version, since: stored.createdAt, documents };
}

/** Texts rendered in this process, by website and everything they are rendered from. Shared, never changed. */
const renderedTexts = new Map<string, { documents: LegalDocuments; hash: string }>();
/** Versions this process found stored, by website and content hash (never a version still uncommitted). */
const recordedVersions = new Map<string, { version: number; since: number }>();

// Server side: the product page's own pieces of the purchase island (spec 1, 3, 4, 5, 9): the price
// block before a choice, the instalment teaser and the scarcity note, all worked out here with the
// commerce rules so the browser carries only their texts. The quick view, which builds props in the
// browser when a page has no rendered form, uses props.ts alone and so never loads these rules.

import {
  billingPeriodOf,
  DEFAULT_INSTALMENT_COUNT,
  durationOf,
  formatMoney,
  fromPriceMinor,
  fromPriceText,
  GERMAN_SUBSCRIPTION_UNAVAILABLE_TEXT,
  germanSubscriptionPlanPhrase,
  INSTALMENT_PROVIDER_NAMES,
  type InstalmentContext,
  instalmentAmounts,
  instalmentInfoUrl,
  instalmentOutOfRangeText,
  instalmentProvider,
  instalmentTeaserState,
  instalmentTeaserText,
  MERCHANDISING_VIEWS,
  type PriceMinor,
  type ProductInput,
  priceDisplay,
  productContent,
  productVariants,
  type ScarcitySettings,
  SUBSCRIPTION_UNAVAILABLE_STRING_KEY,
  scarcityEnabledIn,
  scarcityQuantity,
  scarcityText,
  showsInstalmentTeaser,
  subscriptionPriceStringKey,
  subscriptionPriceText,
  type VariantLike,
  variantEffectivePrice,
} from '@baukasten/commerce';
import { type ProductPurchaseOptions, purchaseCoreProps } from './props.js';
import type { ProductPurchaseProps, PurchaseInstalments, PurchasePrice, PurchaseScarcity } from './types.js';

function localized(strings: ProductPurchaseOptions['localizedStrings'], key: string): string | undefined {
  const value = strings?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The teaser's line for a price (spec 1, 4 and 5): the payments when in range, the range when not. */
function instalmentLine(priceMinor: number, context: InstalmentContext, options: ProductPurchaseOptions) {
  const provider = instalmentProvider(context.stripeAccountCountry);
  const fmt = (minor: number) => formatMoney(minor, options.currency, options.locale);
  if (instalmentTeaserState(priceMinor, context) === 'in-range') {
    return instalmentTeaserText(provider, fmt(instalmentAmounts(priceMinor)[0] ?? 0));
  }
  return instalmentOutOfRangeText(
    provider,
    fmt(Number(context.afterPayMin)),
    fmt(Number(context.afterPayMax)),
  );
}

function instalments(
  item: ProductInput,
  options: ProductPurchaseOptions,
): { teaser: PurchaseInstalments; perVariant: (variant: VariantLike) => string } | undefined {
  const context = options.instalmentContext;
  if (!context || !showsInstalmentTeaser(item, context)) return undefined;
  const teaser: PurchaseInstalments = {
    providerName: INSTALMENT_PROVIDER_NAMES[instalmentProvider(context.stripeAccountCountry)],
    text: instalmentLine(fromPriceMinor(item), context, options),
    count: DEFAULT_INSTALMENT_COUNT,
  };
  const infoUrl = instalmentInfoUrl(context.stripeAccountCountry, context.shopperLanguage);
  if (infoUrl) teaser.infoUrl = infoUrl;
  return {
    teaser,
    perVariant: (variant) => instalmentLine(variantEffectivePrice(variant).minor, context, options),
  };
}

const priceFormatter = (options: ProductPurchaseOptions) => (price: PriceMinor) =>
  formatMoney(price.minor, price.currency || options.currency, options.locale);

/** The price block of spec 4 before a choice: from price, sale price with the original, or the price. */
function priceBlock(item: ProductInput, options: ProductPurchaseOptions): PurchasePrice | undefined {
  if (productVariants(item).length === 0) return undefined;
  const fmt = priceFormatter(options);
  const display = priceDisplay(item);
  if (display.kind === 'from') {
    const template = localized(options.localizedStrings, 'productPriceFromText') ?? 'ab {fromPrice}';
    return { text: fromPriceText(fmt(display.price), template) };
  }
  if (display.kind === 'sale') {
    // § 11 PAngV: struck is the lowest price of the 30 days before the reduction, as for a chosen variant.
    const [first] = productVariants(item);
    const record = (first ?? {}) as Record<string, unknown>;
    if (!('referencePriceMinor' in record))
      return { text: fmt(display.price), originalText: fmt(display.original) };
    const reference = record.referencePriceMinor;
    return typeof reference === 'number'
      ? {
          text: fmt(display.price),
          originalText: fmt({ minor: reference, currency: display.price.currency }),
        }
      : { text: fmt(display.price) };
  }
  return { text: fmt(display.price) };
}

/** § 4 PAngV: the Grundpreis beside the price before a choice (the item context's, page-context.ts). */
function withUnitPrice(price: PurchasePrice, item: unknown): PurchasePrice {
  const text = (item as { unitPriceText?: unknown }).unitPriceText;
  return typeof text === 'string' && text ? { ...price, unitPriceText: text } : price;
}

/**
 * A subscription's prices carry the German plan phrase (spec 9): '19,90 € jeden Monat für 1 Jahr',
 * 'ab 9,90 € alle 2 Wochen'. Worked into the texts here, so the island shows them without a rule of
 * its own. A plan without a usable billing period shows 'Nicht verfügbar' instead of a price, as the
 * template's price block does with 'Unavailable'.
 * The site's own strings win, as in the template's price block: its text for the plan shape
 * (`productPrice__singlePrice__1Monthly__limited__1Years` …, `multiplePrices` for the from price before
 * a choice) replaces price and phrase, and `productPriceUnavailable` replaces 'Nicht verfügbar'. A struck
 * original price stays a plain price.
 */
function withPlanPhrase(item: ProductInput, props: ProductPurchaseProps, options: ProductPurchaseOptions) {
  const strings = options.localizedStrings;
  const plan = productContent(item).subscriptionPlan;
  const period = billingPeriodOf(plan?.billingPeriod);
  if (!period) {
    const unavailable =
      localized(strings, SUBSCRIPTION_UNAVAILABLE_STRING_KEY) ?? GERMAN_SUBSCRIPTION_UNAVAILABLE_TEXT;
    if (props.price) props.price = { text: unavailable };
    for (const variant of props.variants) {
      variant.priceText = unavailable;
      delete variant.originalPriceText;
    }
    return;
  }
  const phrase = germanSubscriptionPlanPhrase(plan);
  const duration = durationOf(period, plan?.numBillingCycles);
  /** `price`: the formatted amount alone; `shown`: the text so far, which the German phrase follows. */
  const priced = (variedPrices: boolean, price: string, shown: string) => {
    const siteText = localized(strings, subscriptionPriceStringKey(variedPrices, period, duration));
    return siteText ? subscriptionPriceText(siteText, price, period, duration) : `${shown} ${phrase}`;
  };
  if (props.price) {
    const display = priceDisplay(item);
    props.price.text = priced(
      display.kind === 'from',
      priceFormatter(options)(display.price),
      props.price.text,
    );
  }
  for (const variant of props.variants)
    variant.priceText = priced(false, variant.priceText, variant.priceText);
}

/** The scarcity note per variant and before a choice; the island only checks the view it is in. */
function scarcity(
  item: ProductInput,
  settings: ScarcitySettings | null | undefined,
): PurchaseScarcity | undefined {
  if (settings?.scarcityEnabled !== true) return undefined;
  const variants = productVariants(item);
  // Every view here: the island knows which one it is in.
  const anyView = { ...settings, scarcityTemplateViews: [] };
  const note = (variant: VariantLike | undefined) => {
    const quantity = scarcityQuantity(item, variants, variant, anyView, MERCHANDISING_VIEWS.productDetail);
    return quantity === null ? undefined : scarcityText(settings.scarcityText, quantity);
  };
  const bySku: Record<string, string> = {};
  for (const variant of variants) {
    const text = note(variant);
    if (text) bySku[String(variant.sku ?? '')] = text;
  }
  const result: PurchaseScarcity = {
    productDetail: scarcityEnabledIn(settings, MERCHANDISING_VIEWS.productDetail),
    quickView: scarcityEnabledIn(settings, MERCHANDISING_VIEWS.quickView),
    bySku,
  };
  const beforeChoice = variants.length > 1 ? note(undefined) : undefined;
  if (beforeChoice) result.beforeChoice = beforeChoice;
  return result;
}

/**
 * The props of the 'product-purchase' and 'add-button' islands for one product item: the core props
 * (props.ts) plus the price block, and, given their contexts, the instalment teaser and scarcity note.
 */
export function productPurchaseProps(item: unknown, options: ProductPurchaseOptions): ProductPurchaseProps {
  const props = purchaseCoreProps(item, options, formatMoney);
  const product = item as ProductInput;
  const price = priceBlock(product, options);
  if (price) props.price = withUnitPrice(price, item);
  if (props.subscribable) withPlanPhrase(product, props, options);
  const teaser = instalments(product, options);
  if (teaser) {
    props.instalments = teaser.teaser;
    const variants = productVariants(product);
    props.variants.forEach((variant, index) => {
      variant.instalmentText = teaser.perVariant(variants[index]!);
    });
  }
  const note = scarcity(product, options.merchandising);
  if (note) props.scarcity = note;
  return props;
}

import {
  type CartRules,
  type CartTotals,
  type CouponDefinition,
  cartTotals,
  countryRatesOf,
  discountIdOf,
  formatMoney,
  minorToDecimalString,
  moneyFromMinor,
  normaliseCode,
  type ShippingRate,
  type ShippingZone,
  type TaxClass,
  type TaxRule,
  taxClassOf,
  type VatLine,
  type VatTreatment,
  vatLineLabel,
} from '@baukasten/commerce';
import type { DiscountLimit, StoredCart, StoredCartEntry, Website } from '@baukasten/storage';

/*
 * The cart as spec 3 names its fields. What the totals need about a product (type, weight, title)
 * was copied into the entry when it was added, so showing a cart reads no product rows.
 */

export interface EntrySnapshot {
  sku: string;
  attributes: Record<string, string>;
  title: string;
  productType: number;
  weightGrams?: number;
  /** The product's VAT class when it was added (vat.ts); absent: standard. */
  taxClass?: TaxClass;
  /** The product's categories when it was added, for discounts limited to categories. */
  categories?: string[];
}

/** What the shopper chose at the cart and checkout: kept in the cart's data column. */
export interface CartChoices {
  shippingOptionId?: string;
  couponCodes?: string[];
  country?: string;
  /** A business buyer's name and USt-IdNr. (reverse charge); given at the checkout. */
  company?: string;
  vatId?: string;
}

/*
 * Intl builds a number formatter on every formatMoney call, which showed up as a large share of an
 * add-to-cart in the benchmark; the same few totals repeat, so their texts are remembered.
 */
const moneyTexts = new Map<string, Map<number, string>>();
function moneyText(minor: number, currency: string, locale: string): string {
  const format = `${currency}|${locale}`;
  let texts = moneyTexts.get(format);
  if (texts === undefined) {
    texts = new Map();
    moneyTexts.set(format, texts);
  }
  let text = texts.get(minor);
  if (text === undefined) {
    if (texts.size >= 5000) texts.clear();
    text = formatMoney(minor, currency, locale);
    texts.set(minor, text);
  }
  return text;
}

/** The few VAT line labels a shop shows ("enthaltene MwSt. (19 %)"), each written once. */
const lineLabels = new Map<string, string>();
function lineLabel(line: VatLine, treatment: VatTreatment): string {
  const key = `${treatment}|${line.ratePercent}`;
  let label = lineLabels.get(key);
  if (label === undefined) {
    if (lineLabels.size >= 500) lineLabels.clear();
    label = vatLineLabel(line, treatment);
    lineLabels.set(key, label);
  }
  return label;
}

const snapshotOf = (entry: StoredCartEntry): EntrySnapshot => entry.chosenVariant as EntrySnapshot;

const arrayOf = <T>(value: unknown): T[] | undefined => (Array.isArray(value) ? (value as T[]) : undefined);

type DatedCoupon = CouponDefinition & { validFrom?: number; validUntil?: number };

/**
 * The rules read from a website's settings, once per website object: the cache hands out the same object
 * until the settings change, and every add-to-cart and cart view needs them (issue #19). Never changed.
 */
interface KnownRules {
  settings: unknown;
  locale: string;
  rules: Partial<CartRules> & { coupons: DatedCoupon[] };
  country: string;
}
const rulesOfWebsite = new WeakMap<Website, KnownRules>();

function knownRules(website: Website): KnownRules {
  let known = rulesOfWebsite.get(website);
  if (!known || known.settings !== website.settings || known.locale !== website.locale) {
    known = {
      settings: website.settings,
      locale: website.locale,
      rules: rulesFromSettings(website),
      country: countryOfSettings(website),
    };
    rulesOfWebsite.set(website, known);
  }
  return known;
}

/** The shop's own tax, shipping and coupon rules from its settings; the defaults where it has none. */
export function cartRulesOf(website: Website, now = Date.now()): Partial<CartRules> {
  const { rules } = knownRules(website);
  // Coupons the owner limited in time count only within their dates; outside them they are unknown codes.
  if (rules.coupons.every((c) => c.validFrom === undefined && c.validUntil === undefined)) return rules;
  return {
    ...rules,
    coupons: rules.coupons.filter(
      (c) =>
        (c.validFrom === undefined || c.validFrom <= now) &&
        (c.validUntil === undefined || now <= c.validUntil),
    ),
  };
}

/** The rules as the settings state them, coupons with their dates (filtered per call, below). */
function rulesFromSettings(website: Website): Partial<CartRules> & { coupons: DatedCoupon[] } {
  const settings = website.settings as Record<string, unknown>;
  const rules: Partial<CartRules> & { coupons: DatedCoupon[] } = { coupons: [] };
  const taxRules = arrayOf<TaxRule>(settings.taxRules);
  if (taxRules) rules.taxRules = taxRules;
  // Zones (issue 23); options saved before zones count as the zone "Alle Länder" (cart-totals).
  const shippingZones = arrayOf<ShippingZone>(settings.shippingZones);
  if (shippingZones) rules.shippingZones = shippingZones;
  const shippingRates = arrayOf<ShippingRate>(settings.shippingRates);
  if (shippingRates) rules.shippingRates = shippingRates;
  rules.coupons = arrayOf<DatedCoupon>(settings.coupons) ?? [];
  // Off unless the owner turned it on: one code per order (#18, finding 5).
  rules.allowCombiningCoupons = settings.allowCombiningCoupons === true;
  rules.vat = vatSettingsOf(website);
  return rules;
}

/** Kleinunternehmer and OSS as the owner set them (editor → Einstellungen → Steuern); both off by default. */
export function vatSettingsOf(website: Website) {
  const vat = ((website.settings as Record<string, unknown>).vat ?? {}) as Record<string, unknown>;
  return {
    shopCountry: countryOfSettings(website),
    smallBusiness: vat.smallBusiness === true,
    oss: vat.oss === true,
    // The owner's rate per member state and tax class (editor → Steuern), over the EU table.
    countryRates: countryRatesOf(vat.countryRates),
  };
}

/** The shop's country, for the tax rate before the shopper gave an address: 'de-DE' -> 'DE'. */
export function shopCountry(website: Website): string {
  return knownRules(website).country;
}

function countryOfSettings(website: Website): string {
  const configured = (website.settings as Record<string, unknown>).country;
  if (typeof configured === 'string' && configured) return configured.toUpperCase();
  return website.locale.split('-')[1]?.toUpperCase() ?? 'DE';
}

/** The usage limits of the shop's discounts, by the id they are counted under (issue 23). */
export function discountLimitsOf(website: Website): DiscountLimit[] {
  const coupons = arrayOf<CouponDefinition>((website.settings as Record<string, unknown>).coupons) ?? [];
  return coupons
    .filter((c) => c.usageLimit !== undefined || c.usageLimitPerCustomer !== undefined)
    .map((c) => ({
      discountId: discountIdOf(c, normaliseCode),
      ...(c.usageLimit !== undefined ? { usageLimit: c.usageLimit } : {}),
      ...(c.usageLimitPerCustomer !== undefined ? { usageLimitPerCustomer: c.usageLimitPerCustomer } : {}),
    }));
}

export function totalsOf(
  website: Website,
  entries: readonly StoredCartEntry[],
  choices: CartChoices,
  /** Discounts whose usage limit is reached: they do not apply (the checkout reads them). */
  exhaustedDiscountIds?: ReadonlySet<string>,
): CartTotals {
  return cartTotals({
    lines: entries.map((entry) => {
      const snapshot = snapshotOf(entry);
      return {
        unitPriceMinor: entry.purchasePriceMinor,
        quantity: entry.quantity,
        productType: snapshot.productType,
        weightGrams: snapshot.weightGrams,
        taxClass: taxClassOf(snapshot.taxClass),
        productId: entry.itemId,
        ...(snapshot.categories ? { categoryIds: snapshot.categories } : {}),
      };
    }),
    country: choices.country ?? shopCountry(website),
    shippingOptionId: choices.shippingOptionId,
    couponCodes: choices.couponCodes,
    rules: cartRulesOf(website),
    buyer: { company: choices.company, vatId: choices.vatId },
    ...(exhaustedDiscountIds ? { exhaustedDiscountIds } : {}),
  });
}

export function entryView(entry: StoredCartEntry, currency: string) {
  const snapshot = snapshotOf(entry);
  return {
    id: entry.id,
    itemId: entry.itemId,
    quantity: entry.quantity,
    chosenVariant: { sku: snapshot.sku ?? entry.sku, attributes: snapshot.attributes ?? {} },
    title: snapshot.title ?? '',
    productType: snapshot.productType,
    subTotal: moneyFromMinor(entry.purchasePriceMinor * entry.quantity, currency),
    subTotalCents: entry.purchasePriceMinor * entry.quantity,
    purchasePriceCents: entry.purchasePriceMinor,
    additionalFields: entry.additionalFields ?? null,
  };
}

/** An empty cart as the API shows it before the visitor added anything: every field at its default. */
export function emptyCartView(website: Website) {
  const totals = totalsOf(website, [], {});
  return cartFields(website, undefined, totals, {});
}

export function cartView(website: Website, cart: StoredCart, totals?: CartTotals) {
  const choices = cart.data as CartChoices;
  return cartFields(website, cart, totals ?? totalsOf(website, cart.entries, choices), choices);
}

/** The totals a cart row stores, from the computed totals. */
export const storedTotalsOf = (totals: CartTotals) => ({
  subtotalMinor: totals.subtotalMinor,
  taxMinor: totals.taxMinor,
  shippingCostMinor: totals.shippingCostMinor,
  discountMinor: totals.discountMinor,
  grandTotalMinor: totals.grandTotalMinor,
});

function cartFields(
  website: Website,
  cart: StoredCart | undefined,
  totals: CartTotals,
  choices: CartChoices,
) {
  const currency = cart?.currency ?? website.currency;
  const money = (minor: number) => ({ value: minorToDecimalString(minor, currency), currency, cents: minor });
  return {
    id: cart?.id ?? null,
    websiteId: website.id,
    orderId: cart?.orderId ?? null,
    created: cart?.createdAt ?? null,
    isPurchased: cart?.isPurchased ?? false,
    currency,
    entries: (cart?.entries ?? []).map((entry) => entryView(entry, currency)),
    shippingOptions: totals.shippingOptions.map((o) => ({
      id: o.id,
      name: o.name,
      costMinor: o.costMinor,
      cost: money(o.costMinor),
      deliveryTime: o.deliveryTime,
    })),
    selectedShippingOption: totals.selectedShippingOption,
    shippingLocation: { country: choices.country ?? shopCountry(website) },
    applicableTaxRules: totals.applicableTaxRules,
    coupons: choices.couponCodes ?? [],
    validCoupons: totals.validCoupons,
    invalidCoupons: totals.invalidCoupons,
    // Every discount that applied, automatic ones too, each with its German label (issue 23).
    appliedDiscounts: totals.appliedDiscounts.map((d) => ({
      ...d,
      amount: money(d.amountMinor),
      amountText: moneyText(d.amountMinor, currency, website.locale),
    })),
    subtotalCents: totals.subtotalMinor,
    taxCents: totals.taxMinor,
    shippingCostCents: totals.shippingCostMinor,
    discountCents: totals.discountMinor,
    grandTotalCents: totals.grandTotalMinor,
    totalQuantity: totals.totalQuantity,
    hasDigital: totals.hasDigital,
    purelyDigital: totals.purelyDigital,
    requiresShipping: totals.requiresShipping,
    subtotalText: moneyText(totals.subtotalMinor, currency, website.locale),
    grandTotalText: moneyText(totals.grandTotalMinor, currency, website.locale),
    // VAT per rate (§ 14 Abs. 4 Nr. 8 UStG), the § 19 / reverse-charge note, and the price note of § 1 PAngV.
    vatLines: totals.vatLines.map((line) => ({
      rateBasisPoints: line.rateBasisPoints,
      ratePercent: line.ratePercent,
      grossMinor: line.grossMinor,
      netMinor: line.netMinor,
      vatMinor: line.vatMinor,
      discountMinor: line.discountMinor,
      shippingMinor: line.shippingMinor,
      label: lineLabel(line, totals.vatTreatment),
      vatText: moneyText(line.vatMinor, currency, website.locale),
    })),
    vatTreatment: totals.vatTreatment,
    vatNote: totals.vatNote,
  };
}

export type CartView = ReturnType<typeof cartView>;

/*
 * The JSON Schema of the views above, in their field order, for Fastify's compiled serializer on the hot
 * add-to-cart answer (measured: about 40 % less time than JSON.stringify for a one-entry cart). Fields
 * computed here are typed; fields that come from the owner's settings or the shopper's choices (tax rules,
 * shipping names, coupon codes, variant attributes) are left untyped, so they are written exactly as
 * JSON.stringify would. The test "the compiled answer is the cart as JSON.stringify writes it" compares both.
 */
const anyValue = {};
const text = { type: 'string' };
const number = { type: 'number' };
const flag = { type: 'boolean' };
const money = {
  type: 'object',
  properties: { value: text, currency: text },
};
export const ENTRY_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    id: text,
    itemId: text,
    quantity: number,
    chosenVariant: { type: 'object', properties: { sku: anyValue, attributes: anyValue } },
    title: anyValue,
    productType: anyValue,
    subTotal: money,
    subTotalCents: number,
    purchasePriceCents: number,
    additionalFields: { type: ['string', 'null'] },
  },
} as const;
export const CART_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: ['string', 'null'] },
    websiteId: text,
    orderId: { type: ['string', 'null'] },
    created: { type: ['number', 'null'] },
    isPurchased: flag,
    currency: text,
    entries: { type: 'array', items: ENTRY_VIEW_SCHEMA },
    shippingOptions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: anyValue,
          name: anyValue,
          costMinor: number,
          cost: { type: 'object', properties: { ...money.properties, cents: number } },
          deliveryTime: anyValue,
        },
      },
    },
    selectedShippingOption: anyValue,
    shippingLocation: anyValue,
    applicableTaxRules: anyValue,
    coupons: anyValue,
    validCoupons: anyValue,
    invalidCoupons: anyValue,
    appliedDiscounts: anyValue,
    subtotalCents: number,
    taxCents: number,
    shippingCostCents: number,
    discountCents: number,
    grandTotalCents: number,
    totalQuantity: number,
    hasDigital: flag,
    purelyDigital: flag,
    requiresShipping: flag,
    subtotalText: text,
    grandTotalText: text,
    vatLines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          rateBasisPoints: number,
          ratePercent: number,
          grossMinor: number,
          netMinor: number,
          vatMinor: number,
          discountMinor: number,
          shippingMinor: number,
          label: text,
          vatText: text,
        },
      },
    },
    vatTreatment: text,
    vatNote: { type: ['string', 'null'] },
  },
} as const;

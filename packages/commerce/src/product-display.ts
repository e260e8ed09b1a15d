// What a shopper sees about a product before choosing anything: sold out, on sale, which mark,
// which price (from / sale / normal), how much stock, which options, what the add button says.
// Every function takes the item record or its structuredContent (spec 3) and tolerates missing fields.

import { DEFAULT_CURRENCY, type MoneyLike, moneyToMinor } from './money.js';

export const ProductType = {
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
} as const;

export type ProductTypeCode = (typeof ProductType)[keyof typeof ProductType];

export interface VariantOptionValue {
  optionName?: string;
  value?: string;
}

export interface PricingOptionLike {
  id?: string;
  priceMoney?: MoneyLike | null;
  salePriceMoney?: MoneyLike | null;
  onSale?: boolean;
}

export interface VariantLike {
  id?: string;
  sku?: string;
  /** Legacy price in cents. */
  price?: number | null;
  salePrice?: number | null;
  priceMoney?: MoneyLike | null;
  salePriceMoney?: MoneyLike | null;
  onSale?: boolean | null;
  unlimited?: boolean | null;
  qtyInStock?: number | string | null;
  attributes?: Record<string, string> | null;
  optionValues?: VariantOptionValue[] | null;
  pricingOptions?: PricingOptionLike[] | null;
}

export interface BillingPeriodLike {
  value?: number | string | null;
  unit?: string | null;
}

export interface SubscriptionPlanLike {
  billingPeriod?: BillingPeriodLike | null;
  numBillingCycles?: number | string | null;
}

export interface ProductSubscriptionOptionLike {
  id?: string;
  subscriptionPlan?: SubscriptionPlanLike | null;
  pricingOptions?: PricingOptionLike[] | null;
}

/** The structuredContent of a product item (spec 3). */
export interface ProductLike {
  productType?: number | string | null;
  variants?: VariantLike[] | null;
  onSale?: boolean | null;
  priceMoney?: MoneyLike | null;
  salePriceMoney?: MoneyLike | null;
  isSubscribable?: boolean | 'true' | 'false' | null;
  subscriptionPlan?: SubscriptionPlanLike | null;
  productSubscriptionOptions?: ProductSubscriptionOptionLike[] | null;
  variantOptionOrdering?: string[] | null;
  useCustomAddButtonText?: boolean | null;
  customAddButtonText?: string | null;
  additionalFieldsFormId?: string | null;
  additionalFieldsForm?: unknown;
}

/** A product item record (spec 3): the product fields sit in structuredContent. */
export interface ProductItemLike {
  id?: string;
  collectionId?: string;
  recordType?: number;
  structuredContent?: ProductLike | null;
}

export type ProductInput = ProductLike | ProductItemLike | null | undefined;

/** Fallback mark texts when the site has no translation (spec 8). */
export const SOLD_OUT_FALLBACK_TEXT = 'sold out';
export const SALE_FALLBACK_TEXT = 'sale';
export const DEFAULT_ADD_TO_CART_TEXT = 'Add To Cart';
export const DEFAULT_SUBSCRIBE_TEXT = 'Subscribe';
export const FROM_PRICE_TEXT = 'from {fromPrice}';

/** Stock figure for products that never run out (digital, gift card, paywall, unlimited variants). */
export const UNLIMITED_STOCK = Number.MAX_SAFE_INTEGER;

/** The structuredContent of an item, or the product itself when given structuredContent directly. */
export function productContent(input: ProductInput): ProductLike {
  if (!input || typeof input !== 'object') return {};
  const nested = (input as ProductItemLike).structuredContent;
  if ('structuredContent' in input) return nested && typeof nested === 'object' ? nested : {};
  return input as ProductLike;
}

/** The product type code, or null when it is missing or not one of 1 to 5. */
export function productTypeOf(input: ProductInput): ProductTypeCode | null {
  const raw = productContent(input).productType;
  const code = typeof raw === 'string' ? Number(raw) : raw;
  return code === 1 || code === 2 || code === 3 || code === 4 || code === 5 ? code : null;
}

export function productVariants(input: ProductInput): VariantLike[] {
  const variants = productContent(input).variants;
  return Array.isArray(variants) ? variants.filter((v) => v && typeof v === 'object') : [];
}

function stockOf(variant: VariantLike): number {
  const qty = Number(variant.qtyInStock ?? 0);
  return Number.isFinite(qty) ? qty : 0;
}

/** A variant can be bought when it is unlimited or has stock above 0. */
export function isVariantInStock(variant: VariantLike | null | undefined): boolean {
  return !!variant && (variant.unlimited === true || stockOf(variant) > 0);
}

function sellsStock(type: ProductTypeCode | null): boolean {
  return type === ProductType.PHYSICAL || type === ProductType.SERVICE;
}

/**
 * Physical and service products are sold out when no variant is unlimited or in stock. Digital,
 * gift-card and paywall products never are. A record with no known type counts as sold out, so a
 * broken record can never be bought.
 */
export function isSoldOut(input: ProductInput): boolean {
  const type = productTypeOf(input);
  if (sellsStock(type)) return !productVariants(input).some(isVariantInStock);
  return type === null;
}

/** On sale when any variant has onSale; a digital product uses its own onSale flag. */
export function isOnSale(input: ProductInput): boolean {
  const type = productTypeOf(input);
  if (type === ProductType.DIGITAL) return productContent(input).onSale === true;
  if (sellsStock(type)) return productVariants(input).some((v) => v.onSale === true);
  return false;
}

export type ProductMark = 'sold-out' | 'sale';

/** Mark precedence: sold-out, then sale, then nothing. */
export function productMark(input: ProductInput): ProductMark | null {
  if (isSoldOut(input)) return 'sold-out';
  if (isOnSale(input)) return 'sale';
  return null;
}

/** The fallback text of a mark ('sold out', 'sale'); a store's custom sold-out text wins. */
export function productMarkText(mark: ProductMark, customSoldOutText?: string | null): string {
  if (mark === 'sold-out') return customSoldOutText?.trim() ? customSoldOutText : SOLD_OUT_FALLBACK_TEXT;
  return SALE_FALLBACK_TEXT;
}

export function isSubscribable(input: ProductInput): boolean {
  const content = productContent(input) as ProductLike & { subscribable?: unknown; isSubscription?: unknown };
  // Template contexts sometimes carry the flag as the string "true".
  return [content.isSubscribable, content.subscribable, content.isSubscription].some(
    (f) => f === true || f === 'true',
  );
}

/** Variant choice is offered only for non-digital products with more than one variant. */
export function hasVariants(input: ProductInput): boolean {
  return productTypeOf(input) !== ProductType.DIGITAL && productVariants(input).length > 1;
}

/** A price in minor units plus currency. */
export interface PriceMinor {
  minor: number;
  currency: string;
}

const ZERO_USD: PriceMinor = { minor: 0, currency: DEFAULT_CURRENCY };

function legacyCents(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? Math.round(number) : null;
}

/** The variant's normal price: priceMoney when present, else the legacy cents in `price`. */
export function variantPrice(variant: VariantLike): PriceMinor {
  if (variant.priceMoney) return moneyToMinor(variant.priceMoney);
  return { minor: legacyCents(variant.price) ?? 0, currency: DEFAULT_CURRENCY };
}

export function variantSalePrice(variant: VariantLike): PriceMinor {
  if (variant.salePriceMoney) return moneyToMinor(variant.salePriceMoney);
  return { minor: legacyCents(variant.salePrice) ?? 0, currency: DEFAULT_CURRENCY };
}

/** What the shopper pays for this variant: the sale price when it is on sale. */
export function variantEffectivePrice(variant: VariantLike): PriceMinor {
  return variant.onSale === true ? variantSalePrice(variant) : variantPrice(variant);
}

/** True when the variants differ in price, sale flag or (while on sale) sale price. */
export function hasVariedPrices(input: ProductInput): boolean {
  const type = productTypeOf(input);
  if (!sellsStock(type) && type !== ProductType.GIFT_CARD) return false;
  const [first, ...rest] = productVariants(input);
  if (!first) return false;
  const firstOnSale = first.onSale === true;
  const firstPrice = variantPrice(first).minor;
  const firstSale = variantSalePrice(first).minor;
  return rest.some(
    (v) =>
      (v.onSale === true) !== firstOnSale ||
      variantPrice(v).minor !== firstPrice ||
      (firstOnSale && variantSalePrice(v).minor !== firstSale),
  );
}

/** The lowest price a shopper can pay (sale prices count), for the 'from {fromPrice}' text. */
export function fromPrice(input: ProductInput): PriceMinor {
  const type = productTypeOf(input);
  if (type === ProductType.DIGITAL) return digitalPrice(input, 'priceMoney');
  if (!sellsStock(type) && type !== ProductType.GIFT_CARD) return ZERO_USD;
  let lowest: PriceMinor | null = null;
  for (const variant of productVariants(input)) {
    const price = variantEffectivePrice(variant);
    if (!lowest || price.minor < lowest.minor) lowest = price;
  }
  return lowest ?? ZERO_USD;
}

/** The highest normal price, the one struck through next to a sale price. */
export function normalPrice(input: ProductInput): PriceMinor {
  const type = productTypeOf(input);
  if (type === ProductType.DIGITAL) return digitalPrice(input, 'priceMoney');
  if (!sellsStock(type) && type !== ProductType.GIFT_CARD) return ZERO_USD;
  let highest: PriceMinor | null = null;
  for (const variant of productVariants(input)) {
    const price = variantPrice(variant);
    if (!highest || price.minor > highest.minor) highest = price;
  }
  return highest ?? ZERO_USD;
}

/** The lowest sale price among variants on sale (0 USD when none is). */
export function salePrice(input: ProductInput): PriceMinor {
  const type = productTypeOf(input);
  if (type === ProductType.DIGITAL) return digitalPrice(input, 'salePriceMoney');
  if (!sellsStock(type)) return ZERO_USD;
  let lowest: PriceMinor | null = null;
  for (const variant of productVariants(input)) {
    if (variant.onSale !== true) continue;
    const price = variantSalePrice(variant);
    if (!lowest || price.minor < lowest.minor) lowest = price;
  }
  return lowest ?? ZERO_USD;
}

function digitalPrice(input: ProductInput, field: 'priceMoney' | 'salePriceMoney'): PriceMinor {
  const money = productContent(input)[field];
  return money ? moneyToMinor(money) : ZERO_USD;
}

/** The from-price amount in minor units (currency: see fromPrice). */
export function fromPriceMinor(input: ProductInput): number {
  return fromPrice(input).minor;
}

export function normalPriceMinor(input: ProductInput): number {
  return normalPrice(input).minor;
}

export function salePriceMinor(input: ProductInput): number {
  return salePrice(input).minor;
}

export type PriceDisplay =
  | { kind: 'from'; price: PriceMinor }
  | { kind: 'sale'; price: PriceMinor; original: PriceMinor }
  | { kind: 'normal'; price: PriceMinor };

/**
 * Which price block to show (spec 4): 'from' when variants differ; otherwise the sale price with the
 * original struck when on sale; otherwise the normal price.
 */
export function priceDisplay(input: ProductInput): PriceDisplay {
  if (hasVariedPrices(input)) return { kind: 'from', price: fromPrice(input) };
  if (isOnSale(input)) return { kind: 'sale', price: salePrice(input), original: normalPrice(input) };
  return { kind: 'normal', price: normalPrice(input) };
}

/** 'from {fromPrice}' with the formatted price filled in. */
export function fromPriceText(formattedPrice: string, template: string = FROM_PRICE_TEXT): string {
  return template.replace('{fromPrice}', formattedPrice);
}

/**
 * Units left over all variants; UNLIMITED_STOCK for products that never run out. A record with no
 * known type sums whatever variants it has (0 when none).
 */
export function totalStockRemaining(input: ProductInput): number {
  const type = productTypeOf(input);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD || type === ProductType.PAYWALL) {
    return UNLIMITED_STOCK;
  }
  let total = 0;
  for (const variant of productVariants(input)) {
    if (variant.unlimited === true) return UNLIMITED_STOCK;
    total += Math.max(0, stockOf(variant));
  }
  return total;
}

export interface VariantOption {
  name: string;
  values: string[];
}

/**
 * The options a shopper chooses from, in variantOptionOrdering, each with its values in first-seen
 * order. Empty with one variant or none: there is nothing to choose.
 */
export function itemVariantOptions(input: ProductInput): VariantOption[] {
  const variants = productVariants(input);
  if (variants.length <= 1) return [];
  const ordering = productContent(input).variantOptionOrdering;
  const options: VariantOption[] = (Array.isArray(ordering) ? ordering : []).map((name) => ({
    name: String(name),
    values: [],
  }));
  for (const variant of variants) {
    const attributes = variant.attributes;
    if (!attributes || typeof attributes !== 'object') continue;
    for (const option of options) {
      if (!(option.name in attributes)) continue;
      const value = String(attributes[option.name]);
      if (!option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}

/** 'blue / large / normal' from a variant's optionValues. */
export function variantDescriptor(variant: VariantLike | null | undefined): string {
  const values = Array.isArray(variant?.optionValues) ? variant.optionValues : [];
  return values.map((option) => String(option?.value ?? '')).join(' / ');
}

/** The variant whose attributes match every chosen option, if any. */
export function findVariant(
  input: ProductInput,
  chosen: Readonly<Record<string, string | null | undefined>>,
): VariantLike | undefined {
  const names = Object.keys(chosen);
  return productVariants(input).find((variant) =>
    names.every((name) => variant.attributes?.[name] === chosen[name]),
  );
}

/** 'Add To Cart', or 'Subscribe' for a subscribable product. */
export function defaultAddButtonText(input: ProductInput): string {
  return isSubscribable(input) ? DEFAULT_SUBSCRIBE_TEXT : DEFAULT_ADD_TO_CART_TEXT;
}

/** The store's custom label when it switched one on and filled it in, else the default text. */
export function addButtonText(input: ProductInput, defaultText?: string): string {
  const content = productContent(input);
  const custom = content.customAddButtonText;
  if (content.useCustomAddButtonText === true && typeof custom === 'string' && custom.trim() !== '') {
    return custom;
  }
  return defaultText ?? defaultAddButtonText(input);
}

// Server side: the props of the product islands, built from the item context the page already has
// (server pages/page-context.ts itemContext: structuredContent with variants, priceMoney ...).
// The quick view builds them in the browser too (a lazy chunk), so prices are formatted by a function
// the caller passes: commerce's formatMoney on the server; a plain Intl one in the browser, so the
// commerce money formatter never weighs on a product page's JavaScript (the modules this one shares
// with the product islands land in their chunks, with all the code any chunk uses of them).

import {
  addButtonText,
  DEFAULT_ADD_TO_CART_TEXT,
  DEFAULT_SUBSCRIBE_TEXT,
  type InstalmentContext,
  isSubscribable,
  type ProductInput,
  ProductType,
  productContent,
  productTypeOf,
  productVariants,
  type ScarcitySettings,
  type StoreSettingsLike,
  showsQuantityInput,
  type VariantLike,
  variantEffectivePrice,
  variantPrice,
} from '@baukasten/commerce';
import type { SiteFormField } from '../forms/form-types.js';
import type { ProductPurchaseProps, PurchaseCustomForm, PurchaseTexts, PurchaseVariant } from './types.js';

export interface ProductPurchaseOptions {
  /** The visitor's crumb (CSRF token), echoed by the no-JavaScript form post. */
  crumb: string;
  /** Path of the page the form is on; the no-JavaScript post redirects back to it. */
  returnTo: string;
  locale: string;
  /** Site currency, used when a variant has only legacy cents and no priceMoney. */
  currency: string;
  /** Store settings (spec 3): multiple quantity for services, express checkout. */
  storeSettings?: StoreSettingsLike | null;
  /** The site's translations, with the template keys of the theme (productAddToCartText ...). */
  localizedStrings?: Readonly<Record<string, unknown>> | null;
  /** The site's id: gift cards are bought on their own checkout page, which names the site. */
  websiteId?: string;
  /** The product's merchandising context (spec 3), for the scarcity note. */
  merchandising?: ScarcitySettings | null;
  /** The instalment context of the item (spec 3), for the teaser. */
  instalmentContext?: InstalmentContext | null;
}

/** Formats minor units for the site: formatMoney(123456, 'EUR', 'de-DE') -> '1.234,56 €'. */
export type PriceFormatter = (minor: number, currency: string, locale: string) => string;

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function localized(strings: ProductPurchaseOptions['localizedStrings'], key: string): string | undefined {
  const value = strings?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function attributesOf(variant: VariantLike): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(asRecord(variant.attributes))) {
    if (value !== null && value !== undefined) attributes[name] = String(value);
  }
  return attributes;
}

function purchaseVariant(
  variant: VariantLike,
  options: ProductPurchaseOptions,
  formatPrice: PriceFormatter,
): PurchaseVariant {
  // Legacy records carry cents without a currency; those are in the site's currency.
  const money = (price: { minor: number; currency: string }, hasMoney: boolean) =>
    formatPrice(price.minor, hasMoney ? price.currency : options.currency, options.locale);
  const onSale = variant.onSale === true;
  const paid = variantEffectivePrice(variant);
  const paidHasMoney = !!(onSale ? variant.salePriceMoney : variant.priceMoney);
  const stock = Number(variant.qtyInStock ?? 0);
  const result: PurchaseVariant = {
    sku: text(variant.sku),
    attributes: attributesOf(variant),
    unlimited: variant.unlimited === true,
    qtyInStock: Number.isFinite(stock) ? Math.max(0, Math.trunc(stock)) : 0,
    onSale,
    priceText: money(paid, paidHasMoney),
  };
  // § 11 PAngV: the struck price is the lowest of the 30 days before the reduction, from the shop's price
  // history (page-context.ts); the server sends null when it knows none, and then nothing is struck. A
  // record without the field (not from this server's item context) keeps its own former price.
  const record = asRecord(variant);
  if (onSale && 'referencePriceMinor' in record) {
    const reference = record.referencePriceMinor;
    if (typeof reference === 'number')
      result.originalPriceText = money({ minor: reference, currency: paid.currency }, paidHasMoney);
  } else if (onSale) {
    result.originalPriceText = money(variantPrice(variant), !!variant.priceMoney);
  }
  if (typeof record.unitPriceText === 'string' && record.unitPriceText)
    result.unitPriceText = record.unitPriceText;
  return result;
}

function subscriptionOptionId(item: ProductInput): string | undefined {
  if (!isSubscribable(item)) return undefined;
  const [first] = productContent(item).productSubscriptionOptions ?? [];
  const id = text(first?.id);
  return id === '' ? undefined : id;
}

/** Site translations of the island texts; only the ones the site has travel with the props. */
function texts(item: ProductInput, strings: ProductPurchaseOptions['localizedStrings']) {
  const giftCard = productTypeOf(item) === ProductType.GIFT_CARD;
  const result: Partial<PurchaseTexts> = {
    adding: localized(strings, 'productAddingText'),
    added: localized(strings, 'productAddedText'),
    select: giftCard
      ? (localized(strings, 'giftCardVariantSelectText') ?? localized(strings, 'productVariantSelectText'))
      : localized(strings, 'productVariantSelectText'),
    quantity: localized(strings, 'productQuantityInputLabel'),
  };
  for (const key of Object.keys(result) as (keyof PurchaseTexts)[]) {
    if (result[key] === undefined) delete result[key];
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** The additional-fields form the product asks before it is added, with only what the modal shows. */
export function customForm(item: ProductInput): PurchaseCustomForm | undefined {
  const form = asRecord(productContent(item).additionalFieldsForm);
  const fields = Array.isArray(form.fields) ? form.fields : [];
  if (text(form.id) === '' || fields.length === 0) return undefined;
  return {
    id: text(form.id),
    name: text(form.name),
    fields: fields.map((raw) => {
      const field = asRecord(raw);
      const result: SiteFormField = {
        id: text(field.id),
        type: text(field.type) || 'text',
        title: text(field.title),
        required: field.required === true,
      };
      if (text(field.description)) result.description = text(field.description);
      if (text(field.placeholder)) result.placeholder = text(field.placeholder);
      if (typeof field.maxLength === 'number') result.maxLength = field.maxLength;
      if (Array.isArray(field.options)) result.options = field.options.map(text);
      if (Array.isArray(field.questions)) result.questions = field.questions.map(text);
      return result;
    }),
  };
}

/**
 * The props of the 'product-purchase' and 'add-button' islands for one product item (the item context
 * of a product page or list), without the product page's own pieces (product-page-props.ts adds price
 * block, instalment teaser and scarcity note; the browser builds only these, for the quick view).
 * Prices are formatted here with `formatPrice`, for the site's locale; the islands only need the rules
 * of @baukasten/commerce, not the money formatter.
 */
export function purchaseCoreProps(
  item: unknown,
  options: ProductPurchaseOptions,
  formatPrice: PriceFormatter,
): ProductPurchaseProps {
  const record = asRecord(item);
  const product = record as ProductInput;
  const content = productContent(product);
  const subscribable = isSubscribable(product);
  const defaultText = subscribable
    ? (localized(options.localizedStrings, 'productSubscribeText') ?? DEFAULT_SUBSCRIBE_TEXT)
    : (localized(options.localizedStrings, 'productAddToCartText') ?? DEFAULT_ADD_TO_CART_TEXT);
  const ordering = Array.isArray(content.variantOptionOrdering) ? content.variantOptionOrdering : [];
  const props: ProductPurchaseProps = {
    itemId: text(record.id),
    title: text(record.title),
    productUrl: text(record.fullUrl),
    productType: productTypeOf(product) ?? 0,
    subscribable,
    variantOptionOrdering: ordering.map(String),
    variants: productVariants(product).map((variant) => purchaseVariant(variant, options, formatPrice)),
    buttonText: addButtonText(product, defaultText),
    showQuantity: showsQuantityInput(product, options.storeSettings),
    crumb: options.crumb,
    returnTo: options.returnTo,
  };
  const optionId = subscriptionOptionId(product);
  if (optionId) props.subscriptionOptionId = optionId;
  if (options.websiteId) props.websiteId = options.websiteId;
  if (options.storeSettings?.expressCheckout === true) props.expressCheckout = true;
  const translated = texts(product, options.localizedStrings);
  if (translated) props.texts = translated;
  const form = customForm(product);
  if (form) props.customForm = form;
  const note = asRecord(record.priceNote);
  if (typeof note.vatText === 'string') {
    props.priceNote = {
      vatText: note.vatText,
      shipping: note.shipping === true,
      shippingUrl: text(note.shippingUrl),
    };
  }
  return props;
}

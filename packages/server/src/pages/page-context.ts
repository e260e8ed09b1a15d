import {
  formatMoney,
  fromPriceMinor,
  hasVariedPrices,
  type InstalmentContext,
  isOnSale,
  minorToDecimalString,
  productMark,
  type ScarcitySettings,
} from '@baukasten/commerce';
import type { Collection, Item, Product, Variant, Website } from '@baukasten/storage';
import { ImageHelperError, responsiveImage } from '../galleries/responsive-image.js';

const language = (locale: string) => locale.split('-')[0] || 'de';

export function websiteContext(website: Website) {
  const store = website.settings.storeSettings ?? {};
  return {
    id: website.id,
    siteTitle: website.title,
    language: language(website.locale),
    locale: website.locale,
    timeZone: website.timeZone,
    currency: website.currency,
    storeSettings: {
      selectedCurrency: store.selectedCurrency ?? website.currency,
      expressCheckout: store.expressCheckout ?? false,
      multipleQuantityAllowedForServices: store.multipleQuantityAllowedForServices ?? true,
    },
  };
}

const money = (minor: number, currency: string) => ({
  value: minorToDecimalString(minor, currency),
  currency,
});

function variantContext(v: Variant, currency: string) {
  return {
    id: v.id,
    sku: v.sku,
    attributes: v.attributes,
    optionValues: v.optionValues,
    price: v.priceMinor,
    salePrice: v.salePriceMinor,
    priceMoney: money(v.priceMinor, currency),
    salePriceMoney: money(v.salePriceMinor, currency),
    onSale: v.onSale,
    unlimited: v.unlimited,
    qtyInStock: v.qtyInStock,
  };
}

function structuredContent(product: Product, currency: string) {
  const variants = product.variants.map((v) => variantContext(v, currency));
  const first = variants[0];
  return {
    productType: product.productType,
    variants,
    priceMoney: first?.priceMoney ?? money(0, currency),
    salePriceMoney: first?.salePriceMoney ?? money(0, currency),
    onSale: product.onSale,
    isSubscribable: product.isSubscribable,
    subscriptionPlan: product.subscriptionPlan,
    productSubscriptionOptions: product.productSubscriptionOptions,
    additionalFieldsFormId: product.additionalFieldsFormId,
    additionalFieldsForm: product.additionalFieldsForm,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText,
    variantOptionOrdering: product.variantOptionOrdering,
  };
}

/** Price line for lists and detail pages until the theme's price block formatter renders it. */
function priceText(sc: ReturnType<typeof structuredContent>, website: Website): string {
  const currency = website.currency;
  const fmt = (minor: number) => formatMoney(minor, currency, website.locale);
  if (sc.variants.length === 0) return '';
  if (hasVariedPrices(sc)) return `ab ${fmt(fromPriceMinor(sc))}`;
  const v = sc.variants[0];
  return isOnSale(sc) ? `${fmt(v.salePrice)} statt ${fmt(v.price)}` : fmt(v.price);
}

const markTexts = { 'sold-out': 'Ausverkauft', sale: 'Angebot' } as const;

/** How wide a product's main image shows on its page (the `<img sizes>`); the theme's two columns. */
export const PRODUCT_IMAGE_SIZES = '(max-width: 760px) 100vw, 50vw';

/**
 * The product's first image for the theme's markup: src, srcset over the width steps (spec 9), size,
 * alt text and focal point (responsive-image.ts). Undefined for an image without a usable size.
 */
function mainImage(item: Item) {
  const first = item.images[0];
  if (!first) return undefined;
  try {
    return responsiveImage(first, PRODUCT_IMAGE_SIZES);
  } catch (error) {
    if (error instanceof ImageHelperError) return undefined;
    throw error;
  }
}

/**
 * The product page's own pieces for the purchase island: the scarcity settings of the product's
 * merchandising context and the item's instalment context (spec 3). The instalment context comes from
 * the site's payment settings (`settings.instalments`); the shopper's language is the browser's first
 * one, else the site's.
 */
export function productPageOptions(
  item: Item,
  website: Website,
  acceptLanguage?: string,
): { merchandising?: ScarcitySettings; instalmentContext?: InstalmentContext } {
  if (!item.product) return {};
  const merchandising = item.product.merchandising;
  const settings = website.settings.instalments as Partial<InstalmentContext> | undefined;
  const shopperLanguage = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() || language(website.locale);
  return {
    merchandising: {
      scarcityEnabled: merchandising.scarcityEnabled,
      scarcityTemplateViews: merchandising.scarcityTemplateViews,
      scarcityText: merchandising.scarcityText,
      scarcityShownByDefault: merchandising.scarcityShownByDefault,
    },
    ...(settings?.afterPayAvailable === true
      ? {
          instalmentContext: {
            afterPayAvailable: true,
            afterPayMin: Number(settings.afterPayMin ?? 0),
            afterPayMax: Number(settings.afterPayMax ?? 0),
            stripeAccountCountry: String(settings.stripeAccountCountry ?? ''),
            shopperLanguage,
          },
        }
      : {}),
  };
}

export function itemContext(item: Item, collection: Collection, website: Website) {
  const base = {
    id: item.id,
    collectionId: item.collectionId,
    recordType: item.recordType,
    title: item.title,
    urlId: item.urlId,
    fullUrl: `/${collection.urlId}/p/${item.urlId}`,
    excerpt: item.excerpt,
    body: item.body,
    assetUrl: item.assetUrl ?? item.images[0]?.assetUrl,
    items: item.images,
    mainImage: mainImage(item),
    tags: item.tags,
    categories: item.categories,
    publishOn: item.publishedOn,
    addedOn: item.createdAt,
  };
  if (!item.product) return base;
  const sc = structuredContent(item.product, website.currency);
  const mark = productMark(sc);
  return {
    ...base,
    structuredContent: sc,
    priceText: priceText(sc, website),
    markText: mark ? markTexts[mark] : '',
  };
}

export function collectionContext(collection: Collection) {
  return {
    id: collection.id,
    title: collection.title,
    urlId: collection.urlId,
    fullUrl: collection.urlId ? `/${collection.urlId}` : '/',
    type: collection.type,
    folderBehavior: collection.folderBehavior,
    description: collection.description,
  };
}

export function navigationContext(collections: Collection[], activeId?: string) {
  return collections.map((c) => ({
    title: c.title,
    fullUrl: c.urlId ? `/${c.urlId}` : '/',
    active: c.id === activeId,
  }));
}

/** How wide an image block shows (the page column). */
export const IMAGE_BLOCK_SIZES = '(max-width: 60rem) 100vw, 60rem';

/**
 * An image block with its responsive image (`picture`: src, srcset over the width steps, size, focal
 * point); a block whose image has no usable size keeps its plain assetUrl.
 */
export function imageBlockContext<T extends { assetUrl: string; altText: string; originalSize?: string }>(
  block: T,
) {
  try {
    return { ...block, picture: responsiveImage(block, IMAGE_BLOCK_SIZES) };
  } catch (error) {
    if (error instanceof ImageHelperError) return block;
    throw error;
  }
}

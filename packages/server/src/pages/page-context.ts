import {
  formatMoney,
  fromPriceMinor,
  hasVariedPrices,
  type InstalmentContext,
  isOnSale,
  lowestPriorPriceMinor,
  minorToDecimalString,
  ProductType,
  productMark,
  referencePriceText,
  type ScarcitySettings,
  SHIPPING_PAGE_PATH,
  unitPriceText,
  validUnitContent,
  vatPriceNote,
} from '@baukasten/commerce';
import type { Collection, Item, PricePoint, Product, Storage, Variant, Website } from '@baukasten/storage';
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

/** Price points per variant id (storage pricing.priceHistory); none known: no reference price. */
export type PriceHistories = ReadonlyMap<string, readonly PricePoint[]>;

function variantContext(v: Variant, currency: string, locale: string, prices: PriceHistories) {
  const paid = v.onSale ? v.salePriceMinor : v.priceMinor;
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
    // § 4 PAngV: content and Grundpreis of the price paid, per variant (the island shows the chosen one's).
    unitContent: validUnitContent(v.unitContent) ?? null,
    unitPriceText: unitPriceText(paid, v.unitContent, currency, locale) ?? null,
    // § 11 PAngV: the lowest price of the 30 days before the reduction (before its first step, Abs. 2);
    // null shows no struck price at all.
    referencePriceMinor: v.onSale
      ? (lowestPriorPriceMinor(prices.get(v.id) ?? [], paid, v.priceMinor) ?? null)
      : null,
  };
}

function structuredContent(product: Product, currency: string, locale: string, prices: PriceHistories) {
  const variants = product.variants.map((v) => variantContext(v, currency, locale, prices));
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

/**
 * Price line for lists and detail pages until the theme's price block formatter renders it. A reduced
 * price names the lowest price of the 30 days before as its reference (§ 11 PAngV), never a former price.
 */
function priceText(sc: ReturnType<typeof structuredContent>, website: Website): string {
  const currency = website.currency;
  const fmt = (minor: number) => formatMoney(minor, currency, website.locale);
  if (sc.variants.length === 0) return '';
  if (hasVariedPrices(sc)) return `ab ${fmt(fromPriceMinor(sc))}`;
  const v = sc.variants[0];
  if (!isOnSale(sc)) return fmt(v.price);
  const reference = v.referencePriceMinor;
  return reference === null
    ? fmt(v.salePrice)
    : `${fmt(v.salePrice)} (${referencePriceText(reference, currency, website.locale)})`;
}

/**
 * The note every price carries (§ 1 PAngV): VAT included (or the Kleinunternehmer's § 19 UStG note) and,
 * for goods that are shipped, "zzgl. Versandkosten" linking to the shipping page.
 */
export function priceNoteOf(website: Website, productType: number) {
  const vat = ((website.settings as Record<string, unknown>).vat ?? {}) as Record<string, unknown>;
  return {
    vatText: vatPriceNote(vat.smallBusiness === true),
    shipping: productType === ProductType.PHYSICAL,
    shippingUrl: SHIPPING_PAGE_PATH,
  };
}

/** The Grundpreis beside a list's price: of the variant whose price the line shows (the cheapest for "ab"). */
function itemUnitPriceText(sc: ReturnType<typeof structuredContent>): string | null {
  const paid = (v: (typeof sc.variants)[number]) => (v.onSale ? v.salePrice : v.price);
  const shown = hasVariedPrices(sc)
    ? sc.variants.reduce<(typeof sc.variants)[number] | undefined>(
        (a, v) => (!a || paid(v) < paid(a) ? v : a),
        undefined,
      )
    : sc.variants[0];
  return shown?.unitPriceText ?? null;
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
 * The props of the product page's gallery island (issue 22): every image of the product with a usable
 * size, for the main image, its thumbnails and the lightbox. Undefined when none has one; the theme then
 * shows its plain image or the neutral placeholder.
 */
export function productGalleryProps(item: Item) {
  const images = [];
  for (const stored of item.images) {
    try {
      images.push({ ...responsiveImage(stored, PRODUCT_IMAGE_SIZES), caption: '' });
    } catch (error) {
      if (!(error instanceof ImageHelperError)) throw error;
    }
  }
  return images.length > 0 ? { title: item.title, images } : undefined;
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

export function itemContext(
  item: Item,
  collection: Collection,
  website: Website,
  /** The variants' price history (§ 11 PAngV); without it a reduced price shows no reference. */
  prices: PriceHistories = new Map(),
) {
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
  const sc = structuredContent(item.product, website.currency, website.locale, prices);
  const mark = productMark(sc);
  return {
    ...base,
    structuredContent: sc,
    priceText: priceText(sc, website),
    unitPriceText: itemUnitPriceText(sc),
    priceNote: priceNoteOf(website, item.product.productType),
    markText: mark ? markTexts[mark] : '',
  };
}

/**
 * Whether a page shows its title as a heading above its blocks ("Titel anzeigen", issue 22): the
 * owner's choice, else off on the home page (whose title "Start" is nothing to read) and on elsewhere.
 */
export function showsTitle(collection: Pick<Collection, 'urlId' | 'settings'>): boolean {
  const chosen = collection.settings?.showTitle;
  return typeof chosen === 'boolean' ? chosen : collection.urlId !== '';
}

export function collectionContext(collection: Collection) {
  return {
    id: collection.id,
    title: collection.title,
    showTitle: showsTitle(collection),
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

/** How far back the price history is read: a reduction older than this shows no reference (and no struck price). */
const PRICE_HISTORY_READ_MS = 400 * 86_400_000;

/** The price history of these items' variants, one query for a whole list (§ 11 PAngV). */
export async function priceHistoriesOf(
  storage: Pick<Storage, 'pricing'>,
  websiteId: string,
  items: readonly Item[],
): Promise<PriceHistories> {
  // Only a variant on sale needs its history: a regular price shows no reference.
  const onSale = items.flatMap(
    (item) => item.product?.variants.filter((v) => v.onSale).map((v) => v.id) ?? [],
  );
  if (onSale.length === 0) return new Map();
  return storage.pricing.priceHistory(websiteId, onSale, Date.now() - PRICE_HISTORY_READ_MS);
}

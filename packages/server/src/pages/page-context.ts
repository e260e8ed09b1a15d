import {
  formatMoney,
  fromPriceMinor,
  hasVariedPrices,
  isOnSale,
  minorToDecimalString,
  productMark,
} from '@baukasten/commerce';
import type { Collection, Item, Product, Variant, Website } from '@baukasten/storage';

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

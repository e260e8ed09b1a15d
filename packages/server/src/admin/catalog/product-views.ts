import { isOnSale, isSoldOut } from '@baukasten/commerce';
import type { Item, Variant } from '@baukasten/storage';
import { productOptions, productTypeName } from './product-service.js';

/*
 * The JSON shapes of products and stock in the admin API. Money stays in minor units of the site's
 * currency, which each answer names; the editor formats it.
 */

const displayInput = (item: Item) => ({
  productType: item.product?.productType,
  onSale: item.product?.onSale,
  variants: item.product?.variants,
});

export const variantView = (v: Variant) => ({
  id: v.id,
  sku: v.sku,
  attributes: v.attributes,
  optionValues: v.optionValues,
  priceMinor: v.priceMinor,
  salePriceMinor: v.salePriceMinor,
  onSale: v.onSale,
  unlimited: v.unlimited,
  qtyInStock: v.qtyInStock,
  weightGrams: v.weightGrams ?? null,
});

export function productSummaryView(item: Item, currency: string) {
  const variants = item.product?.variants ?? [];
  const prices = variants.map((v) => (v.onSale ? v.salePriceMinor : v.priceMinor));
  return {
    id: item.id,
    collectionId: item.collectionId,
    title: item.title,
    urlId: item.urlId,
    productType: productTypeName(item.product?.productType ?? 1),
    image: item.images[0] ?? null,
    variantCount: variants.length,
    currency,
    priceMinor: {
      from: prices.length ? Math.min(...prices) : 0,
      to: prices.length ? Math.max(...prices) : 0,
    },
    stock: {
      unlimited: variants.some((v) => v.unlimited),
      total: variants.reduce((sum, v) => sum + (v.unlimited ? 0 : v.qtyInStock), 0),
    },
    soldOut: isSoldOut(displayInput(item)),
    onSale: isOnSale(displayInput(item)),
    updatedAt: item.updatedAt,
  };
}

export function productView(item: Item, currency: string) {
  const product = item.product;
  return {
    ...productSummaryView(item, currency),
    excerpt: item.excerpt,
    body: item.body,
    images: item.images,
    tags: item.tags,
    categories: item.categories,
    options: productOptions(item),
    variantOptionOrdering: product?.variantOptionOrdering ?? [],
    variants: (product?.variants ?? []).map(variantView),
    giftCardAmountsMinor: product?.giftCardDenominations ?? null,
    subscription: product?.isSubscribable
      ? {
          plans: (product.productSubscriptionOptions ?? []).map((o) => ({
            id: o.id,
            billingPeriod: o.billingPeriod,
            numBillingCycles: o.numBillingCycles,
          })),
        }
      : null,
    addButtonText: product?.useCustomAddButtonText ? (product.customAddButtonText ?? null) : null,
    merchandising: product?.merchandising ?? null,
    additionalFieldsForm: product?.additionalFieldsForm
      ? { id: product.additionalFieldsForm.id, name: product.additionalFieldsForm.name }
      : null,
    createdAt: item.createdAt,
  };
}

type StockRow = Awaited<ReturnType<import('@baukasten/storage').ItemRepository['listStock']>>['rows'][number];

export const stockRowView = (row: StockRow) => ({
  variantId: row.variantId,
  productId: row.itemId,
  productTitle: row.itemTitle,
  productType: productTypeName(row.productType),
  sku: row.sku,
  attributes: row.attributes,
  optionValues: row.optionValues,
  unlimited: row.unlimited,
  qtyInStock: row.qtyInStock,
});

import { minorToDecimalString, ProductType } from '@baukasten/commerce';
import type { Item } from '@baukasten/storage';
import type { CatalogueProduct } from './catalogue.js';

/*
 * The shop's products as a Shopify product CSV, to move them (back) to Shopify or into another shop and
 * to re-import here: UTF-8 without BOM, comma-separated, classic Shopify headers. Unlike the order and
 * form exports (semicolons and a BOM for German Excel), this file is for importers, which expect exactly
 * Shopify's dialect. Reading this file with our own import gives back the same catalogue (round trip).
 *
 * Not carried (Shopify's format has no place for them): the excerpt, options beyond the third, digital
 * products' files (exported as not requiring shipping, they come back as services), gift card amounts.
 */

export const SHOPIFY_HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'Status',
] as const;

type Column = (typeof SHOPIFY_HEADER)[number];

/** RFC 4180 quoting: only where needed, doubled quotes inside. */
export function csvField(value: string): string {
  return /[",\n\r]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (values: readonly string[]) => `${values.map(csvField).join(',')}\n`;

/** An absolute image address: the site's own images (/media/…) get the site's origin. */
const absolute = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/** The rows of one product: first row product + first variant + first image, then variants, then images. */
export function shopifyRows(item: Item, currency: string, origin: string): string[][] {
  const product = item.product;
  if (!product) return [];
  const options = product.variantOptionOrdering.slice(0, 3);
  const requiresShipping = product.productType === ProductType.PHYSICAL;
  const rows: Partial<Record<Column, string>>[] = product.variants.map((variant, i) => {
    const row: Partial<Record<Column, string>> = { Handle: item.urlId };
    if (options.length === 0 && i === 0) {
      row['Option1 Name'] = 'Title';
      row['Option1 Value'] = 'Default Title';
    }
    options.forEach((name, n) => {
      if (i === 0) row[`Option${n + 1} Name` as Column] = name;
      row[`Option${n + 1} Value` as Column] = variant.attributes[name] ?? '';
    });
    const onSale = variant.onSale && variant.salePriceMinor < variant.priceMinor;
    Object.assign(row, {
      'Variant SKU': variant.sku,
      'Variant Grams': variant.weightGrams === undefined ? '' : String(variant.weightGrams),
      'Variant Inventory Tracker': variant.unlimited ? '' : 'shopify',
      'Variant Inventory Qty': variant.unlimited ? '' : String(variant.qtyInStock),
      'Variant Inventory Policy': 'deny',
      'Variant Fulfillment Service': 'manual',
      // Shopify: Price is what shoppers pay, the compare-at price the crossed-out one.
      'Variant Price': minorToDecimalString(onSale ? variant.salePriceMinor : variant.priceMinor, currency),
      'Variant Compare At Price': onSale ? minorToDecimalString(variant.priceMinor, currency) : '',
      'Variant Requires Shipping': requiresShipping ? 'TRUE' : 'FALSE',
      'Variant Taxable': 'TRUE',
    } satisfies Partial<Record<Column, string>>);
    return row;
  });
  Object.assign(rows[0], {
    Title: item.title,
    'Body (HTML)': item.body,
    Type: item.categories.join(', '),
    Tags: item.tags.join(', '),
    Published: 'TRUE',
    'Gift Card': product.productType === ProductType.GIFT_CARD ? 'TRUE' : 'FALSE',
    Status: 'active',
  } satisfies Partial<Record<Column, string>>);
  item.images.forEach((image, i) => {
    const row = rows[i] ?? (rows[i] = { Handle: item.urlId });
    row['Image Src'] = absolute(image.assetUrl, origin);
    row['Image Position'] = String(i + 1);
    row['Image Alt Text'] = image.altText;
  });
  return rows.map((row) => SHOPIFY_HEADER.map((column) => row[column] ?? ''));
}

/** The neutral catalogue of a stored product, as an import of its export must give back. */
export function catalogueOfItem(
  item: Item,
  origin: string,
): Omit<CatalogueProduct, 'line' | 'lines' | 'excerpt'> {
  const product = item.product!;
  return {
    handle: item.urlId,
    title: item.title,
    body: item.body,
    productType: product.productType === ProductType.PHYSICAL ? 'physical' : 'service',
    tags: item.tags,
    categories: item.categories,
    options: product.variantOptionOrdering.map((name) => ({
      name,
      values: [
        ...new Set(
          product.variants.map((v) => v.attributes[name]).filter((v): v is string => v !== undefined),
        ),
      ],
    })),
    variants: product.variants.map((v) => ({
      line: 0,
      sku: v.sku,
      attributes: v.attributes,
      priceMinor: v.priceMinor,
      ...(v.onSale && v.salePriceMinor < v.priceMinor ? { salePriceMinor: v.salePriceMinor } : {}),
      ...(v.unlimited ? {} : { qtyInStock: v.qtyInStock }),
      unlimited: v.unlimited,
      ...(v.weightGrams !== undefined ? { weightGrams: v.weightGrams } : {}),
    })),
    images: item.images.map((i) => ({ url: absolute(i.assetUrl, origin), altText: i.altText })),
  };
}

import {
  type CatalogueProduct,
  type CatalogueVariant,
  descriptionHtml,
  imageUrl,
  parsePrice,
  parseStock,
  parseWeight,
  RowProblem,
  wordList,
} from './catalogue.js';
import { Columns, type CsvTable } from './csv-table.js';
import { cell, columnsAt, missingColumns, rawCell, takeOptionValue } from './format-columns.js';
import { importMessages as m } from './import-messages.js';
import { type GroupedProduct, mapGroups } from './row-groups.js';

/*
 * Shopify's product CSV (help.shopify.com "Using CSV files to import and export products"): one product is
 * the consecutive rows with the same Handle. The first row carries the product (Title, Body (HTML), Tags,
 * Type, the option names); every row with option values, a SKU or a price is a variant; rows with only an
 * Image Src add an image. A product without options has Option1 Name "Title" / Value "Default Title".
 * Variant Price is what shoppers pay; a higher Variant Compare At Price is the crossed-out regular price.
 * Both the classic headers (Variant SKU, Variant Inventory Qty) and the 2024 ones (URL handle, SKU,
 * Inventory quantity) are read.
 */

export const SHOPIFY = {
  handle: ['Handle', 'URL handle'],
  title: ['Title'],
  body: ['Body (HTML)', 'Description'],
  type: ['Type'],
  tags: ['Tags'],
  sku: ['Variant SKU', 'SKU'],
  grams: ['Variant Grams', 'Weight value (grams)'],
  tracker: ['Variant Inventory Tracker', 'Inventory tracker'],
  qty: ['Variant Inventory Qty', 'Inventory quantity'],
  price: ['Variant Price', 'Price'],
  compareAt: ['Variant Compare At Price', 'Compare-at price'],
  requiresShipping: ['Variant Requires Shipping', 'Requires shipping'],
  giftCard: ['Gift Card'],
  image: ['Image Src', 'Product image URL'],
  imageAlt: ['Image Alt Text'],
  optionName: (n: number) => [`Option${n} Name`],
  optionValue: (n: number) => [`Option${n} Value`],
};

export const shopifyRequired = (columns: Columns) =>
  missingColumns(columns, [
    ['Handle', SHOPIFY.handle],
    ['Title', SHOPIFY.title],
    ['Variant Price', SHOPIFY.price],
  ]);

export const looksLikeShopify = (columns: Columns) =>
  columns.has(...SHOPIFY.handle) && (columns.has(...SHOPIFY.body) || columns.has('Option1 Name'));

const isTrue = (text: string) => /^(true|yes|ja|1)$/i.test(text.trim());

export function mapShopify(table: CsvTable, currency: string) {
  const columns = new Columns(table.header);
  const { optionName, optionValue, ...named } = SHOPIFY;
  const at = {
    ...columnsAt(columns, named),
    options: [1, 2, 3].map((n) => ({
      name: columns.find(...optionName(n)),
      value: columns.find(...optionValue(n)),
    })),
  };
  const priceColumn = table.header[at.price] ?? 'Variant Price';
  const compareColumn = table.header[at.compareAt] ?? 'Variant Compare At Price';

  // Consecutive rows with the same handle are one product.
  const groups: GroupedProduct[] = [];
  for (const row of table.rows) {
    const handle = cell(row, at.handle).toLowerCase();
    const last = groups.at(-1);
    if (last && (handle === last.key || handle === '')) last.rows.push(row);
    else groups.push({ key: handle, rows: [row] });
  }

  return mapGroups('shopify', table, groups, (group) => {
    const [first] = group.rows;
    if (group.key === '') throw new RowProblem(first.line, m.handleMissing);
    if (isTrue(cell(first, at.giftCard)))
      throw new RowProblem(first.line, m.typeUnsupported('Geschenkgutschein'));
    const optionNames = at.options.map((o) => cell(first, o.name));
    const defaultTitle =
      optionNames[0].toLowerCase() === 'title' &&
      cell(first, at.options[0].value).toLowerCase() === 'default title';
    const product: CatalogueProduct = {
      line: first.line,
      lines: group.rows.map((r) => r.line),
      handle: group.key,
      title: cell(first, at.title),
      body: descriptionHtml(rawCell(first, at.body)),
      excerpt: '',
      productType: 'physical',
      tags: wordList(cell(first, at.tags)),
      categories: wordList(cell(first, at.type)),
      options: [],
      variants: [],
      images: [],
    };
    for (const row of group.rows) {
      const src = cell(row, at.image);
      if (src)
        product.images.push({ url: imageUrl(src, row.line), altText: cell(row, at.imageAlt).slice(0, 250) });
      const isVariant =
        at.options.some((o) => cell(row, o.value) !== '') ||
        cell(row, at.sku) !== '' ||
        cell(row, at.price) !== '';
      if (!isVariant) continue;
      const attributes: Record<string, string> = {};
      if (!defaultTitle) {
        at.options.forEach((o, i) => {
          const name = optionNames[i];
          if (!name) return;
          takeOptionValue(product, attributes, name, cell(row, o.value), row.line);
        });
      }
      const price = parsePrice(cell(row, at.price), currency, priceColumn, row.line);
      if (price === undefined) throw new RowProblem(row.line, m.priceMissing);
      const compareAt = parsePrice(cell(row, at.compareAt), currency, compareColumn, row.line);
      // Shopify shows a compare-at price only when it is above the price; anything else is no sale.
      const onSale = compareAt !== undefined && compareAt > price;
      const tracked = at.tracker < 0 ? at.qty >= 0 : cell(row, at.tracker) !== '';
      const variant: CatalogueVariant = {
        line: row.line,
        sku: cell(row, at.sku),
        attributes,
        priceMinor: onSale ? compareAt : price,
        unlimited: !tracked,
      };
      if (onSale) variant.salePriceMinor = price;
      if (tracked) variant.qtyInStock = parseStock(cell(row, at.qty), row.line) ?? 0;
      const grams = parseWeight(cell(row, at.grams), 'g', row.line);
      if (grams !== undefined) variant.weightGrams = grams;
      if (at.requiresShipping >= 0 && /^false$/i.test(cell(row, at.requiresShipping)))
        product.productType = 'service';
      product.variants.push(variant);
    }
    return product;
  });
}

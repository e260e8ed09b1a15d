import {
  type CatalogueProduct,
  type CatalogueVariant,
  descriptionHtml,
  parsePrice,
  parseStock,
  parseWeight,
  RowProblem,
  slugOf,
  wordList,
} from './catalogue.js';
import { Columns, type CsvTable } from './csv-table.js';
import { cell, columnsAt, imageList, missingColumns, rawCell, takeOptionValue } from './format-columns.js';
import { importMessages as m } from './import-messages.js';
import { type GroupedProduct, mapGroups } from './row-groups.js';

/*
 * Squarespace's product export / import CSV (support.squarespace.com "Importing products from a .csv"): a
 * row with a Title starts a product (Product URL, Description, Categories, Tags, Hosted Image URLs); the
 * rows below it without a Title are its further variants. Option Name n / Option Value n (up to 6), Price,
 * Sale Price with On Sale "Yes", Stock a number or "Unlimited", Weight in the store's unit (kilograms for
 * the German shops this is for), Hosted Image URLs separated by spaces or line breaks. Product Type
 * PHYSICAL or SERVICE; digital products and gift cards carry files or codes a CSV cannot bring along.
 * Exports mark some headers "[Non Editable]"; header matching ignores that.
 */

export const SQUARESPACE = {
  productType: ['Product Type'],
  productUrl: ['Product URL'],
  title: ['Title'],
  description: ['Description'],
  sku: ['SKU'],
  price: ['Price'],
  salePrice: ['Sale Price'],
  onSale: ['On Sale'],
  stock: ['Stock'],
  categories: ['Categories'],
  tags: ['Tags'],
  weight: ['Weight'],
  images: ['Hosted Image URLs'],
};

export const squarespaceRequired = (columns: Columns) =>
  missingColumns(columns, [
    ['Title', SQUARESPACE.title],
    ['Price', SQUARESPACE.price],
  ]);

export const looksLikeSquarespace = (columns: Columns) =>
  columns.has(...SQUARESPACE.images) ||
  (columns.has('Option Name 1') && columns.has(...SQUARESPACE.productUrl));

export function mapSquarespace(table: CsvTable, currency: string) {
  const columns = new Columns(table.header);
  const at = columnsAt(columns, SQUARESPACE);
  const options = [1, 2, 3, 4, 5, 6]
    .map((n) => ({ name: columns.find(`Option Name ${n}`), value: columns.find(`Option Value ${n}`) }))
    .filter((o) => o.name >= 0);

  const groups: GroupedProduct[] = [];
  for (const row of table.rows) {
    const last = groups.at(-1);
    if (cell(row, at.title) === '' && last) last.rows.push(row);
    else
      groups.push({
        key: cell(row, at.productUrl).toLowerCase() || slugOf(cell(row, at.title)),
        rows: [row],
      });
  }

  return mapGroups('squarespace', table, groups, (group) => {
    const [first] = group.rows;
    const type = cell(first, at.productType).toUpperCase();
    if (type !== '' && type !== 'PHYSICAL' && type !== 'SERVICE')
      throw new RowProblem(first.line, m.typeUnsupported(cell(first, at.productType)));
    const names = options.map((o) => cell(first, o.name));
    const product: CatalogueProduct = {
      line: first.line,
      lines: group.rows.map((r) => r.line),
      handle: group.key,
      title: cell(first, at.title),
      body: descriptionHtml(rawCell(first, at.description)),
      excerpt: '',
      productType: type === 'SERVICE' ? 'service' : 'physical',
      tags: wordList(cell(first, at.tags)),
      categories: wordList(cell(first, at.categories)),
      options: [],
      variants: [],
      images: imageList(cell(first, at.images), /\s+/, first.line),
    };
    for (const row of group.rows) {
      const attributes: Record<string, string> = {};
      options.forEach((o, i) => {
        const name = cell(row, o.name) || names[i];
        if (!name) return;
        takeOptionValue(product, attributes, name, cell(row, o.value), row.line);
      });
      const price = parsePrice(cell(row, at.price), currency, 'Price', row.line);
      if (price === undefined) throw new RowProblem(row.line, m.priceMissing);
      const sale = parsePrice(cell(row, at.salePrice), currency, 'Sale Price', row.line);
      const onSale = /^(yes|true|ja)$/i.test(cell(row, at.onSale)) && sale !== undefined;
      const stockText = cell(row, at.stock);
      const unlimited = stockText === '' || /^(unlimited|unbegrenzt)$/i.test(stockText);
      const variant: CatalogueVariant = {
        line: row.line,
        sku: cell(row, at.sku),
        attributes,
        priceMinor: price,
        unlimited,
      };
      if (onSale) variant.salePriceMinor = sale;
      if (!unlimited) variant.qtyInStock = parseStock(stockText, row.line) ?? 0;
      const grams = parseWeight(cell(row, at.weight), 'kg', row.line);
      // Squarespace writes 0 for "no weight given".
      if (grams) variant.weightGrams = grams;
      product.variants.push(variant);
    }
    return product;
  });
}

import {
  addOptionValue,
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
import { Columns, type CsvRow, type CsvTable } from './csv-table.js';
import { cell, columnsAt, imageList, missingColumns, rawCell, takeOptionValue } from './format-columns.js';
import { importMessages as m } from './import-messages.js';
import { type GroupedProduct, mapGroups } from './row-groups.js';

/*
 * WooCommerce's built-in product CSV (the "Product CSV Import Schema" of WooCommerce 3.1+): one row per
 * product, and for a variable product one more row per variation (Type "variation") naming its parent in
 * Parent as "id:<ID>" or by the parent's SKU, in any order. Types are comma lists ("simple, virtual").
 * Attribute n name / Attribute n value(s): the parent lists all values ("S, M, L"), a variation its own.
 * Prices are "Regular price" and "Sale price"; an empty Stock means no stock management (unlimited).
 * The exporter writes line breaks inside descriptions as the two characters "\n"; they are turned back.
 * WooCommerce has no product-URL column, so the handle is made from the name like the editor does.
 */

export const WOO = {
  id: ['ID'],
  type: ['Type'],
  sku: ['SKU'],
  name: ['Name'],
  shortDescription: ['Short description'],
  description: ['Description'],
  inStock: ['In stock?'],
  stock: ['Stock'],
  salePrice: ['Sale price'],
  regularPrice: ['Regular price'],
  categories: ['Categories'],
  tags: ['Tags'],
  images: ['Images'],
  parent: ['Parent'],
};

export const wooRequired = (columns: Columns) =>
  missingColumns(columns, [
    ['Type', WOO.type],
    ['Name', WOO.name],
    ['Regular price', WOO.regularPrice],
  ]);

export const looksLikeWooCommerce = (columns: Columns) =>
  columns.has(...WOO.type) && (columns.has(...WOO.regularPrice) || columns.has(...WOO.parent));

const unescapeNewlines = (text: string) => text.replace(/\\r\\n|\\n/g, '\n');

export function mapWooCommerce(table: CsvTable, currency: string) {
  const columns = new Columns(table.header);
  const at = columnsAt(columns, WOO);
  const weight = columns.matching(/^weight (kg|g|lbs?|oz)$/)[0];
  const attributes = columns
    .matching(/^attribute (\d+) name$/)
    .map(({ index, match }) => ({ name: index, values: columns.find(`Attribute ${match[1]} value(s)`) }));
  const types = (row: CsvRow) =>
    cell(row, at.type)
      .toLowerCase()
      .split(',')
      .map((t) => t.trim());

  // Parents first, then each variation joins the product its Parent names (by id:<ID> or SKU).
  const groups: (GroupedProduct & { parent: CsvRow })[] = [];
  const byReference = new Map<string, GroupedProduct & { parent: CsvRow }>();
  const orphans: GroupedProduct[] = [];
  for (const row of table.rows) {
    if (types(row).includes('variation')) continue;
    const group = { key: cell(row, at.sku) || `id:${cell(row, at.id)}`, rows: [row], parent: row };
    groups.push(group);
    if (cell(row, at.id)) byReference.set(`id:${cell(row, at.id)}`, group);
    if (cell(row, at.sku)) byReference.set(cell(row, at.sku).toLowerCase(), group);
  }
  for (const row of table.rows) {
    if (!types(row).includes('variation')) continue;
    const parent = cell(row, at.parent);
    const group = byReference.get(parent.toLowerCase().replace(/^id:\s*/, 'id:'));
    if (group) group.rows.push(row);
    else orphans.push({ key: parent, rows: [row] });
  }

  const priceOf = (row: CsvRow) => {
    const regular = parsePrice(cell(row, at.regularPrice), currency, 'Regular price', row.line);
    if (regular === undefined) throw new RowProblem(row.line, m.priceMissing);
    const sale = parsePrice(cell(row, at.salePrice), currency, 'Sale price', row.line);
    return { regular, sale };
  };
  const variantOf = (row: CsvRow, attributesOfRow: Record<string, string>): CatalogueVariant => {
    const { regular, sale } = priceOf(row);
    const stock = parseStock(cell(row, at.stock), row.line);
    // No stock number: WooCommerce does not count it; "In stock?" 0 then still means sold out.
    const soldOut = stock === undefined && at.inStock >= 0 && cell(row, at.inStock) === '0';
    const variant: CatalogueVariant = {
      line: row.line,
      sku: cell(row, at.sku),
      attributes: attributesOfRow,
      priceMinor: regular,
      unlimited: stock === undefined && !soldOut,
    };
    if (sale !== undefined) variant.salePriceMinor = sale;
    if (stock !== undefined || soldOut) variant.qtyInStock = stock ?? 0;
    const grams = weight ? parseWeight(cell(row, weight.index), weight.match[1], row.line) : undefined;
    if (grams !== undefined) variant.weightGrams = grams;
    return variant;
  };

  const mapped = mapGroups('woocommerce', table, [...groups, ...orphans], (group) => {
    const [first] = group.rows;
    if (!('parent' in group)) throw new RowProblem(first.line, m.parentMissing(group.key || '–'));
    const kinds = types(first);
    const unsupported = kinds.find((k) => k === 'grouped' || k === 'external' || k === 'downloadable');
    if (unsupported) throw new RowProblem(first.line, m.typeUnsupported(unsupported));
    const title = cell(first, at.name);
    const images = imageList(cell(first, at.images), ',', first.line);
    const product: CatalogueProduct = {
      line: first.line,
      lines: group.rows.map((r) => r.line),
      handle: slugOf(title),
      title,
      body: descriptionHtml(unescapeNewlines(rawCell(first, at.description))),
      excerpt: descriptionHtml(unescapeNewlines(rawCell(first, at.shortDescription))),
      productType: kinds.includes('virtual') ? 'service' : 'physical',
      tags: wordList(cell(first, at.tags)),
      // "Kleidung > T-Shirts": the shop's categories are flat, so the most specific name is kept.
      categories: wordList(
        cell(first, at.categories)
          .split(',')
          .map((c) => c.split('>').at(-1)!.trim())
          .join(','),
      ),
      options: [],
      variants: [],
      images,
    };
    if (!kinds.includes('variable')) {
      product.variants.push(variantOf(first, {}));
      return product;
    }
    // The parent lists each attribute's values in the order the shop shows them.
    for (const attribute of attributes) {
      const name = cell(first, attribute.name);
      if (!name) continue;
      for (const value of cell(first, attribute.values).split(',')) {
        if (value.trim()) addOptionValue(product.options, name, value.trim());
      }
    }
    const usedNames = new Set<string>();
    const variations = group.rows.slice(1);
    for (const row of variations)
      for (const attribute of attributes)
        if (cell(row, attribute.name)) usedNames.add(cell(row, attribute.name));
    // Attributes no variation uses (e.g. "Material") describe the product; they are not options.
    product.options = product.options.filter((o) => usedNames.has(o.name));
    for (const row of variations) {
      const values: Record<string, string> = {};
      for (const attribute of attributes) {
        const name = cell(row, attribute.name);
        if (!name) continue;
        takeOptionValue(product, values, name, cell(row, attribute.values), row.line);
      }
      for (const option of product.options)
        if (values[option.name] === undefined)
          throw new RowProblem(row.line, m.optionValueMissing(option.name));
      const ordered = Object.fromEntries(product.options.map((o) => [o.name, values[o.name]]));
      product.variants.push(variantOf(row, ordered));
    }
    // Values the parent lists but no variation sells are not offered.
    for (const option of product.options)
      option.values = option.values.filter((v) =>
        product.variants.some((variant) => variant.attributes[option.name] === v),
      );
    return product;
  });
  return mapped;
}

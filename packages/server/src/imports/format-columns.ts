import { addOptionValue, type CatalogueProduct, imageUrl, RowProblem } from './catalogue.js';
import { Columns, type CsvRow } from './csv-table.js';
import { importMessages as m } from './import-messages.js';

/*
 * Row reading the Shopify, WooCommerce and Squarespace formats share: where a format's columns are, which
 * required ones a file lacks, untrimmed description cells, image lists and a variant's option values.
 */

/** The position of each named column (its first alias present in the header), or -1. */
export function columnsAt<K extends string>(
  columns: Columns,
  aliases: Record<K, readonly string[]>,
): Record<K, number> {
  return Object.fromEntries(
    Object.entries<readonly string[]>(aliases).map(([key, names]) => [key, columns.find(...names)]),
  ) as Record<K, number>;
}

/** The names of the required columns the header has under none of their aliases. */
export const missingColumns = (
  columns: Columns,
  required: readonly (readonly [string, readonly string[]])[],
) => required.filter(([, aliases]) => !columns.has(...aliases)).map(([name]) => name);

/** A cell by column position, trimmed; '' when the column or cell is missing. */
export const cell = (row: CsvRow, index: number) => Columns.cell(row, index);

/** A cell as written (descriptions keep their spacing); '' when the column or cell is missing. */
export const rawCell = (row: CsvRow, index: number) => (index >= 0 ? (row.cells[index] ?? '') : '');

/** Image addresses from one cell, split by the format's separator, without alt texts. */
export const imageList = (text: string, separator: string | RegExp, line: number) =>
  text
    .split(separator)
    .map((u) => u.trim())
    .filter((u) => u !== '')
    .map((url) => ({ url: imageUrl(url, line), altText: '' }));

/** One option value of a variant row: required, recorded on the variant and on the product's options. */
export function takeOptionValue(
  product: CatalogueProduct,
  attributes: Record<string, string>,
  name: string,
  value: string,
  line: number,
) {
  if (!value) throw new RowProblem(line, m.optionValueMissing(name));
  attributes[name] = value;
  addOptionValue(product.options, name, value);
}

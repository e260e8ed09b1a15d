import type { ProductOption, Variant } from '../../api/admin-types.js';
import { amountText } from '../../ui/format.js';

/*
 * The variant grid as the product form edits it: one row per combination of the options' values
 * (first option slowest, as the server builds it), each with its price, sale price and stock as typed.
 * When the options change, rows whose values stay keep what was typed into them.
 */

export const MAX_VARIANTS = 250;

export interface OptionDraft {
  key: string;
  name: string;
  /** The values as typed, comma-separated: "S, M, L". */
  values: string;
}

export interface VariantRow {
  /** The stored variant this row continues; absent for a new combination. */
  id?: string;
  attributes: Record<string, string>;
  sku: string;
  price: string;
  salePrice: string;
  onSale: boolean;
  unlimited: boolean;
  stock: string;
  /** Stock is sent only when the owner changed it here, so a sale meanwhile is not overwritten. */
  stockTouched: boolean;
}

export const valuesOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/** The options as the API takes them; options without a name or values are still being typed and left out. */
export const optionsOf = (drafts: readonly OptionDraft[]): ProductOption[] =>
  drafts
    .map((d) => ({ name: d.name.trim(), values: valuesOf(d.values) }))
    .filter((o) => o.name !== '' && o.values.length > 0);

export const gridSize = (options: readonly ProductOption[]) =>
  options.reduce((size, option) => size * option.values.length, 1);

export function combinations(options: readonly ProductOption[]): Record<string, string>[] {
  let grid: Record<string, string>[] = [{}];
  for (const option of options)
    grid = grid.flatMap((cell) => option.values.map((value) => ({ ...cell, [option.name]: value })));
  return grid;
}

const sameValues = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
};

export interface RowDefaults {
  price: string;
  stock: string;
  unlimited: boolean;
}

export const emptyRow = (attributes: Record<string, string>, defaults: RowDefaults): VariantRow => ({
  attributes,
  sku: '',
  price: defaults.price,
  salePrice: '',
  onSale: false,
  unlimited: defaults.unlimited,
  stock: defaults.stock,
  stockTouched: false,
});

/**
 * The rows for these options: a row with exactly a cell's values keeps its entries; when the grid
 * keeps its size (an option or value renamed), an unmatched cell takes over the row at its place.
 */
export function regrid(
  options: readonly ProductOption[],
  previous: readonly VariantRow[],
  defaults: RowDefaults,
): VariantRow[] {
  const cells = combinations(options);
  const used = new Set<VariantRow>();
  const rows: (VariantRow | undefined)[] = cells.map((cell) => {
    const exact = previous.find((row) => !used.has(row) && sameValues(row.attributes, cell));
    if (exact) used.add(exact);
    return exact ? { ...exact, attributes: cell } : undefined;
  });
  return cells.map((cell, i) => {
    const kept = rows[i];
    if (kept) return kept;
    const atPlace = cells.length === previous.length ? previous[i] : undefined;
    if (atPlace && !used.has(atPlace)) {
      used.add(atPlace);
      return { ...atPlace, attributes: cell };
    }
    return emptyRow(cell, defaults);
  });
}

/** Rows of a stored product, in the order of its options' grid. */
export function rowsOfProduct(
  options: readonly ProductOption[],
  variants: readonly Variant[],
  currency: string,
): VariantRow[] {
  const stored: VariantRow[] = variants.map((v) => ({
    id: v.id,
    attributes: v.attributes,
    sku: v.sku,
    price: amountText(v.priceMinor, currency),
    salePrice: v.salePriceMinor ? amountText(v.salePriceMinor, currency) : '',
    onSale: v.onSale,
    unlimited: v.unlimited,
    stock: String(v.qtyInStock),
    stockTouched: false,
  }));
  return regrid(options, stored, { price: '', stock: '0', unlimited: false });
}

import { MAX_VARIANTS } from '../admin/catalog/product-input.js';
import {
  type CatalogueProduct,
  HANDLE,
  type ImportFormat,
  type MappedFile,
  type Refusal,
  RowProblem,
  SKU,
} from './catalogue.js';
import { type CsvRow, type CsvTable, formulaCell } from './csv-table.js';
import { importMessages as m } from './import-messages.js';

/*
 * What every format shares once its rows are grouped into products: the formula-cell guard, the checks a
 * product must pass to be stored like one made in the editor, and refusing a product as a whole (each of
 * its lines with a reason) when one of its rows is bad, so no product is imported half.
 */

export interface GroupedProduct {
  /** The product's key in the file (handle, parent id); '' when the row names none. */
  key: string;
  rows: CsvRow[];
}

const variantLabel = (attributes: Record<string, string>) => Object.values(attributes).join(' / ') || '–';

/** The checks shared by all formats; throws the first problem with its line. */
export function checkProduct(product: CatalogueProduct): void {
  if (product.title === '') throw new RowProblem(product.line, m.titleMissing);
  if (product.title.length > 200) throw new RowProblem(product.line, m.titleTooLong);
  if (!HANDLE.test(product.handle)) throw new RowProblem(product.line, m.handleInvalid(product.handle));
  if (product.variants.length === 0) throw new RowProblem(product.line, m.priceMissing);
  for (const option of product.options) {
    if (option.name.length > 50 || option.values.some((v) => v.length > 50))
      throw new RowProblem(product.line, m.optionTooLong);
    if (option.values.length > 100) throw new RowProblem(product.line, m.tooManyOptionValues);
  }
  if (product.options.length > 6 || product.options.reduce((n, o) => n * o.values.length, 1) > MAX_VARIANTS)
    throw new RowProblem(product.line, m.tooManyVariants(MAX_VARIANTS));
  const seen = new Set<string>();
  for (const variant of product.variants) {
    const key = JSON.stringify(product.options.map((o) => variant.attributes[o.name] ?? ''));
    if (seen.has(key)) throw new RowProblem(variant.line, m.variantTwice(variantLabel(variant.attributes)));
    seen.add(key);
    if (variant.sku !== '' && !SKU.test(variant.sku))
      throw new RowProblem(variant.line, m.skuInvalid(variant.sku));
    if (variant.salePriceMinor !== undefined && variant.salePriceMinor >= variant.priceMinor)
      throw new RowProblem(variant.line, m.salePriceNotLower);
  }
}

export function mapGroups(
  format: ImportFormat,
  table: CsvTable,
  groups: GroupedProduct[],
  toProduct: (group: GroupedProduct) => CatalogueProduct,
): MappedFile {
  const products: CatalogueProduct[] = [];
  const refused: Refusal[] = [];
  const firstLineOfHandle = new Map<string, number>();
  const firstLineOfSku = new Map<string, number>();

  const refuse = (group: GroupedProduct, problem: RowProblem, handle?: string) => {
    for (const row of group.rows) {
      refused.push({
        line: row.line,
        reason: row.line === problem.line ? problem.message : m.productRefused(`siehe Zeile ${problem.line}`),
        ...(handle ? { handle } : {}),
      });
    }
    // A problem outside the group's rows (a duplicate elsewhere) still gets its line shown once.
    if (!group.rows.some((r) => r.line === problem.line))
      refused.push({ line: problem.line, reason: problem.message, ...(handle ? { handle } : {}) });
  };

  for (const group of groups) {
    try {
      for (const row of group.rows) {
        const formula = formulaCell(row, table.header);
        if (formula) throw new RowProblem(row.line, m.formulaCell(formula.column, formula.first));
      }
      const product = toProduct(group);
      checkProduct(product);
      const earlier = firstLineOfHandle.get(product.handle);
      if (earlier !== undefined)
        throw new RowProblem(product.line, m.handleTwiceInFile(product.handle, earlier));
      for (const variant of product.variants) {
        if (!variant.sku) continue;
        const line = firstLineOfSku.get(variant.sku.toLowerCase());
        if (line !== undefined) throw new RowProblem(variant.line, m.skuTwiceInFile(variant.sku, line));
      }
      firstLineOfHandle.set(product.handle, product.line);
      for (const variant of product.variants)
        if (variant.sku) firstLineOfSku.set(variant.sku.toLowerCase(), variant.line);
      products.push(product);
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      refuse(group, error, group.key || undefined);
    }
  }
  refused.sort((a, b) => a.line - b.line);
  return { format, products, refused };
}

/*
 * The variants of a product are every combination of its options' values (Größe S/M/L × Farbe
 * Rot/Blau → 6 variants), in option order and value order. When the owner changes the options, the
 * grid is built anew and each cell takes over the existing variant it corresponds to, so ids, SKUs,
 * prices and stock survive: first the variants with exactly the cell's values, then, for cells
 * still open, the variant agreeing on the most shared options (adding "Farbe" to a size-only product
 * turns "S" into "S / Rot", its first colour). A cell no variant fits is new: it copies the price of
 * its closest relative and starts with the default stock.
 */

export interface ProductOption {
  name: string;
  values: string[];
}

export interface ExistingVariant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  priceMinor: number;
  salePriceMinor: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  weightGrams?: number;
}

export interface CellDefaults {
  priceMinor: number;
  salePriceMinor: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  weightGrams?: number;
}

export interface GridCell {
  /** The existing variant this cell continues; absent for a new one. */
  id?: string;
  sku?: string;
  attributes: Record<string, string>;
  priceMinor: number;
  salePriceMinor: number;
  onSale: boolean;
  /** Set for new cells; for a kept variant only when the owner changes it (see ProductChanges). */
  unlimited?: boolean;
  qtyInStock?: number;
  weightGrams?: number;
}

/** Every combination, first option slowest: [{Größe: S, Farbe: Rot}, {Größe: S, Farbe: Blau}, ...]. */
export function combinations(options: readonly ProductOption[]): Record<string, string>[] {
  let grid: Record<string, string>[] = [{}];
  for (const option of options) {
    grid = grid.flatMap((cell) => option.values.map((value) => ({ ...cell, [option.name]: value })));
  }
  return grid;
}

export const gridSize = (options: readonly ProductOption[]) =>
  options.reduce((size, option) => size * option.values.length, 1);

/** How many options both name with the same value; -1 when they disagree on any. */
function agreement(cell: Record<string, string>, attributes: Record<string, string>): number {
  let shared = 0;
  for (const [name, value] of Object.entries(cell)) {
    if (!(name in attributes)) continue;
    if (attributes[name] !== value) return -1;
    shared++;
  }
  return shared;
}

const sameValues = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
};

export function variantGrid(
  options: readonly ProductOption[],
  existing: readonly ExistingVariant[],
  defaults: CellDefaults,
): GridCell[] {
  const cells = combinations(options);
  const owner = new Array<ExistingVariant | undefined>(cells.length);
  const claimed = new Set<string>();

  cells.forEach((cell, i) => {
    const exact = existing.find((v) => !claimed.has(v.id) && sameValues(cell, v.attributes));
    if (exact) {
      owner[i] = exact;
      claimed.add(exact.id);
    }
  });
  cells.forEach((cell, i) => {
    if (owner[i]) return;
    let best: ExistingVariant | undefined;
    let bestScore = -1;
    for (const v of existing) {
      if (claimed.has(v.id)) continue;
      const score = agreement(cell, v.attributes);
      if (score > bestScore) {
        best = v;
        bestScore = score;
      }
    }
    if (best) {
      owner[i] = best;
      claimed.add(best.id);
    }
  });

  return cells.map((attributes, i) => {
    const kept = owner[i];
    if (kept) {
      return {
        id: kept.id,
        sku: kept.sku,
        attributes,
        priceMinor: kept.priceMinor,
        salePriceMinor: kept.salePriceMinor,
        onSale: kept.onSale,
        ...(kept.weightGrams !== undefined ? { weightGrams: kept.weightGrams } : {}),
      };
    }
    // The closest relative, claimed or not, lends its price; stock is counted goods and starts anew.
    let relative: ExistingVariant | undefined;
    let score = 0;
    for (const v of existing) {
      const s = agreement(attributes, v.attributes);
      if (s > score) {
        relative = v;
        score = s;
      }
    }
    const source = relative ?? defaults;
    return {
      attributes,
      priceMinor: source.priceMinor,
      salePriceMinor: source.salePriceMinor,
      onSale: source.onSale,
      unlimited: defaults.unlimited,
      qtyInStock: defaults.qtyInStock,
      ...(source.weightGrams !== undefined ? { weightGrams: source.weightGrams } : {}),
    };
  });
}

/** The options a stored product has, in its option ordering, each value in the order its variants show it. */
export function optionsOf(
  ordering: readonly string[],
  variants: readonly { attributes: Record<string, string> }[],
) {
  const names = [...ordering];
  for (const v of variants)
    for (const name of Object.keys(v.attributes)) if (!names.includes(name)) names.push(name);
  return names
    .map((name) => ({
      name,
      values: [
        ...new Set(variants.map((v) => v.attributes[name]).filter((x): x is string => x !== undefined)),
      ],
    }))
    .filter((option) => option.values.length > 0);
}

/** A SKU for a new cell: the product's handle and the cell's values, upper case ('HEMD-S-ROT'). */
export function skuFor(handle: string, attributes: Record<string, string>): string {
  const part = (text: string) =>
    text
      .toUpperCase()
      .replace(/Ä/g, 'AE')
      .replace(/Ö/g, 'OE')
      .replace(/Ü/g, 'UE')
      .replace(/ß/g, 'SS')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return [
    part(handle).slice(0, 24) || 'ARTIKEL',
    ...Object.values(attributes).map((v) => part(v).slice(0, 16)),
  ]
    .filter(Boolean)
    .join('-');
}

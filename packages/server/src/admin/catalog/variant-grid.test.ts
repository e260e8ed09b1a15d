import { describe, expect, it } from 'vitest';
import { combinations, type ExistingVariant, optionsOf, skuFor, variantGrid } from './variant-grid.js';

const defaults = { priceMinor: 1000, salePriceMinor: 0, onSale: false, unlimited: false, qtyInStock: 0 };

const variant = (
  id: string,
  attributes: Record<string, string>,
  priceMinor: number,
  qtyInStock: number,
): ExistingVariant => ({
  id,
  sku: `SKU-${id}`,
  attributes,
  priceMinor,
  salePriceMinor: 0,
  onSale: false,
  unlimited: false,
  qtyInStock,
});

const sizes = { name: 'Größe', values: ['S', 'M', 'L'] };
const colours = { name: 'Farbe', values: ['Rot', 'Blau'] };

describe('variant grid', () => {
  it('Größe S/M/L × Farbe Rot/Blau gives 6 variants, first option slowest', () => {
    expect(combinations([sizes, colours]).map((c) => `${c.Größe}/${c.Farbe}`)).toEqual([
      'S/Rot',
      'S/Blau',
      'M/Rot',
      'M/Blau',
      'L/Rot',
      'L/Blau',
    ]);
    expect(combinations([])).toEqual([{}]);
  });

  it('a new product takes the defaults in every cell', () => {
    const grid = variantGrid([sizes, colours], [], { ...defaults, qtyInStock: 5 });
    expect(grid).toHaveLength(6);
    expect(grid.every((c) => c.id === undefined && c.priceMinor === 1000 && c.qtyInStock === 5)).toBe(true);
  });

  it('adding an option keeps each variant (id, price, stock) in the first cell of its kind', () => {
    const existing = [variant('s', { Größe: 'S' }, 1900, 4), variant('m', { Größe: 'M' }, 2100, 2)];
    const grid = variantGrid([sizes, colours], existing, defaults);
    expect(
      grid.map((c) => [c.attributes.Größe, c.attributes.Farbe, c.id, c.priceMinor, c.qtyInStock]),
    ).toEqual([
      ['S', 'Rot', 's', 1900, undefined],
      // New cells copy the price of their closest relative; stock starts at the default.
      ['S', 'Blau', undefined, 1900, 0],
      ['M', 'Rot', 'm', 2100, undefined],
      ['M', 'Blau', undefined, 2100, 0],
      ['L', 'Rot', undefined, 1000, 0],
      ['L', 'Blau', undefined, 1000, 0],
    ]);
  });

  it('removing an option keeps the first matching variant and drops the others', () => {
    const existing = [
      variant('sr', { Größe: 'S', Farbe: 'Rot' }, 1900, 4),
      variant('sb', { Größe: 'S', Farbe: 'Blau' }, 1950, 1),
      variant('mr', { Größe: 'M', Farbe: 'Rot' }, 2100, 2),
    ];
    const grid = variantGrid([{ name: 'Größe', values: ['S', 'M'] }], existing, defaults);
    expect(grid.map((c) => [c.attributes.Größe, c.id])).toEqual([
      ['S', 'sr'],
      ['M', 'mr'],
    ]);
  });

  it('reordering options or values keeps every variant, exact matches first', () => {
    const existing = combinations([sizes, colours]).map((attributes, i) =>
      variant(`v${i}`, attributes, 1000 + i, i),
    );
    const grid = variantGrid(
      [
        { name: 'Farbe', values: ['Blau', 'Rot'] },
        { name: 'Größe', values: ['L', 'M', 'S'] },
      ],
      existing,
      defaults,
    );
    expect(grid).toHaveLength(6);
    for (const cell of grid) {
      const original = existing.find((v) => v.id === cell.id)!;
      expect(original.attributes).toEqual(cell.attributes);
      expect(cell.priceMinor).toBe(original.priceMinor);
    }
    expect(grid[0].attributes).toEqual({ Farbe: 'Blau', Größe: 'L' });
  });

  it('a product without options turns into the first cell when options arrive', () => {
    const grid = variantGrid([colours], [variant('only', {}, 500, 7)], defaults);
    expect(grid.map((c) => c.id)).toEqual(['only', undefined]);
  });

  it('reads options back from stored variants in their order, and makes readable SKUs', () => {
    const stored = combinations([sizes, colours]).map((attributes) => ({ attributes }));
    expect(optionsOf(['Größe', 'Farbe'], stored)).toEqual([sizes, colours]);
    expect(skuFor('t-shirt', { Größe: 'XL', Farbe: 'Grün' })).toBe('T-SHIRT-XL-GRUEN');
    expect(skuFor('', {})).toBe('ARTIKEL');
  });
});

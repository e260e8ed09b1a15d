import { describe, expect, it } from 'vitest';
import { quantityInput } from './quantity-input.js';
import { fakeScope } from './test-scope.js';

const product = (productType: number, variants: object[], extra: object = {}) => ({
  id: 'p1',
  structuredContent: { productType, variants, ...extra },
});
const input = (item: unknown, root: object = {}) =>
  quantityInput(item, [], fakeScope(root), []) as string | undefined;
const stock = [{ qtyInStock: 5 }];

describe('quantity-input', () => {
  it('R5.2.1 R5.2.2 R5.2.3 R5.2.4 R5.2.5 has min 1, max 9999, step 1, default 1, width 4', () => {
    expect(input(product(1, stock))).toContain(
      'size="4" max="9999" min="1" value="1" type="number" step="1"',
    );
  });

  it('R5.2.6 R5.2.10 shows for physical products, not for digital ones', () => {
    expect(input(product(1, stock))).toContain('class="product-quantity-input" data-item-id="p1"');
    expect(input(product(2, stock))).toBeUndefined();
  });

  it('R5.2.7 R5.2.8 R5.2.9 shows for services unless the store allows only one', () => {
    expect(input(product(3, stock))).toBeDefined();
    const off = { websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: false } } };
    expect(input(product(3, stock), off)).toBeUndefined();
    const on = { websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: true } } };
    expect(input(product(3, stock), on)).toBeDefined();
  });

  it('R5.2.11 never shows for subscribable products', () => {
    expect(input(product(1, stock, { isSubscribable: true }))).toBeUndefined();
  });

  it('R5.2.12 hides when at most one unit is left in total', () => {
    expect(input(product(1, [{ qtyInStock: 1 }, { qtyInStock: 0 }]))).toBeUndefined();
    expect(input(product(1, [{ qtyInStock: 1 }, { qtyInStock: 1 }]))).toBeDefined();
    expect(input(product(1, [{ unlimited: true }]))).toBeDefined();
  });

  it('R5.2.6 uses the site translation of the label', () => {
    const root = { localizedStrings: { productQuantityInputLabel: 'Menge' } };
    expect(input(product(1, stock), root)).toContain('<div class="quantity-label">Menge:</div>');
  });
});

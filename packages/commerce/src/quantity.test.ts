import { describe, expect, it } from 'vitest';
import type { ProductLike } from './product-display.js';
import {
  cartQuantityLabel,
  clampQuantity,
  isMultipleQuantityAllowedForServices,
  QUANTITY_INPUT,
  requiresQuantity,
  showsQuantityInput,
} from './quantity.js';

const product = (p: ProductLike) => ({ structuredContent: p });
const inStock = [{ qtyInStock: 5 }];

describe('quantity input', () => {
  it('R5.2.1 R5.2.2 R5.2.3 R5.2.4 R5.2.5 has min 1, max 9999, step 1, default 1, width 4', () => {
    expect(QUANTITY_INPUT).toEqual({ min: 1, max: 9999, step: 1, default: 1, width: 4 });
  });

  it.each([
    ['R5.2.6 physical', { productType: 1, variants: inStock }, undefined, true],
    [
      'R5.2.7 service, allowed',
      { productType: 3, variants: inStock },
      { multipleQuantityAllowedForServices: true },
      true,
    ],
    ['R5.2.8 service, setting missing', { productType: 3, variants: inStock }, {}, true],
    ['R5.2.8 service, no settings at all', { productType: 3, variants: inStock }, undefined, true],
    [
      'R5.2.9 service, not allowed',
      { productType: 3, variants: inStock },
      { multipleQuantityAllowedForServices: false },
      false,
    ],
    ['R5.2.10 digital', { productType: 2 }, undefined, false],
    ['R5.2.10 gift card', { productType: 4, variants: inStock }, undefined, false],
    [
      'R5.2.11 subscribable physical',
      { productType: 1, variants: inStock, isSubscribable: true },
      undefined,
      false,
    ],
    ['R5.2.12 one unit left', { productType: 1, variants: [{ qtyInStock: 1 }] }, undefined, false],
    ['R5.2.12 sold out', { productType: 1, variants: [{ qtyInStock: 0 }] }, undefined, false],
    [
      'R5.2.12 two units over two variants',
      { productType: 1, variants: [{ qtyInStock: 1 }, { qtyInStock: 1 }] },
      undefined,
      true,
    ],
    ['R5.2.12 unlimited', { productType: 1, variants: [{ unlimited: true }] }, undefined, true],
  ] as const)('%s', (_, p, settings, shown) => {
    expect(showsQuantityInput(product(p as ProductLike), settings)).toBe(shown);
  });

  it('R3.9.3 multiple quantity for services defaults to true', () => {
    expect(isMultipleQuantityAllowedForServices(undefined)).toBe(true);
    expect(isMultipleQuantityAllowedForServices({ multipleQuantityAllowedForServices: null })).toBe(true);
    expect(isMultipleQuantityAllowedForServices({ multipleQuantityAllowedForServices: false })).toBe(false);
  });

  it('R5.2.13 only subscriptions are exempt from quantity', () => {
    expect(requiresQuantity(product({ productType: 1, isSubscribable: true }))).toBe(false);
    expect(requiresQuantity(product({ productType: 2 }))).toBe(true);
    expect(requiresQuantity(product({ productType: 4 }))).toBe(true);
  });

  it('R5.2.1 R5.2.2 keeps typed quantities within the bounds', () => {
    expect(clampQuantity('0')).toBe(1);
    expect(clampQuantity(12000)).toBe(9999);
    expect(clampQuantity('abc')).toBe(1);
    expect(clampQuantity(' 3 ')).toBe(3);
  });

  it('R9.1.1 the cart pill shows 100+ above 100', () => {
    expect(cartQuantityLabel(100)).toBe('100');
    expect(cartQuantityLabel(101)).toBe('100+');
    expect(cartQuantityLabel(0)).toBe('0');
  });
});

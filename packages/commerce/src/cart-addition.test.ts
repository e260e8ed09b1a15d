import { describe, expect, it } from 'vitest';
import { placeInCart, quantityInCart } from './cart-addition.js';

const entries = [
  { id: 'a', itemId: 'tasse', sku: 'TASSE', quantity: 2, position: 0 },
  { id: 'b', itemId: 'tasse', sku: 'TASSE', quantity: 1, position: 3, additionalFields: '{"gravur":"Anna"}' },
  { id: 'c', itemId: 'kaffee', sku: 'KAFFEE', quantity: 1, position: 1, subscriptionOptionId: 'monatlich' },
];

describe('R7.1.2 where an add lands in the cart', () => {
  it('raises the entry with the same sku, form answers and subscription option', () => {
    expect(placeInCart(entries, { sku: 'TASSE', quantity: 3 })).toEqual({ merge: entries[0], quantity: 5 });
    const engraved = placeInCart(entries, {
      sku: 'TASSE',
      quantity: 1,
      additionalFields: '{"gravur":"Anna"}',
    });
    expect(engraved).toEqual({ merge: entries[1], quantity: 2 });
    const plan = placeInCart(entries, { sku: 'KAFFEE', quantity: 1, subscriptionOptionId: 'monatlich' });
    expect(plan).toEqual({ merge: entries[2], quantity: 2 });
  });

  it('puts other answers, another plan or another sku after the last entry', () => {
    expect(placeInCart(entries, { sku: 'TASSE', quantity: 1, additionalFields: '{"gravur":"Ben"}' })).toEqual(
      {
        position: 4,
      },
    );
    expect(placeInCart(entries, { sku: 'KAFFEE', quantity: 1 })).toEqual({ position: 4 });
    expect(placeInCart([], { sku: 'TASSE', quantity: 1 })).toEqual({ position: 0 });
  });

  it('R5.1.3 counts what the cart holds of the item, of the chosen sku when there is one', () => {
    expect(quantityInCart(entries, 'tasse', 'TASSE')).toBe(3);
    expect(quantityInCart(entries, 'tasse', undefined)).toBe(3);
    expect(quantityInCart(entries, 'kaffee', 'ANDERS')).toBe(0);
  });
});

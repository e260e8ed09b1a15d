import { describe, expect, it } from 'vitest';
import { cartFormatters } from './cart-formatters.js';
import { fakeScope } from './test-scope.js';

const run = (name: string, value: unknown) => cartFormatters[name](value, [], fakeScope({}), []);

describe('cart formatters', () => {
  it('R3.2.1 cart-quantity sums the entry quantities', () => {
    expect(run('cart-quantity', { entries: [{ quantity: 2 }, { quantity: 3 }] })).toBe(
      '<span class="sqs-cart-quantity">5</span>',
    );
    expect(run('cart-quantity', {})).toBe('<span class="sqs-cart-quantity">0</span>');
  });

  it('R9.1.1 cart-quantity shows 100+ above 100 like the cart pill', () => {
    expect(run('cart-quantity', { entries: [{ quantity: 100 }] })).toContain('>100<');
    expect(run('cart-quantity', { entries: [{ quantity: 100 }, { quantity: 1 }] })).toContain('>100+<');
  });

  it('R3.1.1 cart-url points to the cart page', () => {
    expect(run('cart-url', {})).toBe('/cart');
  });
});

import { describe, expect, it } from 'vitest';
import { productCheckout } from './product-checkout.js';
import { fakeScope } from './test-scope.js';

const checkout = (content: object) =>
  productCheckout({ id: 'p1', structuredContent: content }, [], fakeScope({}), []) as string;

describe('product-checkout', () => {
  it('R5.3.3 R5.2.6 puts selectors, quantity and button in that order', () => {
    const html = checkout({
      productType: 1,
      variants: [
        { attributes: { Farbe: 'Blau' }, qtyInStock: 3 },
        { attributes: { Farbe: 'Rot' }, qtyInStock: 3 },
      ],
      variantOptionOrdering: ['Farbe'],
    });
    const order = ['product-variants', 'product-quantity-input', 'sqs-add-to-cart-button'].map((c) =>
      html.indexOf(c),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('R5.3.3 R5.2.10 leaves out selectors and quantity a product does not need', () => {
    const html = checkout({ productType: 2, priceMoney: { value: '5' } });
    expect(html).not.toContain('product-variants');
    expect(html).not.toContain('product-quantity-input');
    expect(html.trim()).toMatch(/^<div class="sqs-add-to-cart-button-wrapper"/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CartLine, cartTotals } from './cart-totals.js';
import type { CouponDefinition } from './discounts.js';
import { ProductType } from './product-display.js';

const line = (unitPriceMinor: number, quantity = 1, extra: Partial<CartLine> = {}): CartLine => ({
  unitPriceMinor,
  quantity,
  productType: ProductType.PHYSICAL,
  weightGrams: 100,
  ...extra,
});

const tenFromFifty: CouponDefinition = {
  id: 'zehn-ab-50',
  automatic: true,
  name: '10 % ab 50 €',
  kind: 'percent',
  percentOff: 10,
  minimumSubtotalMinor: 5000,
};

const totals = (lines: CartLine[], coupons: CouponDefinition[], extra: Record<string, unknown> = {}) =>
  cartTotals({ lines, country: 'DE', rules: { coupons }, ...extra });

describe('discounts (issue 23)', () => {
  it('an automatic "10 % ab 50 €" shows nothing under 50 € and a named line from 50 €', () => {
    const under = totals([line(4999)], [tenFromFifty]);
    expect(under.appliedDiscounts).toEqual([]);
    expect(under.discountMinor).toBe(0);
    const over = totals([line(3000, 2)], [tenFromFifty]);
    expect(over.appliedDiscounts).toEqual([
      expect.objectContaining({ label: '10 % ab 50 €', amountMinor: 600, code: null }),
    ]);
    expect(over.grandTotalMinor).toBe(6000 - 600 + over.shippingCostMinor);
  });

  it('a code limited to a category lowers only the lines of that category', () => {
    const code: CouponDefinition = {
      code: 'TASSEN20',
      kind: 'percent',
      percentOff: 20,
      categoryIds: ['tassen'],
    };
    const t = totals(
      [line(1000, 1, { productId: 'a', categoryIds: ['tassen'] }), line(5000, 1, { productId: 'b' })],
      [code],
      { couponCodes: ['tassen20'] },
    );
    expect(t.discountMinor).toBe(200);
    expect(t.appliedDiscounts[0].label).toBe('Rabatt (TASSEN20)');
    const none = totals([line(5000, 1, { productId: 'b' })], [code], { couponCodes: ['TASSEN20'] });
    expect(none.invalidCoupons).toEqual(['TASSEN20']);
  });

  it('buy 2 get 1: the cheapest of every three eligible items is free', () => {
    const deal: CouponDefinition = {
      automatic: true,
      id: 'b2g1',
      kind: 'buy-x-get-y',
      buyQuantity: 2,
      getQuantity: 1,
    };
    const t = totals([line(1000, 2), line(400, 1), line(900, 2)], [deal]);
    // Units 1000, 1000, 900 | 900, 400: one full group, its cheapest (900) is free.
    expect(t.discountMinor).toBe(900);
    expect(t.appliedDiscounts[0].label).toBe('Kaufe 2, erhalte 1 gratis');
  });

  it('a free shipping code makes shipping cost nothing and says so', () => {
    const t = totals([line(1000)], [{ code: 'GRATISVERSAND', kind: 'free-shipping' }], {
      couponCodes: ['GRATISVERSAND'],
    });
    expect(t.shippingCostMinor).toBe(0);
    expect(t.grandTotalMinor).toBe(1000);
    expect(t.appliedDiscounts[0]).toMatchObject({ label: 'Kostenloser Versand (GRATISVERSAND)' });
  });

  it('outside its dates, or used up, a discount does not apply', () => {
    const dated = { ...tenFromFifty, validFrom: 2000, validUntil: 3000 };
    expect(totals([line(6000)], [dated], { now: 1000 }).discountMinor).toBe(0);
    expect(totals([line(6000)], [dated], { now: 2500 }).discountMinor).toBe(600);
    expect(totals([line(6000)], [dated], { now: 3001 }).discountMinor).toBe(0);
    const usedUp = totals([line(6000)], [tenFromFifty], { exhaustedDiscountIds: new Set(['zehn-ab-50']) });
    expect(usedUp.appliedDiscounts).toEqual([]);
  });

  const arbLine = fc.record({
    unitPriceMinor: fc.integer({ min: 0, max: 50_000 }),
    quantity: fc.integer({ min: 1, max: 5 }),
    productType: fc.constantFrom(ProductType.PHYSICAL, ProductType.DIGITAL, ProductType.GIFT_CARD),
    productId: fc.constantFrom('a', 'b', 'c'),
    categoryIds: fc.subarray(['x', 'y']),
  });
  const arbDiscount: fc.Arbitrary<CouponDefinition> = fc.record(
    {
      automatic: fc.constant(true),
      kind: fc.constantFrom('percent', 'amount', 'free-shipping', 'buy-x-get-y' as const),
      percentOff: fc.integer({ min: 1, max: 100 }),
      amountOffMinor: fc.integer({ min: 1, max: 100_000 }),
      buyQuantity: fc.integer({ min: 1, max: 3 }),
      getQuantity: fc.integer({ min: 1, max: 3 }),
      minimumSubtotalMinor: fc.integer({ min: 0, max: 100_000 }),
      productIds: fc.subarray(['a', 'b', 'c']),
      categoryIds: fc.subarray(['x', 'y']),
    },
    { requiredKeys: ['automatic', 'kind'] },
  );

  it('property: each discount stays within its eligible subtotal, all within the goods, and labels sum up', () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { maxLength: 6 }),
        fc.array(arbDiscount, { maxLength: 3 }),
        (lines, discounts) => {
          const t = totals(
            lines,
            discounts.map((d, i) => ({ ...d, id: `d${i}` })),
          );
          const goods = lines
            .filter((l) => l.productType !== ProductType.GIFT_CARD)
            .reduce((s, l) => s + l.unitPriceMinor * l.quantity, 0);
          expect(t.discountMinor).toBeLessThanOrEqual(goods);
          expect(t.appliedDiscounts.reduce((s, d) => s + d.amountMinor, 0)).toBe(t.discountMinor);
          for (const applied of t.appliedDiscounts) {
            const d = discounts[Number(applied.id.slice(1))];
            const limited = (d.productIds?.length ?? 0) + (d.categoryIds?.length ?? 0) > 0;
            const eligible = lines
              .filter(
                (l) =>
                  l.productType !== ProductType.GIFT_CARD &&
                  (!limited ||
                    d.productIds?.includes(l.productId) ||
                    l.categoryIds.some((c) => d.categoryIds?.includes(c))),
              )
              .reduce((s, l) => s + l.unitPriceMinor * l.quantity, 0);
            expect(applied.amountMinor).toBeGreaterThanOrEqual(0);
            expect(applied.amountMinor).toBeLessThanOrEqual(eligible);
          }
        },
      ),
    );
  });

  it('property: an automatic minimum-subtotal discount applies exactly when the subtotal reaches it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 60_000 }),
        (prices, minimum) => {
          const t = totals(
            prices.map((p) => line(p)),
            [{ ...tenFromFifty, minimumSubtotalMinor: minimum }],
          );
          const subtotal = prices.reduce((a, b) => a + b, 0);
          expect(t.appliedDiscounts.length === 1).toBe(subtotal >= minimum);
        },
      ),
    );
  });
});

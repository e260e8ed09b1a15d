import { describe, expect, it } from 'vitest';
import { cartTotals, includedTaxMinor } from './cart-totals.js';

describe('cartTotals', () => {
  it('R3.1.1 computes the 19% VAT included in a German gross price exactly in integers', () => {
    expect(includedTaxMinor(11900, 19)).toBe(1900);
    expect(includedTaxMinor(1000, 19)).toBe(160); // 159.66 rounds half up to 160
    expect(includedTaxMinor(0, 19)).toBe(0);
    const totals = cartTotals({
      lines: [{ unitPriceMinor: 2500, quantity: 2, productType: 1, weightGrams: 500 }],
      country: 'DE',
    });
    expect(totals.subtotalMinor).toBe(5000);
    expect(totals.shippingOptions.map((o) => o.id)).toEqual(['standard', 'express', 'free-from-50']);
    expect(totals.shippingCostMinor).toBe(490);
    expect(totals.grandTotalMinor).toBe(5490);
    expect(totals.taxMinor).toBe(includedTaxMinor(5490, 19));
    expect(totals.applicableTaxRules).toEqual([{ country: 'DE', ratePercent: 19, name: 'MwSt.' }]);
    expect(totals).toMatchObject({
      totalQuantity: 2,
      requiresShipping: true,
      hasDigital: false,
      purelyDigital: false,
    });
  });

  it('R3.1.1 weight-based and price-based shipping rates', () => {
    const heavy = cartTotals({
      lines: [{ unitPriceMinor: 1000, quantity: 3, productType: 1, weightGrams: 1000 }],
      country: 'DE',
    });
    expect(heavy.shippingOptions.find((o) => o.id === 'standard')!.costMinor).toBe(690);
    expect(heavy.shippingOptions.find((o) => o.id === 'free-from-50')!.costMinor).toBe(490);
    const big = cartTotals({
      lines: [{ unitPriceMinor: 6000, quantity: 1, productType: 1 }],
      country: 'DE',
      shippingOptionId: 'free-from-50',
    });
    expect(big.shippingCostMinor).toBe(0);
    expect(big.selectedShippingOption?.id).toBe('free-from-50');
  });

  it('R3.1.1 a purely digital cart needs no shipping', () => {
    const totals = cartTotals({
      lines: [{ unitPriceMinor: 999, quantity: 1, productType: 2 }],
      country: 'DE',
    });
    expect(totals).toMatchObject({
      hasDigital: true,
      purelyDigital: true,
      requiresShipping: false,
      shippingCostMinor: 0,
    });
    expect(totals.shippingOptions).toEqual([]);
  });

  it('R3.1.1 lists valid and invalid coupons and never discounts below zero', () => {
    const totals = cartTotals({
      lines: [{ unitPriceMinor: 2000, quantity: 1, productType: 2 }],
      country: 'DE',
      couponCodes: ['ZEHN', 'FALSCH', 'GROSS'],
      rules: {
        coupons: [
          { code: 'zehn', percentOff: 10 },
          { code: 'GROSS', amountOffMinor: 5000, minimumSubtotalMinor: 10000 },
        ],
      },
    });
    expect(totals.validCoupons).toEqual(['ZEHN']);
    expect(totals.invalidCoupons).toEqual(['FALSCH', 'GROSS']);
    expect(totals.discountMinor).toBe(200);
    expect(totals.grandTotalMinor).toBe(1800);
    const capped = cartTotals({
      lines: [{ unitPriceMinor: 300, quantity: 1, productType: 2 }],
      country: 'DE',
      couponCodes: ['X'],
      rules: { coupons: [{ code: 'X', amountOffMinor: 1000 }] },
    });
    expect(capped.grandTotalMinor).toBe(0);
  });
});

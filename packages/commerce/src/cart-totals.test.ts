import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals, includedTaxMinor, normaliseCode } from './cart-totals.js';

describe('cartTotals', () => {
  it('R3.1.1 computes the 19% VAT included in a German gross price exactly in integers', () => {
    expect(includedTaxMinor(11900, 19)).toBe(1900);
    expect(includedTaxMinor(1000, 19)).toBe(160); // 159.66 rounds half up to 160
    expect(includedTaxMinor(0, 19)).toBe(0);
    const totals = cartTotals({
      lines: [{ unitPriceMinor: 2400, quantity: 2, productType: 1, weightGrams: 500 }],
      country: 'DE',
    });
    expect(totals.subtotalMinor).toBe(4800);
    expect(totals.shippingOptions.map((o) => o.id)).toEqual(['standard', 'express']);
    expect(totals.shippingCostMinor).toBe(490);
    expect(totals.grandTotalMinor).toBe(5290);
    expect(totals.taxMinor).toBe(includedTaxMinor(5290, 19));
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
    const big = cartTotals({
      lines: [{ unitPriceMinor: 6000, quantity: 1, productType: 1 }],
      country: 'DE',
    });
    // Standard shipping is free from 50 €, and being the cheapest it is preselected.
    expect(big.shippingCostMinor).toBe(0);
    expect(big.selectedShippingOption?.id).toBe('standard');
  });

  it('the owner changing rates, zones or Kleinunternehmer shows at once, while an unchanged shop keeps its totals', () => {
    const lines = [{ unitPriceMinor: 2000, quantity: 1, productType: 1, taxClass: 'reduced' as const }];
    const zone = (priceMinor: number) => [
      {
        id: 'de',
        name: 'Deutschland',
        countries: ['DE'],
        rates: [{ id: 'paket', name: 'Paket', kind: 'flat' as const, priceMinor }],
      },
    ];
    const rules = { shippingZones: zone(500) };
    const before = cartTotals({ lines, country: 'DE', rules });
    expect(before).toMatchObject({ shippingCostMinor: 500, grandTotalMinor: 2500 });
    expect(before.vatLines.map((l) => l.ratePercent)).toEqual([7]);
    // The same rules again (the shop's memo hands the same object): the same answer.
    expect(cartTotals({ lines, country: 'DE', rules })).toEqual(before);
    // New settings come as new rules objects: each answer follows its own.
    const dearer = cartTotals({ lines, country: 'DE', rules: { shippingZones: zone(700) } });
    expect(dearer).toMatchObject({ shippingCostMinor: 700, grandTotalMinor: 2700 });
    const irishBooks = cartTotals({
      lines,
      country: 'IE',
      rules: { vat: { oss: true, countryRates: { IE: { reduced: 0 } } } },
    });
    expect(irishBooks.vatClassRates.reduced).toBe(0);
    const small = cartTotals({ lines, country: 'DE', rules: { ...rules, vat: { smallBusiness: true } } });
    expect(small).toMatchObject({ taxMinor: 0, vatLines: [] });
    expect(cartTotals({ lines, country: 'DE', rules })).toEqual(before);
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

  describe('Finding 5 (#18): one coupon cannot stack by changing its case', () => {
    const lines = [{ unitPriceMinor: 10000, quantity: 1, productType: 1 }];
    const coupons = [
      { code: 'SALE10', percentOff: 10 },
      { code: 'FUENF', amountOffMinor: 500 },
    ];

    it('SALE10, sale10, Sale10 and their width and space variants give 10 % once, not 100 %', () => {
      const totals = cartTotals({
        lines,
        country: 'DE',
        couponCodes: [
          'SALE10',
          'sale10',
          'Sale10',
          'sALE10',
          ' SALE10 ',
          'ＳＡＬＥ１０',
          'S\u200bALE10',
          'SA LE10',
        ],
        rules: { coupons },
      });
      expect(totals.discountMinor).toBe(1000);
      expect(totals.validCoupons).toEqual(['SALE10']);
      expect(totals.invalidCoupons).toEqual([]);
    });

    it('property: any list of case, width and space variants of one code discounts exactly once', () => {
      const variant = fc
        .array(fc.tuple(fc.boolean(), fc.constantFrom('', ' ', '\u00a0', '\u200b', '\ufeff')), {
          minLength: 6,
          maxLength: 6,
        })
        .chain((flags) =>
          fc.boolean().map((wide) =>
            [...'SALE10']
              .map((ch, i) => {
                const [lower, noise] = flags[i]!;
                const cased = lower ? ch.toLowerCase() : ch;
                // Full-width forms (U+FF01..) of the same letters and digits.
                const shown = wide ? String.fromCharCode(cased.charCodeAt(0) + 0xfee0) : cased;
                return `${noise}${shown}`;
              })
              .join(''),
          ),
        );
      fc.assert(
        fc.property(fc.array(variant, { minLength: 1, maxLength: 12 }), (codes) => {
          const totals = cartTotals({ lines, country: 'DE', couponCodes: codes, rules: { coupons } });
          return totals.discountMinor === 1000 && totals.validCoupons.length === 1;
        }),
        { numRuns: 300 },
      );
    });

    it('two different codes: only the first counts, unless the owner allows combining codes', () => {
      const single = cartTotals({
        lines,
        country: 'DE',
        couponCodes: ['sale10', 'fuenf'],
        rules: { coupons },
      });
      expect(single.discountMinor).toBe(1000);
      expect(single.validCoupons).toEqual(['SALE10']);
      expect(single.invalidCoupons).toEqual(['FUENF']);
      const combined = cartTotals({
        lines,
        country: 'DE',
        couponCodes: ['sale10', 'Sale10', 'fuenf', 'FUENF'],
        rules: { coupons, allowCombiningCoupons: true },
      });
      expect(combined.discountMinor).toBe(1500);
      expect(combined.validCoupons).toEqual(['SALE10', 'FUENF']);
    });

    it('codes are normalised once: compatibility forms, invisible characters and case fold to one form', () => {
      expect(normaliseCode(' ｓａｌｅ１０ ')).toBe('SALE10');
      expect(normaliseCode('sale\u00ad10\u200d')).toBe('SALE10');
      expect(normaliseCode('ﬁve')).toBe('FIVE');
      expect(normaliseCode(undefined)).toBe('');
      expect(normaliseCode({ toString: () => 'SALE10' })).toBe('');
    });
  });
});

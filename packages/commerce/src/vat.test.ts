import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals } from './cart-totals.js';
import { allocateMinor, includedVatMinor, rateOf, type TaxClass, VAT_NOTES, vatBreakdown } from './vat.js';
import { isVatIdFormatOf, vatIdProblem } from './vat-id.js';
import {
  countryRateRows,
  countryRatesOf,
  EU_VAT_RATES,
  euVatRatesOf,
  parseCountryRates,
} from './vat-rates.js';

const de = { shopCountry: 'DE' };

describe('VAT per rate', () => {
  it('§14 Abs. 4 Nr. 8 UStG: the contained VAT is the exact half-up rounding for any amount, small or huge', () => {
    // Exact integer arithmetic as the reference; the function takes a faster way for everyday amounts.
    const exact = (gross: number, rate: number) => {
      const d = 10000n + BigInt(rate);
      return Number((2n * BigInt(gross) * BigInt(rate) + d) / (2n * d));
    };
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 9_000_000_000_000 })),
        fc.integer({ min: 1, max: 3000 }),
        (gross, rate) => includedVatMinor(gross, rate) === exact(gross, rate),
      ),
      { numRuns: 20_000 },
    );
  });

  it('§14 Abs. 4 Nr. 8 UStG: VAT per rate, rounded half up once per rate, net + VAT = gross', () => {
    expect(includedVatMinor(11900, 1900)).toBe(1900);
    expect(includedVatMinor(1000, 1900)).toBe(160); // 159.66 → 160
    expect(includedVatMinor(1070, 700)).toBe(70);
    expect(includedVatMinor(10, 2550)).toBe(2); // 2.03 at 25.5 %
    const vat = vatBreakdown({
      goods: [
        { grossMinor: 2000, taxClass: 'standard' },
        { grossMinor: 1000, taxClass: 'reduced' },
        { grossMinor: 1190, taxClass: 'standard' },
      ],
      discountMinor: 0,
      shippingMinor: 0,
      settings: de,
      buyer: { country: 'DE' },
    });
    // The two 19 % lines are taxed together (3190 → 509.33 → 509), not one by one (319.33 + 190 = 509.33).
    expect(vat.lines).toEqual([
      {
        rateBasisPoints: 1900,
        ratePercent: 19,
        grossMinor: 3190,
        netMinor: 2681,
        vatMinor: 509,
        discountMinor: 0,
        shippingMinor: 0,
      },
      {
        rateBasisPoints: 700,
        ratePercent: 7,
        grossMinor: 1000,
        netMinor: 935,
        vatMinor: 65,
        discountMinor: 0,
        shippingMinor: 0,
      },
    ]);
    expect(vat.vatMinor).toBe(574);
  });

  it('§14 UStG: shipping is taxed in proportion to the goods of each rate (side service follows the goods)', () => {
    const vat = vatBreakdown({
      goods: [
        { grossMinor: 3000, taxClass: 'standard' },
        { grossMinor: 1000, taxClass: 'reduced' },
      ],
      discountMinor: 400,
      shippingMinor: 490,
      settings: de,
      buyer: { country: 'DE' },
    });
    // Discount 400 splits 300 / 100; shipping 490 splits by 2700 : 900 = 367.5 / 122.5 → 368 / 122.
    expect(vat.lines.map((l) => [l.ratePercent, l.grossMinor])).toEqual([
      [19, 2700 + 368],
      [7, 900 + 122],
    ]);
    expect(vat.payableMinor).toBe(4000 - 400 + 490);
  });

  it('§14 UStG: for any cart the rate lines add up exactly to what the buyer pays (property)', () => {
    const goods = fc.array(
      fc.record({
        grossMinor: fc.integer({ min: 0, max: 500_000 }),
        taxClass: fc.constantFrom<TaxClass>('standard', 'reduced', 'zero'),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(
        goods,
        fc.nat(100_000),
        fc.nat(5_000),
        fc.constantFrom('DE', 'AT', 'FI', 'DK', 'CH'),
        fc.boolean(),
        (g, d, shipping, country, oss) => {
          const total = g.reduce((a, x) => a + x.grossMinor, 0);
          const discount = Math.min(d, total);
          const vat = vatBreakdown({
            goods: g,
            discountMinor: discount,
            shippingMinor: shipping,
            settings: { ...de, oss },
            buyer: { country },
          });
          const lineSum = vat.lines.reduce((a, l) => a + l.grossMinor, 0);
          expect(lineSum).toBe(total - discount + shipping);
          for (const l of vat.lines) {
            expect(l.netMinor + l.vatMinor).toBe(l.grossMinor);
            expect(l.vatMinor).toBe(includedVatMinor(l.grossMinor, l.rateBasisPoints));
          }
          expect(vat.vatMinor).toBe(vat.lines.reduce((a, l) => a + l.vatMinor, 0));
        },
      ),
    );
  });

  it('splits an amount exactly by largest remainder', () => {
    expect(allocateMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateMinor(490, [2700, 900])).toEqual([368, 122]);
    expect(allocateMinor(5, [0, 0])).toEqual([0, 0]);
  });

  it('§19 UStG: a Kleinunternehmer charges and shows no VAT, with the note instead', () => {
    const totals = cartTotals({
      lines: [{ unitPriceMinor: 1190, quantity: 1, productType: 2 }],
      country: 'DE',
      rules: { vat: { smallBusiness: true } },
    });
    expect(totals.taxMinor).toBe(0);
    expect(totals.vatLines).toEqual([]);
    expect(totals.grandTotalMinor).toBe(1190);
    expect(totals.vatNote).toBe('Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.');
  });

  it('§3c UStG (OSS): consumers in another member state pay their VAT only when the owner turned OSS on', () => {
    const line = { unitPriceMinor: 1200, quantity: 1, productType: 2 };
    const withoutOss = cartTotals({ lines: [line], country: 'AT' });
    expect(withoutOss.vatLines.map((l) => l.ratePercent)).toEqual([19]);
    const withOss = cartTotals({ lines: [line], country: 'AT', rules: { vat: { oss: true } } });
    expect(withOss.vatLines).toEqual([
      {
        rateBasisPoints: 2000,
        ratePercent: 20,
        grossMinor: 1200,
        netMinor: 1000,
        vatMinor: 200,
        discountMinor: 0,
        shippingMinor: 0,
      },
    ]);
    expect(withOss.grandTotalMinor).toBe(1200);
    const reducedFinland = cartTotals({
      lines: [{ ...line, taxClass: 'reduced' }],
      country: 'FI',
      rules: { vat: { oss: true } },
    });
    expect(reducedFinland.vatLines[0].ratePercent).toBe(13.5);
    // Outside the EU the shop's own VAT stays (no export proof per parcel).
    expect(
      cartTotals({ lines: [line], country: 'CH', rules: { vat: { oss: true } } }).vatLines[0].ratePercent,
    ).toBe(19);
  });

  it('§4 Nr. 1b, §6a UStG: a business in another member state with its USt-IdNr. pays net, with the reverse-charge note', () => {
    const b2b = cartTotals({
      lines: [{ unitPriceMinor: 11900, quantity: 1, productType: 1, weightGrams: 100 }],
      country: 'AT',
      buyer: { company: 'Wiener Werkstatt GmbH', vatId: 'ATU 1234 5678' },
      rules: { shippingZones: [] },
    });
    expect(b2b.vatTreatment).toBe('reverse-charge');
    expect(b2b.taxMinor).toBe(0);
    expect(b2b.grandTotalMinor).toBe(10000);
    expect(b2b.vatNote).toBe(VAT_NOTES.reverseCharge);
    // A German business pays German VAT; a wrong number format is not reverse charge.
    const german = cartTotals({
      lines: [{ unitPriceMinor: 11900, quantity: 1, productType: 2 }],
      country: 'DE',
      buyer: { company: 'X GmbH', vatId: 'DE123456789' },
    });
    expect(german.taxMinor).toBe(1900);
    const wrong = cartTotals({
      lines: [{ unitPriceMinor: 11900, quantity: 1, productType: 2 }],
      country: 'AT',
      buyer: { company: 'X', vatId: 'DE123456789' },
    });
    expect(wrong.vatTreatment).toBe('domestic');
  });

  it('checks the USt-IdNr. format per member state with German messages', () => {
    expect(isVatIdFormatOf('DE123456789', 'DE')).toBe(true);
    expect(isVatIdFormatOf('DE12345678', 'DE')).toBe(false);
    expect(isVatIdFormatOf('EL123456789', 'GR')).toBe(true);
    expect(isVatIdFormatOf('NL123456789B01', 'NL')).toBe(true);
    expect(isVatIdFormatOf('FRXX123456789', 'FR')).toBe(true);
    expect(isVatIdFormatOf('ATU12345678', 'DE')).toBe(false);
    expect(vatIdProblem('DE1', 'DE', 'Firma')).toBe(
      'Diese USt-IdNr. hat nicht das Format des Lieferlandes (z. B. DE123456789).',
    );
    expect(vatIdProblem('DE123456789', 'DE', '')).toBe(
      'Bitte gib zur USt-IdNr. auch den Namen deines Unternehmens an.',
    );
    expect(vatIdProblem('', 'DE', '')).toBeNull();
  });

  it('§12 UStG: every member state has its standard and reduced rate in the one table', () => {
    expect(EU_VAT_RATES).toHaveLength(27);
    expect(euVatRatesOf('DE')).toMatchObject({ standard: 1900, reduced: 700 });
    expect(euVatRatesOf('EL')?.country).toBe('GR');
    for (const r of EU_VAT_RATES) expect(r.reduced).toBeLessThanOrEqual(r.standard);
    expect(rateOf('zero', 'DE')).toBe(0);
  });
});

describe("§ 3c UStG (OSS): the owner's rate per member state and tax class", () => {
  const oss = { shopCountry: 'DE', oss: true, countryRates: { IE: { reduced: 0 }, AT: { reduced: 2000 } } };

  it("takes the owner's rate for that class in that country over the table, and the table elsewhere", () => {
    expect(rateOf('reduced', 'IE', oss)).toBe(0);
    expect(rateOf('reduced', 'ie', oss)).toBe(0);
    expect(rateOf('standard', 'IE', oss)).toBe(2300);
    expect(rateOf('reduced', 'AT', oss)).toBe(2000);
    expect(rateOf('reduced', 'FR', oss)).toBe(550);
    expect(rateOf('reduced', 'IE')).toBe(1350);
  });

  it('the VAT breakdown and the cart totals use it, and say which rate each class took', () => {
    const vat = vatBreakdown({
      goods: [
        { grossMinor: 2000, taxClass: 'reduced' },
        { grossMinor: 2460, taxClass: 'standard' },
      ],
      discountMinor: 0,
      shippingMinor: 0,
      settings: oss,
      buyer: { country: 'IE' },
    });
    expect(vat.lines.map((l) => [l.ratePercent, l.grossMinor, l.vatMinor])).toEqual([
      [23, 2460, 460],
      [0, 2000, 0],
    ]);
    expect(vat.classRates).toEqual({ standard: 2300, reduced: 0, zero: 0 });
    // At home the German rates stay: the Irish override is Ireland's only.
    const home = vatBreakdown({
      ...{ goods: [{ grossMinor: 1070, taxClass: 'reduced' as TaxClass }] },
      discountMinor: 0,
      shippingMinor: 0,
      settings: oss,
      buyer: { country: 'DE' },
    });
    expect(home.lines.map((l) => l.ratePercent)).toEqual([7]);
  });

  it("reads the editor's rows with German messages per field, and stores only what makes sense", () => {
    expect(
      parseCountryRates([
        { country: 'ie', taxClass: 'reduced', ratePercent: '0' },
        { country: 'FR', taxClass: 'reduced', ratePercent: '2,1' },
      ]),
    ).toEqual({ ok: true, overrides: { IE: { reduced: 0 }, FR: { reduced: 210 } } });
    const refused = parseCountryRates([
      { country: 'CH', taxClass: 'reduced', ratePercent: 0 },
      { country: 'IT', taxClass: 'luxus', ratePercent: 0 },
      { country: 'IT', taxClass: 'reduced', ratePercent: '4.755' },
    ]);
    expect(refused).toEqual({
      ok: false,
      fields: {
        'rows.0.country': 'Bitte wähle einen Mitgliedstaat der EU.',
        'rows.1.taxClass': expect.stringContaining('Steuersatz'),
        'rows.2.ratePercent': expect.stringContaining('in Prozent'),
      },
    });
    expect(
      countryRatesOf({ IE: { reduced: 0, luxus: 5 }, US: { reduced: 0 }, FR: { reduced: 99999 } }),
    ).toEqual({
      IE: { reduced: 0 },
    });
    expect(countryRateRows({ IE: { reduced: 0 }, FR: { reduced: 210 } })).toEqual([
      { country: 'FR', taxClass: 'reduced', ratePercent: 2.1 },
      { country: 'IE', taxClass: 'reduced', ratePercent: 0 },
    ]);
  });
});

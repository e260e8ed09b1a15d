import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals } from './cart-totals.js';
import { ProductType } from './product-display.js';
import {
  chosenQuote,
  rateCost,
  type ShippingZone,
  shippingQuotes,
  type ZoneRate,
  zonesForCountry,
  zonesFromLegacyRates,
} from './shipping-zones.js';

const ZONES: ShippingZone[] = [
  {
    id: 'de',
    name: 'Deutschland',
    countries: ['DE'],
    rates: [
      { id: 'de-standard', name: 'Standardversand', kind: 'flat', priceMinor: 690, freeFromMinor: 5000 },
      { id: 'de-express', name: 'Expressversand', kind: 'flat', priceMinor: 1290, deliveryTime: '1 Werktag' },
    ],
  },
  {
    id: 'eu',
    name: 'EU',
    countries: ['AT', 'FR', 'NL'],
    rates: [
      {
        id: 'eu-paket',
        name: 'Paket EU',
        kind: 'weight',
        priceMinor: 0,
        brackets: [
          { upTo: 2000, priceMinor: 1290 },
          { upTo: 31500, priceMinor: 1990 },
        ],
        deliveryTime: '4–7 Werktage',
      },
    ],
  },
  {
    id: 'welt',
    name: 'Welt',
    countries: [],
    restOfWorld: true,
    rates: [{ id: 'welt', name: 'Weltversand', kind: 'flat', priceMinor: 3490 }],
  },
];

const line = (unitPriceMinor: number, weightGrams = 500, quantity = 1) => ({
  unitPriceMinor,
  quantity,
  productType: ProductType.PHYSICAL,
  weightGrams,
});

describe('shipping zones', () => {
  it('a 59,50 € cart in Germany preselects the free standard rate and totals 59,50 €', () => {
    const totals = cartTotals({ lines: [line(5950)], country: 'DE', rules: { shippingZones: ZONES } });
    expect(totals.selectedShippingOption).toMatchObject({ id: 'de-standard', costMinor: 0 });
    expect(totals.grandTotalMinor).toBe(5950);
  });

  it('below the free amount the standard rate costs its price and is called what it is', () => {
    const totals = cartTotals({ lines: [line(3000)], country: 'DE', rules: { shippingZones: ZONES } });
    expect(totals.shippingOptions).toEqual([
      { id: 'de-standard', name: 'Standardversand', costMinor: 690, deliveryTime: null },
      { id: 'de-express', name: 'Expressversand', costMinor: 1290, deliveryTime: '1 Werktag' },
    ]);
    expect(totals.grandTotalMinor).toBe(3690);
  });

  it('offers each country only the rates of its zone; others fall to the rest of the world', () => {
    const ids = (country: string) =>
      cartTotals({ lines: [line(3000)], country, rules: { shippingZones: ZONES } }).shippingOptions.map(
        (o) => o.id,
      );
    expect(ids('AT')).toEqual(['eu-paket']);
    expect(ids('CH')).toEqual(['welt']);
    expect(ids('de')).toEqual(['de-standard', 'de-express']);
  });

  it('a weight rate does not apply above its last bracket, a value rate by the subtotal', () => {
    const heavy = cartTotals({ lines: [line(3000, 40_000)], country: 'FR', rules: { shippingZones: ZONES } });
    expect(heavy.shippingOptions).toEqual([]);
    expect(heavy.selectedShippingOption).toBeNull();
    const byValue: ZoneRate = {
      id: 'wert',
      name: 'Nach Wert',
      kind: 'value',
      priceMinor: 0,
      brackets: [{ upTo: 1999, priceMinor: 590 }, { priceMinor: 390 }],
    };
    expect(rateCost(byValue, { subtotalMinor: 1999, weightGrams: 0 })).toBe(590);
    expect(rateCost(byValue, { subtotalMinor: 2000, weightGrams: 0 })).toBe(390);
  });

  it('a rate limited by order value is offered only within its bounds', () => {
    const rate: ZoneRate = {
      id: 'brief',
      name: 'Brief',
      kind: 'flat',
      priceMinor: 190,
      minMinor: 500,
      maxMinor: 2000,
    };
    expect(rateCost(rate, { subtotalMinor: 499, weightGrams: 0 })).toBeUndefined();
    expect(rateCost(rate, { subtotalMinor: 500, weightGrams: 0 })).toBe(190);
    expect(rateCost(rate, { subtotalMinor: 2001, weightGrams: 0 })).toBeUndefined();
  });

  it('a country named by a zone is not also served by the rest of the world', () => {
    expect(zonesForCountry(ZONES, 'NL').map((z) => z.id)).toEqual(['eu']);
  });

  it('options stored before zones keep their prices as the zone "Alle Länder"', () => {
    const zones = zonesFromLegacyRates([
      {
        id: 'standard',
        name: 'Standardversand',
        kind: 'weight',
        costMinor: 1490,
        tiers: [{ maxGrams: 2000, costMinor: 490 }],
      },
      { id: 'frei', name: 'Günstig', kind: 'price', costMinor: 390, freeFromMinor: 4000 },
    ]);
    expect(zones[0]).toMatchObject({ name: 'Alle Länder', restOfWorld: true });
    const quote = (subtotalMinor: number, weightGrams: number, country = 'CH') =>
      shippingQuotes(zones, { country, subtotalMinor, weightGrams }).map((q) => [q.id, q.costMinor]);
    expect(quote(1000, 1000)).toEqual([
      ['standard', 490],
      ['frei', 390],
    ]);
    expect(quote(1000, 5000)).toEqual([
      ['standard', 1490],
      ['frei', 390],
    ]);
    expect(quote(4000, 5000)).toEqual([
      ['standard', 1490],
      ['frei', 0],
    ]);
  });

  it('the defaults never offer a rate named free that costs money', () => {
    const small = cartTotals({ lines: [line(2000)], country: 'DE' });
    expect(small.shippingOptions.map((o) => o.name)).not.toContain('Versandkostenfrei ab 50 €');
    const big = cartTotals({ lines: [line(5950)], country: 'DE' });
    expect(big.selectedShippingOption).toMatchObject({ id: 'standard', costMinor: 0 });
    expect(big.grandTotalMinor).toBe(5950);
  });
});

// ---- property test: random carts, zones and rates -------------------------------------------------

const COUNTRIES = ['DE', 'AT', 'CH', 'FR', 'US'] as const;
const money = fc.integer({ min: 0, max: 20_000 });
const bracketsArb = fc
  .array(fc.record({ step: fc.integer({ min: 1, max: 20_000 }), priceMinor: money }), {
    minLength: 1,
    maxLength: 4,
  })
  .chain((steps) =>
    fc.boolean().map((open) => {
      let upTo = 0;
      const brackets = steps.map((s) => ({ upTo: (upTo += s.step), priceMinor: s.priceMinor }));
      return open ? [...brackets, { priceMinor: steps[0].priceMinor }] : brackets;
    }),
  );
const rateArb = (id: string) =>
  fc
    .record(
      {
        kind: fc.constantFrom('flat', 'weight', 'value') as fc.Arbitrary<ZoneRate['kind']>,
        priceMinor: money,
        brackets: bracketsArb,
        freeFromMinor: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: undefined }),
        minMinor: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
        maxMinor: fc.option(fc.integer({ min: 0, max: 40_000 }), { nil: undefined }),
      },
      { requiredKeys: ['kind', 'priceMinor', 'brackets'] },
    )
    .map((r): ZoneRate => ({ id, name: `Tarif ${id}`, ...r }));
const zonesArb = fc
  .array(
    fc.record({
      countries: fc.subarray([...COUNTRIES]),
      restOfWorld: fc.boolean(),
      rateCount: fc.integer({ min: 0, max: 4 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .chain((specs) => {
    const taken = new Set<string>();
    return fc.tuple(
      ...specs.map((spec, z) => {
        // A country belongs to one zone, as the editor enforces.
        const countries = spec.countries.filter((c) => !taken.has(c));
        for (const c of countries) taken.add(c);
        return fc.tuple(...Array.from({ length: spec.rateCount }, (_, r) => rateArb(`z${z}r${r}`))).map(
          (rates): ShippingZone => ({
            id: `z${z}`,
            name: `Zone ${z}`,
            countries,
            restOfWorld: spec.restOfWorld,
            rates,
          }),
        );
      }),
    );
  });
const cartArb = fc.array(
  fc.record({
    unitPriceMinor: fc.integer({ min: 0, max: 15_000 }),
    quantity: fc.integer({ min: 1, max: 5 }),
    productType: fc.constantFrom(ProductType.PHYSICAL, ProductType.DIGITAL),
    weightGrams: fc.integer({ min: 0, max: 12_000 }),
  }),
  { minLength: 1, maxLength: 5 },
);

describe('shipping zones – property', () => {
  it('offers only applicable rates, preselects the cheapest, and the order keeps the shown cost', () => {
    fc.assert(
      fc.property(
        zonesArb,
        cartArb,
        fc.constantFrom(...COUNTRIES),
        fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
        (zones, lines, country, randomChoice) => {
          const rules = { shippingZones: zones };
          const shown = cartTotals({ lines, country, rules });
          const subtotalMinor = lines.reduce((s, l) => s + l.unitPriceMinor * l.quantity, 0);
          const weightGrams = lines
            .filter((l) => l.productType === ProductType.PHYSICAL)
            .reduce((s, l) => s + l.weightGrams * l.quantity, 0);
          const served = zonesForCountry(zones, country);
          // Every offered rate belongs to a zone serving the country and applies to this cart at its cost.
          for (const option of shown.shippingOptions) {
            const rate = served.flatMap((z) => z.rates).find((r) => r.id === option.id);
            expect(rate).toBeDefined();
            expect(rateCost(rate!, { subtotalMinor, weightGrams })).toBe(option.costMinor);
          }
          // And every applicable rate of those zones is offered.
          if (shown.requiresShipping) {
            const applicable = served
              .flatMap((z) => z.rates)
              .filter((r) => rateCost(r, { subtotalMinor, weightGrams }) !== undefined);
            expect(shown.shippingOptions.map((o) => o.id)).toEqual(applicable.map((r) => r.id));
          } else {
            expect(shown.shippingOptions).toEqual([]);
          }
          // The preselected rate is the cheapest offered one.
          const cheapest = Math.min(...shown.shippingOptions.map((o) => o.costMinor));
          if (shown.shippingOptions.length > 0)
            expect(shown.selectedShippingOption?.costMinor).toBe(cheapest);
          else expect(shown.selectedShippingOption).toBeNull();
          // The shopper picks any shown option (or sends a stale id): the order, recomputed, costs what was shown.
          const picks = [...shown.shippingOptions.map((o) => o.id), randomChoice];
          for (const pick of picks) {
            const seenFor = cartTotals({ lines, country, rules, shippingOptionId: pick });
            const order = cartTotals({
              lines,
              country,
              rules,
              shippingOptionId: seenFor.selectedShippingOption?.id,
            });
            expect(order.shippingCostMinor).toBe(seenFor.shippingCostMinor);
            expect(order.grandTotalMinor).toBe(seenFor.grandTotalMinor);
            expect(seenFor.grandTotalMinor).toBe(
              seenFor.subtotalMinor - seenFor.discountMinor + seenFor.shippingCostMinor,
            );
            const offered = shown.shippingOptions.find((o) => o.id === pick);
            if (offered) expect(seenFor.shippingCostMinor).toBe(offered.costMinor);
          }
          expect(chosenQuote(shown.shippingOptions)?.costMinor ?? 0).toBe(shown.shippingCostMinor);
        },
      ),
      { numRuns: 400 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lowestPriorPriceMinor,
  REFERENCE_PERIOD_MS,
  unitPriceMinor,
  unitPriceText,
  validUnitContent,
  vatPriceNote,
} from './price-notes.js';

const DAY = 86_400_000;

describe('§ 4 PAngV: the Grundpreis next to the price', () => {
  it('quotes 500 g coffee for 12,90 € as 25,80 € per 1 kg', () => {
    expect(unitPriceMinor(1290, { amount: 500, unit: 'g' })).toEqual({ minor: 2580, base: 'kg' });
    expect(unitPriceText(1290, { amount: 500, unit: 'g' }, 'EUR', 'de-DE')).toBe(
      '500 g (25,80\u00a0€ / 1 kg)',
    );
  });

  it('quotes volume per 1 l, length per 1 m and area per 1 m², with decimal contents', () => {
    expect(unitPriceText(899, { amount: 0.75, unit: 'l' }, 'EUR', 'de-DE')).toBe(
      '0,75 l (11,99\u00a0€ / 1 l)',
    );
    expect(unitPriceMinor(250, { amount: 330, unit: 'ml' })).toEqual({ minor: 758, base: 'l' });
    expect(unitPriceMinor(1500, { amount: 250, unit: 'cm' })).toEqual({ minor: 600, base: 'm' });
    expect(unitPriceMinor(4999, { amount: 2.5, unit: 'm2' })).toEqual({ minor: 2000, base: 'm²' });
  });

  it('rounds half up in integers, never through a float', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (price, grams) => {
          const { minor } = unitPriceMinor(price, { amount: grams, unit: 'g' })!;
          expect(Number.isInteger(minor)).toBe(true);
          // Exact: |minor − price·1000/grams| ≤ ½, in integers.
          expect(Math.abs(2 * minor * grams - 2 * price * 1000)).toBeLessThanOrEqual(grams);
        },
      ),
    );
  });

  it('shows none for goods sold by the piece or an unknown unit', () => {
    expect(unitPriceText(1000, undefined, 'EUR', 'de-DE')).toBeUndefined();
    expect(validUnitContent({ amount: 0, unit: 'g' })).toBeUndefined();
    expect(validUnitContent({ amount: 3, unit: 'Stück' })).toBeUndefined();
  });
});

describe('§ 1 PAngV: the VAT note', () => {
  it('says "inkl. MwSt.", or the § 19 UStG note for a Kleinunternehmer', () => {
    expect(vatPriceNote(false)).toBe('inkl. MwSt.');
    expect(vatPriceNote(true)).toContain('§ 19 UStG');
  });
});

describe('§ 11 PAngV: the lowest price of the 30 days before a reduction', () => {
  const t0 = Date.UTC(2025, 0, 1);
  it('names the lowest price in force during the 30 days before the reduction began', () => {
    const history = [
      { validFrom: t0, priceMinor: 2000 },
      { validFrom: t0 + 40 * DAY, priceMinor: 1800 }, // 20 days before the sale
      { validFrom: t0 + 50 * DAY, priceMinor: 1900 },
      { validFrom: t0 + 60 * DAY, priceMinor: 1500 }, // the sale
    ];
    expect(lowestPriorPriceMinor(history, 1500)).toBe(1800);
  });

  it('does not count a price that ended before the 30 days began', () => {
    const history = [
      { validFrom: t0, priceMinor: 1000 },
      { validFrom: t0 + DAY, priceMinor: 2000 },
      { validFrom: t0 + DAY + REFERENCE_PERIOD_MS + DAY, priceMinor: 1500 },
    ];
    expect(lowestPriorPriceMinor(history, 1500)).toBe(2000);
  });

  it('gives no reference (so no struck price) without a history, or when nothing before was dearer', () => {
    expect(lowestPriorPriceMinor([], 990)).toBeUndefined();
    expect(lowestPriorPriceMinor([{ validFrom: t0, priceMinor: 990 }], 990)).toBeUndefined();
    // The history does not show the reduced price in force: the shop cannot say since when it applies.
    expect(lowestPriorPriceMinor([{ validFrom: t0, priceMinor: 1490 }], 990)).toBeUndefined();
    expect(
      lowestPriorPriceMinor(
        [
          { validFrom: t0, priceMinor: 800 },
          { validFrom: t0 + DAY, priceMinor: 990 },
        ],
        990,
      ),
    ).toBeUndefined();
  });
});

describe('§ 11 Abs. 2 PAngV: a reduction in steps keeps the reference of its first step', () => {
  const t0 = Date.UTC(2025, 0, 1);
  const at = (day: number, priceMinor: number) => ({ validFrom: t0 + day * DAY, priceMinor });

  it('30 → 25 → 20 €: the reference stays 30 €, the lowest price before the first step, not the 25 € step', () => {
    const history = [at(0, 3000), at(60, 2500), at(70, 2000)];
    expect(lowestPriorPriceMinor(history, 2000, 3000)).toBe(3000);
    // Read without the normal price, each step is a reduction of its own (§ 11 Abs. 1): the 25 € step.
    expect(lowestPriorPriceMinor(history, 2000)).toBe(2500);
  });

  it('counts the 30 days before the first step however long the reduction has run since', () => {
    const history = [at(0, 1800), at(20, 3000), at(60, 2500), at(100, 2200), at(140, 1900)];
    // 30 days before day 60: 1800 € ended on day 20, before the window began; 30 € was the price.
    expect(lowestPriorPriceMinor(history, 1900, 3000)).toBe(3000);
  });

  it('a return to the normal price interrupts it: the next reduction starts anew, and the earlier one counts in its window', () => {
    const history = [at(0, 3000), at(40, 2500), at(50, 3000), at(60, 2000)];
    expect(lowestPriorPriceMinor(history, 2000, 3000)).toBe(2500);
    // Interrupted long enough ago, only the normal price lies in the 30 days before the new reduction.
    const later = [at(0, 3000), at(10, 2500), at(20, 3000), at(60, 2000)];
    expect(lowestPriorPriceMinor(later, 2000, 3000)).toBe(3000);
  });

  it('a step back up is no uninterrupted reduction either: it starts again from that step', () => {
    const history = [at(0, 3000), at(40, 2000), at(50, 2500), at(60, 1500)];
    // The reduction counts from the 25 € step (day 50); in the 30 days before it 20 € applied.
    expect(lowestPriorPriceMinor(history, 1500, 3000)).toBe(2000);
  });

  it('a lowered normal price before the reduction is no step of it', () => {
    // The normal price went from 35 € to 30 € on day 20; the sale began on day 60 with 25 €, then 20 €.
    const history = [at(0, 3500), at(20, 3000), at(60, 2500), at(70, 2000)];
    expect(lowestPriorPriceMinor(history, 2000, 3000)).toBe(3000);
  });

  it('still strikes nothing when even the first step has no dearer price before it', () => {
    expect(lowestPriorPriceMinor([at(0, 2500), at(10, 2000)], 2000, 3000)).toBeUndefined();
  });
});

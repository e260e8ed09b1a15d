import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INSTALMENT_COUNT,
  instalmentAmounts,
  instalmentLanguage,
  instalmentProvider,
  instalmentTeaserState,
  instalmentTeaserText,
  isInstalmentEligible,
  showsInstalmentTeaser,
} from './instalments.js';

const physical = { productType: 1, variants: [{ unlimited: true }] };
const context = {
  afterPayAvailable: true,
  afterPayMin: 100,
  afterPayMax: 200000,
  stripeAccountCountry: 'US',
};

describe('instalment eligibility', () => {
  it('R5.6.1 a price equal to the minimum is not eligible, one cent above is', () => {
    expect(isInstalmentEligible(physical, 100, context)).toBe(false);
    expect(isInstalmentEligible(physical, 101, context)).toBe(true);
  });

  it('R5.6.2 R4.4.1 a price equal to the maximum is eligible, one cent above is out of range', () => {
    expect(isInstalmentEligible(physical, 200000, context)).toBe(true);
    expect(isInstalmentEligible(physical, 200001, context)).toBe(false);
    expect(instalmentTeaserState(200001, context)).toBe('out-of-range');
    expect(instalmentTeaserState(5000, context)).toBe('in-range');
  });

  it.each([
    ['R5.6.3 digital', { productType: 2 }, context, false],
    ['R5.6.3 service', { productType: 3 }, context, false],
    ['R5.6.3 gift card', { productType: 4 }, context, false],
    ['R5.6.4 subscribable physical', { ...physical, isSubscribable: true }, context, false],
    ['R5.6.5 feature unavailable', physical, { ...context, afterPayAvailable: false }, false],
    ['R5.6.5 no context', physical, null, false],
    ['R5.6.3 physical', physical, context, true],
  ] as const)('%s', (_, product, ctx, shown) => {
    expect(showsInstalmentTeaser(product, ctx)).toBe(shown);
  });
});

describe('instalment provider and wording', () => {
  it.each([
    ['US', 'afterpay'],
    ['CA', 'afterpay'],
    ['AU', 'afterpay'],
    ['NZ', 'afterpay'],
    ['GB', 'clearpay'],
    ['uk', 'clearpay'],
    ['DE', 'klarna'],
    [null, 'klarna'],
  ] as const)('R5.6.6 R5.6.7 R1.4.3 %s uses %s', (country, provider) => {
    expect(instalmentProvider(country)).toBe(provider);
  });

  it('R5.6.8 the provider pages exist in en and fr', () => {
    expect(instalmentLanguage('fr-CA')).toBe('fr');
    expect(instalmentLanguage('en-GB')).toBe('en');
    expect(instalmentLanguage('de')).toBe('en');
    expect(instalmentLanguage(undefined)).toBe('en');
  });

  it('R1.4.2 R9.1.6 four interest-free payments by default, named in the teaser', () => {
    expect(DEFAULT_INSTALMENT_COUNT).toBe(4);
    expect(instalmentAmounts(1001)).toEqual([251, 250, 250, 250]);
    expect(instalmentTeaserText('clearpay', '2,51 £')).toBe(
      'oder 4 zinsfreie Zahlungen à 2,51 £ mit Clearpay',
    );
  });

  it('R1.4.2 instalments always add up to the price exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.integer({ min: 1, max: 12 }), (price, count) => {
        const amounts = instalmentAmounts(price, count);
        expect(amounts).toHaveLength(count);
        expect(amounts.reduce((a, b) => a + b, 0)).toBe(price);
        expect(amounts.every((a) => Number.isInteger(a) && a >= 0)).toBe(true);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { subscriptionPlanPhrase } from './subscription.js';
import {
  cheapestVariant,
  GERMAN_SUBSCRIPTION_UNAVAILABLE_TEXT,
  germanPerPeriodPhrase,
  germanSubscriptionPlanPhrase,
  planDuration,
  subscriptionPriceStringKey,
  subscriptionPriceText,
  subscriptionPricingOptions,
} from './subscription-pricing.js';

const plan = (unit: string, value: number, numBillingCycles?: unknown) => ({
  billingPeriod: { unit, value },
  numBillingCycles: numBillingCycles as number,
});

describe('plan duration', () => {
  it('R9.3.5 multiplies the billing period by the number of cycles', () => {
    expect(planDuration(plan('WEEK', 2, 6))).toEqual({ value: 12, unit: 'WEEK' });
    expect(planDuration(plan('MONTH', 2, 7))).toEqual({ value: 14, unit: 'MONTH' });
    expect(planDuration(plan('WEEK', 5, '3'))).toEqual({ value: 15, unit: 'WEEK' });
  });

  it('R9.3.1 R9.3.2 R9.3.6 says whole years in years (52 weeks, 12 months)', () => {
    expect(planDuration(plan('WEEK', 2, 26))).toEqual({ value: 1, unit: 'YEAR' });
    expect(planDuration(plan('MONTH', 1, 36))).toEqual({ value: 3, unit: 'YEAR' });
    expect(planDuration(plan('YEAR', 1, 2))).toEqual({ value: 2, unit: 'YEAR' });
  });

  it('R3.8.1 an open-ended plan or one without a billing period has no duration', () => {
    expect(planDuration(plan('WEEK', 1, 0))).toBeNull();
    expect(planDuration(plan('WEEK', 1))).toBeNull();
    expect(planDuration({ numBillingCycles: 3 })).toBeNull();
    expect(planDuration(null)).toBeNull();
  });
});

describe('subscription pricing options', () => {
  const option = (value: string) => ({ priceMoney: { value, currency: 'USD' } });
  const product = {
    structuredContent: {
      productType: 1,
      variants: [
        { priceMoney: { value: '10' }, pricingOptions: [option('9')] },
        {
          priceMoney: { value: '20' },
          onSale: true,
          salePriceMoney: { value: '5' },
          pricingOptions: [option('4')],
        },
        { priceMoney: { value: '5' }, pricingOptions: [option('4.50')] },
      ],
    },
  };

  it('R4.7.14 quotes the options of the variant a shopper pays least for, the first on a tie', () => {
    expect(cheapestVariant(product)?.pricingOptions).toEqual([option('4')]);
    expect(subscriptionPricingOptions(product)).toEqual([option('4')]);
  });

  it('R3.6.1 has no options for variants without pricingOptions or for digital products', () => {
    expect(subscriptionPricingOptions({ structuredContent: { productType: 1, variants: [{}] } })).toEqual([]);
    expect(subscriptionPricingOptions({ structuredContent: { productType: 2 } })).toEqual([]);
    expect(cheapestVariant({ structuredContent: { productType: 2 } })).toBeUndefined();
  });
});

describe('German price phrases of a German storefront', () => {
  it('R9.3.3 pro Woche, pro Monat, pro Jahr', () => {
    expect((['WEEK', 'MONTH', 'YEAR'] as const).map(germanPerPeriodPhrase)).toEqual([
      'pro Woche',
      'pro Monat',
      'pro Jahr',
    ]);
  });

  it.each([
    [plan('WEEK', 1), 'jede Woche'],
    [plan('MONTH', 1), 'jeden Monat'],
    [plan('YEAR', 1), 'jedes Jahr'],
    [plan('WEEK', 2), 'alle 2 Wochen'],
    [plan('MONTH', 3), 'alle 3 Monate'],
    [plan('YEAR', 2), 'alle 2 Jahre'],
    [plan('MONTH', 1, 0), 'jeden Monat'],
  ])('R9.3.4 open-ended %j reads %s', (p, phrase) => {
    expect(germanSubscriptionPlanPhrase(p)).toBe(phrase);
  });

  it.each([
    [plan('WEEK', 1, 6), 'jede Woche für 6 Wochen'],
    [plan('WEEK', 1, 1), 'jede Woche für 1 Woche'],
    [plan('MONTH', 2, 4), 'alle 2 Monate für 8 Monate'],
    [plan('MONTH', 1, 1), 'jeden Monat für 1 Monat'],
    [plan('YEAR', 1, 4), 'jedes Jahr für 4 Jahre'],
  ])('R9.3.5 finite %j reads %s', (p, phrase) => {
    expect(germanSubscriptionPlanPhrase(p)).toBe(phrase);
  });

  it.each([
    [plan('WEEK', 2, 26), 'alle 2 Wochen für 1 Jahr'],
    [plan('MONTH', 1, 12), 'jeden Monat für 1 Jahr'],
    [plan('MONTH', 1, 36), 'jeden Monat für 3 Jahre'],
  ])('R9.3.1 R9.3.2 R9.3.6 whole years %j read %s', (p, phrase) => {
    expect(germanSubscriptionPlanPhrase(p)).toBe(phrase);
  });

  it('R8.8.4 a missing period reads Nicht verfügbar; the English phrases stay for the template formatters', () => {
    expect(germanSubscriptionPlanPhrase(undefined)).toBe(GERMAN_SUBSCRIPTION_UNAVAILABLE_TEXT);
    expect(germanSubscriptionPlanPhrase({ billingPeriod: { unit: 'DAY', value: 1 } })).toBe(
      'Nicht verfügbar',
    );
    expect(subscriptionPlanPhrase(plan('MONTH', 1, 12))).toBe('every month for 1 year');
  });
});

describe('a site’s own subscription price texts', () => {
  it('R9.3.4 R9.3.5 R9.3.6 names the text of a plan shape as the template formatters do', () => {
    expect(subscriptionPriceStringKey(false, { value: 1, unit: 'MONTH' }, null)).toBe(
      'productPrice__singlePrice__1Monthly__indefinite',
    );
    expect(subscriptionPriceStringKey(true, { value: 2, unit: 'WEEK' }, { value: 1, unit: 'YEAR' })).toBe(
      'productPrice__multiplePrices__nWeekly__limited__1Years',
    );
    expect(subscriptionPriceStringKey(false, { value: 1, unit: 'WEEK' }, { value: 8, unit: 'WEEK' })).toBe(
      'productPrice__singlePrice__1Weekly__limited__nWeeks',
    );
    expect(subscriptionPriceStringKey(false, { value: 3, unit: 'YEAR' }, null)).toBe(
      'productPrice__singlePrice__nYearly__indefinite',
    );
  });

  it('R9.3.4 R9.3.5 fills price, billing period and duration; unknown placeholders stay', () => {
    const period = { value: 2, unit: 'WEEK' } as const;
    expect(
      subscriptionPriceText(
        '{price} alle {billingPeriodValue} Wochen, {duration} Wochen lang',
        '9,90 €',
        period,
        { value: 12, unit: 'WEEK' },
      ),
    ).toBe('9,90 € alle 2 Wochen, 12 Wochen lang');
    expect(
      subscriptionPriceText('ab {fromPrice} / {billingPeriodValue} Wo. {oops}', '$5', period, null),
    ).toBe('ab $5 / 2 Wo. {oops}');
  });
});

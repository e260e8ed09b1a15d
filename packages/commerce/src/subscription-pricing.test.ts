import { describe, expect, it } from 'vitest';
import { cheapestVariant, planDuration, subscriptionPricingOptions } from './subscription-pricing.js';

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

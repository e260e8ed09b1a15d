import { describe, expect, it } from 'vitest';
import { productPriceFormatters } from './product-price.js';
import { subscriptionPrice, subscriptionPriceTextKey } from './subscription-price.js';
import { fakeScope } from './test-scope.js';

const usd = (value: string) => ({ value, currency: 'USD' });
const subscribable = (plan: object | undefined, ...variants: object[]) => ({
  structuredContent: { productType: 1, isSubscribable: true, subscriptionPlan: plan, variants },
});
const plan = (unit: string, value: number, numBillingCycles?: number) => ({
  billingPeriod: { unit, value },
  numBillingCycles,
});
const price = (item: unknown, root: object = {}) =>
  productPriceFormatters['product-price'](item, [], fakeScope(root), []) as string;

describe('product-price of a subscribable product', () => {
  it('R9.3.4 follows every price with the billing period', () => {
    expect(price(subscribable(plan('MONTH', 2), { priceMoney: usd('9') }))).toContain(
      '<span class="sqs-money-native">9.00</span> every 2 months',
    );
  });

  it('R9.3.5 R9.3.6 adds the plan length, in years when whole years', () => {
    expect(price(subscribable(plan('WEEK', 2, 6), { priceMoney: usd('9') }))).toContain(
      'every 2 weeks for 12 weeks',
    );
    expect(price(subscribable(plan('WEEK', 2, 26), { priceMoney: usd('9') }))).toContain(
      'every 2 weeks for 1 year',
    );
    expect(price(subscribable(plan('MONTH', 1, 36), { priceMoney: usd('9') }))).toContain(
      'every month for 3 years',
    );
  });

  it('R4.7.11 R4.7.14 quotes the from price or the sale price with the plan phrase on both prices', () => {
    const from = subscribable(plan('WEEK', 1), { priceMoney: usd('9') }, { priceMoney: usd('4') });
    expect(price(from)).toContain('from <span class="sqs-money-native">4.00</span> every week');
    const sale = subscribable(plan('WEEK', 1, 6), {
      priceMoney: usd('9'),
      onSale: true,
      salePriceMoney: usd('5'),
    });
    const html = price(sale);
    expect(html).toContain('<span class="sqs-money-native">5.00</span> every week for 6 weeks <span');
    expect(html).toContain(
      '<span class="original-price"><span class="sqs-money-native">9.00</span> every week for 6',
    );
  });

  it('R8.8.4 shows Unavailable (or its translation) without a usable billing period', () => {
    expect(price(subscribable(undefined, { priceMoney: usd('9') }))).toBe(
      '<div class="product-price">\nUnavailable\n\n</div>',
    );
    const root = { localizedStrings: { productPriceUnavailable: 'Nicht verfügbar' } };
    expect(price(subscribable(plan('DAY', 1), { priceMoney: usd('9') }), root)).toContain('Nicht verfügbar');
  });

  it('R9.3.5 uses the site translation for the plan shape, with period and duration filled in', () => {
    expect(subscriptionPriceTextKey(true, { value: 2, unit: 'WEEK' }, { value: 1, unit: 'YEAR' })).toBe(
      'productPrice__multiplePrices__nWeekly__limited__1Years',
    );
    expect(subscriptionPriceTextKey(false, { value: 1, unit: 'MONTH' }, null)).toBe(
      'productPrice__singlePrice__1Monthly__indefinite',
    );
    const root = {
      localizedStrings: {
        productPrice__singlePrice__nWeekly__limited__nWeeks:
          '{price} alle {billingPeriodValue} Wochen, {duration} Wochen lang',
      },
    };
    expect(price(subscribable(plan('WEEK', 3, 4), { priceMoney: usd('9') }), root)).toContain(
      '<span class="sqs-money-native">9.00</span> alle 3 Wochen, 12 Wochen lang',
    );
  });
});

describe('subscription-price', () => {
  const option = (value: string, sale?: string) => ({
    priceMoney: usd(value),
    ...(sale ? { onSale: true, salePriceMoney: usd(sale) } : {}),
  });
  const run = (item: unknown) => subscriptionPrice(item, [], fakeScope({}), []) as string;
  const product = (...variants: object[]) => ({ structuredContent: { productType: 1, variants } });

  it('R4.7.15 shows the first pricing option of the only variant', () => {
    expect(run(product({ priceMoney: usd('50'), pricingOptions: [option('45'), option('40')] }))).toBe(
      '<div class="subscription-price">\n<span class="sqs-money-native">45.00</span>\n</div>',
    );
  });

  it('R4.7.11 quotes from the cheapest variant when variant prices differ', () => {
    const html = run(
      product(
        { priceMoney: usd('30'), pricingOptions: [option('27')] },
        { priceMoney: usd('10'), pricingOptions: [option('9')] },
      ),
    );
    expect(html).toContain('from <span class="sqs-money-native">9.00</span>');
  });

  it('R4.7.14 shows an on-sale option with its original price struck', () => {
    const html = run(product({ priceMoney: usd('50'), pricingOptions: [option('22.50', '15')] }));
    expect(html).toContain('Sale Price:</span><span class="sqs-money-native">15.00</span>');
    expect(html).toContain('<span class="original-price"><span class="sqs-money-native">22.50</span></span>');
  });

  it('R3.6.1 is an empty block without pricing options', () => {
    expect(run(product({ priceMoney: usd('50') }))).toBe('<div class="subscription-price">\n\n</div>');
  });
});

// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { coffeeItem, itemContext, purchaseProps, variantContext } from './fixtures.js';
import { ProductPurchase } from './product-purchase.js';
import { chooseOption } from './test-helpers.js';

/* The subscription price a German storefront shows in the product island: price plus German plan phrase. */

afterEach(cleanup);

/** Intl puts a no-break space between amount and symbol. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');
const shownPrice = (container: HTMLElement) =>
  plain(container.querySelector('.product-purchase__price-current')?.textContent);

const subscription = (plan: Record<string, unknown>, prices: [number, number] = [990, 990]) =>
  itemContext('tee-abo', 'Tee-Abo', {
    isSubscribable: true,
    subscriptionPlan: plan,
    productSubscriptionOptions: [{ id: 'abo-tee' }],
    variantOptionOrdering: ['Sorte'],
    variants: [
      variantContext('TEE-GRUEN', { Sorte: 'Grün' }, prices[0], 0, { unlimited: true }),
      variantContext('TEE-SCHWARZ', { Sorte: 'Schwarz' }, prices[1], 0, { unlimited: true }),
    ],
  });

describe('subscription price phrases in the product island', () => {
  it('R1.2.4 R9.3.2 R9.3.6 shows the price with “jeden Monat für 1 Jahr”, before and after a choice', () => {
    const { container } = render(<ProductPurchase {...purchaseProps(coffeeItem)} />);
    expect(shownPrice(container)).toBe('19,90 € jeden Monat für 1 Jahr');
    chooseOption('Mahlgrad', 'Filter');
    expect(shownPrice(container)).toBe('19,90 € jeden Monat für 1 Jahr');
  });

  it('R9.3.4 R9.3.5 every N weeks for N weeks, and the from price of varied prices', () => {
    const { container } = render(
      <ProductPurchase
        {...purchaseProps(
          subscription({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 3 }, [990, 1290]),
        )}
      />,
    );
    expect(shownPrice(container)).toBe('ab 9,90 € alle 2 Wochen für 6 Wochen');
    chooseOption('Sorte', 'Schwarz');
    expect(shownPrice(container)).toBe('12,90 € alle 2 Wochen für 6 Wochen');
  });

  it('R9.3.4 an open-ended plan has no duration: “alle 3 Monate”', () => {
    const { container } = render(
      <ProductPurchase {...purchaseProps(subscription({ billingPeriod: { value: 3, unit: 'MONTH' } }))} />,
    );
    expect(shownPrice(container)).toBe('9,90 € alle 3 Monate');
  });

  it('R8.8.4 a plan without a usable billing period shows “Nicht verfügbar” instead of a price', () => {
    const { container } = render(
      <ProductPurchase {...purchaseProps(subscription({ billingPeriod: { value: 1, unit: 'DAY' } }))} />,
    );
    expect(shownPrice(container)).toBe('Nicht verfügbar');
  });
});

describe('the site’s own subscription price texts (localizedStrings)', () => {
  const shownVariantPrice = (container: HTMLElement, option: string, value: string) => {
    chooseOption(option, value);
    return shownPrice(container);
  };

  it('R9.3.2 R9.3.6 the text for the plan shape replaces price and phrase, before and after a choice', () => {
    const { container } = render(
      <ProductPurchase
        {...purchaseProps(coffeeItem, {
          localizedStrings: {
            productPrice__singlePrice__1Monthly__limited__1Years: '{price} monatlich, {duration} Jahr lang',
          },
        })}
      />,
    );
    expect(shownPrice(container)).toBe('19,90 € monatlich, 1 Jahr lang');
    expect(shownVariantPrice(container, 'Mahlgrad', 'Filter')).toBe('19,90 € monatlich, 1 Jahr lang');
  });

  it('R9.3.4 R9.3.5 R4.7.11 varied prices: the multiplePrices text before a choice, singlePrice after', () => {
    const item = subscription(
      { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 3 },
      [990, 1290],
    );
    const { container } = render(
      <ProductPurchase
        {...purchaseProps(item, {
          localizedStrings: {
            productPrice__multiplePrices__nWeekly__limited__nWeeks:
              'schon ab {fromPrice} je {billingPeriodValue} Wochen ({duration} Wochen)',
            productPrice__singlePrice__nWeekly__limited__nWeeks: '{price} je {billingPeriodValue} Wochen',
          },
        })}
      />,
    );
    expect(shownPrice(container)).toBe('schon ab 9,90 € je 2 Wochen (6 Wochen)');
    expect(shownVariantPrice(container, 'Sorte', 'Schwarz')).toBe('12,90 € je 2 Wochen');
  });

  it('R9.3.4 a text for another plan shape changes nothing: the German phrase stays', () => {
    const { container } = render(
      <ProductPurchase
        {...purchaseProps(subscription({ billingPeriod: { value: 3, unit: 'MONTH' } }), {
          localizedStrings: { productPrice__singlePrice__1Monthly__indefinite: '{price} im Monat' },
        })}
      />,
    );
    expect(shownPrice(container)).toBe('9,90 € alle 3 Monate');
  });

  it('R8.8.4 productPriceUnavailable replaces “Nicht verfügbar”', () => {
    const { container } = render(
      <ProductPurchase
        {...purchaseProps(subscription({ billingPeriod: { value: 1, unit: 'DAY' } }), {
          localizedStrings: { productPriceUnavailable: 'Derzeit kein Abo möglich' },
        })}
      />,
    );
    expect(shownPrice(container)).toBe('Derzeit kein Abo möglich');
  });
});

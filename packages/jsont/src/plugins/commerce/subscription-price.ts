// Prices of subscription products: the product-price block of a subscribable product ('$10.00
// every 2 weeks for 1 year', translatable per plan shape) and `subscription-price`, the price a
// subscriber pays per the cheapest variant's subscription pricing options.

import {
  billingPeriodOf,
  durationOf,
  fromPrice,
  hasVariedPrices,
  isOnSale,
  normalPrice,
  type PriceMinor,
  type ProductInput,
  productContent,
  SUBSCRIPTION_UNAVAILABLE_TEXT,
  salePrice,
  subscriptionPlanPhrase,
  subscriptionPricingOptions,
  type VariantLike,
  variantEffectivePrice,
  variantPrice,
  variantSalePrice,
} from '@baukasten/commerce';
import type { Formatter, RenderScope } from '../../plugin-api.js';
import { fillPlaceholders } from './message-text.js';
import { fromLine, type PriceBlock, priceBlockMarkup, priceMarkup } from './price-markup.js';
import { isTruthy, localizedOr, localizedString } from './template-context.js';

const capitalized = (unit: string) => unit.charAt(0) + unit.slice(1).toLowerCase();

/**
 * The key of the site's translation for this plan shape, e.g.
 * productPrice__multiplePrices__nWeekly__limited__1Years or productPrice__singlePrice__1Monthly__indefinite.
 */
export function subscriptionPriceTextKey(
  variedPrices: boolean,
  period: { value: number; unit: string },
  duration: { value: number; unit: string } | null,
): string {
  const prices = variedPrices ? 'multiplePrices' : 'singlePrice';
  const every = `${period.value === 1 ? '1' : 'n'}${capitalized(period.unit)}ly`;
  const length = duration
    ? `limited__${duration.value === 1 ? '1' : 'n'}${capitalized(duration.unit)}s`
    : 'indefinite';
  return `productPrice__${prices}__${every}__${length}`;
}

/** The product-price block of a subscribable product: every price followed by the plan phrase. */
export function subscriptionProductPriceBlock(item: ProductInput, scope: RenderScope): PriceBlock {
  const plan = productContent(item).subscriptionPlan;
  const period = billingPeriodOf(plan?.billingPeriod);
  if (!period) return { from: localizedOr(scope, 'productPriceUnavailable', SUBSCRIPTION_UNAVAILABLE_TEXT) };
  const varied = hasVariedPrices(item);
  const duration = durationOf(period, plan?.numBillingCycles);
  const english = `${varied ? 'from ' : ''}{price} ${subscriptionPlanPhrase(plan)}`;
  const phrase = localizedString(scope, subscriptionPriceTextKey(varied, period, duration)) || english;
  const numbers = { billingPeriodValue: period.value, duration: duration?.value ?? 0 };
  const text = (price: PriceMinor) =>
    fillPlaceholders(phrase, { ...numbers, price: priceMarkup(price, scope) });
  if (varied) {
    const from = priceMarkup(fromPrice(item), scope);
    return { from: fillPlaceholders(phrase, { ...numbers, price: from, fromPrice: from }) };
  }
  if (isOnSale(item)) return { sale: { price: text(salePrice(item)), original: text(normalPrice(item)) } };
  return { normal: text(normalPrice(item)) };
}

/**
 * `{item|subscription-price}`: quoted from the first subscription pricing option of the cheapest
 * variant; 'from' when the variants' prices differ, the sale price with the original struck when
 * that option is on sale, else its price. Empty block when there are no pricing options.
 */
export const subscriptionPrice: Formatter = (value, _args, scope) => {
  const item = value as ProductInput;
  const [first] = subscriptionPricingOptions(item) as VariantLike[];
  let block: PriceBlock = {};
  if (first) {
    const text = (price: PriceMinor) => priceMarkup(price, scope);
    if (hasVariedPrices(item)) block = { from: fromLine(text(variantEffectivePrice(first)), scope) };
    else if (isTruthy(first.onSale)) {
      block = { sale: { price: text(variantSalePrice(first)), original: text(variantPrice(first)) } };
    } else block = { normal: text(variantPrice(first)) };
  }
  return priceBlockMarkup('subscription-price', block, scope);
};

// The numbers behind a subscription price block: how long a plan runs (in years when it makes whole
// years, spec 9) and which pricing options a subscription price is quoted from (the cheapest variant's).

import {
  type PricingOptionLike,
  type ProductInput,
  ProductType,
  productTypeOf,
  productVariants,
  type SubscriptionPlanLike,
  type VariantLike,
  variantEffectivePrice,
} from './product-display.js';
import { type BillingPeriod, type BillingUnit, billingPeriodOf, PERIODS_PER_YEAR } from './subscription.js';

export interface PlanDuration {
  value: number;
  unit: BillingUnit;
}

/**
 * A plan's whole length: billing period times numBillingCycles, said in years when it is a whole
 * number of years (26 fortnights = 1 YEAR, 36 months = 3 YEAR). Null for open-ended plans
 * (no or zero billing cycles) and for plans without a usable billing period.
 */
export function planDuration(plan: SubscriptionPlanLike | null | undefined): PlanDuration | null {
  const period = billingPeriodOf(plan?.billingPeriod);
  if (!period) return null;
  return durationOf(period, plan?.numBillingCycles);
}

/** Same as planDuration for an already parsed billing period. */
export function durationOf(period: BillingPeriod, numBillingCycles: unknown): PlanDuration | null {
  const raw = typeof numBillingCycles === 'string' ? Number(numBillingCycles) : numBillingCycles;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw <= 0) return null;
  const total = period.value * raw;
  const perYear = PERIODS_PER_YEAR[period.unit];
  if (total % perYear === 0) return { value: total / perYear, unit: 'YEAR' };
  return { value: total, unit: period.unit };
}

/**
 * The variant a shopper pays least for (sale prices count); on a tie the first one. Only physical
 * and service products have priced variants here; others give undefined.
 */
export function cheapestVariant(input: ProductInput): VariantLike | undefined {
  const type = productTypeOf(input);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return undefined;
  let cheapest: VariantLike | undefined;
  let lowest = 0;
  for (const variant of productVariants(input)) {
    const price = variantEffectivePrice(variant).minor;
    if (!cheapest || price < lowest) {
      cheapest = variant;
      lowest = price;
    }
  }
  return cheapest;
}

/**
 * The subscription pricing options a subscription price is quoted from: those of the cheapest
 * variant, so 'from' shows the lowest price a subscriber can get. Empty when there are none.
 */
export function subscriptionPricingOptions(input: ProductInput): PricingOptionLike[] {
  const options = cheapestVariant(input)?.pricingOptions;
  return Array.isArray(options) ? options.filter((o) => o && typeof o === 'object') : [];
}

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

/*
 * The German price phrases a German storefront shows next to a subscription price (spec 9: per week,
 * month and year; every N weeks, months or years; for N weeks, months or years, or for 1 year). The
 * English phrases of subscription.ts stay as they are: the template formatters' conformance cases pin
 * them, and a site's own `productPrice__…` strings translate those.
 */

/** Text for a plan without a usable billing period in a German storefront (spec 8 'Unavailable'). */
export const GERMAN_SUBSCRIPTION_UNAVAILABLE_TEXT = 'Nicht verfügbar';

const GERMAN_NOUN: Readonly<Record<BillingUnit, [singular: string, plural: string]>> = {
  WEEK: ['Woche', 'Wochen'],
  MONTH: ['Monat', 'Monate'],
  YEAR: ['Jahr', 'Jahre'],
};

/** 'jede Woche', 'jeden Monat', 'jedes Jahr': 'every' agrees with the noun's gender. */
const GERMAN_EVERY_SINGLE: Readonly<Record<BillingUnit, string>> = {
  WEEK: 'jede Woche',
  MONTH: 'jeden Monat',
  YEAR: 'jedes Jahr',
};

const germanCount = (count: number, unit: BillingUnit) =>
  `${count} ${GERMAN_NOUN[unit][count === 1 ? 0 : 1]}`;

/** 'pro Woche', 'pro Monat', 'pro Jahr'. */
export function germanPerPeriodPhrase(unit: BillingUnit): string {
  return `pro ${GERMAN_NOUN[unit][0]}`;
}

/** 'jede Woche', 'jeden Monat', 'alle 2 Wochen', 'alle 3 Monate', 'alle 2 Jahre'. */
export function germanEveryPeriodPhrase(period: BillingPeriod): string {
  return period.value === 1
    ? GERMAN_EVERY_SINGLE[period.unit]
    : `alle ${germanCount(period.value, period.unit)}`;
}

/**
 * 'für 6 Wochen', 'für 8 Monate', 'für 1 Jahr', 'für 3 Jahre': a plan's whole length, in years when it
 * makes whole years (planDuration). Null for open-ended plans.
 */
export function germanDurationPhrase(period: BillingPeriod, numBillingCycles: unknown): string | null {
  const duration = durationOf(period, numBillingCycles);
  return duration ? `für ${germanCount(duration.value, duration.unit)}` : null;
}

/**
 * The German phrase after a subscription price: 'jeden Monat', 'alle 2 Wochen für 1 Jahr',
 * 'jede Woche für 6 Wochen'; 'Nicht verfügbar' when the plan has no usable billing period.
 */
export function germanSubscriptionPlanPhrase(plan: SubscriptionPlanLike | null | undefined): string {
  const period = billingPeriodOf(plan?.billingPeriod);
  if (!period) return GERMAN_SUBSCRIPTION_UNAVAILABLE_TEXT;
  const duration = germanDurationPhrase(period, plan?.numBillingCycles);
  const every = germanEveryPeriodPhrase(period);
  return duration ? `${every} ${duration}` : every;
}

/*
 * A site's own subscription price texts (its `localizedStrings`), one per plan shape, as the template
 * formatters read them (spec 3 localized strings, spec 9 phrases): `productPrice__singlePrice__nWeekly__
 * limited__1Years` and the like, with `{price}` (or `{fromPrice}`), `{billingPeriodValue}` and
 * `{duration}` filled in; `productPriceUnavailable` for a plan without a usable billing period.
 */

/** The site string that replaces GERMAN_SUBSCRIPTION_UNAVAILABLE_TEXT. */
export const SUBSCRIPTION_UNAVAILABLE_STRING_KEY = 'productPriceUnavailable';

const unitWord = (unit: BillingUnit) => unit.charAt(0) + unit.slice(1).toLowerCase();

/**
 * The key of the site's text for a plan shape: whether the price is a from price of varied prices
 * (multiplePrices) or one price (singlePrice), every 1 or n periods, and the plan's length (limited to
 * 1 or n units, in years when whole years) or none (indefinite).
 * subscriptionPriceStringKey(false, {value: 2, unit: 'WEEK'}, {value: 1, unit: 'YEAR'}) =
 * 'productPrice__singlePrice__nWeekly__limited__1Years'.
 */
export function subscriptionPriceStringKey(
  variedPrices: boolean,
  period: BillingPeriod,
  duration: PlanDuration | null,
): string {
  const prices = variedPrices ? 'multiplePrices' : 'singlePrice';
  const every = `${period.value === 1 ? '1' : 'n'}${unitWord(period.unit)}ly`;
  const length = duration
    ? `limited__${duration.value === 1 ? '1' : 'n'}${unitWord(duration.unit)}s`
    : 'indefinite';
  return `productPrice__${prices}__${every}__${length}`;
}

/**
 * A site's text for a plan shape with its placeholders filled: `{price}` and `{fromPrice}` take the
 * formatted price, `{billingPeriodValue}` the periods between payments, `{duration}` the plan's length
 * (0 when open-ended). Other placeholders stay as written, so a mistyped text shows what went wrong.
 */
export function subscriptionPriceText(
  template: string,
  formattedPrice: string,
  period: BillingPeriod,
  duration: PlanDuration | null,
): string {
  const values: Record<string, string> = {
    price: formattedPrice,
    fromPrice: formattedPrice,
    billingPeriodValue: String(period.value),
    duration: String(duration?.value ?? 0),
  };
  return template.replace(/\{\s*([A-Za-z]\w*)\s*\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}

// Subscription plans: the price phrase next to a subscription price ("every 2 weeks for 1 year")
// and conversion of a per-period price to a year (spec 9).

import type { BillingPeriodLike, SubscriptionPlanLike } from './product-display.js';

export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

export const BILLING_UNITS: readonly BillingUnit[] = ['WEEK', 'MONTH', 'YEAR'];

/** Text for a product whose plan has no usable billing period (spec 8). */
export const SUBSCRIPTION_UNAVAILABLE_TEXT = 'Unavailable';

/** A year is 52 weeks or 12 months (spec 9). */
export const PERIODS_PER_YEAR: Readonly<Record<BillingUnit, number>> = { WEEK: 52, MONTH: 12, YEAR: 1 };

const NOUN: Record<BillingUnit, [singular: string, plural: string]> = {
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

export interface BillingPeriod {
  unit: BillingUnit;
  /** Billed every `value` units; a positive integer. */
  value: number;
}

function positiveInteger(raw: unknown): number | null {
  const number = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

/** The billing period of a plan, or null when unit or value is missing or invalid. */
export function billingPeriodOf(period: BillingPeriodLike | null | undefined): BillingPeriod | null {
  const unit = typeof period?.unit === 'string' ? period.unit.toUpperCase() : '';
  const value = positiveInteger(period?.value);
  if (!(unit in NOUN) || value === null) return null;
  return { unit: unit as BillingUnit, value };
}

function countNoun(count: number, unit: BillingUnit): string {
  const [singular, plural] = NOUN[unit];
  return count === 1 ? singular : `${count} ${plural}`;
}

/** 'per week', 'per month', 'per year'. */
export function perPeriodPhrase(unit: BillingUnit): string {
  return `per ${NOUN[unit][0]}`;
}

/** 'every week', 'every 2 months'. */
export function everyPeriodPhrase(period: BillingPeriod): string {
  return `every ${countNoun(period.value, period.unit)}`;
}

/**
 * 'for 6 weeks', 'for 8 months', 'for 1 year', 'for 3 years': a plan's whole length. Lengths that
 * make whole years are said in years (26 fortnights = 'for 1 year'). Null for open-ended plans.
 */
export function durationPhrase(period: BillingPeriod, numBillingCycles: unknown): string | null {
  const cycles = positiveInteger(numBillingCycles);
  if (cycles === null) return null;
  const total = period.value * cycles;
  const perYear = PERIODS_PER_YEAR[period.unit];
  if (total % perYear === 0) {
    const years = total / perYear;
    return years === 1 ? 'for 1 year' : `for ${years} years`;
  }
  return `for ${total} ${NOUN[period.unit][total === 1 ? 0 : 1]}`;
}

/**
 * The phrase after a subscription price: 'every 2 weeks', 'every month for 6 months',
 * 'every 2 weeks for 1 year'; 'Unavailable' when the plan has no usable billing period.
 */
export function subscriptionPlanPhrase(plan: SubscriptionPlanLike | null | undefined): string {
  const period = billingPeriodOf(plan?.billingPeriod);
  if (!period) return SUBSCRIPTION_UNAVAILABLE_TEXT;
  const duration = durationPhrase(period, plan?.numBillingCycles);
  return duration ? `${everyPeriodPhrase(period)} ${duration}` : everyPeriodPhrase(period);
}

/** How many times a year the plan bills (may be fractional: every 3 weeks is 52/3). */
export function billingsPerYear(period: BillingPeriod): number {
  return PERIODS_PER_YEAR[period.unit] / period.value;
}

/** A per-period price converted to a year, rounded to whole minor units: 1000 weekly -> 52000. */
export function yearlyMinor(perPeriodMinor: number, period: BillingPeriod): number {
  return Math.round((perPeriodMinor * PERIODS_PER_YEAR[period.unit]) / period.value);
}

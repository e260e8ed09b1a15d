import { describe, expect, it } from 'vitest';
import {
  billingPeriodOf,
  PERIODS_PER_YEAR,
  perPeriodPhrase,
  subscriptionPlanPhrase,
  yearlyMinor,
} from './subscription.js';

const plan = (unit: string, value: number, numBillingCycles?: number) => ({
  billingPeriod: { unit, value },
  numBillingCycles,
});

describe('subscription plan phrases', () => {
  it('R9.3.3 per week, per month, per year', () => {
    expect(['WEEK', 'MONTH', 'YEAR'].map((u) => perPeriodPhrase(u as 'WEEK'))).toEqual([
      'per week',
      'per month',
      'per year',
    ]);
  });

  it.each([
    [plan('WEEK', 1), 'every week'],
    [plan('MONTH', 1), 'every month'],
    [plan('YEAR', 1), 'every year'],
    [plan('WEEK', 2), 'every 2 weeks'],
    [plan('MONTH', 2), 'every 2 months'],
    [plan('YEAR', 3), 'every 3 years'],
    [plan('WEEK', 1, 0), 'every week'],
  ])('R9.3.4 open-ended %j reads %s', (p, phrase) => {
    expect(subscriptionPlanPhrase(p)).toBe(phrase);
  });

  it.each([
    [plan('WEEK', 1, 6), 'every week for 6 weeks'],
    [plan('WEEK', 2, 6), 'every 2 weeks for 12 weeks'],
    [plan('MONTH', 2, 4), 'every 2 months for 8 months'],
    [plan('MONTH', 2, 7), 'every 2 months for 14 months'],
    [plan('YEAR', 1, 4), 'every year for 4 years'],
  ])('R9.3.5 finite %j reads %s', (p, phrase) => {
    expect(subscriptionPlanPhrase(p)).toBe(phrase);
  });

  it.each([
    [plan('WEEK', 2, 26), 'every 2 weeks for 1 year'],
    [plan('MONTH', 1, 12), 'every month for 1 year'],
    [plan('MONTH', 1, 36), 'every month for 3 years'],
    [plan('YEAR', 1, 1), 'every year for 1 year'],
  ])('R9.3.6 whole years %j read %s', (p, phrase) => {
    expect(subscriptionPlanPhrase(p)).toBe(phrase);
  });

  it('R9.3.5 a single billing of one unit is singular: for 1 week', () => {
    expect(subscriptionPlanPhrase(plan('WEEK', 1, 1))).toBe('every week for 1 week');
    expect(subscriptionPlanPhrase(plan('MONTH', 1, 1))).toBe('every month for 1 month');
  });

  it('R8.8.4 a missing or broken period shows Unavailable', () => {
    expect(subscriptionPlanPhrase(undefined)).toBe('Unavailable');
    expect(subscriptionPlanPhrase({ billingPeriod: { unit: 'DAY', value: 1 } })).toBe('Unavailable');
    expect(subscriptionPlanPhrase({ billingPeriod: { unit: 'WEEK', value: 0 } })).toBe('Unavailable');
    expect(billingPeriodOf({ unit: 'month', value: '2' })).toEqual({ unit: 'MONTH', value: 2 });
  });
});

describe('yearly conversion', () => {
  it('R9.3.1 R9.3.2 a year is 52 weeks or 12 months', () => {
    expect(PERIODS_PER_YEAR).toEqual({ WEEK: 52, MONTH: 12, YEAR: 1 });
    expect(yearlyMinor(1000, { unit: 'WEEK', value: 1 })).toBe(52000);
    expect(yearlyMinor(1000, { unit: 'WEEK', value: 2 })).toBe(26000);
    expect(yearlyMinor(1000, { unit: 'MONTH', value: 1 })).toBe(12000);
    expect(yearlyMinor(1000, { unit: 'MONTH', value: 3 })).toBe(4000);
    expect(yearlyMinor(1000, { unit: 'YEAR', value: 1 })).toBe(1000);
  });
});

import type { BillingPeriod } from '@baukasten/storage';

/*
 * When a subscription bills and how its plan reads in German. Dates are counted on the UTC calendar
 * from the start, never from the previous billing, so a subscription started on 31 January bills on
 * 28/29 February and then on 31 March again instead of drifting to the 28th for good.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment `count` billing periods after `start` (epoch ms). Months past a shorter month's end clamp to it. */
export function addBillingPeriods(start: number, period: BillingPeriod, count = 1): number {
  if (period.unit === 'WEEK') return start + period.value * count * 7 * DAY_MS;
  const months = period.value * count * (period.unit === 'YEAR' ? 12 : 1);
  const date = new Date(start);
  const targetMonth = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), targetMonth + 1, 0)).getUTCDate();
  const result = new Date(start);
  result.setUTCDate(1);
  result.setUTCMonth(targetMonth);
  result.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return result.getTime();
}

export interface BillingSchedule {
  /** Absent when the first payment already covers the whole plan. */
  nextBillingAt?: number;
  /** Absent for a plan that runs until cancelled (numBillingCycles 0). */
  endsAt?: number;
}

/** The schedule right after the first period was paid at `start`. */
export function scheduleAfterFirstPayment(
  start: number,
  period: BillingPeriod,
  numBillingCycles: number,
): BillingSchedule {
  const schedule: BillingSchedule = {};
  if (numBillingCycles === 0 || numBillingCycles > 1) {
    schedule.nextBillingAt = addBillingPeriods(start, period, 1);
  }
  if (numBillingCycles > 0) schedule.endsAt = addBillingPeriods(start, period, numBillingCycles);
  return schedule;
}

const UNIT_WORDS: Record<BillingPeriod['unit'], { every: string; plural: string; singular: string }> = {
  WEEK: { every: 'jede Woche', singular: 'Woche', plural: 'Wochen' },
  MONTH: { every: 'jeden Monat', singular: 'Monat', plural: 'Monate' },
  YEAR: { every: 'jedes Jahr', singular: 'Jahr', plural: 'Jahre' },
};

/** 'jeden Monat, 12 Monate lang', 'alle 2 Wochen, bis du kündigst'. */
export function planText(period: BillingPeriod, numBillingCycles: number): string {
  const words = UNIT_WORDS[period.unit];
  const every = period.value === 1 ? words.every : `alle ${period.value} ${words.plural}`;
  if (numBillingCycles <= 0) return `${every}, bis du kündigst`;
  const total = period.value * numBillingCycles;
  return `${every}, ${total} ${total === 1 ? words.singular : words.plural} lang`;
}

/** A date in the shop's language and time zone: '14. November 2023'. */
export function dateText(epochMs: number, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(epochMs);
  } catch {
    return new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(epochMs);
  }
}

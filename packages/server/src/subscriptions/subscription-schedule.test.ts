import { describe, expect, it } from 'vitest';
import { addBillingPeriods, dateText, planText, scheduleAfterFirstPayment } from './subscription-schedule.js';

const utc = (text: string) => Date.parse(`${text}T10:30:00.000Z`);
const iso = (ms: number | undefined) =>
  ms === undefined ? undefined : new Date(ms).toISOString().slice(0, 10);

describe('billing schedule', () => {
  it('R3.8.1 weeks add 7 days per week, months and years follow the calendar', () => {
    expect(iso(addBillingPeriods(utc('2024-03-01'), { unit: 'WEEK', value: 2 }))).toBe('2024-03-15');
    expect(iso(addBillingPeriods(utc('2024-03-15'), { unit: 'MONTH', value: 1 }))).toBe('2024-04-15');
    expect(iso(addBillingPeriods(utc('2024-11-15'), { unit: 'MONTH', value: 3 }))).toBe('2025-02-15');
    expect(iso(addBillingPeriods(utc('2024-05-01'), { unit: 'YEAR', value: 1 }))).toBe('2025-05-01');
    // The time of day is kept.
    expect(new Date(addBillingPeriods(utc('2024-05-01'), { unit: 'MONTH', value: 1 })).toISOString()).toBe(
      '2024-06-01T10:30:00.000Z',
    );
  });

  it('R3.8.1 a day past the end of a shorter month clamps to it, without drifting later', () => {
    const start = utc('2024-01-31');
    const monthly = { unit: 'MONTH' as const, value: 1 };
    expect(iso(addBillingPeriods(start, monthly, 1))).toBe('2024-02-29');
    expect(iso(addBillingPeriods(start, monthly, 2))).toBe('2024-03-31');
    expect(iso(addBillingPeriods(start, monthly, 3))).toBe('2024-04-30');
    expect(iso(addBillingPeriods(utc('2024-02-29'), { unit: 'YEAR', value: 1 }))).toBe('2025-02-28');
  });

  it('R3.8.1 after the first payment: next billing one period on, end after all cycles; none for unlimited or single plans', () => {
    const start = utc('2024-01-10');
    const twelve = scheduleAfterFirstPayment(start, { unit: 'MONTH', value: 1 }, 12);
    expect(iso(twelve.nextBillingAt)).toBe('2024-02-10');
    expect(iso(twelve.endsAt)).toBe('2025-01-10');
    const open = scheduleAfterFirstPayment(start, { unit: 'WEEK', value: 1 }, 0);
    expect(iso(open.nextBillingAt)).toBe('2024-01-17');
    expect(open.endsAt).toBeUndefined();
    const once = scheduleAfterFirstPayment(start, { unit: 'YEAR', value: 1 }, 1);
    expect(once.nextBillingAt).toBeUndefined();
    expect(iso(once.endsAt)).toBe('2025-01-10');
  });

  it('R1.1.4 the plan reads in German', () => {
    expect(planText({ unit: 'MONTH', value: 1 }, 12)).toBe('jeden Monat, 12 Monate lang');
    expect(planText({ unit: 'WEEK', value: 2 }, 0)).toBe('alle 2 Wochen, bis du kündigst');
    expect(planText({ unit: 'YEAR', value: 1 }, 1)).toBe('jedes Jahr, 1 Jahr lang');
    expect(planText({ unit: 'WEEK', value: 1 }, 1)).toBe('jede Woche, 1 Woche lang');
    expect(dateText(utc('2024-02-29'), 'de-DE', 'Europe/Berlin')).toBe('29. Februar 2024');
    // A broken time zone setting falls back instead of failing the page.
    expect(dateText(utc('2024-02-29'), 'de-DE', 'Mars/Olympus')).toBe('29. Februar 2024');
  });
});

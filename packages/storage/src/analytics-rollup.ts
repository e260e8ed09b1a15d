import type { Selectable } from 'kysely';
import {
  type AnalyticsDailyCountsTable,
  type AnalyticsDailySessionsTable,
  type AnalyticsDailyVisitorsTable,
  type AnalyticsDailyVitalsTable,
  type AnalyticsEventsTable,
  AnalyticsKind,
  type AnalyticsPurchasesTable,
  type DateRange,
} from './analytics-tables.js';

/*
 * The arithmetic of the rollup, apart from SQL: days of a range, web-vital histograms and the batch that
 * adds up what a run of events contributes before the repository writes it.
 */

/** PostgreSQL advisory lock key: appends hold it shared, the rollup takes it alone for a moment. */
export const APPEND_LOCK_KEY = 0x62616b;
export const INSERT_CHUNK = 100;
export const DELETE_SLICE = 5000;

export const num = (value: unknown): number => Number(value ?? 0);

/** Every day from `from` to `to`, inclusive (YYYY-MM-DD, computed in UTC, so no time-zone surprises). */
export function daysOf(range: DateRange): string[] {
  const days: string[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= end && days.length <= 3660; t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/*
 * Web-vital values are kept quantised: integers below 1000 steps, three significant digits above.
 * A step is 1 ms for timings and 0.001 for layout shift, so the thresholds of spec 9 are exact.
 */
export const stepOf = (metric: string) => (metric.endsWith('Ms') ? 1 : 0.001);

export function quantiseVital(metric: string, value: number): number {
  const steps = Math.max(0, value) / stepOf(metric);
  return steps < 1000 ? Math.round(steps) : Number(steps.toPrecision(3));
}

export const vitalValue = (metric: string, steps: number) => Number((steps * stepOf(metric)).toFixed(3));

export type Histogram = Map<number, number>;

/** Nearest-rank 75th percentile of a histogram of steps. */
export function p75Of(histogram: Histogram): { samples: number; steps: number } {
  const sorted = [...histogram.entries()].sort((a, b) => a[0] - b[0]);
  const samples = sorted.reduce((sum, [, n]) => sum + n, 0);
  const rank = Math.ceil(samples * 0.75);
  let seen = 0;
  for (const [steps, n] of sorted) {
    seen += n;
    if (seen >= rank) return { samples, steps };
  }
  return { samples, steps: 0 };
}

export function parseHistogram(text: string): Histogram {
  const histogram: Histogram = new Map();
  try {
    for (const [key, n] of Object.entries(JSON.parse(text) as Record<string, number>))
      histogram.set(Number(key), Number(n));
  } catch {
    // A damaged histogram counts as empty rather than failing the dashboard.
  }
  return histogram;
}

export const histogramJson = (histogram: Histogram) => JSON.stringify(Object.fromEntries(histogram));

export function payloadOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function chunks<T>(rows: readonly T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** What one rollup batch adds, keyed so that repeated keys add up before they are written. */
export class RollupBatch {
  readonly counts = new Map<string, AnalyticsDailyCountsTable>();
  readonly sessions = new Map<string, AnalyticsDailySessionsTable>();
  readonly visitors = new Map<string, AnalyticsDailyVisitorsTable>();
  readonly vitals = new Map<
    string,
    { row: Omit<AnalyticsDailyVitalsTable, 'histogram'>; histogram: Histogram }
  >();
  readonly purchases = new Map<string, AnalyticsPurchasesTable>();

  count(websiteId: string, day: string, metric: string, dimension: string) {
    const key = `${websiteId}\u0000${metric}\u0000${day}\u0000${dimension}`;
    const row = this.counts.get(key);
    if (row) row.hits += 1;
    else this.counts.set(key, { website_id: websiteId, metric, day, dimension, hits: 1 });
  }

  add(event: Selectable<AnalyticsEventsTable>) {
    const { website_id: websiteId, day } = event;
    this.count(websiteId, day, 'events', event.kind);
    const pageView = event.kind === AnalyticsKind.pageView;
    if (pageView) {
      this.count(websiteId, day, 'page_views', event.path ?? '/');
      if (event.referrer) this.count(websiteId, day, 'referrers', event.referrer);
      if (event.visitor_id) {
        const key = `${websiteId}\u0000${day}\u0000${event.visitor_id}`;
        this.visitors.set(key, { website_id: websiteId, day, visitor_id: event.visitor_id });
      }
    }
    const steps = num(event.funnel_steps);
    if (event.session_id && (pageView || steps)) {
      const key = `${websiteId}\u0000${day}\u0000${event.session_id}`;
      const row = this.sessions.get(key) ?? {
        website_id: websiteId,
        day,
        session_id: event.session_id,
        page_views: 0,
        funnel_steps: 0,
      };
      if (pageView) row.page_views += 1;
      row.funnel_steps |= steps;
      this.sessions.set(key, row);
    }
    if (event.kind === AnalyticsKind.jsError) this.count(websiteId, day, 'js_errors', event.label ?? '');
    if (event.kind === AnalyticsKind.webVital && event.label && event.value !== null) {
      const path = event.path ?? '/';
      const key = `${websiteId}\u0000${day}\u0000${path}\u0000${event.label}`;
      const entry = this.vitals.get(key) ?? {
        row: { website_id: websiteId, day, path, metric: event.label, samples: 0 },
        histogram: new Map(),
      };
      const steps = quantiseVital(event.label, num(event.value));
      entry.histogram.set(steps, (entry.histogram.get(steps) ?? 0) + 1);
      entry.row.samples += 1;
      this.vitals.set(key, entry);
    }
    if (event.kind === AnalyticsKind.purchase && event.item_id && event.label) {
      const key = `${websiteId}\u0000${event.item_id}`;
      if (!this.purchases.has(key))
        this.purchases.set(key, {
          website_id: websiteId,
          order_id: event.item_id,
          day,
          currency: event.label,
          amount_minor: Math.round(num(event.value)),
        });
    }
  }
}

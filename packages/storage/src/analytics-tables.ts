import type { Generated } from 'kysely';

/*
 * Visitor analytics: an append-only event log plus daily rollups. appendEvents writes raw events;
 * rollup() folds every event it has not seen yet, in id order, into the daily tables; the dashboard
 * queries read only the daily tables (and the raw log for the latest errors). Rollups are additive
 * (counters, sets, bit sets, histograms), so each event is folded once, whatever the date range asked.
 */

export interface AnalyticsEventsTable {
  id: Generated<number>;
  website_id: string;
  day: string;
  occurred_at: number;
  kind: string;
  visitor_id: string | null;
  session_id: string | null;
  path: string | null;
  referrer: string | null;
  item_id: string | null;
  label: string | null;
  value: number | null;
  funnel_steps: number;
  payload: string;
}

export interface AnalyticsDailyCountsTable {
  website_id: string;
  metric: string;
  day: string;
  dimension: string;
  hits: number;
}

export interface AnalyticsDailySessionsTable {
  website_id: string;
  day: string;
  session_id: string;
  page_views: number;
  funnel_steps: number;
}

export interface AnalyticsDailyVisitorsTable {
  website_id: string;
  day: string;
  visitor_id: string;
}

export interface AnalyticsDailyVitalsTable {
  website_id: string;
  day: string;
  path: string;
  metric: string;
  samples: number;
  histogram: string;
}

export interface AnalyticsPurchasesTable {
  website_id: string;
  order_id: string;
  day: string;
  currency: string;
  amount_minor: number;
}

export interface AnalyticsRollupStateTable {
  website_id: string;
  last_event_id: number;
  updated_at: number;
}

declare module './schema.js' {
  interface Database {
    analytics_events: AnalyticsEventsTable;
    analytics_daily_counts: AnalyticsDailyCountsTable;
    analytics_daily_sessions: AnalyticsDailySessionsTable;
    analytics_daily_visitors: AnalyticsDailyVisitorsTable;
    analytics_daily_vitals: AnalyticsDailyVitalsTable;
    analytics_purchases: AnalyticsPurchasesTable;
    analytics_rollup_state: AnalyticsRollupStateTable;
  }
}

/** Kinds the rollup gives a meaning to; other kinds are only counted per kind. */
export const AnalyticsKind = {
  pageView: 'page_view',
  webVital: 'web_vital',
  jsError: 'js_error',
  purchase: 'purchase',
} as const;

/** Funnel steps as bits of funnel_steps: a session's steps are the OR of its events' steps. */
export const FunnelStep = { productView: 1, addToCart: 2, checkout: 4, purchase: 8 } as const;
export type FunnelStepName = keyof typeof FunnelStep;

export interface NewAnalyticsEvent {
  websiteId: string;
  /** YYYY-MM-DD of occurredAt in the website's time zone. */
  day: string;
  occurredAt: number;
  kind: string;
  visitorId?: string | null;
  sessionId?: string | null;
  path?: string | null;
  /** Host of a referrer outside the website. */
  referrer?: string | null;
  /** Item id; for a purchase the order id. */
  itemId?: string | null;
  /** web_vital: metric name; js_error: message; purchase: currency; others: a sub-type. */
  label?: string | null;
  /** web_vital: the measured value; purchase: the amount in minor units. */
  value?: number | null;
  /** Bits of FunnelStep. */
  funnelSteps?: number;
  payload?: unknown;
}

export interface StoredAnalyticsEvent extends Required<Omit<NewAnalyticsEvent, 'payload'>> {
  id: number;
  payload: unknown;
}

export interface DateRange {
  /** First day, YYYY-MM-DD, inclusive. */
  from: string;
  /** Last day, YYYY-MM-DD, inclusive. */
  to: string;
}

export interface DailyTraffic {
  day: string;
  visits: number;
  uniqueVisitors: number;
  pageViews: number;
}

export interface RankedEntry {
  key: string;
  count: number;
}

export interface AnalyticsSummary {
  /** Every day of the range, oldest first, zeros included. */
  days: DailyTraffic[];
  totals: { visits: number; uniqueVisitors: number; pageViews: number };
  topPages: { path: string; pageViews: number }[];
  topReferrers: { host: string; pageViews: number }[];
}

export interface AnalyticsFunnel {
  /** Sessions that reached each step (a step counts even when earlier steps were not tracked). */
  sessions: Record<FunnelStepName, number>;
  /** Revenue per currency, from distinct orders. */
  revenue: { currency: string; orders: number; amountMinor: number }[];
}

export interface WebVitalPercentile {
  path: string;
  metric: string;
  samples: number;
  p75: number;
}

export interface AnalyticsErrorSummary {
  days: { day: string; errors: number }[];
  total: number;
  topMessages: RankedEntry[];
  latest: { occurredAt: number; message: string; path: string | null; payload: unknown }[];
}

export interface RollupResult {
  /** Events folded in by this call. */
  events: number;
  /** Websites whose new events were looked at. */
  websites: number;
}

export interface AnalyticsRepository {
  /** Appends raw events in one transaction (multi-row inserts). */
  appendEvents(events: readonly NewAnalyticsEvent[]): Promise<void>;
  /**
   * Folds events not rolled up yet into the daily tables, of one website or of all, in batches of
   * `batchSize` (one transaction each). Several processes may call it at once: batches of a website are
   * serialised and each event counts once.
   */
  rollup(opts?: { websiteId?: string; batchSize?: number; now?: number }): Promise<RollupResult>;
  /** Deletes raw events received before `cutoff` (epoch ms) that are rolled up; rollups stay. */
  deleteEventsBefore(cutoff: number): Promise<number>;
  summary(websiteId: string, range: DateRange, opts?: { top?: number }): Promise<AnalyticsSummary>;
  funnel(websiteId: string, range: DateRange): Promise<AnalyticsFunnel>;
  /** p75 per page and metric over the range, most-sampled first. */
  webVitals(websiteId: string, range: DateRange, opts?: { limit?: number }): Promise<WebVitalPercentile[]>;
  errors(
    websiteId: string,
    range: DateRange,
    opts?: { top?: number; latest?: number },
  ): Promise<AnalyticsErrorSummary>;
  /** Raw events of one website, newest first (tests and support tools). */
  listEvents(websiteId: string, opts?: { kind?: string; limit?: number }): Promise<StoredAnalyticsEvent[]>;
  /** Number of raw events, of one website or of all. */
  countEvents(websiteId?: string): Promise<number>;
}

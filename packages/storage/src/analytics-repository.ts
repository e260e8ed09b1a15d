import { type Generated, type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import { atomically } from './atomically.js';
import type { Database } from './schema.js';

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

interface AnalyticsDailyCountsTable {
  website_id: string;
  metric: string;
  day: string;
  dimension: string;
  hits: number;
}

interface AnalyticsDailySessionsTable {
  website_id: string;
  day: string;
  session_id: string;
  page_views: number;
  funnel_steps: number;
}

interface AnalyticsDailyVisitorsTable {
  website_id: string;
  day: string;
  visitor_id: string;
}

interface AnalyticsDailyVitalsTable {
  website_id: string;
  day: string;
  path: string;
  metric: string;
  samples: number;
  histogram: string;
}

interface AnalyticsPurchasesTable {
  website_id: string;
  order_id: string;
  day: string;
  currency: string;
  amount_minor: number;
}

interface AnalyticsRollupStateTable {
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

/** PostgreSQL advisory lock key: appends hold it shared, the rollup takes it alone for a moment. */
const APPEND_LOCK_KEY = 0x62616b;
const INSERT_CHUNK = 100;
const DELETE_SLICE = 5000;

const num = (value: unknown): number => Number(value ?? 0);

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
const stepOf = (metric: string) => (metric.endsWith('Ms') ? 1 : 0.001);

export function quantiseVital(metric: string, value: number): number {
  const steps = Math.max(0, value) / stepOf(metric);
  return steps < 1000 ? Math.round(steps) : Number(steps.toPrecision(3));
}

const vitalValue = (metric: string, steps: number) => Number((steps * stepOf(metric)).toFixed(3));

type Histogram = Map<number, number>;

/** Nearest-rank 75th percentile of a histogram of steps. */
function p75Of(histogram: Histogram): { samples: number; steps: number } {
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

function parseHistogram(text: string): Histogram {
  const histogram: Histogram = new Map();
  try {
    for (const [key, n] of Object.entries(JSON.parse(text) as Record<string, number>))
      histogram.set(Number(key), Number(n));
  } catch {
    // A damaged histogram counts as empty rather than failing the dashboard.
  }
  return histogram;
}

const histogramJson = (histogram: Histogram) => JSON.stringify(Object.fromEntries(histogram));

function payloadOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function chunks<T>(rows: readonly T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** What one rollup batch adds, keyed so that repeated keys add up before they are written. */
class RollupBatch {
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

export function analyticsRepository(db: Kysely<Database>): AnalyticsRepository {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  async function writeBatch(tx: Kysely<Database>, batch: RollupBatch) {
    for (const rows of chunks([...batch.counts.values()]))
      await tx
        .insertInto('analytics_daily_counts')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['website_id', 'metric', 'day', 'dimension'])
            .doUpdateSet({ hits: sql`analytics_daily_counts.hits + excluded.hits` }),
        )
        .execute();
    for (const rows of chunks([...batch.sessions.values()]))
      await tx
        .insertInto('analytics_daily_sessions')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['website_id', 'day', 'session_id']).doUpdateSet({
            page_views: sql`analytics_daily_sessions.page_views + excluded.page_views`,
            funnel_steps: sql`analytics_daily_sessions.funnel_steps | excluded.funnel_steps`,
          }),
        )
        .execute();
    for (const rows of chunks([...batch.visitors.values()]))
      await tx
        .insertInto('analytics_daily_visitors')
        .values(rows)
        .onConflict((oc) => oc.columns(['website_id', 'day', 'visitor_id']).doNothing())
        .execute();
    for (const rows of chunks([...batch.purchases.values()]))
      await tx
        .insertInto('analytics_purchases')
        .values(rows)
        .onConflict((oc) => oc.columns(['website_id', 'order_id']).doNothing())
        .execute();
    // Histograms merge in code: read the rows this batch touches, add, write back.
    for (const entries of chunks([...batch.vitals.values()])) {
      const existing = await tx
        .selectFrom('analytics_daily_vitals')
        .selectAll()
        .where('website_id', 'in', [...new Set(entries.map((e) => e.row.website_id))])
        .where('day', 'in', [...new Set(entries.map((e) => e.row.day))])
        .where('path', 'in', [...new Set(entries.map((e) => e.row.path))])
        .where('metric', 'in', [...new Set(entries.map((e) => e.row.metric))])
        .execute();
      const byKey = new Map(
        existing.map((r) => [`${r.website_id}\u0000${r.day}\u0000${r.path}\u0000${r.metric}`, r]),
      );
      const rows = entries.map(({ row, histogram }) => {
        const old = byKey.get(`${row.website_id}\u0000${row.day}\u0000${row.path}\u0000${row.metric}`);
        const merged = old ? parseHistogram(old.histogram) : new Map<number, number>();
        for (const [steps, n] of histogram) merged.set(steps, (merged.get(steps) ?? 0) + n);
        return { ...row, samples: row.samples + num(old?.samples), histogram: histogramJson(merged) };
      });
      await tx
        .insertInto('analytics_daily_vitals')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['website_id', 'day', 'path', 'metric']).doUpdateSet({
            samples: sql`excluded.samples`,
            histogram: sql`excluded.histogram`,
          }),
        )
        .execute();
    }
  }

  /**
   * The highest event id below which every event is committed. On SQLite writers are serialised, so
   * ids commit in order. On PostgreSQL an append that took its ids may still be committing: taking the
   * append lock alone waits for every such transaction, and ids handed out later are larger.
   */
  async function committedHorizon(): Promise<number> {
    if (!postgres) {
      const row = await db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      return num(row?.max);
    }
    return atomically(db, async (tx) => {
      await sql`select pg_advisory_xact_lock(${APPEND_LOCK_KEY})`.execute(tx);
      const row = await tx
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      return num(row?.max);
    });
  }

  /**
   * One batch of one website in one transaction. The state row is written first, so a concurrent
   * rollup of the same website waits, then reads the watermark this one leaves. A website whose new
   * events are all folded in moves its watermark to the horizon, so websites that are up to date share
   * one watermark and the next search for new events starts there.
   */
  async function rollupBatch(websiteId: string, horizon: number, batchSize: number, now: number) {
    return atomically(db, async (tx) => {
      await tx
        .insertInto('analytics_rollup_state')
        .values({ website_id: websiteId, last_event_id: 0, updated_at: now })
        .onConflict((oc) => oc.column('website_id').doUpdateSet({ updated_at: now }))
        .execute();
      const state = await tx
        .selectFrom('analytics_rollup_state')
        .select('last_event_id')
        .where('website_id', '=', websiteId)
        .executeTakeFirstOrThrow();
      const watermark = num(state.last_event_id);
      if (watermark >= horizon) return 0;
      const events = await tx
        .selectFrom('analytics_events')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('id', '>', watermark)
        .where('id', '<=', horizon)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      const batch = new RollupBatch();
      for (const event of events) batch.add(event);
      await writeBatch(tx, batch);
      const done = events.length < batchSize;
      await tx
        .updateTable('analytics_rollup_state')
        .set({ last_event_id: done ? horizon : num(events[events.length - 1]!.id) })
        .where('website_id', '=', websiteId)
        .execute();
      return events.length;
    });
  }

  /**
   * Websites that may have events past their watermark: those with events past the lowest watermark.
   * Relies on appendEvents giving every website with events a state row.
   */
  async function websitesWithNewEvents(horizon: number): Promise<string[]> {
    const floor = await db
      .selectFrom('analytics_rollup_state')
      .select((eb) => eb.fn.min('last_event_id').as('min'))
      .executeTakeFirst();
    const rows = await db
      .selectFrom('analytics_events')
      .select('website_id')
      .distinct()
      .where('id', '>', num(floor?.min))
      .where('id', '<=', horizon)
      .execute();
    return rows.map((r) => r.website_id);
  }

  const inRange = (range: DateRange) => [range.from, range.to] as const;

  return {
    async appendEvents(events) {
      if (events.length === 0) return;
      const rows = events.map((e) => ({
        website_id: e.websiteId,
        day: e.day,
        occurred_at: e.occurredAt,
        kind: e.kind,
        visitor_id: e.visitorId ?? null,
        session_id: e.sessionId ?? null,
        path: e.path ?? null,
        referrer: e.referrer ?? null,
        item_id: e.itemId ?? null,
        label: e.label ?? null,
        value: e.value ?? null,
        funnel_steps: e.funnelSteps ?? 0,
        payload: JSON.stringify(e.payload ?? {}),
      }));
      const websites = [...new Set(rows.map((r) => r.website_id))];
      await atomically(db, async (tx) => {
        if (postgres) await sql`select pg_advisory_xact_lock_shared(${APPEND_LOCK_KEY})`.execute(tx);
        // Every website with events has a rollup state, so the rollup's search for new events finds it.
        await tx
          .insertInto('analytics_rollup_state')
          .values(websites.map((website_id) => ({ website_id, last_event_id: 0, updated_at: 0 })))
          .onConflict((oc) => oc.column('website_id').doNothing())
          .execute();
        for (const chunk of chunks(rows)) await tx.insertInto('analytics_events').values(chunk).execute();
      });
    },

    async rollup({ websiteId, batchSize = 2000, now = Date.now() } = {}) {
      const horizon = await committedHorizon();
      const websites = websiteId ? [websiteId] : await websitesWithNewEvents(horizon);
      let total = 0;
      for (const site of websites) {
        for (;;) {
          const folded = await rollupBatch(site, horizon, batchSize, now);
          total += folded;
          if (folded < batchSize) break;
          // Let page requests waiting for the (SQLite) connection run between batches.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      if (!websiteId) {
        // Every website is folded in up to the horizon now, those without new events too: lifting their
        // watermarks keeps the next search for new events from starting at an old one.
        await db
          .updateTable('analytics_rollup_state')
          .set({ last_event_id: horizon })
          .where('last_event_id', '<', horizon)
          .execute();
      }
      return { events: total, websites: websites.length };
    },

    async deleteEventsBefore(cutoff) {
      // In slices, so a large purge never holds the (SQLite) write lock for long. Only events the
      // rollup has folded in go.
      let deleted = 0;
      for (;;) {
        const result = await db
          .deleteFrom('analytics_events')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('analytics_events as e')
              .innerJoin('analytics_rollup_state as s', 's.website_id', 'e.website_id')
              .select('e.id')
              .where('e.occurred_at', '<', cutoff)
              .whereRef('e.id', '<=', 's.last_event_id')
              .limit(DELETE_SLICE),
          )
          .executeTakeFirst();
        const n = num(result.numDeletedRows);
        deleted += n;
        if (n < DELETE_SLICE) return deleted;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },

    async summary(websiteId, range, { top = 10 } = {}) {
      const [from, to] = inRange(range);
      const [pageViews, visits, visitors, uniqueTotal, pages, referrers] = await Promise.all([
        db
          .selectFrom('analytics_daily_counts')
          .select(['day', (eb) => eb.fn.sum<number>('hits').as('n')])
          .where('website_id', '=', websiteId)
          .where('metric', '=', 'page_views')
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy('day')
          .execute(),
        db
          .selectFrom('analytics_daily_sessions')
          .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
          .where('website_id', '=', websiteId)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .where('page_views', '>', 0)
          .groupBy('day')
          .execute(),
        db
          .selectFrom('analytics_daily_visitors')
          .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
          .where('website_id', '=', websiteId)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy('day')
          .execute(),
        db
          .selectFrom('analytics_daily_visitors')
          .select((eb) => eb.fn.count<number>('visitor_id').distinct().as('n'))
          .where('website_id', '=', websiteId)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .executeTakeFirst(),
        ranked(websiteId, 'page_views', range, top),
        ranked(websiteId, 'referrers', range, top),
      ]);
      const byDay = (rows: { day: string; n: unknown }[]) => new Map(rows.map((r) => [r.day, num(r.n)]));
      const views = byDay(pageViews);
      const sessions = byDay(visits);
      const uniques = byDay(visitors);
      const days = daysOf(range).map((day) => ({
        day,
        visits: sessions.get(day) ?? 0,
        uniqueVisitors: uniques.get(day) ?? 0,
        pageViews: views.get(day) ?? 0,
      }));
      return {
        days,
        totals: {
          visits: days.reduce((sum, d) => sum + d.visits, 0),
          uniqueVisitors: num(uniqueTotal?.n),
          pageViews: days.reduce((sum, d) => sum + d.pageViews, 0),
        },
        topPages: pages.map((r) => ({ path: r.key, pageViews: r.count })),
        topReferrers: referrers.map((r) => ({ host: r.key, pageViews: r.count })),
      };
    },

    async funnel(websiteId, range) {
      const [from, to] = inRange(range);
      const has = (bit: number) =>
        sql<number>`sum(case when (funnel_steps & ${sql.lit(bit)}) <> 0 then 1 else 0 end)`;
      const [steps, revenue] = await Promise.all([
        db
          .selectFrom('analytics_daily_sessions')
          .select([
            has(FunnelStep.productView).as('product_view'),
            has(FunnelStep.addToCart).as('add_to_cart'),
            has(FunnelStep.checkout).as('checkout'),
            has(FunnelStep.purchase).as('purchase'),
          ])
          .where('website_id', '=', websiteId)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .where('funnel_steps', '<>', 0)
          .executeTakeFirst(),
        db
          .selectFrom('analytics_purchases')
          .select([
            'currency',
            (eb) => eb.fn.countAll<number>().as('orders'),
            (eb) => eb.fn.sum<number>('amount_minor').as('amount'),
          ])
          .where('website_id', '=', websiteId)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy('currency')
          .orderBy('currency')
          .execute(),
      ]);
      return {
        sessions: {
          productView: num(steps?.product_view),
          addToCart: num(steps?.add_to_cart),
          checkout: num(steps?.checkout),
          purchase: num(steps?.purchase),
        },
        revenue: revenue.map((r) => ({
          currency: r.currency,
          orders: num(r.orders),
          amountMinor: num(r.amount),
        })),
      };
    },

    async webVitals(websiteId, range, { limit = 500 } = {}) {
      const [from, to] = inRange(range);
      const rows = await db
        .selectFrom('analytics_daily_vitals')
        .select(['path', 'metric', 'histogram'])
        .where('website_id', '=', websiteId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      const merged = new Map<string, { path: string; metric: string; histogram: Histogram }>();
      for (const row of rows) {
        const key = `${row.path}\u0000${row.metric}`;
        const entry = merged.get(key) ?? { path: row.path, metric: row.metric, histogram: new Map() };
        for (const [steps, n] of parseHistogram(row.histogram))
          entry.histogram.set(steps, (entry.histogram.get(steps) ?? 0) + n);
        merged.set(key, entry);
      }
      return [...merged.values()]
        .map(({ path, metric, histogram }) => {
          const { samples, steps } = p75Of(histogram);
          return { path, metric, samples, p75: vitalValue(metric, steps) };
        })
        .sort(
          (a, b) => b.samples - a.samples || a.path.localeCompare(b.path) || a.metric.localeCompare(b.metric),
        )
        .slice(0, limit);
    },

    async errors(websiteId, range, { top = 10, latest = 20 } = {}) {
      const [from, to] = inRange(range);
      const [perDay, messages, recent] = await Promise.all([
        db
          .selectFrom('analytics_daily_counts')
          .select(['day', (eb) => eb.fn.sum<number>('hits').as('n')])
          .where('website_id', '=', websiteId)
          .where('metric', '=', 'js_errors')
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy('day')
          .execute(),
        ranked(websiteId, 'js_errors', range, top),
        db
          .selectFrom('analytics_events')
          .select(['occurred_at', 'label', 'path', 'payload'])
          .where('website_id', '=', websiteId)
          .where('kind', '=', AnalyticsKind.jsError)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .orderBy('id', 'desc')
          .limit(latest)
          .execute(),
      ]);
      const counts = new Map(perDay.map((r) => [r.day, num(r.n)]));
      const days = daysOf(range).map((day) => ({ day, errors: counts.get(day) ?? 0 }));
      return {
        days,
        total: days.reduce((sum, d) => sum + d.errors, 0),
        topMessages: messages,
        latest: recent.map((r) => ({
          occurredAt: num(r.occurred_at),
          message: r.label ?? '',
          path: r.path,
          payload: payloadOf(r.payload),
        })),
      };
    },

    async listEvents(websiteId, { kind, limit = 100 } = {}) {
      let query = db.selectFrom('analytics_events').selectAll().where('website_id', '=', websiteId);
      if (kind) query = query.where('kind', '=', kind);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({
        id: num(r.id),
        websiteId: r.website_id,
        day: r.day,
        occurredAt: num(r.occurred_at),
        kind: r.kind,
        visitorId: r.visitor_id,
        sessionId: r.session_id,
        path: r.path,
        referrer: r.referrer,
        itemId: r.item_id,
        label: r.label,
        value: r.value === null ? null : num(r.value),
        funnelSteps: num(r.funnel_steps),
        payload: payloadOf(r.payload),
      }));
    },

    async countEvents(websiteId) {
      let query = db.selectFrom('analytics_events').select((eb) => eb.fn.countAll<number>().as('n'));
      if (websiteId) query = query.where('website_id', '=', websiteId);
      return num((await query.executeTakeFirst())?.n);
    },
  };

  async function ranked(
    websiteId: string,
    metric: string,
    range: DateRange,
    top: number,
  ): Promise<RankedEntry[]> {
    const rows = await db
      .selectFrom('analytics_daily_counts')
      .select(['dimension', (eb) => eb.fn.sum<number>('hits').as('n')])
      .where('website_id', '=', websiteId)
      .where('metric', '=', metric)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('dimension')
      .orderBy('n', 'desc')
      .orderBy('dimension')
      .limit(top)
      .execute();
    return rows.map((r) => ({ key: r.dimension, count: num(r.n) }));
  }
}

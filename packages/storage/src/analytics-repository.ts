import { type Kysely, PostgresAdapter, sql } from 'kysely';
import {
  APPEND_LOCK_KEY,
  chunks,
  DELETE_SLICE,
  daysOf,
  type Histogram,
  histogramJson,
  num,
  p75Of,
  parseHistogram,
  payloadOf,
  RollupBatch,
  vitalValue,
} from './analytics-rollup.js';
import {
  AnalyticsKind,
  type AnalyticsRepository,
  type DateRange,
  FunnelStep,
  type RankedEntry,
} from './analytics-tables.js';
import { atomically } from './atomically.js';
import type { Database } from './schema.js';

export { daysOf, quantiseVital } from './analytics-rollup.js';
export * from './analytics-tables.js';

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

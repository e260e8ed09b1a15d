import { type Kysely, type Migration, PostgresAdapter } from 'kysely';

/*
 * Visitor analytics. Tracking calls append to analytics_events (raw, kept for a retention period);
 * a rollup folds new events, in id order, into small daily tables that the dashboard reads, so a
 * dashboard query never scans the raw events. The rollup remembers how far it got per website in
 * analytics_rollup_state. Every table leads with website_id and goes with its website.
 */
export const analytics: Migration = {
  async up(db: Kysely<any>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('analytics_events')
      .addColumn('website_id', 'text', website)
      // Increasing id: the rollup's watermark. bigserial on PostgreSQL, the rowid alias on SQLite.
      .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
        postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      // Calendar day of occurred_at in the website's time zone, YYYY-MM-DD: what dashboards group by.
      .addColumn('day', 'text', (c) => c.notNull())
      // Epoch milliseconds of receipt by the server (client clocks are not trusted).
      .addColumn('occurred_at', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('visitor_id', 'text')
      .addColumn('session_id', 'text')
      .addColumn('path', 'text')
      // Host of a referrer outside the website; NULL for internal navigation and direct visits.
      .addColumn('referrer', 'text')
      .addColumn('item_id', 'text')
      // Per kind: web-vital metric, error message, purchase currency, tracker schema, census event.
      .addColumn('label', 'text')
      // Per kind: web-vital value, purchase amount in minor units.
      .addColumn('value', 'double precision')
      // Bit set of the funnel steps this event proves for its session (see analytics-repository.ts).
      .addColumn('funnel_steps', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payload', 'text', (c) => c.notNull())
      .execute();
    // The rollup reads one website's new events in id order.
    await db.schema
      .createIndex('analytics_events_by_site_id')
      .on('analytics_events')
      .columns(['website_id', 'id'])
      .execute();
    // The latest errors of a date range.
    await db.schema
      .createIndex('analytics_events_by_site_kind_day')
      .on('analytics_events')
      .columns(['website_id', 'kind', 'day'])
      .execute();
    // Retention deletes by age across all websites.
    await db.schema
      .createIndex('analytics_events_by_time')
      .on('analytics_events')
      .column('occurred_at')
      .execute();

    // Additive daily counters: metric page_views (dimension: path), referrers (host), events (kind),
    // js_errors (message).
    await db.schema
      .createTable('analytics_daily_counts')
      .addColumn('website_id', 'text', website)
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('dimension', 'text', (c) => c.notNull())
      .addColumn('hits', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_daily_counts_pk', ['website_id', 'metric', 'day', 'dimension'])
      .execute();

    // One row per session and day: visits are rows with page views, the funnel counts rows per step.
    await db.schema
      .createTable('analytics_daily_sessions')
      .addColumn('website_id', 'text', website)
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('page_views', 'integer', (c) => c.notNull())
      .addColumn('funnel_steps', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_daily_sessions_pk', ['website_id', 'day', 'session_id'])
      .execute();

    // Visitors seen per day: unique visitors of any date range are a count(distinct) over these rows.
    await db.schema
      .createTable('analytics_daily_visitors')
      .addColumn('website_id', 'text', website)
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('visitor_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_daily_visitors_pk', ['website_id', 'day', 'visitor_id'])
      .execute();

    // Web-vital samples per page, metric and day as a histogram of quantised values (JSON), so the
    // p75 of any date range is exact up to the quantisation step.
    await db.schema
      .createTable('analytics_daily_vitals')
      .addColumn('website_id', 'text', website)
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('samples', 'integer', (c) => c.notNull())
      .addColumn('histogram', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_daily_vitals_pk', ['website_id', 'day', 'path', 'metric'])
      .execute();

    // Revenue: one row per order, so a confirmation page shown twice counts once.
    await db.schema
      .createTable('analytics_purchases')
      .addColumn('website_id', 'text', website)
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('analytics_purchases_pk', ['website_id', 'order_id'])
      .execute();
    await db.schema
      .createIndex('analytics_purchases_by_day')
      .on('analytics_purchases')
      .columns(['website_id', 'day'])
      .execute();

    // How far the rollup got, per website: every event of the website up to last_event_id is folded in.
    await db.schema
      .createTable('analytics_rollup_state')
      .addColumn('website_id', 'text', (c) => c.primaryKey().references('websites.id').onDelete('cascade'))
      .addColumn('last_event_id', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of [
      'analytics_rollup_state',
      'analytics_purchases',
      'analytics_daily_vitals',
      'analytics_daily_visitors',
      'analytics_daily_sessions',
      'analytics_daily_counts',
      'analytics_events',
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/*
 * After the sale (issue #23): what left the shop and what came back, and the order's timeline.
 * - order_shipments: one row per parcel: carrier, tracking number, and which order lines with how many
 *   pieces (JSON). The order's fulfilment status is derived from these rows (commerce), never stored.
 * - order_returns: one row per return the owner recorded: lines with quantity and reason (JSON), the
 *   withdrawal it belongs to, whether the pieces went back to stock and the refund it led to.
 * - order_events: the owner's timeline of an order (paid, shipped, withdrawn, refunded, returned, notes),
 *   written in the transaction of each change, so the timeline never shows what did not happen.
 */
export const shipmentsReturnsTimeline: Migration = {
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');
    await db.schema
      .createTable('order_shipments')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('carrier', 'text', (c) => c.notNull())
      .addColumn('tracking_number', 'text')
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('shipped_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_shipments_pk', ['website_id', 'id'])
      .execute();
    await db.schema
      .createIndex('order_shipments_by_order')
      .on('order_shipments')
      .columns(['website_id', 'order_id', 'shipped_at'])
      .execute();

    await db.schema
      .createTable('order_returns')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('withdrawal_id', 'text')
      .addColumn('restocked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refund_id', 'text')
      .addColumn('note', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_returns_pk', ['website_id', 'id'])
      .execute();
    await db.schema
      .createIndex('order_returns_by_order')
      .on('order_returns')
      .columns(['website_id', 'order_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('order_events')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_events_pk', ['website_id', 'id'])
      .execute();
    await db.schema
      .createIndex('order_events_by_order')
      .on('order_events')
      .columns(['website_id', 'order_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('order_events').execute();
    await db.schema.dropTable('order_returns').execute();
    await db.schema.dropTable('order_shipments').execute();
  },
};

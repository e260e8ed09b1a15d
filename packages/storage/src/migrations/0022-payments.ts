import type { Kysely, Migration } from 'kysely';

/*
 * Real payments (issue #20). `payment_provider_settings` keeps a website's keys for Stripe or PayPal, sealed
 * by the server (never in plaintext), with the masked hints the editor shows. `payments` is one attempt to
 * pay an order at a provider; its (provider, provider_payment_id) is unique, so the webhook and the
 * shopper's return find the same row and settle it once. `payment_events` remembers the provider's event
 * ids that were applied, so a replayed or redelivered webhook changes nothing.
 */
export const payments: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payment_provider_settings')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull().defaultTo('test'))
      .addColumn('sealed_keys', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('key_hints', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('unchecked'))
      .addColumn('status_message', 'text')
      .addColumn('checked_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_provider_settings_pk', ['website_id', 'provider'])
      .execute();

    await db.schema
      .createTable('payments')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_payment_id', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('test_mode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refunded_minor', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('failure', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('paid_at', 'bigint')
      .addPrimaryKeyConstraint('payments_pk', ['website_id', 'id'])
      .execute();
    await db.schema
      .createIndex('payments_provider_payment_unique')
      .on('payments')
      .columns(['provider', 'provider_payment_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('payments_by_order')
      .on('payments')
      .columns(['website_id', 'order_id'])
      .execute();

    await db.schema
      .createTable('payment_events')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('payment_id', 'text')
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_events_pk', ['website_id', 'provider', 'event_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('payment_events').execute();
    await db.schema.dropTable('payments').execute();
    await db.schema.dropTable('payment_provider_settings').execute();
  },
};

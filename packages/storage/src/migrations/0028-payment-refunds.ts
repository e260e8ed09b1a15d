import type { Kysely, Migration } from 'kysely';

/*
 * Refunds (issue #20): one row per refund the owner asked for, full or partial, through Stripe, PayPal or
 * by hand for Vorkasse (with the shopper's IBAN). The owner's idempotency key is unique per website, so a
 * double click or a retried request refunds once; `restocked` says whether this refund put goods back.
 */
export const paymentRefunds: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payment_refunds')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('payment_id', 'text')
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('provider_refund_id', 'text')
      .addColumn('iban', 'text')
      .addColumn('restocked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_refunds_pk', ['website_id', 'id'])
      .execute();
    await db.schema
      .createIndex('payment_refunds_key_unique')
      .on('payment_refunds')
      .columns(['website_id', 'idempotency_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('payment_refunds_by_order')
      .on('payment_refunds')
      .columns(['website_id', 'order_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('payment_refunds').execute();
  },
};

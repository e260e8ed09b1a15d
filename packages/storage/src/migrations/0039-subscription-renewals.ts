import type { Kysely, Migration } from 'kysely';

/*
 * Renewals of subscriptions (issue #20). One row per (subscription, billing period), created when the period
 * falls due; the primary key makes it once per period whichever instance sees it first. A background worker
 * claims due rows with a lease (like `payment_deadlines`), charges the saved payment method with an
 * idempotency key of the row, and places the period's order. A declined charge counts an attempt and moves
 * `due_at` on; after the owner's number of attempts the row is `failed` and the subscription ends.
 */
export const subscriptionRenewals: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('subscription_renewals')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('subscription_id', 'text', (c) => c.notNull())
      .addColumn('period', 'integer', (c) => c.notNull())
      // pending | paid | failed
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_until', 'bigint')
      .addColumn('claim_token', 'text')
      // The period's own cart: placing its order twice answers the first order.
      .addColumn('cart_id', 'text')
      .addColumn('order_id', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('subscription_renewals_pk', ['website_id', 'subscription_id', 'period'])
      .execute();
    await db.schema
      .createIndex('subscription_renewals_due')
      .on('subscription_renewals')
      .columns(['status', 'due_at'])
      .execute();
    await db.schema
      .createIndex('subscriptions_next_billing')
      .on('subscriptions')
      .columns(['status', 'next_billing_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('subscriptions_next_billing').execute();
    await db.schema.dropTable('subscription_renewals').execute();
  },
};

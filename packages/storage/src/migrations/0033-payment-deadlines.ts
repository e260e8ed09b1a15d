import type { Kysely, Migration } from 'kysely';

/*
 * Deadlines of unpaid orders (issue #20): stock an order took at the checkout is only reserved while its
 * payment is open. One row per order waiting for money: `reservation` for a payment at Stripe or PayPal
 * (the owner's minutes), `bank-transfer` for Vorkasse (the owner's days). A background worker claims due
 * rows with a lease (like `email_outbox`), asks the provider once more and then cancels the order, gives
 * the stock and gift-card credit back and mails the shopper; the row is deleted when the order is paid or
 * cancelled. The index on `due_at` keeps the worker's question cheap however many orders a shop has.
 */
export const paymentDeadlines: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payment_deadlines')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      // Set while one worker handles the row; another worker takes it only after the lease ran out.
      .addColumn('lease_until', 'bigint')
      .addColumn('claim_token', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_deadlines_pk', ['website_id', 'order_id'])
      .execute();
    await db.schema
      .createIndex('payment_deadlines_due')
      .on('payment_deadlines')
      .columns(['due_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('payment_deadlines').execute();
  },
};

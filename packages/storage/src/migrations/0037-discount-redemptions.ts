import type { Kysely, Migration } from 'kysely';

/*
 * Usage limits of discounts (issue 23). The definitions stay in the website settings (`coupons`); only the
 * counting lives here, written in the order transaction:
 *
 * - `discount_usage`: one counter per discount (`customer_email` '') and one per discount and customer
 *   e-mail. An order takes a use by `UPDATE … SET used = used + 1 WHERE … AND used < limit`; no row changed
 *   means the limit is reached. PostgreSQL re-checks the condition on the locked row after a concurrent
 *   update commits, SQLite serialises writers, so racing checkouts never count past the limit.
 * - `discount_redemptions`: which order used which discount, by which customer e-mail.
 */
export const discountRedemptions: Migration = {
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('discount_usage')
      .addColumn('website_id', 'text', website)
      .addColumn('discount_id', 'text', (c) => c.notNull())
      .addColumn('customer_email', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('discount_usage_pk', ['website_id', 'discount_id', 'customer_email'])
      .execute();

    await db.schema
      .createTable('discount_redemptions')
      .addColumn('website_id', 'text', website)
      .addColumn('discount_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('customer_email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('discount_redemptions_pk', ['website_id', 'discount_id', 'order_id'])
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('discount_redemptions').execute();
    await db.schema.dropTable('discount_usage').execute();
  },
};

import { type Kysely, type Migration, sql } from 'kysely';

/*
 * Subscriptions started at the subscription checkout, gift cards sold at the gift-card checkout, and
 * what each order took from a gift card. Same rules as 0001: text/integer/bigint only, money in
 * minor units, epoch ms, JSON as text, every primary key led by website_id.
 */
export const subscriptionsGiftCards: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('subscriptions')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      // The order that paid the first period; one subscription per order.
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text')
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('price_minor', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('subscription_option_id', 'text')
      .addColumn('billing_unit', 'text', (c) => c.notNull())
      .addColumn('billing_value', 'integer', (c) => c.notNull())
      // 0 means until cancelled.
      .addColumn('num_billing_cycles', 'integer', (c) => c.notNull())
      .addColumn('billed_cycles', 'integer', (c) => c.notNull())
      .addColumn('customer_email', 'text', (c) => c.notNull())
      // ACTIVE -> CANCELLED or ENDED
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      // Null when every cycle is paid; a billing worker bills what is due.
      .addColumn('next_billing_at', 'bigint')
      .addColumn('ends_at', 'bigint')
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('subscriptions_pk', ['website_id', 'id'])
      .addUniqueConstraint('subscriptions_order_unique', ['website_id', 'order_id'])
      .addCheckConstraint('subscriptions_unit_known', sql`billing_unit in ('WEEK', 'MONTH', 'YEAR')`)
      .addCheckConstraint(
        'subscriptions_numbers_valid',
        sql`quantity > 0 and billing_value > 0 and num_billing_cycles >= 0 and price_minor >= 0`,
      )
      .execute();
    // The billing worker looks across websites for subscriptions that are due.
    await db.schema
      .createIndex('subscriptions_due')
      .on('subscriptions')
      .columns(['status', 'next_billing_at'])
      .execute();

    await db.schema
      .createTable('gift_cards')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      // The code itself is never stored: a lost database must not hand out spendable codes.
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('code_last4', 'text', (c) => c.notNull())
      .addColumn('initial_minor', 'bigint', (c) => c.notNull())
      // Never below zero: taken only by a conditional UPDATE in the order transaction.
      .addColumn('balance_minor', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
      .addColumn('order_id', 'text')
      .addColumn('item_id', 'text')
      .addColumn('sku', 'text')
      .addColumn('recipient_email', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('gift_cards_pk', ['website_id', 'id'])
      .addUniqueConstraint('gift_cards_code_unique', ['website_id', 'code_hash'])
      .addCheckConstraint(
        'gift_cards_balance_valid',
        sql`balance_minor >= 0 and balance_minor <= initial_minor`,
      )
      .execute();
    await db.schema
      .createIndex('gift_cards_by_order')
      .on('gift_cards')
      .columns(['website_id', 'order_id'])
      .execute();

    await db.schema
      .createTable('gift_card_redemptions')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('gift_card_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('gift_card_redemptions_pk', ['website_id', 'id'])
      .addForeignKeyConstraint(
        'gift_card_redemptions_card_fk',
        ['website_id', 'gift_card_id'],
        'gift_cards',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .addCheckConstraint('gift_card_redemptions_amount_positive', sql`amount_minor > 0`)
      .execute();
    await db.schema
      .createIndex('gift_card_redemptions_by_card')
      .on('gift_card_redemptions')
      .columns(['website_id', 'gift_card_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('gift_card_redemptions_by_order')
      .on('gift_card_redemptions')
      .columns(['website_id', 'order_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['gift_card_redemptions', 'gift_cards', 'subscriptions'])
      await db.schema.dropTable(table).ifExists().execute();
  },
};

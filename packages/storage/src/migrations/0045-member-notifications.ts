import type { Kysely, Migration } from 'kysely';

/*
 * Which shop mails each site member wants (issue 23). `site_member_notifications`: one row per member who
 * changed a default; `new_orders` NULL means the default (on for the site's owner, off for the others).
 * `daily_summaries`: one row per member and shop day whose summary was queued. Its primary key is the
 * exactly-once guard: the job inserts it in the transaction that queues the mail, so of two instances
 * running the job at the same moment one inserts and sends, the other finds the row and sends nothing.
 */
export const memberNotifications: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('site_member_notifications')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('new_orders', 'integer')
      .addColumn('daily_summary', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('site_member_notifications_pk', ['website_id', 'account_id'])
      .execute();
    await db.schema
      .createTable('daily_summaries')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_summaries_pk', ['website_id', 'account_id', 'day'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('daily_summaries').execute();
    await db.schema.dropTable('site_member_notifications').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/*
 * What the owner side of the admin API needs from the shop's tables:
 * - Page drafts: a page's blocks as an editor last saved them, apart from the live blocks visitors see.
 *   NULL means "no unpublished changes" (the draft is the live version); publishing copies the draft
 *   into `blocks` and clears it.
 * - Order status: open, fulfilled or cancelled, as a column so the order list can filter by it with an
 *   index; orders placed before this migration are open. The times stay for the order's history.
 */
export const draftsOrderStatus: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('collections').addColumn('draft_blocks', 'text').execute();
    await db.schema.alterTable('collections').addColumn('draft_updated_at', 'bigint').execute();

    await db.schema
      .alterTable('orders')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .execute();
    await db.schema.alterTable('orders').addColumn('fulfilled_at', 'bigint').execute();
    await db.schema.alterTable('orders').addColumn('cancelled_at', 'bigint').execute();
    await db.schema
      .createIndex('orders_by_status_date')
      .on('orders')
      .columns(['website_id', 'status', 'created_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_by_status_date').ifExists().execute();
    for (const column of ['cancelled_at', 'fulfilled_at', 'status'])
      await db.schema.alterTable('orders').dropColumn(column).execute();
    for (const column of ['draft_updated_at', 'draft_blocks'])
      await db.schema.alterTable('collections').dropColumn(column).execute();
  },
};

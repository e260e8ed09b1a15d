import { type Kysely, type Migration, PostgresAdapter } from 'kysely';

/*
 * Files of digital products (issue 23).
 *
 * - `product_files`: the one file a digital product delivers, with what the owner sees of it (name, type,
 *   size, SHA-256) and how often and how long a buyer may download it. `file_id` names the stored bytes;
 *   a replacement gets a new one, so an upload that breaks off never touches the file being sold.
 * - `product_file_chunks`: the bytes in pieces of about 1 MiB, in the database like media (0012): both
 *   dialects, every process and the database backup see them, and a download streams piece by piece.
 * - `order_items.download_count`: how often the line's file was handed out.
 * - `variant_stock_alerts`: the owner's low-stock threshold of a variant; the owner is told once each time
 *   a change takes its stock from above the threshold to it or below.
 */
export const productFiles: Migration = {
  async up(db: Kysely<any>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('product_files')
      .addColumn('website_id', 'text', website)
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('byte_size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('download_limit', 'integer', (c) => c.notNull().defaultTo(5))
      .addColumn('download_days', 'integer', (c) => c.notNull().defaultTo(30))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_files_pk', ['website_id', 'item_id'])
      .execute();

    await db.schema
      .createTable('product_file_chunks')
      .addColumn('website_id', 'text', website)
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_file_chunks_pk', ['website_id', 'file_id', 'seq'])
      .execute();

    await db.schema
      .alterTable('order_items')
      .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('variant_stock_alerts')
      .addColumn('website_id', 'text', website)
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('threshold', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('variant_stock_alerts_pk', ['website_id', 'variant_id'])
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('variant_stock_alerts').execute();
    await db.schema.alterTable('order_items').dropColumn('download_count').execute();
    await db.schema.dropTable('product_file_chunks').execute();
    await db.schema.dropTable('product_files').execute();
  },
};

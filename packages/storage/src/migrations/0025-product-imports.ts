import type { Kysely, Migration } from 'kysely';

/*
 * Moving a shop in (issue 24): product imports from Shopify, WooCommerce and Squarespace CSV files.
 *
 * - `import_jobs`: one uploaded file. The preview (dry run) stores the checked plan as JSON, so starting
 *   the import needs no second upload; progress (`processed` of `total`) is written after each batch, so
 *   the editor can show it again after a page reload.
 * - `import_images`: images of imported products, fetched by a background worker from their URLs with
 *   retries (`attempts`, `next_attempt_at`); `media_id` is the media library entry once fetched. A later
 *   import naming the same URL reuses that entry instead of fetching it again.
 */
export const productImports: Migration = {
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('import_jobs')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      // previewed → running → done | failed
      .addColumn('status', 'text', (c) => c.notNull())
      // The products to write, as JSON (neutral catalogue model of server/src/imports).
      .addColumn('plan', 'text', (c) => c.notNull())
      // Counts and refused rows shown by the preview, as JSON.
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_jobs_pk', ['website_id', 'id'])
      .execute();
    await db.schema
      .createIndex('import_jobs_by_website')
      .on('import_jobs')
      .columns(['website_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('import_images')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('alt_text', 'text', (c) => c.notNull())
      // pending → done | failed
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('media_id', 'text')
      .addColumn('error', 'text')
      .addPrimaryKeyConstraint('import_images_pk', ['website_id', 'id'])
      .execute();
    await db.schema
      .createIndex('import_images_due')
      .on('import_images')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('import_images_by_item')
      .on('import_images')
      .columns(['website_id', 'item_id', 'job_id'])
      .execute();
    await db.schema
      .createIndex('import_images_by_url')
      .on('import_images')
      .columns(['website_id', 'url'])
      .execute();
    await db.schema
      .createIndex('import_images_by_job')
      .on('import_images')
      .columns(['website_id', 'job_id', 'status'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('import_images').execute();
    await db.schema.dropTable('import_jobs').execute();
  },
};

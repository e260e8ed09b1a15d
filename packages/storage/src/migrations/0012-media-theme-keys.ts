import { type Kysely, type Migration, PostgresAdapter } from 'kysely';

/*
 * What the site builder adds for owners who go beyond blocks:
 * - Media: uploaded images of a website (`media`) and their stored files (`media_files`): the original and
 *   one WebP rendition per width step of spec 9 that is smaller than the original. Files live in the
 *   database (blob / bytea) so every process and both dialects see the same files and a database backup
 *   holds everything (docs/decisions/012-media-theme-code-api-keys.md).
 * - Theme overrides: a website's own version of one file of the default theme (a JSON-T template or the
 *   stylesheet). No row means the default file.
 * - API keys: keys for the merchant API with their scopes; only the sha256 of a key is stored.
 */
export const mediaThemeKeys: Migration = {
  async up(db: Kysely<any>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

    await db.schema
      .createTable('media')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('byte_size', 'integer', (c) => c.notNull())
      .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
      // Focal point as fractions of width and height (0..1), spec 3 mediaFocalPoint.
      .addColumn('focal_x', 'real', (c) => c.notNull().defaultTo(0.5))
      .addColumn('focal_y', 'real', (c) => c.notNull().defaultTo(0.5))
      // Comma-separated width steps stored as renditions, e.g. '100w,300w,500w' (systemDataVariants).
      .addColumn('variants', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('media_pk', ['website_id', 'id'])
      .execute();
    await db.schema.createIndex('media_by_date').on('media').columns(['website_id', 'created_at']).execute();

    await db.schema
      .createTable('media_files')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('media_id', 'text', (c) => c.notNull())
      // 'original' or a width step such as '500w'.
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint('media_files_pk', ['website_id', 'media_id', 'variant'])
      .addForeignKeyConstraint(
        'media_files_media_fk',
        ['website_id', 'media_id'],
        'media',
        ['website_id', 'id'],
        (c) => c.onDelete('cascade'),
      )
      .execute();

    await db.schema
      .createTable('theme_overrides')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      // A file of the default theme: 'site.jsont', 'page.jsont', 'partials/order-details.jsont', 'theme.css'.
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .addPrimaryKeyConstraint('theme_overrides_pk', ['website_id', 'file'])
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      // sha256 (hex) of the whole key; the key itself is shown once and never stored.
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      // The first characters of the key, so owners can tell their keys apart.
      .addColumn('key_prefix', 'text', (c) => c.notNull())
      // JSON array of scope names.
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addPrimaryKeyConstraint('api_keys_pk', ['website_id', 'id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['api_keys', 'theme_overrides', 'media_files', 'media'])
      await db.schema.dropTable(table).ifExists().execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/*
 * Customers moved in from another shop (issue 24):
 * - `customer_profiles`: what a Shopify customer export carries beside the account (first and last name
 *   apart, phone, tags, the owner's note) and where the customer came from. One row per account; it goes
 *   with the account (ON DELETE CASCADE), so an Art. 17 erasure leaves nothing of it behind.
 * - `newsletter_subscribers.consent_source`: where a confirmed address's consent was given when it was not
 *   our own double opt-in (e.g. "Import aus Shopify"); with `confirmed_at` (the import's date) it is the
 *   record the owner shows for Art. 7 Abs. 1 DSGVO. NULL: confirmed through our own opt-in mail.
 */
export const customerImports: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('customer_profiles')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      // JSON list of the owner's tags.
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      // e.g. "Import aus Shopify"; with imported_at when the customer came in that way.
      .addColumn('source', 'text')
      .addColumn('imported_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('customer_profiles_pk', ['website_id', 'customer_id'])
      .addForeignKeyConstraint(
        'customer_profiles_account',
        ['website_id', 'customer_id'],
        'customer_accounts',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema.alterTable('newsletter_subscribers').addColumn('consent_source', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('newsletter_subscribers').dropColumn('consent_source').execute();
    await db.schema.dropTable('customer_profiles').ifExists().execute();
  },
};

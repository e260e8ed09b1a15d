import type { Kysely, Migration } from 'kysely';

/*
 * Selling legally in Germany (issue 21).
 *
 * - `legal_text_versions`: every distinct set of legal texts a website has shown (Impressum, AGB,
 *   Widerrufsbelehrung, ...), numbered per website. A new row is written only when the rendered texts
 *   change, so a number names exactly what a shopper could read at that time (§312f BGB: the confirmation
 *   must carry the terms the contract was made under, even after the owner edits them).
 * - `order_legal_acceptances`: which version an order was placed under.
 * - `withdrawals`: declarations made through the "Vertrag widerrufen" function (§356a BGB), kept as
 *   evidence with the moment they arrived; an order may have more than one (items withdrawn one by one).
 * - `products.made_to_order`: the owner marks products made to the customer's specification, which are
 *   excluded from withdrawal (§312g Abs. 2 Nr. 1 BGB).
 */
export const legalTexts: Migration = {
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('legal_text_versions')
      .addColumn('website_id', 'text', website)
      .addColumn('version', 'integer', (c) => c.notNull())
      // sha256 of the texts: an unchanged rendering finds its version instead of adding one.
      .addColumn('content_hash', 'text', (c) => c.notNull())
      // The rendered documents as JSON (structured blocks, see commerce legal-texts.ts).
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('legal_text_versions_pk', ['website_id', 'version'])
      .execute();

    await db.schema
      .createTable('order_legal_acceptances')
      .addColumn('website_id', 'text', website)
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('accepted_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_legal_acceptances_pk', ['website_id', 'order_id'])
      .execute();

    await db.schema
      .createTable('withdrawals')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      // Order item ids withdrawn, as JSON; every withdrawable item when the shopper chose none.
      .addColumn('item_ids', 'text', (c) => c.notNull())
      // The declaration as the shopper confirmed it, word for word (it goes into both mails).
      .addColumn('declaration', 'text', (c) => c.notNull())
      .addColumn('declared_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('withdrawals_pk', ['website_id', 'id'])
      .execute();
    await db.schema
      .createIndex('withdrawals_by_order')
      .on('withdrawals')
      .columns(['website_id', 'order_id', 'declared_at'])
      .execute();

    await db.schema
      .alterTable('products')
      .addColumn('made_to_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('products').dropColumn('made_to_order').execute();
    await db.schema.dropTable('withdrawals').execute();
    await db.schema.dropTable('order_legal_acceptances').execute();
    await db.schema.dropTable('legal_text_versions').execute();
  },
};

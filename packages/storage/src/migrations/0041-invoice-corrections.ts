import { type Kysely, type Migration, sql } from 'kysely';

/*
 * Correcting invoices for partial refunds (issue 21, § 14 UStG / § 17 UStG). An order keeps at most one
 * invoice and one Stornorechnung, but may get one correcting invoice ('correction') per partial refund:
 * the one-per-kind index becomes partial, and `refund_id` names the refund a correction belongs to, unique
 * per website, so a retried refund never issues twice.
 */
export const invoiceCorrections: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('invoices').addColumn('refund_id', 'text').execute();
    await db.schema.dropIndex('invoices_order_kind').execute();
    await db.schema
      .createIndex('invoices_order_kind')
      .unique()
      .on('invoices')
      .columns(['website_id', 'order_id', 'kind'])
      .where(sql.ref('kind'), '<>', sql.lit('correction'))
      .execute();
    await db.schema
      .createIndex('invoices_refund')
      .unique()
      .on('invoices')
      .columns(['website_id', 'refund_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('invoices_refund').execute();
    await db.schema.dropIndex('invoices_order_kind').execute();
    await db.deleteFrom('invoices').where('kind', '=', 'correction').execute();
    await db.schema
      .createIndex('invoices_order_kind')
      .unique()
      .on('invoices')
      .columns(['website_id', 'order_id', 'kind'])
      .execute();
    await db.schema.alterTable('invoices').dropColumn('refund_id').execute();
  },
};

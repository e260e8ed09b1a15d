import type { Kysely, Migration } from 'kysely';

/*
 * VAT, invoices and price notes (issue 21).
 *
 * - `products.tax_class`: 'standard' (19 %), 'reduced' (7 %) or 'zero'; the rate per country comes from the
 *   EU table in commerce (vat-rates.ts), so a rate change needs no data migration.
 * - `product_variants.unit_content`: the Grundpreis content of a variant sold by quantity (§ 4 PAngV), as
 *   JSON `{ amount, unit }`, e.g. `{ "amount": 500, "unit": "g" }`; NULL for goods sold by the piece.
 * - `price_history`: every price a variant was sold at from a moment on, so a reduced price can name the
 *   lowest price of the 30 days before it (§ 11 PAngV).
 * - `invoices`: issued invoices and cancellation invoices (Stornorechnungen). The number comes from the
 *   `website_sequences` counter 'invoice_number' in the transaction that marks the order paid, so a failed
 *   transaction takes its number back with it and numbers stay gapless (§ 14 Abs. 4 Nr. 4 UStG). `data` is
 *   the invoice frozen as it was issued; the PDF is rendered from it alone, so it never changes.
 */
export const vatInvoicesPrices: Migration = {
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .alterTable('products')
      .addColumn('tax_class', 'text', (c) => c.notNull().defaultTo('standard'))
      .execute();
    await db.schema.alterTable('product_variants').addColumn('unit_content', 'text').execute();

    await db.schema
      .createTable('price_history')
      .addColumn('website_id', 'text', website)
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('valid_from', 'bigint', (c) => c.notNull())
      // The price a shopper paid from then on (the sale price while on sale), minor units.
      .addColumn('price_minor', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('price_history_pk', ['website_id', 'variant_id', 'valid_from'])
      .execute();

    await db.schema
      .createTable('invoices')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      // 'invoice' or 'cancellation' (Stornorechnung, which names the invoice it cancels).
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('cancels_number', 'integer')
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('invoices_pk', ['website_id', 'id'])
      .execute();
    await db.schema
      .createIndex('invoices_number')
      .unique()
      .on('invoices')
      .columns(['website_id', 'number'])
      .execute();
    // One invoice and at most one cancellation per order: a repeated "paid" or "cancelled" issues nothing twice.
    await db.schema
      .createIndex('invoices_order_kind')
      .unique()
      .on('invoices')
      .columns(['website_id', 'order_id', 'kind'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('invoices').execute();
    await db.schema.dropTable('price_history').execute();
    await db.schema.alterTable('product_variants').dropColumn('unit_content').execute();
    await db.schema.alterTable('products').dropColumn('tax_class').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/*
 * A cart's version, raised by every write of the cart or its entries. Add-to-cart reads the cart, lets the
 * shop's rules decide and then writes only while the version is still the one it read (cart-repository.ts
 * `writeAddition`): a change in between makes the add decide again instead of overwriting it.
 */
export const cartVersion: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('carts')
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('carts').dropColumn('version').execute();
  },
};

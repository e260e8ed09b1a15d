import type { Kysely, Migration } from 'kysely';

/*
 * The language of a restock sign-up (spec 7: the signed-in customer's sign-up carries the current
 * language), so the "it is back" mail is written in it. NULL for sign-ups that named none, which are
 * sent in German, the shop's language.
 */
export const restockLanguage: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('restock_signups').addColumn('language', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('restock_signups').dropColumn('language').execute();
  },
};

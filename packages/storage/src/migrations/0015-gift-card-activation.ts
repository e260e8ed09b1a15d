import type { Kysely, Migration } from 'kysely';

/*
 * Gift cards of unpaid orders (security review #18, finding 1): a card bought by bank transfer is kept
 * as PENDING, without a code and without balance, until the order is paid. Its mail is written only
 * then, so the buyer's name for it is kept with the card. `test_mode` marks a card bought in a test
 * order: it can pay test orders only (finding 2). Cards issued before this migration are real ones.
 */
export const giftCardActivation: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('gift_cards')
      .addColumn('test_mode', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('gift_cards').addColumn('from_name', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('gift_cards').dropColumn('from_name').execute();
    await db.schema.alterTable('gift_cards').dropColumn('test_mode').execute();
  },
};

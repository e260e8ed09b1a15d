import { type Kysely, type Migration, sql } from 'kysely';
import { newId } from '../ids.js';

/*
 * Working together in the editor, and mailing lists (issue 19, item 7).
 *
 * - `page_locks`: who is editing a page now. A lease with an end (`expires_at`) that the open editor
 *   keeps pushing forward; one that ran out counts as free, so a closed browser never locks a page for
 *   good. One row per page (the primary key), so two editors can never both hold it.
 * - `newsletter_lists`: the mailing lists an owner keeps; a newsletter block subscribes to one of them.
 * - `newsletter_list_members`: which subscriber (address, with its double opt-in state) is on which list.
 *   Removing the subscriber (a customer erasing the account) removes the memberships with it.
 * - `newsletter_campaigns`: mails an owner sent to a list, kept with their subject and text and how many
 *   confirmed subscribers they went to.
 *
 * Subscribers from before lists existed are put on a list „Newsletter“ of their website, so their
 * sign-ups keep counting and the old newsletter blocks (which name no list) keep filling it.
 */
export const DEFAULT_MAILING_LIST_NAME = 'Newsletter';

export const editorCollaboration: Migration = {
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('page_locks')
      .addColumn('website_id', 'text', website)
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      // The holder's name as shown to the others ("Anna bearbeitet diese Seite gerade").
      .addColumn('holder_name', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('page_locks_pk', ['website_id', 'collection_id'])
      .execute();

    await db.schema
      .createTable('newsletter_lists')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      // Lower-cased name: two lists a reader could not tell apart are refused.
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('newsletter_lists_pk', ['website_id', 'id'])
      .addUniqueConstraint('newsletter_lists_name', ['website_id', 'name_key'])
      .execute();

    await db.schema
      .createTable('newsletter_list_members')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('list_id', 'text', (c) => c.notNull())
      .addColumn('subscriber_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('newsletter_list_members_pk', ['website_id', 'list_id', 'subscriber_id'])
      .addForeignKeyConstraint(
        'newsletter_list_members_list',
        ['website_id', 'list_id'],
        'newsletter_lists',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .addForeignKeyConstraint(
        'newsletter_list_members_subscriber',
        ['website_id', 'subscriber_id'],
        'newsletter_subscribers',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();

    await db.schema
      .createTable('newsletter_campaigns')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      // Kept when the list is deleted later: the campaign stays in the record of what was sent.
      .addColumn('list_id', 'text', (c) => c.notNull())
      .addColumn('list_name', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('markdown', 'text', (c) => c.notNull())
      .addColumn('recipients', 'integer', (c) => c.notNull())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('newsletter_campaigns_pk', ['website_id', 'id'])
      .execute();

    // Existing subscribers: one list per website that has any, holding all of them.
    const now = Date.now();
    const websites = await db.selectFrom('newsletter_subscribers').select('website_id').distinct().execute();
    for (const { website_id } of websites as { website_id: string }[]) {
      const listId = newId(now);
      await db
        .insertInto('newsletter_lists')
        .values({
          website_id,
          id: listId,
          name: DEFAULT_MAILING_LIST_NAME,
          name_key: DEFAULT_MAILING_LIST_NAME.toLowerCase(),
          created_at: now,
        })
        .execute();
      await db
        .insertInto('newsletter_list_members')
        .columns(['website_id', 'list_id', 'subscriber_id', 'created_at'])
        .expression(
          db
            .selectFrom('newsletter_subscribers')
            .select(['website_id', sql.lit(listId).as('list_id'), 'id', sql.lit(now).as('created_at')])
            .where('website_id', '=', website_id),
        )
        .execute();
    }
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('newsletter_campaigns').execute();
    await db.schema.dropTable('newsletter_list_members').execute();
    await db.schema.dropTable('newsletter_lists').execute();
    await db.schema.dropTable('page_locks').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/*
 * Email outbox, restock sign-ups, site forms with their submissions and single-use keys, newsletter
 * subscribers. Same rules as 0001: text/integer/bigint only, booleans 0/1, JSON as text, epoch ms.
 */
export const formsEmail: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('email_outbox')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('reply_to', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text')
      // pending -> sending (claimed, lease_until set) -> sent; or back to pending with a later
      // next_attempt_at after a failure; failed after the last attempt.
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_until', 'bigint')
      .addColumn('claim_token', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .addPrimaryKeyConstraint('email_outbox_pk', ['website_id', 'id'])
      .execute();
    // The worker looks across websites for due messages.
    await db.schema
      .createIndex('email_outbox_due')
      .on('email_outbox')
      .columns(['status', 'next_attempt_at'])
      .execute();

    await db.schema
      .createTable('restock_signups')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('join_mailing_list', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('notified_at', 'bigint')
      .addPrimaryKeyConstraint('restock_signups_pk', ['website_id', 'id'])
      .addUniqueConstraint('restock_signups_once', ['website_id', 'product_id', 'variant_id', 'email'])
      .execute();

    await db.schema
      .createTable('site_forms')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('site_forms_pk', ['website_id', 'id'])
      .execute();

    await db.schema
      .createTable('form_submission_keys')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addPrimaryKeyConstraint('form_submission_keys_pk', ['website_id', 'key'])
      .execute();

    await db.schema
      .createTable('form_submissions')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('form_id', 'text', (c) => c.notNull())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('form_submissions_pk', ['website_id', 'id'])
      .execute();
    await db.schema
      .createIndex('form_submissions_by_form')
      .on('form_submissions')
      .columns(['website_id', 'form_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('newsletter_subscribers')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      // pending (opt-in mail sent) -> confirmed -> unsubscribed
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('confirmed_at', 'bigint')
      .addColumn('unsubscribed_at', 'bigint')
      .addPrimaryKeyConstraint('newsletter_subscribers_pk', ['website_id', 'id'])
      .addUniqueConstraint('newsletter_subscribers_once', ['website_id', 'email'])
      .addUniqueConstraint('newsletter_subscribers_token', ['website_id', 'token'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of [
      'newsletter_subscribers',
      'form_submissions',
      'form_submission_keys',
      'site_forms',
      'restock_signups',
      'email_outbox',
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};

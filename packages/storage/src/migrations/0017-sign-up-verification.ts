import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/*
 * Sign-ups wait for their mail link (security review #18): answering "this address has an account"
 * told strangers who is a customer or an owner. Both sign-ups now answer the same for a new and a taken
 * address and write a mail instead; a new address becomes an account only when the link of that mail
 * is opened. Until then the sign-up is a row here, with the password already hashed and only the
 * sha256 of the link's token. Each row carries its own password, so someone registering a stranger's
 * address cannot set the password the stranger later activates. Rows expire after 48 hours.
 *
 * Owner accounts belong to no website, so their mails cannot name one: email_outbox.website_id becomes
 * optional (null = a mail of the platform, e.g. to an owner) and the id alone keys a message.
 */
export const signUpVerification: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('owner_sign_ups')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('owner_sign_ups_by_expiry')
      .on('owner_sign_ups')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('customer_sign_ups')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('customer_sign_ups_pk', ['website_id', 'token_hash'])
      .execute();
    await db.schema
      .createIndex('customer_sign_ups_by_expiry')
      .on('customer_sign_ups')
      .columns(['website_id', 'expires_at'])
      .execute();

    if (isPostgres(db)) {
      await sql`alter table email_outbox drop constraint email_outbox_pk`.execute(db);
      await sql`alter table email_outbox alter column website_id drop not null`.execute(db);
      await sql`alter table email_outbox add constraint email_outbox_pk primary key (id)`.execute(db);
    } else {
      // SQLite cannot change a column's NOT NULL or a primary key in place: the table is copied.
      await db.schema
        .createTable('email_outbox_0017')
        .addColumn('website_id', 'text', (c) => c.references('websites.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint')
        .addColumn('claim_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await sql`insert into email_outbox_0017 select website_id, id, kind, to_address, reply_to, subject,
        text_body, html_body, status, attempts, next_attempt_at, lease_until, claim_token, last_error,
        created_at, sent_at from email_outbox`.execute(db);
      await db.schema.dropTable('email_outbox').execute();
      await db.schema.alterTable('email_outbox_0017').renameTo('email_outbox').execute();
      await db.schema
        .createIndex('email_outbox_due')
        .on('email_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    }
    // The owner's list of a website's mails; the primary key no longer leads with the website.
    await db.schema
      .createIndex('email_outbox_by_website')
      .on('email_outbox')
      .columns(['website_id', 'created_at'])
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropIndex('email_outbox_by_website').ifExists().execute();
    // Platform mails have no website to go back under.
    await db.deleteFrom('email_outbox').where('website_id', 'is', null).execute();
    if (isPostgres(db)) {
      await sql`alter table email_outbox drop constraint email_outbox_pk`.execute(db);
      await sql`alter table email_outbox alter column website_id set not null`.execute(db);
      await sql`alter table email_outbox add constraint email_outbox_pk primary key (website_id, id)`.execute(
        db,
      );
    }
    await db.schema.dropTable('customer_sign_ups').ifExists().execute();
    await db.schema.dropTable('owner_sign_ups').ifExists().execute();
  },
};

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

import type { Kysely, Migration } from 'kysely';

/*
 * Owner accounts, their sign-in sessions, who holds which roles on which website, and invitations to
 * join a website. Accounts are not owned by a website (one person may work on many), so these tables are
 * keyed by account; memberships and invitations lead with website_id like every tenant table and go
 * with their website. Secrets (password, session id, invitation token) are never stored in clear text.
 */
export const accounts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Trimmed and lower-cased, so one address is one account however it is typed.
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      // PHC string of an argon2id hash.
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('account_sessions')
      // sha256 of the cookie value: a copy of the database signs nobody in.
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('account_sessions_by_account')
      .on('account_sessions')
      .column('account_id')
      .execute();
    await db.schema
      .createIndex('account_sessions_by_expiry')
      .on('account_sessions')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('site_members')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      // JSON array of role codes (spec 3), e.g. [1] or [4, 8].
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('site_members_pk', ['website_id', 'account_id'])
      .execute();
    // "My sites" of the signed-in account.
    await db.schema.createIndex('site_members_by_account').on('site_members').column('account_id').execute();

    await db.schema
      .createTable('site_invitations')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      // sha256 of the token in the invitation link.
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('accepted_at', 'bigint')
      .addColumn('accepted_by', 'text')
      .addPrimaryKeyConstraint('site_invitations_pk', ['website_id', 'id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['site_invitations', 'site_members', 'account_sessions', 'accounts'])
      await db.schema.dropTable(table).ifExists().execute();
  },
};

import { type Kysely, type Migration, sql } from 'kysely';

/*
 * Customer accounts: the shop's shoppers who sign in on the storefront (spec 3 "site users"). They are
 * not owner accounts (0006): a customer belongs to one website, so one email can have an account on two
 * shops that know nothing of each other. Every table leads with website_id and goes with its website.
 * Secrets (password, session id, email-link tokens) are stored as hashes only.
 */
export const customerAccounts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('customer_accounts')
      .addColumn('website_id', 'text', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      // Trimmed and lower-cased: one address is one account per website however it is typed.
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('email_verified_at', 'bigint')
      // The cart kept for the customer between visits (merged with a guest cart on sign-in).
      .addColumn('cart_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('customer_accounts_pk', ['website_id', 'id'])
      .addUniqueConstraint('customer_accounts_email', ['website_id', 'email'])
      .execute();

    await db.schema
      .createTable('customer_sessions')
      .addColumn('website_id', 'text', (c) => c.notNull())
      // sha256 of the cookie value.
      .addColumn('id_hash', 'text', (c) => c.notNull().unique())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('customer_sessions_pk', ['website_id', 'id_hash'])
      .addForeignKeyConstraint(
        'customer_sessions_customer',
        ['website_id', 'customer_id'],
        'customer_accounts',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('customer_sessions_by_customer')
      .on('customer_sessions')
      .columns(['website_id', 'customer_id'])
      .execute();
    await db.schema
      .createIndex('customer_sessions_by_expiry')
      .on('customer_sessions')
      .columns(['website_id', 'expires_at'])
      .execute();

    // Single-use links sent by email: verify the address, set a new password.
    await db.schema
      .createTable('customer_tokens')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addPrimaryKeyConstraint('customer_tokens_pk', ['website_id', 'token_hash'])
      .addForeignKeyConstraint(
        'customer_tokens_customer',
        ['website_id', 'customer_id'],
        'customer_accounts',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('customer_tokens_by_customer')
      .on('customer_tokens')
      .columns(['website_id', 'customer_id'])
      .execute();

    // Orders a customer owns (placed with the verified email). An order has at most one owner.
    await db.schema
      .createTable('customer_orders')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('customer_orders_pk', ['website_id', 'order_id'])
      .addForeignKeyConstraint(
        'customer_orders_customer',
        ['website_id', 'customer_id'],
        'customer_accounts',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('customer_orders_by_customer')
      .on('customer_orders')
      .columns(['website_id', 'customer_id'])
      .execute();
    // Claiming looks orders up by their email, whatever its case as typed at checkout.
    await db.schema
      .createIndex('orders_by_customer_email')
      .on('orders')
      .expression(sql`website_id, lower(customer_email)`)
      .execute();

    await db.schema
      .createTable('customer_addresses')
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      // JSON: firstName, lastName, line1, line2, city, postalCode, region, country.
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('customer_addresses_pk', ['website_id', 'id'])
      .addForeignKeyConstraint(
        'customer_addresses_customer',
        ['website_id', 'customer_id'],
        'customer_accounts',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('customer_addresses_by_customer')
      .on('customer_addresses')
      .columns(['website_id', 'customer_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_by_customer_email').ifExists().execute();
    for (const table of [
      'customer_addresses',
      'customer_orders',
      'customer_tokens',
      'customer_sessions',
      'customer_accounts',
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};

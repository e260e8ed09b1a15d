import type { Kysely, Migration } from 'kysely';

/*
 * The documented public API and outgoing webhooks (issue 24).
 *
 * - `api_idempotency_keys`: a POST's `Idempotency-Key` with a hash of its request and the answer given,
 *   kept 24 hours per website, so a client that retries after a lost answer gets the same answer instead
 *   of a second product. `status_code` is null while the first request still runs.
 * - `webhook_subscriptions`: addresses an owner registered for events. The secret signs each delivery, so it
 *   must stay readable (not hashed); it is shown to the owner once.
 * - `webhook_deliveries`: the outbox of webhook calls, one row per subscription and event, written in the
 *   transaction of the change. A worker claims due rows with a lease (like `email_outbox`), retries with
 *   back-off and keeps the last answer's status code for the delivery log.
 */
export const apiWebhooks: Migration = {
  async up(db: Kysely<any>) {
    const website = (c: any) => c.notNull().references('websites.id').onDelete('cascade');

    await db.schema
      .createTable('api_idempotency_keys')
      .addColumn('website_id', 'text', website)
      .addColumn('idem_key', 'text', (c) => c.notNull())
      // sha256 of method, route and body: the same key with another request is refused.
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_idempotency_keys_pk', ['website_id', 'idem_key'])
      .execute();
    await db.schema
      .createIndex('api_idempotency_keys_age')
      .on('api_idempotency_keys')
      .columns(['created_at'])
      .execute();

    await db.schema
      .createTable('webhook_subscriptions')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      // The event types as a JSON array, e.g. ["order.created","order.paid"].
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('webhook_subscriptions_pk', ['website_id', 'id'])
      .execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('website_id', 'text', website)
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('subscription_id', 'text', (c) => c.notNull())
      // The event's id: the same on a re-sent delivery, so receivers can drop what they already saw.
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      // The exact JSON body that is signed and sent.
      .addColumn('payload', 'text', (c) => c.notNull())
      // pending → sending → delivered | pending (retry) | failed (gave up)
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_until', 'bigint')
      .addColumn('claim_token', 'text')
      .addColumn('response_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('delivered_at', 'bigint')
      .addPrimaryKeyConstraint('webhook_deliveries_pk', ['website_id', 'id'])
      .addForeignKeyConstraint(
        'webhook_deliveries_subscription',
        ['website_id', 'subscription_id'],
        'webhook_subscriptions',
        ['website_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_log')
      .on('webhook_deliveries')
      .columns(['website_id', 'created_at'])
      .execute();
  },

  async down(db: Kysely<any>) {
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_subscriptions').execute();
    await db.schema.dropTable('api_idempotency_keys').execute();
  },
};

import { randomBytes } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';

/*
 * Outgoing webhooks (migration 0031): the addresses an owner registered for events, and the outbox of
 * deliveries. `emit` writes one delivery per subscription that wants the event; call it on the storage of
 * the transaction that made the change, so the change and its announcement commit together or not at all.
 * A worker claims due deliveries with a lease (two workers never send the same row at once) and records
 * each answer; the server decides the back-off and signs the body.
 */

export interface WebhookSubscriptionsTable {
  website_id: string;
  id: string;
  url: string;
  events: string;
  secret: string;
  created_at: number;
}

export interface WebhookDeliveriesTable {
  website_id: string;
  id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  claim_token: string | null;
  response_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

declare module './schema.js' {
  interface Database {
    webhook_subscriptions: WebhookSubscriptionsTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}

export interface WebhookSubscription {
  websiteId: string;
  id: string;
  url: string;
  events: string[];
  /**
   * Signs every delivery (HMAC-SHA256); shown to the owner once, when the subscription is created. As stored:
   * sealed by the server with its SECRETS_KEY (server/src/webhooks/webhook-secrets.ts); rows written before
   * sealing existed hold it plain until the server's start-up pass seals them.
   */
  secret: string;
  createdAt: number;
}

export type WebhookDeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

export interface WebhookDelivery {
  websiteId: string;
  id: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  /** The JSON body as sent (and signed). */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  /** The receiver's last HTTP status; null before the first answer or when none came (network error). */
  responseStatus: number | null;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
}

/** A delivery this worker holds until leaseUntil; only the holder of claimToken may record its outcome. */
export interface ClaimedWebhookDelivery extends WebhookDelivery {
  claimToken: string;
  leaseUntil: number;
  /** Where to send it and what to sign it with (read with the claim; a deleted subscription takes its rows). */
  url: string;
  secret: string;
}

export interface NewWebhookEvent {
  /** e.g. 'order.created', 'product.changed'. */
  type: string;
  /** The event's data; wrapped with id, type and time into the body. */
  data: unknown;
}

export interface WebhookRepository {
  /**
   * `secret` is stored as given; a function is called with the new subscription's id and its answer stored
   * (the server seals the secret for exactly this subscription).
   */
  createSubscription(
    websiteId: string,
    input: { url: string; events: string[]; secret: string | ((subscriptionId: string) => string) },
    now?: number,
  ): Promise<WebhookSubscription>;
  /** Subscriptions whose stored secret does not start with `prefix` (e.g. not sealed yet), of every website. */
  secretsNotStartingWith(
    prefix: string,
    limit: number,
  ): Promise<{ websiteId: string; id: string; secret: string }[]>;
  /** Replaces a stored secret only while it still is `from` (two instances sealing at once write it once). */
  replaceSecret(websiteId: string, subscriptionId: string, from: string, to: string): Promise<boolean>;
  listSubscriptions(websiteId: string): Promise<WebhookSubscription[]>;
  deleteSubscription(websiteId: string, subscriptionId: string): Promise<boolean>;
  /**
   * One delivery per subscription of the website that wants `event.type`, all with the same event id.
   * Returns the event id, or undefined when nobody subscribed (nothing written).
   */
  emit(websiteId: string, event: NewWebhookEvent, now?: number): Promise<string | undefined>;
  /** Claims up to `limit` due deliveries (or ones whose lease ran out), each with one conditional UPDATE. */
  claimDue(opts: { now: number; leaseMs: number; limit: number }): Promise<ClaimedWebhookDelivery[]>;
  /** False when the claim was lost meanwhile. */
  markDelivered(claim: ClaimedWebhookDelivery, responseStatus: number, now: number): Promise<boolean>;
  /** Back to pending at retryAt, or failed for good when retryAt is null. */
  markFailed(
    claim: ClaimedWebhookDelivery,
    outcome: { responseStatus: number | null; error: string },
    retryAt: number | null,
  ): Promise<boolean>;
  /** The delivery log, newest first. */
  listDeliveries(
    websiteId: string,
    opts?: { subscriptionId?: string; limit?: number },
  ): Promise<WebhookDelivery[]>;
  findDelivery(websiteId: string, deliveryId: string): Promise<WebhookDelivery | undefined>;
  /**
   * "Erneut senden": a new delivery of the same event (same event id and body) to the same subscription,
   * due now; undefined when the delivery or its subscription is gone.
   */
  resend(websiteId: string, deliveryId: string, now?: number): Promise<WebhookDelivery | undefined>;
}

const MAX_ERROR_LENGTH = 500;
const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

function toSubscription(row: Selectable<WebhookSubscriptionsTable>): WebhookSubscription {
  return {
    websiteId: row.website_id,
    id: row.id,
    url: row.url,
    events: fromJson<string[]>(row.events, []),
    secret: row.secret,
    createdAt: Number(row.created_at),
  };
}

function toDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    websiteId: row.website_id,
    id: row.id,
    subscriptionId: row.subscription_id,
    eventId: row.event_id,
    eventType: row.event_type,
    payload: row.payload,
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
  };
}

export function webhookRepository(db: Kysely<Database>): WebhookRepository {
  const newDelivery = (
    websiteId: string,
    subscriptionId: string,
    eventId: string,
    eventType: string,
    payload: string,
    now: number,
  ): Selectable<WebhookDeliveriesTable> => ({
    website_id: websiteId,
    id: newId(now),
    subscription_id: subscriptionId,
    event_id: eventId,
    event_type: eventType,
    payload,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    lease_until: null,
    claim_token: null,
    response_status: null,
    last_error: null,
    created_at: now,
    delivered_at: null,
  });

  /**
   * Inside one transaction the subscriptions are read once per website: a checkout announces several events
   * (order.created, stock.low) and each asked again, under the write lock. Writes to them in the same
   * transaction forget what was read.
   */
  const readInThisTransaction = db.isTransaction
    ? new Map<string, Promise<WebhookSubscription[]>>()
    : undefined;
  function listSubscriptions(websiteId: string): Promise<WebhookSubscription[]> {
    if (!readInThisTransaction) return readSubscriptions(websiteId);
    let read = readInThisTransaction.get(websiteId);
    if (!read) {
      read = readSubscriptions(websiteId);
      readInThisTransaction.set(websiteId, read);
    }
    return read;
  }
  async function readSubscriptions(websiteId: string) {
    if (!isKey(websiteId)) return [];
    const rows = await db
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toSubscription);
  }

  async function findDelivery(websiteId: string, deliveryId: string) {
    if (!isKey(websiteId) || !isKey(deliveryId)) return undefined;
    const row = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    return row ? toDelivery(row) : undefined;
  }

  return {
    listSubscriptions,
    findDelivery,

    async createSubscription(websiteId, input, now = Date.now()) {
      const id = newId(now);
      const row = {
        website_id: websiteId,
        id,
        url: input.url,
        events: toJson(input.events),
        secret: typeof input.secret === 'function' ? input.secret(id) : input.secret,
        created_at: now,
      };
      readInThisTransaction?.clear();
      await db.insertInto('webhook_subscriptions').values(row).execute();
      return toSubscription(row);
    },

    async secretsNotStartingWith(prefix, limit) {
      const rows = await db
        .selectFrom('webhook_subscriptions')
        .select(['website_id', 'id', 'secret'])
        .where(sql<string>`substr(secret, 1, ${prefix.length})`, '!=', prefix)
        .orderBy('website_id')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ websiteId: r.website_id, id: r.id, secret: r.secret }));
    },

    async replaceSecret(websiteId, subscriptionId, from, to) {
      readInThisTransaction?.clear();
      const result = await db
        .updateTable('webhook_subscriptions')
        .set({ secret: to })
        .where('website_id', '=', websiteId)
        .where('id', '=', subscriptionId)
        .where('secret', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteSubscription(websiteId, subscriptionId) {
      if (!isKey(websiteId) || !isKey(subscriptionId)) return false;
      readInThisTransaction?.clear();
      // Deliveries first: SQLite enforces the cascade only with foreign keys switched on.
      await db
        .deleteFrom('webhook_deliveries')
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .execute();
      const result = await db
        .deleteFrom('webhook_subscriptions')
        .where('website_id', '=', websiteId)
        .where('id', '=', subscriptionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async emit(websiteId, event, now = Date.now()) {
      if (!isKey(websiteId)) return undefined;
      const subscriptions = (await listSubscriptions(websiteId)).filter((s) => s.events.includes(event.type));
      if (subscriptions.length === 0) return undefined;
      const eventId = `evt_${newId(now)}`;
      const payload = JSON.stringify({
        id: eventId,
        type: event.type,
        createdAt: new Date(now).toISOString(),
        websiteId,
        data: event.data,
      });
      await db
        .insertInto('webhook_deliveries')
        .values(subscriptions.map((s) => newDelivery(websiteId, s.id, eventId, event.type, payload, now)))
        .execute();
      return eventId;
    },

    async claimDue({ now, leaseMs, limit }) {
      const due = (eb: any) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)]),
        ]);
      const candidates = await db
        .selectFrom('webhook_deliveries')
        .select(['website_id', 'id'])
        .where(due)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      const claimed: ClaimedWebhookDelivery[] = [];
      for (const candidate of candidates) {
        const claimToken = randomBytes(12).toString('hex');
        const leaseUntil = now + leaseMs;
        // The same condition again: of several racing workers only one sees its UPDATE change the row.
        const row = await db
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            status: 'sending',
            claim_token: claimToken,
            lease_until: leaseUntil,
            attempts: eb('attempts', '+', 1),
          }))
          .where('website_id', '=', candidate.website_id)
          .where('id', '=', candidate.id)
          .where(due)
          .returningAll()
          .executeTakeFirst();
        if (!row) continue;
        const subscription = await db
          .selectFrom('webhook_subscriptions')
          .select(['url', 'secret'])
          .where('website_id', '=', row.website_id)
          .where('id', '=', row.subscription_id)
          .executeTakeFirst();
        if (!subscription) continue;
        claimed.push({ ...toDelivery(row), claimToken, leaseUntil, ...subscription });
      }
      return claimed;
    },

    async markDelivered(claim, responseStatus, now) {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({
          status: 'delivered',
          delivered_at: now,
          response_status: responseStatus,
          lease_until: null,
          last_error: null,
        })
        .where('website_id', '=', claim.websiteId)
        .where('id', '=', claim.id)
        .where('claim_token', '=', claim.claimToken)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markFailed(claim, outcome, retryAt) {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({
          status: retryAt === null ? 'failed' : 'pending',
          next_attempt_at: retryAt ?? claim.nextAttemptAt,
          response_status: outcome.responseStatus,
          lease_until: null,
          last_error: outcome.error.slice(0, MAX_ERROR_LENGTH),
        })
        .where('website_id', '=', claim.websiteId)
        .where('id', '=', claim.id)
        .where('claim_token', '=', claim.claimToken)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async listDeliveries(websiteId, opts = {}) {
      if (!isKey(websiteId)) return [];
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('website_id', '=', websiteId)
        .$if(isKey(opts.subscriptionId), (qb) => qb.where('subscription_id', '=', opts.subscriptionId!))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(Math.min(Math.max(opts.limit ?? 50, 1), 500))
        .execute();
      return rows.map(toDelivery);
    },

    async resend(websiteId, deliveryId, now = Date.now()) {
      const original = await findDelivery(websiteId, deliveryId);
      if (!original) return undefined;
      const row = newDelivery(
        websiteId,
        original.subscriptionId,
        original.eventId,
        original.eventType,
        original.payload,
        now,
      );
      await db.insertInto('webhook_deliveries').values(row).execute();
      return toDelivery(row);
    },
  };
}

import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';
import type { BillingPeriod } from './types.js';

/* Subscriptions: what a shopper subscribed to, on which plan, and when it bills next. */

export interface SubscriptionsTable {
  website_id: string;
  id: string;
  order_id: string;
  item_id: string;
  variant_id: string | null;
  sku: string;
  product_name: string;
  quantity: number;
  price_minor: number;
  currency: string;
  subscription_option_id: string | null;
  billing_unit: string;
  billing_value: number;
  num_billing_cycles: number;
  billed_cycles: number;
  customer_email: string;
  status: string;
  started_at: number;
  next_billing_at: number | null;
  ends_at: number | null;
  data: string;
  created_at: number;
  updated_at: number;
}

export interface SubscriptionRenewalsTable {
  website_id: string;
  subscription_id: string;
  period: number;
  status: string;
  attempts: number;
  due_at: number;
  lease_until: number | null;
  claim_token: string | null;
  cart_id: string | null;
  order_id: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

declare module './schema.js' {
  interface Database {
    subscriptions: SubscriptionsTable;
    subscription_renewals: SubscriptionRenewalsTable;
  }
}

export type SubscriptionRenewalStatus = 'pending' | 'paid' | 'failed';

/** The charge of one billing period (1 is the first order's, so renewals start at 2). */
export interface SubscriptionRenewal {
  websiteId: string;
  subscriptionId: string;
  period: number;
  status: SubscriptionRenewalStatus;
  /** Declined charges so far. */
  attempts: number;
  dueAt: number;
  cartId?: string;
  orderId?: string;
  lastError?: string;
}

/** A renewal this worker holds until `leaseUntil`; every change to it names the claim token. */
export interface ClaimedSubscriptionRenewal extends SubscriptionRenewal {
  claimToken: string;
  leaseUntil: number;
}

/**
 * PAST_DUE: a renewal's money did not come (a SEPA-Lastschrift that failed) or its order could not be placed
 * (product gone or sold out, the charge refunded); nothing is charged until the owner sorts it out.
 */
export type SubscriptionStatus = 'ACTIVE' | 'PAST_DUE' | 'CANCELLED' | 'ENDED';

export interface Subscription {
  id: string;
  websiteId: string;
  /** The order that paid the first billing period. */
  orderId: string;
  itemId: string;
  variantId?: string;
  sku: string;
  productName: string;
  quantity: number;
  /** Price of one unit for one billing period, in minor units. */
  priceMinor: number;
  currency: string;
  subscriptionOptionId?: string;
  billingPeriod: BillingPeriod;
  /** 0 means until cancelled. */
  numBillingCycles: number;
  /** Periods paid so far; the first order pays the first. */
  billedCycles: number;
  customerEmail: string;
  status: SubscriptionStatus;
  startedAt: number;
  /** Absent when every cycle of the plan is paid. */
  nextBillingAt?: number;
  /** Absent for a subscription that runs until cancelled. */
  endsAt?: number;
  /** Shipping address, payment method... as the checkout wrote them. */
  data: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

export interface NewSubscription {
  orderId: string;
  itemId: string;
  variantId?: string;
  sku: string;
  productName: string;
  quantity: number;
  priceMinor: number;
  currency: string;
  subscriptionOptionId?: string;
  billingPeriod: BillingPeriod;
  numBillingCycles: number;
  billedCycles?: number;
  customerEmail: string;
  startedAt: number;
  nextBillingAt?: number;
  endsAt?: number;
  data?: Record<string, unknown>;
}

export interface SubscriptionRepository {
  /**
   * Records the subscription of an order. One order starts at most one subscription: a second call
   * for the same order returns the first subscription unchanged.
   */
  create(websiteId: string, input: NewSubscription): Promise<Subscription>;
  findById(websiteId: string, id: string): Promise<Subscription | undefined>;
  findByOrder(websiteId: string, orderId: string): Promise<Subscription | undefined>;
  /** Newest first, at most 1000. */
  listByWebsite(websiteId: string, opts?: { limit?: number }): Promise<Subscription[]>;
  /** Merges `patch` into the subscription's data (the saved payment method of its first order). */
  mergeData(websiteId: string, id: string, patch: Record<string, unknown>): Promise<void>;

  /**
   * Renewals: for every active subscription whose next billing is due, the row of its next period is made
   * (once, whichever instance comes first); then due pending rows are claimed with a lease by a conditional
   * UPDATE, so of racing workers exactly one holds a row.
   */
  claimDueRenewals(opts: {
    now: number;
    leaseMs: number;
    limit: number;
  }): Promise<ClaimedSubscriptionRenewal[]>;
  /** Remembers the period's cart (false when the claim was lost). */
  setRenewalCart(claim: ClaimedSubscriptionRenewal, cartId: string): Promise<boolean>;
  /**
   * The period was paid with `orderId`: the row is done and the subscription moves on to `nextBillingAt`
   * (undefined: every cycle paid). Conditional on the subscription still waiting for this period.
   */
  renewalPaid(
    claim: ClaimedSubscriptionRenewal,
    orderId: string,
    nextBillingAt: number | undefined,
    now?: number,
  ): Promise<boolean>;
  /** A declined charge: one more attempt, tried again at `retryAt`; false when the claim was lost. */
  renewalDeclined(
    claim: ClaimedSubscriptionRenewal,
    error: string,
    retryAt: number,
    now?: number,
  ): Promise<boolean>;
  /** The last attempt was declined: the row fails and the subscription ends. False when the claim was lost. */
  renewalGaveUp(claim: ClaimedSubscriptionRenewal, error: string, now?: number): Promise<boolean>;
  /**
   * The period's order could not be placed (product deleted or sold out): the row fails with `reason` and
   * the subscription is past due. False when the claim was lost.
   */
  renewalNotPlaced(claim: ClaimedSubscriptionRenewal, reason: string, now?: number): Promise<boolean>;
  /**
   * The money of a renewal order that was waiting for it (SEPA-Lastschrift) failed: its period fails with
   * `reason` and the subscription is past due. Once: the renewal answers only the first call, later ones
   * (the webhook redelivered, the reconciliation) get undefined.
   */
  renewalPaymentFailed(
    websiteId: string,
    orderId: string,
    reason: string,
    now?: number,
  ): Promise<SubscriptionRenewal | undefined>;
  /** The renewal (period) whose order this is, if it is one. */
  findRenewalByOrder(websiteId: string, orderId: string): Promise<SubscriptionRenewal | undefined>;
  /** Provider unreachable: the lease is given back and the row is due again at `dueAt`, no attempt counted. */
  postponeRenewal(claim: ClaimedSubscriptionRenewal, dueAt: number): Promise<boolean>;
  listRenewals(websiteId: string, subscriptionId: string): Promise<SubscriptionRenewal[]>;
}

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

function toSubscription(row: Selectable<SubscriptionsTable>): Subscription {
  const subscription: Subscription = {
    id: row.id,
    websiteId: row.website_id,
    orderId: row.order_id,
    itemId: row.item_id,
    sku: row.sku,
    productName: row.product_name,
    quantity: Number(row.quantity),
    priceMinor: Number(row.price_minor),
    currency: row.currency,
    billingPeriod: { unit: row.billing_unit as BillingPeriod['unit'], value: Number(row.billing_value) },
    numBillingCycles: Number(row.num_billing_cycles),
    billedCycles: Number(row.billed_cycles),
    customerEmail: row.customer_email,
    status: row.status as SubscriptionStatus,
    startedAt: Number(row.started_at),
    data: fromJson<Record<string, unknown>>(row.data, {}),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.variant_id !== null) subscription.variantId = row.variant_id;
  if (row.subscription_option_id !== null) subscription.subscriptionOptionId = row.subscription_option_id;
  if (row.next_billing_at !== null) subscription.nextBillingAt = Number(row.next_billing_at);
  if (row.ends_at !== null) subscription.endsAt = Number(row.ends_at);
  return subscription;
}

function toRenewal(row: Selectable<SubscriptionRenewalsTable>): SubscriptionRenewal {
  const renewal: SubscriptionRenewal = {
    websiteId: row.website_id,
    subscriptionId: row.subscription_id,
    period: Number(row.period),
    status: row.status as SubscriptionRenewalStatus,
    attempts: Number(row.attempts),
    dueAt: Number(row.due_at),
  };
  if (row.cart_id !== null) renewal.cartId = row.cart_id;
  if (row.order_id !== null) renewal.orderId = row.order_id;
  if (row.last_error !== null) renewal.lastError = row.last_error;
  return renewal;
}

export function subscriptionRepository(db: Kysely<Database>): SubscriptionRepository {
  const held = (claim: ClaimedSubscriptionRenewal) =>
    db
      .updateTable('subscription_renewals')
      .where('website_id', '=', claim.websiteId)
      .where('subscription_id', '=', claim.subscriptionId)
      .where('period', '=', claim.period)
      .where('status', '=', 'pending')
      .where('claim_token', '=', claim.claimToken);
  const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

  const renewalOfOrder = async (websiteId: string, orderId: string) => {
    const row = await db
      .selectFrom('subscription_renewals')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return row ? toRenewal(row) : undefined;
  };
  /** Only an active subscription falls behind; a cancelled or ended one stays as it is. */
  const pastDue = (websiteId: string, subscriptionId: string, now: number) =>
    db
      .updateTable('subscriptions')
      .set({ status: 'PAST_DUE', updated_at: now })
      .where('website_id', '=', websiteId)
      .where('id', '=', subscriptionId)
      .where('status', '=', 'ACTIVE')
      .execute();

  const findBy = async (websiteId: string, column: 'id' | 'order_id', value: string) => {
    if (!isKey(websiteId) || !isKey(value)) return undefined;
    const row = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where(column, '=', value)
      .executeTakeFirst();
    return row ? toSubscription(row) : undefined;
  };

  return {
    async create(websiteId, input) {
      const now = Date.now();
      // ON CONFLICT rather than catching the violation: on PostgreSQL a failed insert would spoil
      // the order transaction this is usually called in.
      await db
        .insertInto('subscriptions')
        .values({
          website_id: websiteId,
          id: newId(now),
          order_id: input.orderId,
          item_id: input.itemId,
          variant_id: input.variantId ?? null,
          sku: input.sku,
          product_name: input.productName,
          quantity: input.quantity,
          price_minor: input.priceMinor,
          currency: input.currency,
          subscription_option_id: input.subscriptionOptionId ?? null,
          billing_unit: input.billingPeriod.unit,
          billing_value: input.billingPeriod.value,
          num_billing_cycles: input.numBillingCycles,
          billed_cycles: input.billedCycles ?? 1,
          customer_email: input.customerEmail,
          status: 'ACTIVE',
          started_at: input.startedAt,
          next_billing_at: input.nextBillingAt ?? null,
          ends_at: input.endsAt ?? null,
          data: toJson(input.data ?? {}),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['website_id', 'order_id']).doNothing())
        .execute();
      return (await findBy(websiteId, 'order_id', input.orderId))!;
    },

    findById: (websiteId, id) => findBy(websiteId, 'id', id),
    findByOrder: (websiteId, orderId) => findBy(websiteId, 'order_id', orderId),

    async listByWebsite(websiteId, opts = {}) {
      if (!isKey(websiteId)) return [];
      const limit = Math.min(Math.max(Math.trunc(Number(opts.limit ?? 100)) || 0, 0), 1000);
      const rows = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toSubscription);
    },

    async mergeData(websiteId, id, patch) {
      const current = await findBy(websiteId, 'id', id);
      if (!current) return;
      await db
        .updateTable('subscriptions')
        .set({ data: toJson({ ...current.data, ...patch }), updated_at: Date.now() })
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .execute();
    },

    async claimDueRenewals({ now, leaseMs, limit }) {
      const due = await db
        .selectFrom('subscriptions')
        .select(['website_id', 'id', 'billed_cycles', 'next_billing_at'])
        .where('status', '=', 'ACTIVE')
        .where('next_billing_at', '<=', now)
        .orderBy('next_billing_at')
        .limit(limit)
        .execute();
      for (const sub of due) {
        // The primary key makes the period's row once, whoever inserts it first.
        await db
          .insertInto('subscription_renewals')
          .values({
            website_id: sub.website_id,
            subscription_id: sub.id,
            period: Number(sub.billed_cycles) + 1,
            status: 'pending',
            attempts: 0,
            due_at: Number(sub.next_billing_at),
            lease_until: null,
            claim_token: null,
            cart_id: null,
            order_id: null,
            last_error: null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['website_id', 'subscription_id', 'period']).doNothing())
          .execute();
      }
      const free = (eb: any) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]);
      const candidates = await db
        .selectFrom('subscription_renewals')
        .selectAll()
        .where('status', '=', 'pending')
        .where('due_at', '<=', now)
        .where(free)
        .orderBy('due_at')
        .limit(limit)
        .execute();
      const claimed: ClaimedSubscriptionRenewal[] = [];
      for (const row of candidates) {
        const claimToken = randomBytes(12).toString('hex');
        const leaseUntil = now + leaseMs;
        // The same condition again: of racing workers only one sees its UPDATE change the row.
        const result = await db
          .updateTable('subscription_renewals')
          .set({ lease_until: leaseUntil, claim_token: claimToken })
          .where('website_id', '=', row.website_id)
          .where('subscription_id', '=', row.subscription_id)
          .where('period', '=', row.period)
          .where('status', '=', 'pending')
          .where('due_at', '<=', now)
          .where(free)
          .executeTakeFirst();
        if (!changed(result)) continue;
        claimed.push({ ...toRenewal(row), claimToken, leaseUntil });
      }
      return claimed;
    },

    async setRenewalCart(claim, cartId) {
      return changed(await held(claim).set({ cart_id: cartId }).executeTakeFirst());
    },

    async renewalPaid(claim, orderId, nextBillingAt, now = Date.now()) {
      const done = await held(claim)
        .set({ status: 'paid', order_id: orderId, lease_until: null, updated_at: now })
        .executeTakeFirst();
      if (!changed(done)) return false;
      await db
        .updateTable('subscriptions')
        .set({ billed_cycles: claim.period, next_billing_at: nextBillingAt ?? null, updated_at: now })
        .where('website_id', '=', claim.websiteId)
        .where('id', '=', claim.subscriptionId)
        .where('billed_cycles', '=', claim.period - 1)
        .execute();
      return true;
    },

    async renewalDeclined(claim, error, retryAt, now = Date.now()) {
      const result = await held(claim)
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          due_at: retryAt,
          lease_until: null,
          claim_token: null,
          last_error: error,
          updated_at: now,
        }))
        .executeTakeFirst();
      return changed(result);
    },

    async renewalGaveUp(claim, error, now = Date.now()) {
      const result = await held(claim)
        .set((eb) => ({
          status: 'failed',
          attempts: eb('attempts', '+', 1),
          lease_until: null,
          last_error: error,
          updated_at: now,
        }))
        .executeTakeFirst();
      if (!changed(result)) return false;
      await db
        .updateTable('subscriptions')
        .set({ status: 'ENDED', next_billing_at: null, ends_at: now, updated_at: now })
        .where('website_id', '=', claim.websiteId)
        .where('id', '=', claim.subscriptionId)
        .where('status', '=', 'ACTIVE')
        .execute();
      return true;
    },

    async renewalNotPlaced(claim, reason, now = Date.now()) {
      const result = await held(claim)
        .set({ status: 'failed', lease_until: null, last_error: reason, updated_at: now })
        .executeTakeFirst();
      if (!changed(result)) return false;
      await pastDue(claim.websiteId, claim.subscriptionId, now);
      return true;
    },

    async renewalPaymentFailed(websiteId, orderId, reason, now = Date.now()) {
      if (!isKey(websiteId) || !isKey(orderId)) return undefined;
      const result = await db
        .updateTable('subscription_renewals')
        .set({ status: 'failed', last_error: reason, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .where('status', '=', 'paid')
        .executeTakeFirst();
      if (!changed(result)) return undefined;
      const renewal = await renewalOfOrder(websiteId, orderId);
      if (renewal) await pastDue(websiteId, renewal.subscriptionId, now);
      return renewal;
    },

    findRenewalByOrder: (websiteId, orderId) =>
      isKey(websiteId) && isKey(orderId) ? renewalOfOrder(websiteId, orderId) : Promise.resolve(undefined),

    async postponeRenewal(claim, dueAt) {
      return changed(
        await held(claim).set({ due_at: dueAt, lease_until: null, claim_token: null }).executeTakeFirst(),
      );
    },

    async listRenewals(websiteId, subscriptionId) {
      const rows = await db
        .selectFrom('subscription_renewals')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('subscription_id', '=', subscriptionId)
        .orderBy('period')
        .execute();
      return rows.map(toRenewal);
    },
  };
}

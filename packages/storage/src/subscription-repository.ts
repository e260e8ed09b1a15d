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

declare module './schema.js' {
  interface Database {
    subscriptions: SubscriptionsTable;
  }
}

export type SubscriptionStatus = 'ACTIVE' | 'CANCELLED' | 'ENDED';

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

export function subscriptionRepository(db: Kysely<Database>): SubscriptionRepository {
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
  };
}

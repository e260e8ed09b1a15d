import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { normaliseEmail } from './account-repository.js';
import { isKey, ownedOrderIdsOf } from './customer-rows.js';
import { newId } from './ids.js';
import { fromJson } from './json-column.js';
import type { Database } from './schema.js';

/*
 * The account pages' questions about the shop's own tables, so their SQL stays in this package: the orders
 * the customer owns, their downloads and subscriptions, restock sign-ups and the newsletter row of the
 * customer's address.
 */

export interface CustomerOrderSummary {
  id: string;
  orderNumber: number;
  status: string;
  /** Payment status as the checkout wrote it (PAID, PENDING...). */
  paymentStatus: string | null;
  currency: string;
  grandTotalMinor: number;
  itemCount: number;
  createdAt: number;
}

export interface CustomerDownload {
  orderId: string;
  orderNumber: number;
  productName: string;
  downloadToken: string;
  /** Downloads open only once the order is paid. */
  paid: boolean;
}

export interface CustomerRestockNotice {
  id: string;
  productId: string;
  variantId: string;
  createdAt: number;
}

export type SubscriptionCancellation = 'cancelled' | 'not-active' | 'not-found';

export interface CustomerShopRecords {
  /** Links the website's unowned orders placed with this email to the customer; returns how many. */
  claimOrders(websiteId: string, customerId: string, email: string, now?: number): Promise<number>;
  /** Newest first. */
  listOrders(
    websiteId: string,
    customerId: string,
    opts?: { limit?: number },
  ): Promise<CustomerOrderSummary[]>;
  ownsOrder(websiteId: string, customerId: string, orderId: string): Promise<boolean>;
  listDownloads(websiteId: string, customerId: string): Promise<CustomerDownload[]>;
  /** Ids of the subscriptions started by the customer's orders, newest first. */
  subscriptionIdsOf(websiteId: string, customerId: string): Promise<string[]>;
  /** ACTIVE -> CANCELLED with no next billing date: no further cycle is billed. */
  cancelSubscription(
    websiteId: string,
    customerId: string,
    subscriptionId: string,
    now?: number,
  ): Promise<SubscriptionCancellation>;

  /** Waiting restock sign-ups of this email. */
  listRestockNotices(websiteId: string, email: string): Promise<CustomerRestockNotice[]>;
  removeRestockNotice(websiteId: string, email: string, noticeId: string): Promise<boolean>;

  newsletterStatus(websiteId: string, email: string): Promise<'confirmed' | 'pending' | 'none'>;
  /**
   * On: the address is a confirmed subscriber (the account verified it, and the customer asked while
   * signed in). Off: unsubscribed.
   */
  setNewsletter(websiteId: string, email: string, on: boolean, now?: number): Promise<void>;
}

export function customerShopRecords(db: Kysely<Database>): CustomerShopRecords {
  const ownedOrderIds = ownedOrderIdsOf(db);

  return {
    async claimOrders(websiteId, customerId, email, now = Date.now()) {
      const address = normaliseEmail(email);
      if (!isKey(websiteId) || address === '') return 0;
      const result = await db
        .insertInto('customer_orders')
        .columns(['website_id', 'order_id', 'customer_id', 'claimed_at'])
        .expression((eb) =>
          eb
            .selectFrom('orders')
            .select([
              'orders.website_id',
              'orders.id',
              eb.val(customerId).as('customer_id'),
              eb.val(now).as('claimed_at'),
            ])
            .where('orders.website_id', '=', websiteId)
            .where(sql<string>`lower(orders.customer_email)`, '=', address)
            .where((w) =>
              w.not(
                w.exists(
                  w
                    .selectFrom('customer_orders')
                    .select('customer_orders.order_id')
                    .whereRef('customer_orders.website_id', '=', 'orders.website_id')
                    .whereRef('customer_orders.order_id', '=', 'orders.id'),
                ),
              ),
            ),
        )
        .onConflict((oc) => oc.columns(['website_id', 'order_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async listOrders(websiteId, customerId, opts = {}) {
      if (!isKey(websiteId) || !isKey(customerId)) return [];
      const limit = Math.min(Math.max(Math.trunc(Number(opts.limit ?? 100)) || 0, 1), 500);
      const rows = await db
        .selectFrom('orders')
        .innerJoin('customer_orders', (join) =>
          join
            .onRef('customer_orders.website_id', '=', 'orders.website_id')
            .onRef('customer_orders.order_id', '=', 'orders.id'),
        )
        .select([
          'orders.id',
          'orders.order_number',
          'orders.status',
          'orders.currency',
          'orders.grand_total_minor',
          'orders.data',
          'orders.created_at',
        ])
        .select((eb) =>
          eb
            .selectFrom('order_items')
            .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('order_items.quantity'), sub.val(0)).as('n'))
            .whereRef('order_items.website_id', '=', 'orders.website_id')
            .whereRef('order_items.order_id', '=', 'orders.id')
            .as('item_count'),
        )
        .where('orders.website_id', '=', websiteId)
        .where('customer_orders.customer_id', '=', customerId)
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.order_number', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => {
        const payment = fromJson<{ payment?: { status?: unknown } }>(row.data, {}).payment;
        return {
          id: row.id,
          orderNumber: Number(row.order_number),
          status: String(row.status ?? 'open'),
          paymentStatus: typeof payment?.status === 'string' ? payment.status : null,
          currency: row.currency,
          grandTotalMinor: Number(row.grand_total_minor),
          itemCount: Number(row.item_count ?? 0),
          createdAt: Number(row.created_at),
        };
      });
    },

    async ownsOrder(websiteId, customerId, orderId) {
      if (!isKey(websiteId) || !isKey(customerId) || !isKey(orderId)) return false;
      const row = await db
        .selectFrom('customer_orders')
        .select('order_id')
        .where('website_id', '=', websiteId)
        .where('customer_id', '=', customerId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listDownloads(websiteId, customerId) {
      if (!isKey(websiteId) || !isKey(customerId)) return [];
      const rows = await db
        .selectFrom('order_items')
        .innerJoin('orders', (join) =>
          join
            .onRef('orders.website_id', '=', 'order_items.website_id')
            .onRef('orders.id', '=', 'order_items.order_id'),
        )
        .select([
          'orders.id as order_id',
          'orders.order_number',
          'orders.data as order_data',
          'order_items.product_name',
          'order_items.download_token',
        ])
        .where('order_items.website_id', '=', websiteId)
        .where('order_items.download_token', 'is not', null)
        .where('order_items.order_id', 'in', ownedOrderIds(websiteId, customerId))
        .orderBy('orders.created_at', 'desc')
        .orderBy('order_items.position')
        .execute();
      return rows.map((row) => {
        const payment = fromJson<{ payment?: { status?: unknown } }>(row.order_data, {}).payment;
        return {
          orderId: row.order_id,
          orderNumber: Number(row.order_number),
          productName: row.product_name,
          downloadToken: row.download_token!,
          paid: payment?.status === 'PAID',
        };
      });
    },

    async subscriptionIdsOf(websiteId, customerId) {
      if (!isKey(websiteId) || !isKey(customerId)) return [];
      const rows = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('website_id', '=', websiteId)
        .where('order_id', 'in', ownedOrderIds(websiteId, customerId))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => r.id);
    },

    async cancelSubscription(websiteId, customerId, subscriptionId, now = Date.now()) {
      if (!isKey(websiteId) || !isKey(customerId) || !isKey(subscriptionId)) return 'not-found';
      const result = await db
        .updateTable('subscriptions')
        .set({ status: 'CANCELLED', next_billing_at: null, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', subscriptionId)
        .where('order_id', 'in', ownedOrderIds(websiteId, customerId))
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return 'cancelled';
      const exists = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('website_id', '=', websiteId)
        .where('id', '=', subscriptionId)
        .where('order_id', 'in', ownedOrderIds(websiteId, customerId))
        .executeTakeFirst();
      return exists ? 'not-active' : 'not-found';
    },

    async listRestockNotices(websiteId, email) {
      const address = normaliseEmail(email);
      if (!isKey(websiteId) || address === '') return [];
      const rows = await db
        .selectFrom('restock_signups')
        .select(['id', 'product_id', 'variant_id', 'created_at'])
        .where('website_id', '=', websiteId)
        .where('email', '=', address)
        .where('notified_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        productId: r.product_id,
        variantId: r.variant_id,
        createdAt: Number(r.created_at),
      }));
    },

    async removeRestockNotice(websiteId, email, noticeId) {
      const address = normaliseEmail(email);
      if (!isKey(websiteId) || address === '' || !isKey(noticeId)) return false;
      const result = await db
        .deleteFrom('restock_signups')
        .where('website_id', '=', websiteId)
        .where('email', '=', address)
        .where('id', '=', noticeId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async newsletterStatus(websiteId, email) {
      const row = await db
        .selectFrom('newsletter_subscribers')
        .select('status')
        .where('website_id', '=', websiteId)
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row?.status === 'confirmed' ? 'confirmed' : row?.status === 'pending' ? 'pending' : 'none';
    },

    async setNewsletter(websiteId, email, on, now = Date.now()) {
      const address = normaliseEmail(email);
      if (on) {
        await db
          .insertInto('newsletter_subscribers')
          .values({
            website_id: websiteId,
            id: newId(now),
            email: address,
            status: 'confirmed',
            token: randomBytes(18).toString('base64url'),
            created_at: now,
            confirmed_at: now,
            unsubscribed_at: null,
          })
          .onConflict((oc) =>
            oc
              .columns(['website_id', 'email'])
              .doUpdateSet({ status: 'confirmed', confirmed_at: now, unsubscribed_at: null }),
          )
          .execute();
        return;
      }
      await db
        .updateTable('newsletter_subscribers')
        .set({ status: 'unsubscribed', unsubscribed_at: now })
        .where('website_id', '=', websiteId)
        .where('email', '=', address)
        .execute();
    },
  };
}

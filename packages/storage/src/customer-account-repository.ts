import type { Kysely } from 'kysely';
import { normaliseEmail } from './account-repository.js';
import { atomically } from './atomically.js';
import { type CustomerAddresses, customerAddresses } from './customer-addresses.js';
import {
  COLUMNS,
  type CustomerAccount,
  isKey,
  type NewCustomerAccount,
  ownedOrderIdsOf,
  toCustomer,
} from './customer-rows.js';
import { type CustomerSessions, customerSessions } from './customer-sessions.js';
import { type CustomerShopRecords, customerShopRecords } from './customer-shop-records.js';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import type { CustomerAccountsTable, Database } from './schema.js';
import { isUniqueViolation } from './storage-error.js';

/*
 * Customer accounts of a shop (migration 0009): shoppers, not owners. Everything is scoped by website:
 * an id or a session token of another website finds nothing. The repository is made of parts: the
 * account itself and its erasure here, sessions and single-use links (customer-sessions.ts), saved
 * addresses (customer-addresses.ts), and the account pages' questions about the shop's own tables
 * (customer-shop-records.ts: orders, downloads, subscriptions, restock sign-ups, newsletter).
 */

export type { CustomerAddress } from './customer-addresses.js';
export type { CustomerAccount, CustomerTokenPurpose, NewCustomerAccount } from './customer-rows.js';
export type {
  CustomerDownload,
  CustomerOrderSummary,
  CustomerRestockNotice,
  SubscriptionCancellation,
} from './customer-shop-records.js';

/** Thrown by create() when the email already has an account on this website. */
export class CustomerEmailTaken extends Error {
  constructor(readonly email: string) {
    super('email already has a customer account on this website');
    this.name = 'CustomerEmailTaken';
  }
}

export interface CustomerAccountRepository extends CustomerSessions, CustomerAddresses, CustomerShopRecords {
  create(websiteId: string, input: NewCustomerAccount, now?: number): Promise<CustomerAccount>;
  findById(websiteId: string, id: string): Promise<CustomerAccount | undefined>;
  findByEmail(websiteId: string, email: string): Promise<CustomerAccount | undefined>;
  passwordHashOf(websiteId: string, id: string): Promise<string | undefined>;
  setPasswordHash(websiteId: string, id: string, passwordHash: string, now?: number): Promise<boolean>;
  markVerified(websiteId: string, id: string, now?: number): Promise<void>;
  setCart(websiteId: string, id: string, cartId: string | null): Promise<void>;

  /**
   * Deletes the account and its personal data: sessions, links, addresses, restock sign-ups and the
   * newsletter row go; the customer's orders and subscriptions stay for the books, without email and
   * addresses; running subscriptions end.
   */
  erase(websiteId: string, customerId: string, now?: number): Promise<boolean>;
}

/** Keys of an order's data that name or locate a person. */
const PERSONAL_ORDER_KEYS = ['shippingAddress', 'billingAddress', 'email', 'customer', 'phone'];

export function customerAccountRepository(db: Kysely<Database>): CustomerAccountRepository {
  const find = async (websiteId: string, column: 'id' | 'email', value: string) => {
    if (!isKey(websiteId) || typeof value !== 'string' || value === '') return undefined;
    const row = await db
      .selectFrom('customer_accounts')
      .select(COLUMNS)
      .where('website_id', '=', websiteId)
      .where(column, '=', value)
      .executeTakeFirst();
    return row ? toCustomer(row) : undefined;
  };

  const ownedOrderIds = ownedOrderIdsOf(db);

  return {
    async create(websiteId, input, now = Date.now()) {
      const row: CustomerAccountsTable = {
        website_id: websiteId,
        id: newId(now),
        email: normaliseEmail(input.email),
        name: String(input.name ?? '').trim(),
        password_hash: input.passwordHash,
        email_verified_at: null,
        cart_id: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await db.insertInto('customer_accounts').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new CustomerEmailTaken(row.email);
        throw error;
      }
      return toCustomer(row);
    },

    findById: (websiteId, id) => (isKey(id) ? find(websiteId, 'id', id) : Promise.resolve(undefined)),
    findByEmail: (websiteId, email) => find(websiteId, 'email', normaliseEmail(email)),

    async passwordHashOf(websiteId, id) {
      if (!isKey(websiteId) || !isKey(id)) return undefined;
      const row = await db
        .selectFrom('customer_accounts')
        .select('password_hash')
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.password_hash;
    },

    async setPasswordHash(websiteId, id, passwordHash, now = Date.now()) {
      const result = await db
        .updateTable('customer_accounts')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markVerified(websiteId, id, now = Date.now()) {
      await db
        .updateTable('customer_accounts')
        .set({ email_verified_at: now, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .where('email_verified_at', 'is', null)
        .execute();
    },

    async setCart(websiteId, id, cartId) {
      await db
        .updateTable('customer_accounts')
        .set({ cart_id: cartId })
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .execute();
    },

    ...customerSessions(db),
    ...customerShopRecords(db),
    ...customerAddresses(db),

    async erase(websiteId, customerId, now = Date.now()) {
      if (!isKey(websiteId) || !isKey(customerId)) return false;
      return atomically(db, async (tx) => {
        const customer = await tx
          .selectFrom('customer_accounts')
          .select(['email', 'email_verified_at'])
          .where('website_id', '=', websiteId)
          .where('id', '=', customerId)
          .executeTakeFirst();
        if (!customer) return false;
        const orders = await tx
          .selectFrom('orders')
          .select(['id', 'data'])
          .where('website_id', '=', websiteId)
          .where('id', 'in', ownedOrderIds(websiteId, customerId))
          .execute();
        for (const order of orders) {
          const data = fromJson<Record<string, unknown>>(order.data, {});
          for (const key of PERSONAL_ORDER_KEYS) if (key in data) data[key] = null;
          await tx
            .updateTable('orders')
            .set({ customer_email: null, data: toJson({ ...data, anonymisedAt: now }) })
            .where('website_id', '=', websiteId)
            .where('id', '=', order.id)
            .execute();
        }
        if (orders.length > 0) {
          await tx
            .updateTable('subscriptions')
            .set({ customer_email: '', data: toJson({ anonymisedAt: now }), updated_at: now })
            .where('website_id', '=', websiteId)
            .where(
              'order_id',
              'in',
              orders.map((o) => o.id),
            )
            .execute();
          await tx
            .updateTable('subscriptions')
            .set({ status: 'CANCELLED', next_billing_at: null })
            .where('website_id', '=', websiteId)
            .where(
              'order_id',
              'in',
              orders.map((o) => o.id),
            )
            .where('status', '=', 'ACTIVE')
            .execute();
        }
        await tx
          .deleteFrom('restock_signups')
          .where('website_id', '=', websiteId)
          .where('email', '=', customer.email)
          .execute();
        await tx
          .deleteFrom('newsletter_subscribers')
          .where('website_id', '=', websiteId)
          .where('email', '=', customer.email)
          .execute();
        // Sessions, links, addresses and order links go with the account (ON DELETE CASCADE).
        await tx
          .deleteFrom('customer_accounts')
          .where('website_id', '=', websiteId)
          .where('id', '=', customerId)
          .execute();
        return true;
      });
    },
  };
}

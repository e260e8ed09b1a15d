import { randomBytes } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { hashToken, looksLikeToken, newToken, normaliseEmail } from './account-repository.js';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromFlag, fromJson, toJson } from './json-column.js';
import type { CustomerAccountsTable, Database } from './schema.js';
import { isUniqueViolation } from './storage-error.js';

/*
 * Customer accounts of a shop (migration 0009): shoppers, not owners. Everything is scoped by website:
 * an id or a session token of another website finds nothing. The repository also answers the account
 * pages' questions about the shop's own tables (orders the customer owns, their downloads and
 * subscriptions, restock sign-ups and the newsletter row of the customer's address), so the SQL stays
 * in this package.
 */

export interface CustomerAccount {
  websiteId: string;
  id: string;
  /** Trimmed and lower case. */
  email: string;
  name: string;
  /** Set once the customer opened the verification link. */
  emailVerifiedAt?: number;
  /** The cart kept for the customer between visits. */
  cartId?: string;
  createdAt: number;
  updatedAt: number;
}

export interface NewCustomerAccount {
  email: string;
  name: string;
  /** PHC string of the password's argon2id hash. */
  passwordHash: string;
}

export type CustomerTokenPurpose = 'verify' | 'reset';

export interface CustomerAddress {
  id: string;
  address: Record<string, string>;
  isDefault: boolean;
  createdAt: number;
}

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

/** Thrown by create() when the email already has an account on this website. */
export class CustomerEmailTaken extends Error {
  constructor(readonly email: string) {
    super('email already has a customer account on this website');
    this.name = 'CustomerEmailTaken';
  }
}

export interface CustomerAccountRepository {
  create(websiteId: string, input: NewCustomerAccount, now?: number): Promise<CustomerAccount>;
  findById(websiteId: string, id: string): Promise<CustomerAccount | undefined>;
  findByEmail(websiteId: string, email: string): Promise<CustomerAccount | undefined>;
  passwordHashOf(websiteId: string, id: string): Promise<string | undefined>;
  setPasswordHash(websiteId: string, id: string, passwordHash: string, now?: number): Promise<boolean>;
  markVerified(websiteId: string, id: string, now?: number): Promise<void>;
  setCart(websiteId: string, id: string, cartId: string | null): Promise<void>;

  startSession(
    websiteId: string,
    customerId: string,
    opts: { ttlMs: number; now?: number },
  ): Promise<{ token: string; expiresAt: number }>;
  /** The customer of a live session of this website. */
  findSession(
    websiteId: string,
    token: string,
    now?: number,
  ): Promise<{ customer: CustomerAccount; expiresAt: number } | undefined>;
  extendSession(websiteId: string, token: string, expiresAt: number): Promise<void>;
  endSession(websiteId: string, token: string): Promise<void>;
  /** Ends every session of the customer except keepToken's; returns how many ended. */
  endOtherSessions(websiteId: string, customerId: string, keepToken?: string): Promise<number>;
  /** Deletes the website's sessions that expired before now; returns how many. */
  purgeExpiredSessions(websiteId: string, now?: number): Promise<number>;

  /** A new single-use link token; earlier unused tokens of the same purpose stop working. */
  issueToken(
    websiteId: string,
    customerId: string,
    purpose: CustomerTokenPurpose,
    opts: { ttlMs: number; now?: number },
  ): Promise<string>;
  /** Spends the token (once, before it expires) and returns its customer's id. */
  useToken(
    websiteId: string,
    purpose: CustomerTokenPurpose,
    token: string,
    now?: number,
  ): Promise<string | undefined>;

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

  listAddresses(websiteId: string, customerId: string): Promise<CustomerAddress[]>;
  /** The first address becomes the default. */
  addAddress(
    websiteId: string,
    customerId: string,
    address: Record<string, string>,
    now?: number,
  ): Promise<CustomerAddress>;
  removeAddress(websiteId: string, customerId: string, addressId: string): Promise<boolean>;
  makeDefaultAddress(websiteId: string, customerId: string, addressId: string): Promise<boolean>;

  /** Waiting restock sign-ups of this email. */
  listRestockNotices(websiteId: string, email: string): Promise<CustomerRestockNotice[]>;
  removeRestockNotice(websiteId: string, email: string, noticeId: string): Promise<boolean>;

  newsletterStatus(websiteId: string, email: string): Promise<'confirmed' | 'pending' | 'none'>;
  /**
   * On: the address is a confirmed subscriber (the account verified it, and the customer asked while
   * signed in). Off: unsubscribed.
   */
  setNewsletter(websiteId: string, email: string, on: boolean, now?: number): Promise<void>;

  /**
   * Deletes the account and its personal data: sessions, links, addresses, restock sign-ups and the
   * newsletter row go; the customer's orders and subscriptions stay for the books, without email and
   * addresses; running subscriptions end.
   */
  erase(websiteId: string, customerId: string, now?: number): Promise<boolean>;
}

const isKey = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value.length <= 64;

/** Keys of an order's data that name or locate a person. */
const PERSONAL_ORDER_KEYS = ['shippingAddress', 'billingAddress', 'email', 'customer', 'phone'];

function toCustomer(row: Omit<Selectable<CustomerAccountsTable>, 'password_hash'>): CustomerAccount {
  const customer: CustomerAccount = {
    websiteId: row.website_id,
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.email_verified_at !== null) customer.emailVerifiedAt = Number(row.email_verified_at);
  if (row.cart_id !== null) customer.cartId = row.cart_id;
  return customer;
}

const COLUMNS = [
  'customer_accounts.website_id',
  'customer_accounts.id',
  'customer_accounts.email',
  'customer_accounts.name',
  'customer_accounts.email_verified_at',
  'customer_accounts.cart_id',
  'customer_accounts.created_at',
  'customer_accounts.updated_at',
] as const;

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

  const ownedOrderIds = (websiteId: string, customerId: string) =>
    db
      .selectFrom('customer_orders')
      .select('order_id')
      .where('website_id', '=', websiteId)
      .where('customer_id', '=', customerId);

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

    async startSession(websiteId, customerId, { ttlMs, now = Date.now() }) {
      const token = newToken();
      const expiresAt = now + ttlMs;
      await db
        .insertInto('customer_sessions')
        .values({
          id_hash: hashToken(token),
          website_id: websiteId,
          customer_id: customerId,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
      return { token, expiresAt };
    },

    async findSession(websiteId, token, now = Date.now()) {
      if (!isKey(websiteId) || !looksLikeToken(token)) return undefined;
      const row = await db
        .selectFrom('customer_sessions')
        .innerJoin('customer_accounts', (join) =>
          join
            .onRef('customer_accounts.website_id', '=', 'customer_sessions.website_id')
            .onRef('customer_accounts.id', '=', 'customer_sessions.customer_id'),
        )
        .select(COLUMNS)
        .select('customer_sessions.expires_at as session_expires_at')
        .where('customer_sessions.id_hash', '=', hashToken(token))
        .where('customer_sessions.website_id', '=', websiteId)
        .where('customer_sessions.expires_at', '>', now)
        .executeTakeFirst();
      return row ? { customer: toCustomer(row), expiresAt: Number(row.session_expires_at) } : undefined;
    },

    async extendSession(websiteId, token, expiresAt) {
      if (!looksLikeToken(token)) return;
      await db
        .updateTable('customer_sessions')
        .set({ expires_at: expiresAt })
        .where('website_id', '=', websiteId)
        .where('id_hash', '=', hashToken(token))
        .execute();
    },

    async endSession(websiteId, token) {
      if (!looksLikeToken(token)) return;
      await db
        .deleteFrom('customer_sessions')
        .where('website_id', '=', websiteId)
        .where('id_hash', '=', hashToken(token))
        .execute();
    },

    async endOtherSessions(websiteId, customerId, keepToken) {
      let query = db
        .deleteFrom('customer_sessions')
        .where('website_id', '=', websiteId)
        .where('customer_id', '=', customerId);
      if (keepToken !== undefined) query = query.where('id_hash', '!=', hashToken(keepToken));
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },

    async purgeExpiredSessions(websiteId, now = Date.now()) {
      const result = await db
        .deleteFrom('customer_sessions')
        .where('website_id', '=', websiteId)
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async issueToken(websiteId, customerId, purpose, { ttlMs, now = Date.now() }) {
      const token = newToken();
      await atomically(db, async (tx) => {
        await tx
          .deleteFrom('customer_tokens')
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', customerId)
          .where('purpose', '=', purpose)
          .execute();
        await tx
          .insertInto('customer_tokens')
          .values({
            token_hash: hashToken(token),
            website_id: websiteId,
            customer_id: customerId,
            purpose,
            created_at: now,
            expires_at: now + ttlMs,
            used_at: null,
          })
          .execute();
      });
      return token;
    },

    async useToken(websiteId, purpose, token, now = Date.now()) {
      if (!isKey(websiteId) || !looksLikeToken(token)) return undefined;
      const tokenHash = hashToken(token);
      // One conditional UPDATE: of two clicks at once, exactly one spends the link.
      const spent = await db
        .updateTable('customer_tokens')
        .set({ used_at: now })
        .where('website_id', '=', websiteId)
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) === 0) return undefined;
      const row = await db
        .selectFrom('customer_tokens')
        .select('customer_id')
        .where('website_id', '=', websiteId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row?.customer_id;
    },

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

    async listAddresses(websiteId, customerId) {
      if (!isKey(websiteId) || !isKey(customerId)) return [];
      const rows = await db
        .selectFrom('customer_addresses')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('customer_id', '=', customerId)
        .orderBy('is_default', 'desc')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        address: fromJson<Record<string, string>>(row.address, {}),
        isDefault: fromFlag(row.is_default),
        createdAt: Number(row.created_at),
      }));
    },

    async addAddress(websiteId, customerId, address, now = Date.now()) {
      return atomically(db, async (tx) => {
        const existing = await tx
          .selectFrom('customer_addresses')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', customerId)
          .executeTakeFirst();
        const row = {
          website_id: websiteId,
          id: newId(now),
          customer_id: customerId,
          address: toJson(address),
          is_default: existing ? 0 : 1,
          created_at: now,
        };
        await tx.insertInto('customer_addresses').values(row).execute();
        return { id: row.id, address, isDefault: row.is_default === 1, createdAt: now };
      });
    },

    async removeAddress(websiteId, customerId, addressId) {
      if (!isKey(websiteId) || !isKey(customerId) || !isKey(addressId)) return false;
      return atomically(db, async (tx) => {
        const removed = await tx
          .deleteFrom('customer_addresses')
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', customerId)
          .where('id', '=', addressId)
          .returning('is_default')
          .executeTakeFirst();
        if (!removed) return false;
        if (fromFlag(removed.is_default)) {
          // The oldest remaining address takes over as default.
          const next = await tx
            .selectFrom('customer_addresses')
            .select('id')
            .where('website_id', '=', websiteId)
            .where('customer_id', '=', customerId)
            .orderBy('created_at')
            .orderBy('id')
            .executeTakeFirst();
          if (next)
            await tx
              .updateTable('customer_addresses')
              .set({ is_default: 1 })
              .where('website_id', '=', websiteId)
              .where('id', '=', next.id)
              .execute();
        }
        return true;
      });
    },

    async makeDefaultAddress(websiteId, customerId, addressId) {
      if (!isKey(websiteId) || !isKey(customerId) || !isKey(addressId)) return false;
      return atomically(db, async (tx) => {
        const found = await tx
          .selectFrom('customer_addresses')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', customerId)
          .where('id', '=', addressId)
          .executeTakeFirst();
        if (!found) return false;
        await tx
          .updateTable('customer_addresses')
          .set((eb) => ({
            is_default: eb.case().when('id', '=', addressId).then(1).else(0).end(),
          }))
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', customerId)
          .execute();
        return true;
      });
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

import { type Kysely, sql } from 'kysely';
import { normaliseEmail } from './account-repository.js';
import { atomically } from './atomically.js';
import { customerAccountRepository } from './customer-account-repository.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';

/*
 * The shop's customers as the editor lists them: everyone who ordered (guests grouped by e-mail address,
 * whatever its case) and everyone with a customer account, with their orders, what they spent and their
 * newsletter status. Also the data of one customer for an Art. 15/20 DSGVO export, and its erasure
 * (Art. 17), which keeps the orders for the books (§ 147 AO, § 14b UStG) but without name, e-mail and
 * addresses. Issued invoices are not touched: they must be kept unchanged for ten years.
 */

export type NewsletterStatus = 'confirmed' | 'pending' | 'unsubscribed' | 'none';

export interface CustomerSummary {
  /** Lower-cased: the key of a customer. */
  email: string;
  name?: string;
  accountId?: string;
  orderCount: number;
  /** Grand totals of the orders that were not cancelled, in minor units of the shop's currency. */
  totalSpentMinor: number;
  lastOrderAt?: number;
  /** First order or account, whichever came first. */
  since: number;
  newsletter: NewsletterStatus;
}

export interface CustomerListFilter {
  /** Part of the e-mail address or name, case-insensitive. */
  search?: string;
  /** Default 50; 0 lists all (the CSV export). */
  limit?: number;
  offset?: number;
}

export interface CustomerErasure {
  /** False when nothing was stored about this address. */
  found: boolean;
  accountDeleted: boolean;
  ordersAnonymised: number;
}

export interface CustomerDirectoryRepository {
  list(
    websiteId: string,
    filter?: CustomerListFilter,
  ): Promise<{ customers: CustomerSummary[]; total: number }>;
  find(websiteId: string, email: string): Promise<CustomerSummary | undefined>;
  /** Ids of the orders placed with this address or claimed by its account, oldest first. */
  orderIdsOf(websiteId: string, email: string): Promise<string[]>;
  /** Newsletter and restock rows of this address (for the export). */
  subscriptionsOf(
    websiteId: string,
    email: string,
  ): Promise<{
    newsletter: { status: string; createdAt: number; confirmedAt?: number }[];
    restockSignups: { productId: string; variantId: string; createdAt: number; notifiedAt?: number }[];
  }>;
  /** Art. 17 DSGVO: deletes the account, its sessions and addresses, newsletter and restock rows; anonymises the orders. */
  erase(websiteId: string, email: string, now?: number): Promise<CustomerErasure>;
}

/** Keys of an order's data that name or locate a person (as the account erasure removes them). */
const PERSONAL_ORDER_KEYS = ['shippingAddress', 'billingAddress', 'email', 'customer', 'phone'];

const DEFAULT_PAGE = 50;

interface Address {
  firstName?: string;
  lastName?: string;
}

const nameOfOrder = (data: string): string | undefined => {
  const parsed = fromJson<Record<string, unknown>>(data, {});
  const address = (parsed.billingAddress ?? parsed.shippingAddress) as Address | undefined;
  const name = [address?.firstName, address?.lastName].filter(Boolean).join(' ').trim();
  return name || undefined;
};

export function customerDirectoryRepository(db: Kysely<Database>): CustomerDirectoryRepository {
  /** Everybody, newest activity first; one query per table, merged by e-mail address. */
  const everybody = async (websiteId: string): Promise<CustomerSummary[]> => {
    const [orderRows, accounts, subscribers] = await Promise.all([
      db
        .selectFrom('orders')
        .select((eb) => [
          sql<string>`lower(customer_email)`.as('email'),
          eb.fn.countAll<number>().as('order_count'),
          sql<number>`sum(case when status = 'cancelled' then 0 else grand_total_minor end)`.as('spent'),
          eb.fn.max('created_at').as('last_at'),
          eb.fn.min('created_at').as('first_at'),
        ])
        .where('website_id', '=', websiteId)
        .where('customer_email', 'is not', null)
        .groupBy(sql`lower(customer_email)`)
        .execute(),
      db
        .selectFrom('customer_accounts')
        .select(['id', 'email', 'name', 'created_at'])
        .where('website_id', '=', websiteId)
        .execute(),
      db
        .selectFrom('newsletter_subscribers')
        .select(['email', 'status'])
        .where('website_id', '=', websiteId)
        .execute(),
    ]);
    const byEmail = new Map<string, CustomerSummary>();
    for (const row of orderRows) {
      if (!row.email) continue;
      byEmail.set(row.email, {
        email: row.email,
        orderCount: Number(row.order_count),
        totalSpentMinor: Number(row.spent ?? 0),
        lastOrderAt: Number(row.last_at),
        since: Number(row.first_at),
        newsletter: 'none',
      });
    }
    for (const account of accounts) {
      const email = normaliseEmail(account.email);
      const known = byEmail.get(email);
      const created = Number(account.created_at);
      byEmail.set(email, {
        ...(known ?? { email, orderCount: 0, totalSpentMinor: 0, since: created, newsletter: 'none' }),
        accountId: account.id,
        ...(account.name ? { name: account.name } : {}),
        since: Math.min(known?.since ?? created, created),
      });
    }
    for (const subscriber of subscribers) {
      const known = byEmail.get(normaliseEmail(subscriber.email));
      if (known) known.newsletter = subscriber.status as NewsletterStatus;
    }
    return [...byEmail.values()].sort(
      (a, b) => (b.lastOrderAt ?? b.since) - (a.lastOrderAt ?? a.since) || a.email.localeCompare(b.email),
    );
  };

  /** Guests' names come from their newest order's address (one query for the whole page). */
  const withNames = async (websiteId: string, customers: CustomerSummary[]) => {
    const nameless = customers.filter((c) => !c.name && c.orderCount > 0).map((c) => c.email);
    if (nameless.length === 0) return customers;
    const rows = await db
      .selectFrom('orders')
      .select([sql<string>`lower(customer_email)`.as('email'), 'data'])
      .where('website_id', '=', websiteId)
      .where(sql<string>`lower(customer_email)`, 'in', nameless)
      .orderBy('created_at', 'desc')
      .execute();
    const names = new Map<string, string>();
    for (const row of rows) {
      if (names.has(row.email)) continue;
      const name = nameOfOrder(row.data);
      if (name) names.set(row.email, name);
    }
    return customers.map((c) => (c.name || !names.has(c.email) ? c : { ...c, name: names.get(c.email)! }));
  };

  const ordersOf = async (tx: Kysely<Database>, websiteId: string, email: string) => {
    const account = await tx
      .selectFrom('customer_accounts')
      .select('id')
      .where('website_id', '=', websiteId)
      .where('email', '=', email)
      .executeTakeFirst();
    const rows = await tx
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .where('website_id', '=', websiteId)
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(customer_email)`, '=', email),
          ...(account
            ? [
                eb(
                  'id',
                  'in',
                  eb
                    .selectFrom('customer_orders')
                    .select('order_id')
                    .where('website_id', '=', websiteId)
                    .where('customer_id', '=', account.id),
                ),
              ]
            : []),
        ]),
      )
      .orderBy('created_at')
      .execute();
    return { accountId: account?.id, orderIds: rows.map((r) => r.id) };
  };

  return {
    async list(websiteId, filter = {}) {
      const search = String(filter.search ?? '')
        .trim()
        .toLowerCase();
      let all = await everybody(websiteId);
      // A guest's name is only in their orders: a search looks the names up first, a plain page only its own.
      if (search) {
        all = (await withNames(websiteId, all)).filter(
          (c) => c.email.includes(search) || (c.name ?? '').toLowerCase().includes(search),
        );
      }
      const limit =
        filter.limit === 0 ? all.length : Math.min(Math.max(filter.limit ?? DEFAULT_PAGE, 1), 500);
      const offset = Math.max(filter.offset ?? 0, 0);
      const page = all.slice(offset, offset + limit);
      return { customers: search ? page : await withNames(websiteId, page), total: all.length };
    },

    async find(websiteId, rawEmail) {
      const email = normaliseEmail(rawEmail);
      const found = (await everybody(websiteId)).find((c) => c.email === email);
      return found ? (await withNames(websiteId, [found]))[0] : undefined;
    },

    async orderIdsOf(websiteId, rawEmail) {
      return (await ordersOf(db, websiteId, normaliseEmail(rawEmail))).orderIds;
    },

    async subscriptionsOf(websiteId, rawEmail) {
      const email = normaliseEmail(rawEmail);
      const [newsletter, restock] = await Promise.all([
        db
          .selectFrom('newsletter_subscribers')
          .select(['status', 'created_at', 'confirmed_at'])
          .where('website_id', '=', websiteId)
          .where(sql<string>`lower(email)`, '=', email)
          .execute(),
        db
          .selectFrom('restock_signups')
          .select(['product_id', 'variant_id', 'created_at', 'notified_at'])
          .where('website_id', '=', websiteId)
          .where(sql<string>`lower(email)`, '=', email)
          .execute(),
      ]);
      return {
        newsletter: newsletter.map((n) => ({
          status: n.status,
          createdAt: Number(n.created_at),
          ...(n.confirmed_at ? { confirmedAt: Number(n.confirmed_at) } : {}),
        })),
        restockSignups: restock.map((r) => ({
          productId: r.product_id,
          variantId: r.variant_id,
          createdAt: Number(r.created_at),
          ...(r.notified_at ? { notifiedAt: Number(r.notified_at) } : {}),
        })),
      };
    },

    async erase(websiteId, rawEmail, now = Date.now()) {
      const email = normaliseEmail(rawEmail);
      if (!websiteId || !email) return { found: false, accountDeleted: false, ordersAnonymised: 0 };
      return atomically(db, async (tx) => {
        const { accountId, orderIds } = await ordersOf(tx, websiteId, email);
        // The account's own erasure: sessions, links, addresses (cascade), its orders and subscriptions.
        const accountDeleted = accountId
          ? await customerAccountRepository(tx).erase(websiteId, accountId, now)
          : false;
        // Guest orders with this address (and any the account erasure left): same anonymisation.
        const orders =
          orderIds.length === 0
            ? []
            : await tx
                .selectFrom('orders')
                .select(['id', 'data'])
                .where('website_id', '=', websiteId)
                .where('id', 'in', orderIds)
                .execute();
        for (const order of orders) {
          const data = fromJson<Record<string, unknown>>(order.data, {});
          for (const key of PERSONAL_ORDER_KEYS) if (key in data) data[key] = null;
          await tx
            .updateTable('orders')
            .set({ customer_email: null, data: toJson({ ...data, anonymisedAt: data.anonymisedAt ?? now }) })
            .where('website_id', '=', websiteId)
            .where('id', '=', order.id)
            .execute();
        }
        const newsletter = await tx
          .deleteFrom('newsletter_subscribers')
          .where('website_id', '=', websiteId)
          .where(sql<string>`lower(email)`, '=', email)
          .executeTakeFirst();
        const restock = await tx
          .deleteFrom('restock_signups')
          .where('website_id', '=', websiteId)
          .where(sql<string>`lower(email)`, '=', email)
          .executeTakeFirst();
        const found =
          accountDeleted ||
          orders.length > 0 ||
          Number(newsletter.numDeletedRows) > 0 ||
          Number(restock.numDeletedRows) > 0;
        return { found, accountDeleted, ordersAnonymised: orders.length };
      });
    },
  };
}

import { type Kysely, sql } from 'kysely';
import { normaliseEmail } from './account-repository.js';
import { atomically } from './atomically.js';
import { customerAccountRepository } from './customer-account-repository.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';

type Dialect = 'sqlite' | 'postgres';

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

/** A field of an order's address in SQL; the JSON functions are the one thing the two dialects spell apart. */
const addressField = (dialect: Dialect, address: string, field: string) =>
  dialect === 'postgres'
    ? sql<string | null>`(o.data::jsonb #>> ${sql.raw(`'{${address},${field}}'`)})`
    : sql<string | null>`json_extract(o.data, ${sql.raw(`'$.${address}.${field}'`)})`;

/** "Karla Kundin" from the billing address, else the shipping address, as the shopper typed it. */
const orderName = (dialect: Dialect) => {
  const first = sql`coalesce(${addressField(dialect, 'billingAddress', 'firstName')}, ${addressField(dialect, 'shippingAddress', 'firstName')}, '')`;
  const last = sql`coalesce(${addressField(dialect, 'billingAddress', 'lastName')}, ${addressField(dialect, 'shippingAddress', 'lastName')}, '')`;
  return sql<string>`trim(${first} || ' ' || ${last})`;
};

/** A search term for LIKE: lower case, its wildcards taken literally. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface CustomerRow {
  email: string;
  account_id: string | null;
  name: string | null;
  order_count: number | string | null;
  spent: number | string | null;
  last_at: number | string | null;
  since: number | string;
  newsletter: string | null;
}

const toSummary = (row: CustomerRow): CustomerSummary => ({
  email: row.email,
  ...(row.name ? { name: row.name } : {}),
  ...(row.account_id ? { accountId: row.account_id } : {}),
  orderCount: Number(row.order_count ?? 0),
  totalSpentMinor: Number(row.spent ?? 0),
  ...(row.last_at !== null ? { lastOrderAt: Number(row.last_at) } : {}),
  since: Number(row.since),
  newsletter: (row.newsletter ?? 'none') as NewsletterStatus,
});

export function customerDirectoryRepository(
  db: Kysely<Database>,
  dialect: Dialect = 'sqlite',
): CustomerDirectoryRepository {
  /*
   * Everybody who ordered or has an account, one row per lower-cased address, filtered, sorted (newest
   * activity first) and paged in the database (issue 23): the list costs the same for 50 customers or
   * 50 000. A guest's name is the one on their newest order.
   */
  const people = (websiteId: string, where: { search?: string; email?: string }) => {
    const pattern = where.search ? likePattern(where.search) : undefined;
    return sql`
      with people as (
        select lower(customer_email) as email from orders
          where website_id = ${websiteId} and customer_email is not null
        union
        select lower(email) as email from customer_accounts where website_id = ${websiteId}
      ),
      stats as (
        select lower(customer_email) as email, count(*) as order_count,
          sum(case when status = 'cancelled' then 0 else grand_total_minor end) as spent,
          max(created_at) as last_at, min(created_at) as first_at
        from orders where website_id = ${websiteId} and customer_email is not null
        group by lower(customer_email)
      ),
      names as (
        select email, name from (
          select lower(o.customer_email) as email, ${orderName(dialect)} as name,
            row_number() over (partition by lower(o.customer_email) order by o.created_at desc, o.id desc) as n
          from orders o
          where o.website_id = ${websiteId} and o.customer_email is not null and ${orderName(dialect)} <> ''
        ) named where n = 1
      ),
      customers as (
        select p.email, a.id as account_id,
          coalesce(nullif(a.name, ''), names.name) as name,
          s.order_count, s.spent, s.last_at,
          case
            when s.first_at is null then a.created_at
            when a.created_at is null or s.first_at < a.created_at then s.first_at
            else a.created_at
          end as since,
          (select status from newsletter_subscribers ns
            where ns.website_id = ${websiteId} and lower(ns.email) = p.email limit 1) as newsletter
        from people p
        left join stats s on s.email = p.email
        left join customer_accounts a on a.website_id = ${websiteId} and lower(a.email) = p.email
        left join names on names.email = p.email
      )
      select * from customers
      where 1 = 1
        ${where.email !== undefined ? sql`and email = ${where.email}` : sql``}
        ${pattern ? sql`and (email like ${pattern} escape '\\' or lower(coalesce(name, '')) like ${pattern} escape '\\')` : sql``}
    `;
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
      const base = people(websiteId, { search });
      const offset = Math.max(Math.trunc(filter.offset ?? 0), 0);
      const limit = filter.limit === 0 ? undefined : Math.min(Math.max(filter.limit ?? DEFAULT_PAGE, 1), 500);
      const [page, count] = await Promise.all([
        sql<CustomerRow>`select * from (${base}) listed
          order by coalesce(last_at, since) desc, email
          ${limit === undefined ? sql`` : sql`limit ${limit} offset ${offset}`}`.execute(db),
        sql<{ total: number | string }>`select count(*) as total from (${base}) counted`.execute(db),
      ]);
      return { customers: page.rows.map(toSummary), total: Number(count.rows[0]?.total ?? 0) };
    },

    async find(websiteId, rawEmail) {
      const email = normaliseEmail(rawEmail);
      const found = await sql<CustomerRow>`${people(websiteId, { email })}`.execute(db);
      return found.rows[0] ? toSummary(found.rows[0]) : undefined;
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

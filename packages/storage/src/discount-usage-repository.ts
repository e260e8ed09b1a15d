import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/*
 * Usage limits of discounts (migration 0037): counters per discount and per discount and customer e-mail,
 * and the orders that used a discount. `redeem` runs inside the order transaction; its conditional UPDATE
 * is what keeps racing checkouts from going past a limit on both databases.
 */

export interface DiscountUsageTable {
  website_id: string;
  discount_id: string;
  /** '' for the discount's total; else the customer's e-mail in lower case. */
  customer_email: string;
  used: number;
}

export interface DiscountRedemptionsTable {
  website_id: string;
  discount_id: string;
  order_id: string;
  customer_email: string;
  created_at: number;
}

declare module './schema.js' {
  interface Database {
    discount_usage: DiscountUsageTable;
    discount_redemptions: DiscountRedemptionsTable;
  }
}

export interface DiscountLimit {
  discountId: string;
  /** Orders in total; absent: no limit. */
  usageLimit?: number;
  /** Orders per customer e-mail; absent: no limit. */
  usageLimitPerCustomer?: number;
}

export interface DiscountUsageRepository {
  /**
   * Takes one use of each discount for the order, in the caller's transaction. Answers the id of the first
   * discount whose limit is reached (then the caller must roll back), or undefined when all were taken.
   */
  redeem(
    websiteId: string,
    orderId: string,
    customerEmail: string,
    discounts: readonly DiscountLimit[],
  ): Promise<string | undefined>;
  /** The ids among `discounts` that are used up, in total or for this customer (no e-mail: in total only). */
  exhausted(
    websiteId: string,
    discounts: readonly DiscountLimit[],
    customerEmail?: string,
  ): Promise<Set<string>>;
  /** Orders that used the discount so far. */
  usedCount(websiteId: string, discountId: string): Promise<number>;
}

/** "No limit" as a number both databases' integer column compares with. */
const NO_LIMIT = 2_147_483_647;

const emailKey = (email: string) => email.trim().toLowerCase();

export function discountUsageRepository(db: Kysely<Database>): DiscountUsageRepository {
  async function take(websiteId: string, discountId: string, customer: string, limit: number) {
    await db
      .insertInto('discount_usage')
      .values({ website_id: websiteId, discount_id: discountId, customer_email: customer, used: 0 })
      .onConflict((oc) => oc.columns(['website_id', 'discount_id', 'customer_email']).doNothing())
      .execute();
    const result = await db
      .updateTable('discount_usage')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('website_id', '=', websiteId)
      .where('discount_id', '=', discountId)
      .where('customer_email', '=', customer)
      .where('used', '<', limit)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    async redeem(websiteId, orderId, customerEmail, discounts) {
      const customer = emailKey(customerEmail);
      for (const d of discounts) {
        // Without a limit nothing can run out: the counter still records the use.
        if (!(await take(websiteId, d.discountId, '', d.usageLimit ?? NO_LIMIT))) return d.discountId;
        if (d.usageLimitPerCustomer !== undefined && customer !== '') {
          if (!(await take(websiteId, d.discountId, customer, d.usageLimitPerCustomer))) return d.discountId;
        }
        await db
          .insertInto('discount_redemptions')
          .values({
            website_id: websiteId,
            discount_id: d.discountId,
            order_id: orderId,
            customer_email: customer,
            created_at: Date.now(),
          })
          .execute();
      }
      return undefined;
    },

    async exhausted(websiteId, discounts, customerEmail) {
      const limited = discounts.filter(
        (d) => d.usageLimit !== undefined || d.usageLimitPerCustomer !== undefined,
      );
      const out = new Set<string>();
      if (limited.length === 0) return out;
      const customer = customerEmail ? emailKey(customerEmail) : '';
      const rows = await db
        .selectFrom('discount_usage')
        .select(['discount_id', 'customer_email', 'used'])
        .where('website_id', '=', websiteId)
        .where(
          'discount_id',
          'in',
          limited.map((d) => d.discountId),
        )
        .where('customer_email', 'in', customer ? ['', customer] : [''])
        .execute();
      for (const row of rows) {
        const d = limited.find((l) => l.discountId === row.discount_id);
        if (!d) continue;
        const limit = row.customer_email === '' ? d.usageLimit : d.usageLimitPerCustomer;
        if (limit !== undefined && Number(row.used) >= limit) out.add(d.discountId);
      }
      return out;
    },

    async usedCount(websiteId, discountId) {
      const row = await db
        .selectFrom('discount_usage')
        .select('used')
        .where('website_id', '=', websiteId)
        .where('discount_id', '=', discountId)
        .where('customer_email', '=', '')
        .executeTakeFirst();
      return Number(row?.used ?? 0);
    },
  };
}

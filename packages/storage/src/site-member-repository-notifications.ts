import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/*
 * The shop mails each site member asked for (migration 0045, issue 23): new orders ("Neue Bestellungen
 * per E-Mail", NULL until the member chose, so the server can default the owner on and everybody else
 * off) and the daily summary ("Tägliche Zusammenfassung"). Also what that summary reads: the orders and
 * revenue of a day and the variants at or below their low-stock threshold, and the claim that makes one
 * summary per member and shop day exactly once across instances.
 */

export interface SiteMemberNotificationsTable {
  website_id: string;
  account_id: string;
  new_orders: number | null;
  daily_summary: number;
  updated_at: number;
}

export interface DailySummariesTable {
  website_id: string;
  account_id: string;
  /** The shop's calendar day the summary covers, 'YYYY-MM-DD'. */
  day: string;
  created_at: number;
}

declare module './schema.js' {
  interface Database {
    site_member_notifications: SiteMemberNotificationsTable;
    daily_summaries: DailySummariesTable;
  }
}

export interface MemberNotificationChoice {
  /** Undefined: the member never chose (the server applies the default). */
  newOrders?: boolean;
  dailySummary: boolean;
}

export interface DayFigures {
  orderCount: number;
  /** Grand totals of the day's orders that were not cancelled, by currency. */
  revenue: { currency: string; amountMinor: number }[];
}

export interface LowStockVariant {
  itemTitle: string;
  sku: string;
  qtyInStock: number;
  threshold: number;
}

export interface MemberNotificationRepository {
  /** Every member's choice that differs from the defaults, by account id. */
  choicesOf(websiteId: string): Promise<Map<string, MemberNotificationChoice>>;
  choose(
    websiteId: string,
    accountId: string,
    choice: { newOrders?: boolean; dailySummary?: boolean },
    now?: number,
  ): Promise<void>;
  /** Members, on any website, who asked for the daily summary. */
  dailySummaryReaders(): Promise<{ websiteId: string; accountId: string }[]>;
  /**
   * Takes the summary of `day` for this member: true once, false for every later call (another instance
   * or an earlier run). Call it in the transaction that queues the mail, so a failed queueing frees it.
   */
  claimDailySummary(websiteId: string, accountId: string, day: string, now?: number): Promise<boolean>;
  /** Orders placed in [from, to). */
  dayFigures(websiteId: string, from: number, to: number): Promise<DayFigures>;
  /** Variants whose stock is at or below the threshold the owner set, lowest first. */
  lowStock(websiteId: string): Promise<LowStockVariant[]>;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

export function memberNotificationRepository(db: Kysely<Database>): MemberNotificationRepository {
  return {
    async choicesOf(websiteId) {
      const rows = await db
        .selectFrom('site_member_notifications')
        .select(['account_id', 'new_orders', 'daily_summary'])
        .where('website_id', '=', websiteId)
        .execute();
      return new Map(
        rows.map((r) => [
          r.account_id,
          {
            ...(r.new_orders === null ? {} : { newOrders: Number(r.new_orders) === 1 }),
            dailySummary: Number(r.daily_summary) === 1,
          },
        ]),
      );
    },

    async choose(websiteId, accountId, choice, now = Date.now()) {
      const newOrders = flag(choice.newOrders);
      const dailySummary = flag(choice.dailySummary);
      await db
        .insertInto('site_member_notifications')
        .values({
          website_id: websiteId,
          account_id: accountId,
          new_orders: newOrders ?? null,
          daily_summary: dailySummary ?? 0,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['website_id', 'account_id']).doUpdateSet({
            ...(newOrders === undefined ? {} : { new_orders: newOrders }),
            ...(dailySummary === undefined ? {} : { daily_summary: dailySummary }),
            updated_at: now,
          }),
        )
        .execute();
    },

    async dailySummaryReaders() {
      const rows = await db
        .selectFrom('site_member_notifications')
        .innerJoin('site_members', (join) =>
          join
            .onRef('site_members.website_id', '=', 'site_member_notifications.website_id')
            .onRef('site_members.account_id', '=', 'site_member_notifications.account_id'),
        )
        .select(['site_member_notifications.website_id', 'site_member_notifications.account_id'])
        .where('site_member_notifications.daily_summary', '=', 1)
        .orderBy('site_member_notifications.website_id')
        .orderBy('site_member_notifications.account_id')
        .execute();
      return rows.map((r) => ({ websiteId: r.website_id, accountId: r.account_id }));
    },

    async claimDailySummary(websiteId, accountId, day, now = Date.now()) {
      const result = await db
        .insertInto('daily_summaries')
        .values({ website_id: websiteId, account_id: accountId, day, created_at: now })
        .onConflict((oc) => oc.columns(['website_id', 'account_id', 'day']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async dayFigures(websiteId, from, to) {
      const rows = await db
        .selectFrom('orders')
        .select((eb) => [
          'currency',
          eb.fn.countAll<number>().as('order_count'),
          eb.fn.sum<number>('grand_total_minor').as('revenue'),
        ])
        .where('website_id', '=', websiteId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('status', '!=', 'cancelled')
        .groupBy('currency')
        .orderBy('currency')
        .execute();
      return {
        orderCount: rows.reduce((n, r) => n + Number(r.order_count), 0),
        revenue: rows.map((r) => ({ currency: r.currency, amountMinor: Number(r.revenue ?? 0) })),
      };
    },

    async lowStock(websiteId) {
      const rows = await db
        .selectFrom('variant_stock_alerts as a')
        .innerJoin('product_variants as v', (join) =>
          join.onRef('v.website_id', '=', 'a.website_id').onRef('v.id', '=', 'a.variant_id'),
        )
        .innerJoin('items as i', (join) =>
          join.onRef('i.website_id', '=', 'v.website_id').onRef('i.id', '=', 'v.item_id'),
        )
        .select(['i.title', 'v.sku', 'v.qty_in_stock', 'a.threshold'])
        .where('a.website_id', '=', websiteId)
        .where('v.unlimited', '=', 0)
        .whereRef('v.qty_in_stock', '<=', 'a.threshold')
        .orderBy('v.qty_in_stock')
        .orderBy('v.sku')
        .execute();
      return rows.map((r) => ({
        itemTitle: r.title,
        sku: r.sku,
        qtyInStock: Number(r.qty_in_stock),
        threshold: Number(r.threshold),
      }));
    },
  };
}

import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/*
 * Low-stock thresholds per variant (migration 0038). A variant's stock is low at or below its threshold;
 * the server announces the change from above to low (owner mail, `stock.low` webhook), so each crossing is
 * told once. Variants without a row keep the webhook's fixed default.
 */

export interface VariantStockAlertsTable {
  website_id: string;
  variant_id: string;
  threshold: number;
  updated_at: number;
}

declare module './schema.js' {
  interface Database {
    variant_stock_alerts: VariantStockAlertsTable;
  }
}

export interface StockAlertRepository {
  /** The thresholds of these variants (those that have one). */
  thresholds(websiteId: string, variantIds: string[]): Promise<Map<string, number>>;
  /** All thresholds of a website, by variant id. */
  all(websiteId: string): Promise<Map<string, number>>;
  /** Sets (a number) or clears (null) the threshold; false when the variant is not the website's. */
  setThreshold(
    websiteId: string,
    variantId: string,
    threshold: number | null,
    now?: number,
  ): Promise<boolean>;
}

export function stockAlertRepository(db: Kysely<Database>): StockAlertRepository {
  const toMap = (rows: { variant_id: string; threshold: number }[]) =>
    new Map(rows.map((r) => [r.variant_id, Number(r.threshold)]));
  return {
    async thresholds(websiteId, variantIds) {
      if (variantIds.length === 0) return new Map();
      return toMap(
        await db
          .selectFrom('variant_stock_alerts')
          .select(['variant_id', 'threshold'])
          .where('website_id', '=', websiteId)
          .where('variant_id', 'in', variantIds)
          .execute(),
      );
    },
    async all(websiteId) {
      return toMap(
        await db
          .selectFrom('variant_stock_alerts')
          .select(['variant_id', 'threshold'])
          .where('website_id', '=', websiteId)
          .execute(),
      );
    },
    async setThreshold(websiteId, variantId, threshold, now = Date.now()) {
      const variant = await db
        .selectFrom('product_variants')
        .select('id')
        .where('website_id', '=', websiteId)
        .where('id', '=', variantId)
        .executeTakeFirst();
      if (!variant) return false;
      await db
        .deleteFrom('variant_stock_alerts')
        .where('website_id', '=', websiteId)
        .where('variant_id', '=', variantId)
        .execute();
      if (threshold !== null)
        await db
          .insertInto('variant_stock_alerts')
          .values({ website_id: websiteId, variant_id: variantId, threshold, updated_at: now })
          .execute();
      return true;
    },
  };
}

import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/*
 * What a price needs beside the amount (migration 0030): the product's VAT class, a variant's content for
 * the Grundpreis (§ 4 PAngV) and the price history a reduced price is compared with (§ 11 PAngV). Kept out
 * of the product save, so the owner sets them on their own and a product save never resets them.
 */

export interface UnitContent {
  /** e.g. 500 with unit 'g', 0.75 with 'l'. */
  amount: number;
  unit: string;
}

export interface PriceHistoryTable {
  website_id: string;
  variant_id: string;
  valid_from: number;
  price_minor: number;
}

declare module './schema.js' {
  interface Database {
    price_history: PriceHistoryTable;
  }
  interface ProductsTable {
    tax_class?: string;
  }
  interface ProductVariantsTable {
    unit_content?: string | null;
  }
}

export interface PricePoint {
  validFrom: number;
  priceMinor: number;
}

export interface PricingRepository {
  setTaxClass(websiteId: string, itemId: string, taxClass: string): Promise<boolean>;
  /** The content of a variant of this item; null removes it (sold by the piece). */
  setUnitContent(
    websiteId: string,
    itemId: string,
    variantId: string,
    content: UnitContent | null,
  ): Promise<boolean>;
  /**
   * Notes the price shoppers pay for a variant from `at` on, when it differs from the last one noted.
   * Called whenever a variant's price or sale changes (and lazily when a product page is shown).
   */
  recordPrice(websiteId: string, variantId: string, priceMinor: number, at?: number): Promise<void>;
  /** Price points of the variants since `since` plus the one in force at `since`, oldest first. */
  priceHistory(
    websiteId: string,
    variantIds: readonly string[],
    since: number,
  ): Promise<Map<string, PricePoint[]>>;
}

export function pricingRepository(db: Kysely<Database>): PricingRepository {
  return {
    async setTaxClass(websiteId, itemId, taxClass) {
      const changed = await db
        .updateTable('products')
        .set({ tax_class: taxClass })
        .where('website_id', '=', websiteId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },
    async setUnitContent(websiteId, itemId, variantId, content) {
      const changed = await db
        .updateTable('product_variants')
        .set({ unit_content: content ? JSON.stringify(content) : null })
        .where('website_id', '=', websiteId)
        .where('item_id', '=', itemId)
        .where('id', '=', variantId)
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) > 0;
    },
    async recordPrice(websiteId, variantId, priceMinor, at = Date.now()) {
      const last = await db
        .selectFrom('price_history')
        .select(['price_minor', 'valid_from'])
        .where('website_id', '=', websiteId)
        .where('variant_id', '=', variantId)
        .orderBy('valid_from', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && Number(last.price_minor) === priceMinor) return;
      // Two changes in one millisecond: the later one wins that moment.
      await db
        .insertInto('price_history')
        .values({ website_id: websiteId, variant_id: variantId, valid_from: at, price_minor: priceMinor })
        .onConflict((oc) =>
          oc.columns(['website_id', 'variant_id', 'valid_from']).doUpdateSet({ price_minor: priceMinor }),
        )
        .execute();
    },
    async priceHistory(websiteId, variantIds, since) {
      const result = new Map<string, PricePoint[]>();
      if (variantIds.length === 0) return result;
      const rows = await db
        .selectFrom('price_history')
        .select(['variant_id', 'valid_from', 'price_minor'])
        .where('website_id', '=', websiteId)
        .where('variant_id', 'in', [...variantIds])
        .orderBy('variant_id')
        .orderBy('valid_from')
        .execute();
      for (const row of rows) {
        const list = result.get(row.variant_id) ?? [];
        const point = { validFrom: Number(row.valid_from), priceMinor: Number(row.price_minor) };
        // Keep the last point before `since` (the price in force then) and all after it.
        if (point.validFrom <= since && list.length > 0 && list[list.length - 1].validFrom <= since)
          list.pop();
        list.push(point);
        result.set(row.variant_id, list);
      }
      return result;
    },
  };
}

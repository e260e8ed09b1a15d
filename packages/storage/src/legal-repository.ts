import { type Kysely, sql } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';
import { isUniqueViolation } from './storage-error.js';

/*
 * Versions of a website's legal texts, the version each order was placed under, the withdrawals
 * declared through the shop's "Vertrag widerrufen" function and the products excluded from withdrawal
 * (migration 0023). The texts themselves are rendered by `@baukasten/commerce`; storage only keeps them.
 */

export interface LegalTablesOf0023 {
  legal_text_versions: {
    website_id: string;
    version: number;
    content_hash: string;
    texts: string;
    created_at: number;
  };
  order_legal_acceptances: { website_id: string; order_id: string; version: number; accepted_at: number };
  withdrawals: {
    website_id: string;
    id: string;
    order_id: string;
    name: string;
    email: string;
    item_ids: string;
    declaration: string;
    declared_at: number;
  };
}

declare module './schema.js' {
  interface Database {
    legal_text_versions: LegalTablesOf0023['legal_text_versions'];
    order_legal_acceptances: LegalTablesOf0023['order_legal_acceptances'];
    withdrawals: LegalTablesOf0023['withdrawals'];
  }
}

export interface LegalTextVersion<T = unknown> {
  version: number;
  contentHash: string;
  texts: T;
  createdAt: number;
}

export interface NewWithdrawal {
  orderId: string;
  name: string;
  email: string;
  itemIds: string[];
  declaration: string;
}

export interface Withdrawal extends NewWithdrawal {
  id: string;
  websiteId: string;
  declaredAt: number;
}

export interface LegalRepository {
  /** The newest version, undefined before any text was recorded. */
  currentVersion<T>(websiteId: string): Promise<LegalTextVersion<T> | undefined>;
  findVersion<T>(websiteId: string, version: number): Promise<LegalTextVersion<T> | undefined>;
  /**
   * The version of these texts: the newest one when its hash is the same, else a new version numbered one
   * higher. Two processes recording the same change at once end up with one new version.
   */
  recordVersion<T>(
    websiteId: string,
    contentHash: string,
    texts: T,
    now?: number,
  ): Promise<LegalTextVersion<T>>;
  /**
   * Remembers the version an order was placed under; a second call for the same order changes nothing. The
   * checkout writes it into the order's data instead (`legalVersion`), which `acceptedVersion` reads too.
   */
  recordAcceptance(websiteId: string, orderId: string, version: number, now?: number): Promise<void>;
  /** The version recorded for the order, else the one its data names (`legalVersion`); undefined if none. */
  acceptedVersion(websiteId: string, orderId: string): Promise<number | undefined>;
  addWithdrawal(websiteId: string, input: NewWithdrawal, now?: number): Promise<Withdrawal>;
  /** Oldest first. */
  withdrawalsOf(websiteId: string, orderId: string): Promise<Withdrawal[]>;
  /** The ids among `itemIds` whose product the owner marked as made to order. */
  madeToOrder(websiteId: string, itemIds: string[]): Promise<Set<string>>;
  setMadeToOrder(websiteId: string, itemId: string, madeToOrder: boolean): Promise<boolean>;
  /** The product types the website sells (spec codes: 1 physical, 2 digital, 3 service, ...). */
  productTypes(websiteId: string): Promise<number[]>;
  /**
   * Whether a page of the navigation holds a block of this type anywhere (the privacy page names the
   * newsletter when a sign-up form collects addresses). One statement over the stored JSON, so a checkout
   * does not read and parse every page for it.
   */
  navigationHasBlock(websiteId: string, blockType: string): Promise<boolean>;
  /**
   * `productTypes` and `navigationHasBlock` in one statement: what the legal texts in force depend on, read
   * on every checkout.
   */
  siteUsage(websiteId: string, blockType: string): Promise<{ productTypes: number[]; hasBlock: boolean }>;
}

type VersionRow = LegalTablesOf0023['legal_text_versions'];
const toVersion = <T>(row: VersionRow): LegalTextVersion<T> => ({
  version: Number(row.version),
  contentHash: row.content_hash,
  texts: fromJson<T>(row.texts, {} as T),
  createdAt: Number(row.created_at),
});

type WithdrawalRow = LegalTablesOf0023['withdrawals'];
const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
  id: row.id,
  websiteId: row.website_id,
  orderId: row.order_id,
  name: row.name,
  email: row.email,
  itemIds: fromJson<string[]>(row.item_ids, []),
  declaration: row.declaration,
  declaredAt: Number(row.declared_at),
});

/**
 * products.made_to_order (migration 0023) as only this repository sees it: kept out of ProductsTable so the
 * product code that writes whole product rows needs no change (the column has a default).
 */
type MadeToOrderView = Kysely<{
  products: { website_id: string; item_id: string; product_type: number; made_to_order: number };
}>;

export function legalRepository(db: Kysely<Database>): LegalRepository {
  const products = db as unknown as MadeToOrderView;
  const latest = (q: Kysely<Database>, websiteId: string) =>
    q
      .selectFrom('legal_text_versions')
      .selectAll()
      .where('website_id', '=', websiteId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();

  const recordOnce = <T>(websiteId: string, contentHash: string, texts: T, now: number) =>
    atomically(db, async (tx) => {
      const current = await latest(tx, websiteId);
      if (current && current.content_hash === contentHash) return toVersion<T>(current);
      // These very texts were in force before (or another instance renders them, e.g. with its own port
      // in the site's address): the version they already have, instead of a new number on every switch.
      const earlier = await tx
        .selectFrom('legal_text_versions')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('content_hash', '=', contentHash)
        .orderBy('version', 'desc')
        .executeTakeFirst();
      if (earlier) return toVersion<T>(earlier);
      const row: VersionRow = {
        website_id: websiteId,
        version: (current ? Number(current.version) : 0) + 1,
        content_hash: contentHash,
        texts: toJson(texts),
        created_at: now,
      };
      await tx.insertInto('legal_text_versions').values(row).execute();
      return toVersion<T>(row);
    });

  return {
    async currentVersion<T>(websiteId: string) {
      const row = await latest(db, websiteId);
      return row ? toVersion<T>(row) : undefined;
    },
    async findVersion<T>(websiteId: string, version: number) {
      if (!Number.isSafeInteger(version)) return undefined;
      const row = await db
        .selectFrom('legal_text_versions')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('version', '=', version)
        .executeTakeFirst();
      return row ? toVersion<T>(row) : undefined;
    },
    async recordVersion(websiteId, contentHash, texts, now = Date.now()) {
      // Another process may write the same next number first (many checkouts at once after a change):
      // read again, it is probably these texts, else take the number after it.
      for (let attempt = 1; ; attempt++) {
        try {
          return await recordOnce(websiteId, contentHash, texts, now);
        } catch (error) {
          if (!isUniqueViolation(error) || db.isTransaction || attempt >= 8) throw error;
        }
      }
    },
    async recordAcceptance(websiteId, orderId, version, now = Date.now()) {
      await db
        .insertInto('order_legal_acceptances')
        .values({ website_id: websiteId, order_id: orderId, version, accepted_at: now })
        .onConflict((oc) => oc.columns(['website_id', 'order_id']).doNothing())
        .execute();
    },
    async acceptedVersion(websiteId, orderId) {
      const row = await db
        .selectFrom('order_legal_acceptances')
        .select('version')
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      if (row) return Number(row.version);
      // Orders placed through the checkout carry the version in their own row (data.legalVersion): one
      // statement less in the order transaction than a row of this table.
      const order = await db
        .selectFrom('orders')
        .select('data')
        .where('website_id', '=', websiteId)
        .where('id', '=', orderId)
        .executeTakeFirst();
      const version = fromJson<{ legalVersion?: unknown }>(order?.data, {}).legalVersion;
      return typeof version === 'number' && Number.isSafeInteger(version) ? version : undefined;
    },
    async addWithdrawal(websiteId, input, now = Date.now()) {
      const row: WithdrawalRow = {
        website_id: websiteId,
        id: newId(now),
        order_id: input.orderId,
        name: input.name,
        email: input.email,
        item_ids: toJson(input.itemIds),
        declaration: input.declaration,
        declared_at: now,
      };
      await db.insertInto('withdrawals').values(row).execute();
      return toWithdrawal(row);
    },
    async withdrawalsOf(websiteId, orderId) {
      const rows = await db
        .selectFrom('withdrawals')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('declared_at')
        .orderBy('id')
        .execute();
      return rows.map(toWithdrawal);
    },
    async madeToOrder(websiteId, itemIds) {
      if (itemIds.length === 0) return new Set();
      const rows = await products
        .selectFrom('products')
        .select('item_id')
        .where('website_id', '=', websiteId)
        .where('item_id', 'in', [...new Set(itemIds)])
        .where('made_to_order', '=', 1)
        .execute();
      return new Set(rows.map((r) => r.item_id));
    },
    async setMadeToOrder(websiteId, itemId, madeToOrder) {
      const result = await products
        .updateTable('products')
        .set({ made_to_order: madeToOrder ? 1 : 0 })
        .where('website_id', '=', websiteId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async navigationHasBlock(websiteId, blockType) {
      // Block types are our own identifiers; anything else would be a LIKE pattern.
      if (!/^[a-z][a-z-]*$/.test(blockType)) return false;
      const row = await db
        .selectFrom('collections')
        .select('id')
        .where('website_id', '=', websiteId)
        .where('hidden', '=', 0)
        // Blocks are stored as JSON.stringify writes them: no space after the colon.
        .where('blocks', 'like', `%"type":"${blockType}"%`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    async siteUsage(websiteId, blockType) {
      if (!/^[a-z][a-z-]*$/.test(blockType))
        return { productTypes: await this.productTypes(websiteId), hasBlock: false };
      // The product types, and -1 when a visible page holds the block (product types are never negative).
      const { rows } = await sql<{ v: number | string }>`
        select distinct product_type as v from products where website_id = ${websiteId}
        union all
        select -1 as v where exists (
          select 1 from collections
          where website_id = ${websiteId} and hidden = 0 and blocks like ${`%"type":"${blockType}"%`}
        )`.execute(db);
      const values = rows.map((r) => Number(r.v));
      return {
        productTypes: values.filter((v) => v >= 0).sort((a, b) => a - b),
        hasBlock: values.includes(-1),
      };
    },
    async productTypes(websiteId) {
      const rows = await products
        .selectFrom('products')
        .select('product_type')
        .distinct()
        .where('website_id', '=', websiteId)
        .execute();
      return rows.map((r) => Number(r.product_type)).sort((a, b) => a - b);
    },
  };
}

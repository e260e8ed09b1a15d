import { type Kysely, type Selectable, sql } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromFlag, fromJson, toFlag, toJson } from './json-column.js';
import { pricingRepository } from './pricing-repository.js';
import { productRows, toProduct, toVariant } from './product-rows.js';
import { redirectRepository } from './redirect-repository.js';
import type { Database, ItemsTable, ProductsTable, ProductVariantsTable } from './schema.js';
import { isUniqueViolation, StorageError, storageMessages } from './storage-error.js';
import type { Image, Item, NewItem, NewProduct, NewVariant, Variant } from './types.js';
import { RecordType } from './types.js';
import { checkItemUrlId } from './url-id.js';

export interface ItemRepository {
  /** Ordered by position, then newest first. Default limit 100, at most 1000. */
  listByCollection(
    websiteId: string,
    collectionId: string,
    opts?: { limit?: number; offset?: number },
  ): Promise<Item[]>;
  findByUrlId(websiteId: string, collectionId: string, urlId: string): Promise<Item | undefined>;
  findById(websiteId: string, id: string): Promise<Item | undefined>;
  /** With input.product also writes the product and its variants, all in one transaction. */
  create(websiteId: string, input: NewItem): Promise<Item>;
  /**
   * Changes an item and, with changes.product, replaces its product in one transaction (see
   * ProductChanges). Undefined when the website has no such item. Throws StorageError URL_ID_TAKEN,
   * SKU_TAKEN or INVALID_INPUT before anything is written.
   */
  update(websiteId: string, itemId: string, changes: ItemChanges): Promise<Item | undefined>;
  /** Deletes the item with its product and variants; false when there was none. */
  delete(websiteId: string, itemId: string): Promise<boolean>;
  /** Items with a product, newest first, found by title or variant SKU (case-insensitive). */
  searchProducts(websiteId: string, opts?: ProductSearch): Promise<{ items: Item[]; total: number }>;
  /** Variants with their stock and their product's title, by product title then variant position. */
  listStock(websiteId: string, opts?: ProductSearch): Promise<{ rows: StockRow[]; total: number }>;
  /**
   * Sets a variant's stock only if it still is what the caller last saw (optimistic concurrency), so
   * an inline edit never overwrites an order placed in the meantime.
   */
  setStock(
    websiteId: string,
    variantId: string,
    expected: StockLevel,
    next: StockLevel,
  ): Promise<StockChange>;
}

export interface ItemChanges {
  title?: string;
  urlId?: string;
  excerpt?: string;
  body?: string;
  /** null removes it. */
  assetUrl?: string | null;
  images?: Image[];
  tags?: string[];
  categories?: string[];
  position?: number;
  publishedOn?: number;
  product?: ProductChanges;
  /**
   * Optimistic concurrency: write only while the item's updatedAt is still this value (the one the
   * caller read), else StorageError ITEM_CHANGED and nothing is written. Omitted: last write wins.
   */
  expectedUpdatedAt?: number;
}

/**
 * The product as it is to be. A variant whose id is one of this item's variants is changed in place
 * (keeping its id, so carts and restock sign-ups stay attached); its stock is written only when
 * qtyInStock or unlimited is given, so an order taking stock meanwhile is not undone. Variants
 * without a known id are created; existing variants not listed are deleted.
 */
export interface ProductChanges extends NewProduct {
  variants: NewVariant[];
}

export interface ProductSearch {
  /** Part of a title or SKU. */
  query?: string;
  collectionId?: string;
  limit?: number;
  offset?: number;
  /**
   * searchProducts only: products after this one in its order (created_at, then id, both descending), for
   * keyset pages that neither skip nor repeat a product when others are added meanwhile (the public API).
   */
  after?: { createdAt: number; id: string };
}

export interface StockLevel {
  unlimited: boolean;
  qtyInStock: number;
}

export interface StockRow extends StockLevel {
  itemId: string;
  collectionId: string;
  itemTitle: string;
  productType: number;
  variantId: string;
  sku: string;
  attributes: Record<string, string>;
  optionValues: Variant['optionValues'];
}

export type StockChange =
  | { outcome: 'updated'; stock: StockLevel }
  /** Someone changed the stock since the caller read it: nothing was written; this is what it is now. */
  | { outcome: 'conflict'; stock: StockLevel }
  | { outcome: 'not-found' };

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** An item row as the Item the site shows (no product: see itemFromRows). */
export function toItem(row: Selectable<ItemsTable>): Item {
  const item: Item = {
    id: row.id,
    websiteId: row.website_id,
    collectionId: row.collection_id,
    recordType: Number(row.record_type),
    urlId: row.url_id,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    images: fromJson<Image[]>(row.images, []),
    tags: fromJson<string[]>(row.tags, []),
    categories: fromJson<string[]>(row.categories, []),
    position: Number(row.position),
    publishedOn: Number(row.published_on),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.asset_url !== null) item.assetUrl = row.asset_url;
  return item;
}

/** One item with its product and variants (variants in position order), from rows already read. */
export function itemFromRows(
  row: Selectable<ItemsTable>,
  product: Selectable<ProductsTable> | undefined,
  variants: readonly Selectable<ProductVariantsTable>[],
): Item {
  const item = toItem(row);
  if (product) item.product = toProduct(product, variants.map(toVariant));
  return item;
}

/** LIKE pattern for "contains", with the wildcards of the text itself escaped (ESCAPE '\\'). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A limit and offset from a caller's options: whole numbers, never negative, the limit at most `max`. */
export function pageWindow(
  opts: { limit?: number; offset?: number } | undefined,
  fallback = DEFAULT_LIMIT,
  max = MAX_LIMIT,
) {
  const limit = Number.isFinite(opts?.limit) ? Math.trunc(opts!.limit!) : fallback;
  const offset = Number.isFinite(opts?.offset) ? Math.trunc(opts!.offset!) : 0;
  return { limit: Math.min(Math.max(limit, 0), max), offset: Math.max(offset, 0) };
}

export function itemRepository(db: Kysely<Database>): ItemRepository {
  /** Products and variants of many items in two queries, whatever the number of items. */
  const withProducts = async (websiteId: string, rows: Selectable<ItemsTable>[]): Promise<Item[]> => {
    const items = rows.map(toItem);
    if (items.length === 0) return items;
    const ids = items.map((i) => i.id);
    const products = await db
      .selectFrom('products')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('item_id', 'in', ids)
      .execute();
    if (products.length === 0) return items;
    const variantRows = await db
      .selectFrom('product_variants')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where(
        'item_id',
        'in',
        products.map((p) => p.item_id),
      )
      .orderBy('item_id')
      .orderBy('position')
      .execute();
    const variantsByItem = new Map<string, Variant[]>();
    for (const row of variantRows) {
      const list = variantsByItem.get(row.item_id) ?? [];
      list.push(toVariant(row));
      variantsByItem.set(row.item_id, list);
    }
    const productByItem = new Map(products.map((p) => [p.item_id, p]));
    for (const item of items) {
      const product = productByItem.get(item.id);
      if (product) item.product = toProduct(product, variantsByItem.get(item.id) ?? []);
    }
    return items;
  };

  const findById = async (websiteId: string, id: string) => {
    if (!isKey(websiteId) || !isKey(id)) return undefined;
    const row = await db
      .selectFrom('items')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? (await withProducts(websiteId, [row]))[0] : undefined;
  };

  return {
    async listByCollection(websiteId, collectionId, opts) {
      if (!isKey(websiteId) || !isKey(collectionId)) return [];
      const { limit, offset } = pageWindow(opts);
      if (limit === 0) return [];
      const rows = await db
        .selectFrom('items')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('collection_id', '=', collectionId)
        .orderBy('position')
        .orderBy('published_on', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      return withProducts(websiteId, rows);
    },

    async findByUrlId(websiteId, collectionId, urlId) {
      if (!isKey(websiteId) || !isKey(collectionId) || !isKey(urlId)) return undefined;
      const row = await db
        .selectFrom('items')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('collection_id', '=', collectionId)
        .where('url_id', '=', urlId)
        .executeTakeFirst();
      return row ? (await withProducts(websiteId, [row]))[0] : undefined;
    },

    findById,

    async create(websiteId, input) {
      const title = String(input?.title ?? '').trim();
      if (!title) throw new StorageError('INVALID_INPUT', storageMessages.titleMissing);
      const urlId = checkItemUrlId(input.urlId);
      const now = Date.now();
      const itemId = input.id ?? newId(now);
      // Checked before any write so bad input fails without touching the database.
      const product = input.product ? productRows(websiteId, itemId, input.product) : undefined;
      if (!isKey(websiteId) || !isKey(input.collectionId)) {
        throw new StorageError('COLLECTION_NOT_FOUND', storageMessages.collectionNotFound);
      }

      await atomically(db, async (tx) => {
        const collection = await tx
          .selectFrom('collections')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('id', '=', input.collectionId)
          .executeTakeFirst();
        if (!collection) throw new StorageError('COLLECTION_NOT_FOUND', storageMessages.collectionNotFound);
        const clash = await tx
          .selectFrom('items')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('collection_id', '=', input.collectionId)
          .where('url_id', '=', urlId)
          .executeTakeFirst();
        if (clash) throw new StorageError('URL_ID_TAKEN', storageMessages.itemUrlIdTaken(urlId));
        if (product) {
          const skus = product.variants.map((v) => v.sku);
          const duplicate = skus.find((s, i) => skus.indexOf(s) !== i);
          if (duplicate !== undefined)
            throw new StorageError('SKU_TAKEN', storageMessages.skuTaken(duplicate));
          const taken = await tx
            .selectFrom('product_variants')
            .select('sku')
            .where('website_id', '=', websiteId)
            .where('sku', 'in', skus)
            .executeTakeFirst();
          if (taken) throw new StorageError('SKU_TAKEN', storageMessages.skuTaken(taken.sku));
        }

        try {
          await tx
            .insertInto('items')
            .values({
              website_id: websiteId,
              id: itemId,
              collection_id: input.collectionId,
              record_type: input.recordType ?? (product ? RecordType.STORE_ITEM : RecordType.TEXT),
              url_id: urlId,
              title,
              excerpt: input.excerpt ?? '',
              body: input.body ?? '',
              asset_url: input.assetUrl ?? null,
              images: toJson(input.images ?? []),
              tags: toJson(input.tags ?? []),
              categories: toJson(input.categories ?? []),
              position: Math.trunc(Number(input.position ?? 0)) || 0,
              published_on: input.publishedOn ?? now,
              created_at: now,
              updated_at: now,
            })
            .execute();
          if (product) {
            await tx.insertInto('products').values(product.product).execute();
            await tx.insertInto('product_variants').values(product.variants).execute();
            await recordVariantPrices(tx, websiteId, product.variants, now);
          }
        } catch (error) {
          if (isUniqueViolation(error)) {
            throw new StorageError('URL_ID_TAKEN', storageMessages.itemUrlIdTaken(urlId));
          }
          throw error;
        }
      });
      return (await findById(websiteId, itemId))!;
    },

    async update(websiteId, itemId, changes) {
      if (!isKey(websiteId) || !isKey(itemId)) return undefined;
      const title = changes.title === undefined ? undefined : String(changes.title).trim();
      if (title === '') throw new StorageError('INVALID_INPUT', storageMessages.titleMissing);
      const urlId = changes.urlId === undefined ? undefined : checkItemUrlId(changes.urlId);
      // Checked before any write so bad input fails without touching the database.
      const product = changes.product ? productRows(websiteId, itemId, changes.product) : undefined;

      const updated = await atomically(db, async (tx) => {
        const current = await tx
          .selectFrom('items')
          .select(['id', 'collection_id', 'url_id', 'updated_at'])
          .where('website_id', '=', websiteId)
          .where('id', '=', itemId)
          .executeTakeFirst();
        if (!current) return false;
        const expected = changes.expectedUpdatedAt;
        if (expected !== undefined && Number(current.updated_at) !== expected)
          throw new StorageError('ITEM_CHANGED', storageMessages.itemChanged);
        if (urlId !== undefined && urlId !== current.url_id) {
          const clash = await tx
            .selectFrom('items')
            .select('id')
            .where('website_id', '=', websiteId)
            .where('collection_id', '=', current.collection_id)
            .where('url_id', '=', urlId)
            .executeTakeFirst();
          if (clash) throw new StorageError('URL_ID_TAKEN', storageMessages.itemUrlIdTaken(urlId));
        }
        // Strictly later than the version read, so two writes in one millisecond still differ.
        const now = Math.max(Date.now(), Number(current.updated_at) + 1);
        try {
          const written = await tx
            .updateTable('items')
            .set({
              updated_at: now,
              ...(title !== undefined ? { title } : {}),
              ...(urlId !== undefined ? { url_id: urlId } : {}),
              ...(changes.excerpt !== undefined ? { excerpt: changes.excerpt } : {}),
              ...(changes.body !== undefined ? { body: changes.body } : {}),
              ...(changes.assetUrl !== undefined ? { asset_url: changes.assetUrl } : {}),
              ...(changes.images !== undefined ? { images: toJson(changes.images) } : {}),
              ...(changes.tags !== undefined ? { tags: toJson(changes.tags) } : {}),
              ...(changes.categories !== undefined ? { categories: toJson(changes.categories) } : {}),
              ...(changes.position !== undefined ? { position: Math.trunc(changes.position) || 0 } : {}),
              ...(changes.publishedOn !== undefined ? { published_on: changes.publishedOn } : {}),
              ...(product ? { record_type: RecordType.STORE_ITEM } : {}),
            })
            .where('website_id', '=', websiteId)
            .where('id', '=', itemId)
            // The conditional UPDATE is what holds on PostgreSQL: a concurrent writer that committed
            // first moved updated_at, so this statement matches no row (read committed re-checks it).
            .$if(expected !== undefined, (q) => q.where('updated_at', '=', expected!))
            .executeTakeFirst();
          if (expected !== undefined && Number(written.numUpdatedRows) === 0)
            throw new StorageError('ITEM_CHANGED', storageMessages.itemChanged);
        } catch (error) {
          if (isUniqueViolation(error) && urlId !== undefined)
            throw new StorageError('URL_ID_TAKEN', storageMessages.itemUrlIdTaken(urlId));
          throw error;
        }
        if (urlId !== undefined && urlId !== current.url_id)
          await recordItemMove(tx, websiteId, current.collection_id, current.url_id, urlId);
        if (product && changes.product) {
          try {
            await replaceProduct(tx, websiteId, itemId, product, changes.product);
          } catch (error) {
            // Another product took one of the SKUs between the check and the write.
            if (isUniqueViolation(error))
              throw new StorageError(
                'SKU_TAKEN',
                storageMessages.skuTaken(product.variants.map((v) => v.sku).join(', ')),
              );
            throw error;
          }
        }
        return true;
      });
      return updated ? findById(websiteId, itemId) : undefined;
    },

    async delete(websiteId, itemId) {
      if (!isKey(websiteId) || !isKey(itemId)) return false;
      // The product and its variants go with it (foreign keys cascade on both dialects).
      const result = await db
        .deleteFrom('items')
        .where('website_id', '=', websiteId)
        .where('id', '=', itemId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async searchProducts(websiteId, opts) {
      if (!isKey(websiteId)) return { items: [], total: 0 };
      const { limit, offset } = pageWindow(opts);
      const query = String(opts?.query ?? '').trim();
      const base = db
        .selectFrom('items')
        .innerJoin('products', (join) =>
          join
            .onRef('products.website_id', '=', 'items.website_id')
            .onRef('products.item_id', '=', 'items.id'),
        )
        .where('items.website_id', '=', websiteId)
        .$if(isKey(opts?.collectionId), (qb) => qb.where('items.collection_id', '=', opts!.collectionId!))
        .$if(opts?.after !== undefined, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('items.created_at', '<', opts!.after!.createdAt),
              eb.and([
                eb('items.created_at', '=', opts!.after!.createdAt),
                eb('items.id', '<', opts!.after!.id),
              ]),
            ]),
          ),
        )
        .$if(query !== '', (qb) =>
          qb.where((eb) =>
            eb.or([
              sql<boolean>`lower(items.title) like ${containsPattern(query)} escape '\\'`,
              eb.exists(
                eb
                  .selectFrom('product_variants')
                  .select('product_variants.id')
                  .whereRef('product_variants.website_id', '=', 'items.website_id')
                  .whereRef('product_variants.item_id', '=', 'items.id')
                  .where(
                    sql<boolean>`lower(product_variants.sku) like ${containsPattern(query)} escape '\\'`,
                  ),
              ),
            ]),
          ),
        );
      const [counted, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        limit === 0
          ? Promise.resolve([])
          : base
              .selectAll('items')
              .orderBy('items.created_at', 'desc')
              .orderBy('items.id', 'desc')
              .limit(limit)
              .offset(offset)
              .execute(),
      ]);
      return { items: await withProducts(websiteId, rows), total: Number(counted?.n ?? 0) };
    },

    async listStock(websiteId, opts) {
      if (!isKey(websiteId)) return { rows: [], total: 0 };
      const { limit, offset } = pageWindow(opts);
      const query = String(opts?.query ?? '').trim();
      const base = db
        .selectFrom('product_variants')
        .innerJoin('items', (join) =>
          join
            .onRef('items.website_id', '=', 'product_variants.website_id')
            .onRef('items.id', '=', 'product_variants.item_id'),
        )
        .innerJoin('products', (join) =>
          join
            .onRef('products.website_id', '=', 'product_variants.website_id')
            .onRef('products.item_id', '=', 'product_variants.item_id'),
        )
        .where('product_variants.website_id', '=', websiteId)
        .$if(isKey(opts?.collectionId), (qb) => qb.where('items.collection_id', '=', opts!.collectionId!))
        .$if(query !== '', (qb) =>
          qb.where((eb) =>
            eb.or([
              sql<boolean>`lower(items.title) like ${containsPattern(query)} escape '\\'`,
              sql<boolean>`lower(product_variants.sku) like ${containsPattern(query)} escape '\\'`,
            ]),
          ),
        );
      const [counted, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        limit === 0
          ? Promise.resolve([])
          : base
              .select([
                'product_variants.id as variant_id',
                'product_variants.item_id',
                'product_variants.sku',
                'product_variants.attributes',
                'product_variants.option_values',
                'product_variants.unlimited',
                'product_variants.qty_in_stock',
                'items.title',
                'items.collection_id',
                'products.product_type',
              ])
              .orderBy('items.title')
              .orderBy('items.id')
              .orderBy('product_variants.position')
              .orderBy('product_variants.id')
              .limit(limit)
              .offset(offset)
              .execute(),
      ]);
      return {
        total: Number(counted?.n ?? 0),
        rows: rows.map((r) => ({
          itemId: r.item_id,
          collectionId: r.collection_id,
          itemTitle: r.title,
          productType: Number(r.product_type),
          variantId: r.variant_id,
          sku: r.sku,
          attributes: fromJson<Record<string, string>>(r.attributes, {}),
          optionValues: fromJson<Variant['optionValues']>(r.option_values, []),
          unlimited: fromFlag(r.unlimited),
          qtyInStock: Number(r.qty_in_stock),
        })),
      };
    },

    async setStock(websiteId, variantId, expected, next) {
      if (!isKey(websiteId) || !isKey(variantId)) return { outcome: 'not-found' };
      if (!Number.isSafeInteger(next.qtyInStock) || next.qtyInStock < 0)
        throw new StorageError('INVALID_INPUT', storageMessages.stockInvalid);
      const result = await db
        .updateTable('product_variants')
        .set({ qty_in_stock: next.qtyInStock, unlimited: toFlag(next.unlimited) })
        .where('website_id', '=', websiteId)
        .where('id', '=', variantId)
        .where('qty_in_stock', '=', expected.qtyInStock)
        .where('unlimited', '=', toFlag(expected.unlimited))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0)
        return { outcome: 'updated', stock: { unlimited: next.unlimited, qtyInStock: next.qtyInStock } };
      const row = await db
        .selectFrom('product_variants')
        .select(['unlimited', 'qty_in_stock'])
        .where('website_id', '=', websiteId)
        .where('id', '=', variantId)
        .executeTakeFirst();
      if (!row) return { outcome: 'not-found' };
      return {
        outcome: 'conflict',
        stock: { unlimited: fromFlag(row.unlimited), qtyInStock: Number(row.qty_in_stock) },
      };
    },
  };
}

/**
 * Writes the product row and reconciles the variants inside the caller's transaction: deletes the
 * ones no longer listed, changes the kept ones in place, creates the new ones.
 */
async function replaceProduct(
  tx: Kysely<Database>,
  websiteId: string,
  itemId: string,
  rows: ReturnType<typeof productRows>,
  input: ProductChanges,
) {
  const existing = await tx
    .selectFrom('product_variants')
    .select(['id', 'sku'])
    .where('website_id', '=', websiteId)
    .where('item_id', '=', itemId)
    .execute();
  const existingSku = new Map(existing.map((v) => [v.id, v.sku]));
  // An id that is not one of this item's variants cannot take over another product's variant.
  const variants = rows.variants.map((row, i) => {
    const given = input.variants[i].id;
    return given !== undefined && !existingSku.has(given) ? { ...row, id: newId() } : row;
  });

  const skus = variants.map((v) => v.sku);
  const duplicate = skus.find((sku, i) => skus.indexOf(sku) !== i);
  if (duplicate !== undefined) throw new StorageError('SKU_TAKEN', storageMessages.skuTaken(duplicate));
  const taken = await tx
    .selectFrom('product_variants')
    .select('sku')
    .where('website_id', '=', websiteId)
    .where('item_id', '!=', itemId)
    .where('sku', 'in', skus)
    .executeTakeFirst();
  if (taken) throw new StorageError('SKU_TAKEN', storageMessages.skuTaken(taken.sku));

  const { website_id: _w, item_id: _i, ...productColumns } = rows.product;
  const changed = await tx
    .updateTable('products')
    .set(productColumns)
    .where('website_id', '=', websiteId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) await tx.insertInto('products').values(rows.product).execute();

  const kept = new Set(variants.filter((v) => existingSku.has(v.id)).map((v) => v.id));
  const removed = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
  if (removed.length > 0) {
    await tx
      .deleteFrom('product_variants')
      .where('website_id', '=', websiteId)
      .where('id', 'in', removed)
      .execute();
  }
  // SKUs that move between kept variants (A takes B's, B takes another) would meet the unique index
  // half-way; parking the changed ones on their own id first makes any order of renames possible.
  const renamed = variants.filter((v) => kept.has(v.id) && existingSku.get(v.id) !== v.sku);
  for (const v of renamed) {
    await tx
      .updateTable('product_variants')
      .set({ sku: `~${v.id}~` })
      .where('website_id', '=', websiteId)
      .where('id', '=', v.id)
      .execute();
  }
  const fresh = [];
  for (const [i, v] of variants.entries()) {
    if (!kept.has(v.id)) {
      fresh.push(v);
      continue;
    }
    const given = input.variants[i];
    const { website_id: _vw, id: _id, item_id: _vi, qty_in_stock, unlimited, ...columns } = v;
    await tx
      .updateTable('product_variants')
      .set({
        ...columns,
        // Stock only when asked: a checkout may have taken some since the caller read the product.
        ...(given.qtyInStock !== undefined ? { qty_in_stock } : {}),
        ...(given.unlimited !== undefined ? { unlimited } : {}),
      })
      .where('website_id', '=', websiteId)
      .where('id', '=', v.id)
      .execute();
  }
  if (fresh.length > 0) await tx.insertInto('product_variants').values(fresh).execute();
  await recordVariantPrices(tx, websiteId, variants, Date.now());
}

/**
 * § 11 PAngV: every price a variant is sold at goes into the price history, in the transaction of the
 * write that set it, so whichever path changed it (editor, import, API) the history has it. Unchanged
 * prices add nothing (pricing-repository.ts compares with the last point).
 */
async function recordVariantPrices(
  tx: Kysely<Database>,
  websiteId: string,
  variants: readonly {
    id: string;
    price_minor: number;
    sale_price_minor: number;
    on_sale: number | boolean;
  }[],
  at: number,
) {
  const pricing = pricingRepository(tx);
  for (const v of variants) {
    const paid = Number(v.on_sale) ? Number(v.sale_price_minor) : Number(v.price_minor);
    await pricing.recordPrice(websiteId, v.id, paid, at);
  }
}

/**
 * A product, post or event got a new address: the old one answers with a 301 from now on, written in the
 * rename's own transaction (redirect-repository.ts), wherever the rename came from (editor, API, import).
 */
async function recordItemMove(
  tx: Kysely<Database>,
  websiteId: string,
  collectionId: string,
  oldUrlId: string,
  newUrlId: string,
) {
  const collection = await tx
    .selectFrom('collections')
    .select('url_id')
    .where('website_id', '=', websiteId)
    .where('id', '=', collectionId)
    .executeTakeFirst();
  if (!collection?.url_id) return;
  const base = `/${collection.url_id}/p/`;
  await redirectRepository(tx).recordMove(websiteId, base + oldUrlId, base + newUrlId);
}

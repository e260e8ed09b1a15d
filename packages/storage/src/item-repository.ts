import type { Kysely, Selectable } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import { productRows, toProduct, toVariant } from './product-rows.js';
import type { Database, ItemsTable } from './schema.js';
import { isUniqueViolation, StorageError, storageMessages } from './storage-error.js';
import type { Image, Item, NewItem, Variant } from './types.js';
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
}

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

function toItem(row: Selectable<ItemsTable>): Item {
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

function pageWindow(opts: { limit?: number; offset?: number } | undefined) {
  const limit = Number.isFinite(opts?.limit) ? Math.trunc(opts!.limit!) : DEFAULT_LIMIT;
  const offset = Number.isFinite(opts?.offset) ? Math.trunc(opts!.offset!) : 0;
  return { limit: Math.min(Math.max(limit, 0), MAX_LIMIT), offset: Math.max(offset, 0) };
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
  };
}

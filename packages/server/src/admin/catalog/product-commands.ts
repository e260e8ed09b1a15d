import { CollectionType } from '@baukasten/commerce';
import { type Item, type Storage, StorageError, type Website } from '@baukasten/storage';
import { HttpError } from '../../http-error.js';
import { emitIfStockLow, emitWebhook, productEventData } from '../../webhooks/webhook-events.js';
import { AdminInputError } from '../admin-input.js';
import { sanitizedHtml } from '../pages/markdown.js';
import { pageUrlFromTitle } from '../pages/page-input.js';
import { additionalFieldsFormFor } from './additional-fields-form.js';
import { catalogMessages as m } from './catalog-messages.js';
import type { NewProductInput, ProductChangesInput } from './product-input.js';
import { buildProduct, type ProductContext } from './product-service.js';
import { skuFor } from './variant-grid.js';

/*
 * Creating, changing and deleting a product and setting a variant's stock: one function each, called by the
 * editor's routes (product-routes.ts) and the public API (public-api/), so both check the same rules and
 * both announce the change to webhooks (`product.changed`, `stock.low`) in the transaction that writes it.
 */

export const productNotFound = () => new HttpError(404, 'PRODUCT_NOT_FOUND', m.productNotFound);

/** Storage refusals as 4xx answers at the field they concern; never a 500. */
export function refusal(error: unknown): never {
  if (error instanceof StorageError) {
    if (error.type === 'SKU_TAKEN') throw new HttpError(409, 'SKU_TAKEN', error.message);
    if (error.type === 'URL_ID_TAKEN') throw new HttpError(409, 'URL_TAKEN', error.message);
    if (error.type === 'COLLECTION_NOT_FOUND')
      throw new AdminInputError(m.collectionNotProducts, { collectionId: m.collectionNotProducts });
    if (error.type === 'INVALID_INPUT') throw new AdminInputError(error.message, {});
    if (error.type === 'ITEM_CHANGED') throw new HttpError(409, 'PRODUCT_CHANGED', m.productChanged);
  }
  throw error;
}

export async function productOf(storage: Storage, websiteId: string, itemId: string): Promise<Item> {
  const item = await storage.items.findById(websiteId, itemId);
  if (!item?.product) throw productNotFound();
  return item;
}

/** What buildProduct needs to know about the website: its money and the SKUs other products hold. */
async function productContext(
  storage: Storage,
  website: Website,
  handle: string,
  itemId?: string,
): Promise<ProductContext> {
  const { rows } = await storage.items.listStock(website.id, { query: skuFor(handle, {}), limit: 1000 });
  return {
    handle,
    currency: website.currency,
    locale: website.locale,
    takenSkus: new Set(rows.filter((r) => r.itemId !== itemId).map((r) => r.sku)),
  };
}

/** A URL id for a new product from its title, with -2, -3... when its page already has it. */
async function freeItemUrlId(storage: Storage, websiteId: string, collectionId: string, title: string) {
  const base = pageUrlFromTitle(title).replace(/^seite$/, 'produkt');
  let urlId = base;
  for (let n = 2; await storage.items.findByUrlId(websiteId, collectionId, urlId); n++)
    urlId = `${base}-${n}`;
  return urlId;
}

export async function createProduct(
  storage: Storage,
  website: Website,
  input: NewProductInput,
): Promise<Item> {
  const websiteId = website.id;
  const collection = await storage.collections.findById(websiteId, input.collectionId);
  if (collection?.type !== CollectionType.PRODUCTS)
    throw new AdminInputError(m.collectionNotProducts, { collectionId: m.collectionNotProducts });
  const urlId = input.urlId ?? (await freeItemUrlId(storage, websiteId, collection.id, input.title));
  const additionalFieldsForm = await additionalFieldsFormFor(
    storage,
    websiteId,
    input.additionalFieldsFormId,
  );
  const product = buildProduct(
    { ...input, additionalFieldsForm },
    undefined,
    await productContext(storage, website, urlId),
  );
  const created = await storage
    .transaction(async (tx) => {
      const item = await tx.items.create(websiteId, {
        collectionId: collection.id,
        urlId,
        title: input.title,
        excerpt: sanitizedHtml(input.excerpt ?? ''),
        body: sanitizedHtml(input.body ?? ''),
        images: input.images,
        tags: input.tags,
        categories: input.categories,
        assetUrl: input.images?.[0]?.assetUrl,
        product,
      });
      await emitWebhook(tx, websiteId, 'product.changed', productEventData(item, 'created'));
      return item;
    })
    .catch(refusal);
  return created;
}

/** Undefined when the product is gone; 409 PRODUCT_CHANGED when `expectedUpdatedAt` no longer holds. */
export async function changeProduct(
  storage: Storage,
  website: Website,
  productId: string,
  input: ProductChangesInput,
): Promise<Item> {
  const websiteId = website.id;
  const item = await productOf(storage, websiteId, productId);
  // Two owners editing the same product: the later save must not silently undo the earlier one.
  if (input.expectedUpdatedAt !== undefined && input.expectedUpdatedAt !== item.updatedAt)
    throw new HttpError(409, 'PRODUCT_CHANGED', m.productChanged);
  const shapesProduct = [
    'productType',
    'options',
    'priceMinor',
    'salePriceMinor',
    'onSale',
    'unlimited',
    'qtyInStock',
    'weightGrams',
    'variants',
    'giftCardAmountsMinor',
    'subscription',
    'addButtonText',
    'merchandising',
    'additionalFieldsFormId',
  ].some((key) => input[key as keyof typeof input] !== undefined);
  const additionalFieldsForm = await additionalFieldsFormFor(
    storage,
    websiteId,
    input.additionalFieldsFormId,
  );
  const handle = input.urlId ?? item.urlId;
  const product = shapesProduct
    ? buildProduct(
        { ...input, additionalFieldsForm },
        item.product,
        await productContext(storage, website, handle, item.id),
      )
    : undefined;
  const updated = await storage
    .transaction(async (tx) => {
      const changed = await tx.items.update(websiteId, item.id, {
        title: input.title,
        urlId: input.urlId,
        excerpt: input.excerpt === undefined ? undefined : sanitizedHtml(input.excerpt),
        body: input.body === undefined ? undefined : sanitizedHtml(input.body),
        images: input.images,
        assetUrl: input.images === undefined ? undefined : (input.images[0]?.assetUrl ?? null),
        tags: input.tags,
        categories: input.categories,
        product,
        expectedUpdatedAt: input.expectedUpdatedAt,
      });
      if (changed) {
        await emitWebhook(tx, websiteId, 'product.changed', productEventData(changed, 'updated'));
        for (const variant of changed.product?.variants ?? []) {
          const before = item.product?.variants.find((v) => v.id === variant.id);
          if (before)
            await emitIfStockLow(
              tx,
              websiteId,
              { variantId: variant.id, productId: item.id, sku: variant.sku },
              before,
              variant,
            );
        }
      }
      return changed;
    })
    .catch(refusal);
  if (!updated) throw productNotFound();
  return updated;
}

export async function deleteProduct(storage: Storage, websiteId: string, productId: string): Promise<void> {
  const item = await productOf(storage, websiteId, productId);
  const deleted = await storage.transaction(async (tx) => {
    if (!(await tx.items.delete(websiteId, productId))) return false;
    await emitWebhook(tx, websiteId, 'product.changed', productEventData(item, 'deleted'));
    return true;
  });
  if (!deleted) throw productNotFound();
}

/**
 * Sets a variant's stock if it still is what the caller saw (a sale in between is not overwritten); a change
 * that takes it below the low-stock threshold announces `stock.low` in the same transaction.
 */
export function setVariantStock(
  storage: Storage,
  websiteId: string,
  variantId: string,
  expected: { unlimited: boolean; qtyInStock: number },
  next: { unlimited: boolean; qtyInStock: number },
) {
  return storage.transaction(async (tx) => {
    const change = await tx.items.setStock(websiteId, variantId, expected, next);
    if (change.outcome === 'updated')
      await emitIfStockLow(tx, websiteId, { variantId }, expected, change.stock);
    return change;
  });
}

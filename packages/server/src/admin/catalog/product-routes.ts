import { CollectionType } from '@baukasten/commerce';
import { type Item, type Storage, StorageError, type Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http-error.js';
import { websiteById } from '../../site-request.js';
import { AdminInputError, parseInput } from '../admin-input.js';
import { sanitizedHtml } from '../pages/markdown.js';
import { pageUrlFromTitle } from '../pages/page-input.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { additionalFieldsFormFor } from './additional-fields-form.js';
import { catalogMessages as m } from './catalog-messages.js';
import {
  listQuery,
  newProductInput,
  productChangesInput,
  productParams,
  stockChangeInput,
  variantParams,
} from './product-input.js';
import { buildProduct, type ProductContext } from './product-service.js';
import { productSummaryView, productView, stockRowView } from './product-views.js';
import { refuseNulCharacters } from './text-guard.js';
import { skuFor } from './variant-grid.js';

/*
 * Products of one website and their stock. Reading needs commerce.view; creating, changing and
 * deleting products commerce.products; setting stock commerce.inventory.
 */

const productNotFound = () => new HttpError(404, 'PRODUCT_NOT_FOUND', m.productNotFound);

/** Storage refusals as 4xx answers at the field they concern; never a 500. */
function refusal(error: unknown): never {
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

async function productOf(storage: Storage, websiteId: string, itemId: string): Promise<Item> {
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

export function registerProductRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const view = { preHandler: requireSitePermission('commerce.view') };
    const manageProducts = { preHandler: requireSitePermission('commerce.products') };
    const manageStock = { preHandler: requireSitePermission('commerce.inventory') };

    admin.get('/sites/:siteId/products', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const query = parseInput(listQuery, request.query);
      const website = await websiteById(storage, websiteId, m.productNotFound);
      const { items, total } = await storage.items.searchProducts(websiteId, {
        query: query.q,
        collectionId: query.collectionId,
        limit: query.limit,
        offset: query.offset,
      });
      return {
        products: items.map((item) => productSummaryView(item, website.currency)),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    });

    admin.get('/sites/:siteId/products/:productId', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const { productId } = parseInput(productParams, request.params);
      const website = await websiteById(storage, websiteId, m.productNotFound);
      return { product: productView(await productOf(storage, websiteId, productId), website.currency) };
    });

    admin.post('/sites/:siteId/products', manageProducts, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(newProductInput, request.body);
      const website = await websiteById(storage, websiteId, m.productNotFound);
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
      const created = await storage.items
        .create(websiteId, {
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
        })
        .catch(refusal);
      return reply.code(201).send({ product: productView(created, website.currency) });
    });

    admin.patch('/sites/:siteId/products/:productId', manageProducts, async (request) => {
      const { websiteId } = accessedSite(request);
      const { productId } = parseInput(productParams, request.params);
      const input = parseInput(productChangesInput, request.body);
      const website = await websiteById(storage, websiteId, m.productNotFound);
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
      const updated = await storage.items
        .update(websiteId, item.id, {
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
        })
        .catch(refusal);
      if (!updated) throw productNotFound();
      return { product: productView(updated, website.currency) };
    });

    admin.delete('/sites/:siteId/products/:productId', manageProducts, async (request) => {
      const { websiteId } = accessedSite(request);
      const { productId } = parseInput(productParams, request.params);
      await productOf(storage, websiteId, productId);
      if (!(await storage.items.delete(websiteId, productId))) throw productNotFound();
      return { deleted: true };
    });

    admin.get('/sites/:siteId/inventory', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const query = parseInput(listQuery, request.query);
      const { rows, total } = await storage.items.listStock(websiteId, {
        query: query.q,
        collectionId: query.collectionId,
        limit: query.limit,
        offset: query.offset,
      });
      return { variants: rows.map(stockRowView), total, limit: query.limit, offset: query.offset };
    });

    admin.patch('/sites/:siteId/inventory/:variantId', manageStock, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const { variantId } = parseInput(variantParams, request.params);
      const input = parseInput(stockChangeInput, request.body);
      const expected = input.expected!;
      const next = {
        unlimited: input.unlimited ?? expected.unlimited,
        qtyInStock: input.qtyInStock ?? expected.qtyInStock,
      };
      const change = await storage.items.setStock(websiteId, variantId, expected, next);
      if (change.outcome === 'not-found') throw new HttpError(404, 'VARIANT_NOT_FOUND', m.variantNotFound);
      if (change.outcome === 'conflict') {
        // The current value travels with the refusal, so the editor can show it without another call.
        return reply
          .code(409)
          .send({ error: { type: 'STOCK_CHANGED', message: m.stockChanged }, current: change.stock });
      }
      return { variantId, ...change.stock };
    });
  });
}

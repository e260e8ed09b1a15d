import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeProduct,
  createProduct,
  deleteProduct,
  productOf,
  setVariantStock,
} from '../admin/catalog/product-commands.js';
import { newProductInput, productChangesInput } from '../admin/catalog/product-input.js';
import { productSummaryView, productView } from '../admin/catalog/product-views.js';
import { HttpError } from '../http-error.js';
import { websiteById } from '../site-request.js';
import { decodeCursor, encodeCursor } from './api-cursor.js';
import { apiMessages as m } from './api-messages.js';
import {
  errorResponses,
  errorSchema,
  idParam,
  pageOf,
  pageQuery,
  productSchema,
  productSummarySchema,
  siteParams,
  stockSchema,
} from './api-schemas.js';
import { apiWebsiteId } from './public-api.js';

/*
 * Products, variants and stock in the public API. The input schemas are the editor's (product-input.ts) and
 * the writes go through the same commands (product-commands.ts), so both sides refuse the same things with
 * the same German messages and both announce changes to webhooks.
 */

const productParams = siteParams.extend({ productId: idParam });
const variantParams = productParams.extend({ variantId: idParam });
const stockParams = siteParams.extend({ variantId: idParam });

const stockLevel = z
  .number({ error: m.stockBelowZero })
  .int(m.stockBelowZero)
  .min(0, m.stockBelowZero)
  .max(1_000_000_000);

const variantChange = z
  .strictObject({
    sku: z.string().optional(),
    priceMinor: z.number().int().min(0).optional(),
    salePriceMinor: z.number().int().min(0).optional(),
    onSale: z.boolean().optional(),
    unlimited: z.boolean().optional(),
    qtyInStock: stockLevel.optional(),
  })
  .meta({ description: 'Nur die genannten Felder ändern sich.' });

const stockSet = z.strictObject({
  qtyInStock: stockLevel,
  unlimited: z.boolean().default(false),
  expected: z
    .object({ unlimited: z.boolean(), qtyInStock: stockLevel })
    .optional()
    .meta({ description: 'Der Bestand, den der Aufrufer kennt: weicht er ab, 409 statt Überschreiben.' }),
});

const stockAdjust = z.strictObject({
  delta: z
    .number({ error: m.deltaInvalid })
    .int(m.deltaInvalid)
    .min(-1_000_000, m.deltaInvalid)
    .max(1_000_000, m.deltaInvalid)
    .refine((d) => d !== 0, m.deltaInvalid),
});

/** A level no variant has: a probe with it as `expected` never writes. */
const NO_STOCK = { unlimited: false, qtyInStock: -1 };

/**
 * The variant's stock now. setStock's refusal carries the current value (a level no variant can have never
 * matches), so no second query shape is needed.
 */
async function currentStock(storage: Storage, websiteId: string, variantId: string) {
  const probe = await storage.items
    .setStock(websiteId, variantId, NO_STOCK, { unlimited: false, qtyInStock: 0 })
    .catch(() => undefined);
  if (probe?.outcome !== 'conflict') throw new HttpError(404, 'VARIANT_NOT_FOUND', m.variantNotFound);
  return probe.stock;
}

const stockConflict = z.object({
  error: errorSchema.shape.error,
  current: stockSchema.omit({ variantId: true }),
});

export function registerCatalogApiRoutes(parent: FastifyInstance, storage: Storage) {
  const api = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['Produkte'];

  api.get(
    '/sites/:siteId/products',
    {
      config: { apiScope: 'catalog.read' },
      schema: {
        summary: 'Produkte auflisten (neueste zuerst)',
        tags,
        security: [{ apiKey: ['catalog.read'] }],
        params: siteParams,
        querystring: pageQuery,
        response: { 200: pageOf(productSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const websiteId = apiWebsiteId(request);
      const after = decodeCursor(request.query.cursor, { c: 'number', k: 'string' });
      const website = await websiteById(storage, websiteId);
      const { items } = await storage.items.searchProducts(websiteId, {
        limit: request.query.limit + 1,
        ...(after ? { after: { createdAt: after.c, id: after.k } } : {}),
      });
      const page = items.slice(0, request.query.limit);
      const last = page.at(-1);
      return {
        data: page.map((item) => productSummaryView(item, website.currency)),
        nextCursor:
          items.length > page.length && last ? encodeCursor({ c: last.createdAt, k: last.id }) : null,
      };
    },
  );

  api.get(
    '/sites/:siteId/products/:productId',
    {
      config: { apiScope: 'catalog.read' },
      schema: {
        summary: 'Ein Produkt mit seinen Varianten',
        tags,
        security: [{ apiKey: ['catalog.read'] }],
        params: productParams,
        response: { 200: z.object({ product: productSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const websiteId = apiWebsiteId(request);
      const website = await websiteById(storage, websiteId);
      const item = await productOf(storage, websiteId, request.params.productId);
      return { product: productView(item, website.currency) };
    },
  );

  api.post(
    '/sites/:siteId/products',
    {
      config: { apiScope: 'catalog.write' },
      schema: {
        summary: 'Produkt anlegen',
        tags,
        security: [{ apiKey: ['catalog.write'] }],
        params: siteParams,
        body: newProductInput,
        response: {
          201: z.object({ product: productSchema }),
          ...errorResponses,
          409: errorSchema.describe('SKU oder Adresse schon vergeben'),
          422: errorSchema.describe('Idempotency-Key mit einer anderen Anfrage benutzt'),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteById(storage, apiWebsiteId(request));
      const created = await createProduct(storage, website, request.body);
      return reply.code(201).send({ product: productView(created, website.currency) });
    },
  );

  api.patch(
    '/sites/:siteId/products/:productId',
    {
      config: { apiScope: 'catalog.write' },
      schema: {
        summary: 'Produkt ändern',
        tags,
        security: [{ apiKey: ['catalog.write'] }],
        params: productParams,
        body: productChangesInput,
        response: {
          200: z.object({ product: productSchema }),
          ...errorResponses,
          409: errorSchema.describe('Inzwischen geändert (expectedUpdatedAt) oder SKU vergeben'),
        },
      },
    },
    async (request) => {
      const website = await websiteById(storage, apiWebsiteId(request));
      const updated = await changeProduct(storage, website, request.params.productId, request.body);
      return { product: productView(updated, website.currency) };
    },
  );

  api.delete(
    '/sites/:siteId/products/:productId',
    {
      config: { apiScope: 'catalog.write' },
      schema: {
        summary: 'Produkt löschen',
        tags,
        security: [{ apiKey: ['catalog.write'] }],
        params: productParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await deleteProduct(storage, apiWebsiteId(request), request.params.productId);
      return { deleted: true as const };
    },
  );

  api.patch(
    '/sites/:siteId/products/:productId/variants/:variantId',
    {
      config: { apiScope: 'catalog.write' },
      schema: {
        summary: 'Preis, SKU oder Bestand einer Variante ändern',
        tags,
        security: [{ apiKey: ['catalog.write'] }],
        params: variantParams,
        body: variantChange,
        response: { 200: z.object({ product: productSchema }), ...errorResponses, 409: errorSchema },
      },
    },
    async (request) => {
      const websiteId = apiWebsiteId(request);
      const website = await websiteById(storage, websiteId);
      const item = await productOf(storage, websiteId, request.params.productId);
      if (!item.product?.variants.some((v) => v.id === request.params.variantId))
        throw new HttpError(404, 'VARIANT_NOT_FOUND', m.variantNotFound);
      const updated = await changeProduct(storage, website, item.id, {
        variants: [{ id: request.params.variantId, ...request.body }],
      });
      return { product: productView(updated, website.currency) };
    },
  );

  const stockTags = ['Lagerbestand'];

  api.put(
    '/sites/:siteId/inventory/:variantId',
    {
      config: { apiScope: 'inventory.write' },
      schema: {
        summary: 'Lagerbestand einer Variante setzen',
        tags: stockTags,
        security: [{ apiKey: ['inventory.write'] }],
        params: stockParams,
        body: stockSet,
        response: {
          200: stockSchema,
          ...errorResponses,
          409: stockConflict.describe('Bestand weicht von expected ab'),
        },
      },
    },
    async (request, reply) => {
      const websiteId = apiWebsiteId(request);
      const { variantId } = request.params;
      const expected = request.body.expected ?? (await currentStock(storage, websiteId, variantId));
      const next = { unlimited: request.body.unlimited, qtyInStock: request.body.qtyInStock };
      const change = await setVariantStock(storage, websiteId, variantId, expected, next);
      if (change.outcome === 'not-found') throw new HttpError(404, 'VARIANT_NOT_FOUND', m.variantNotFound);
      if (change.outcome === 'conflict')
        return reply
          .code(409)
          .send({ error: { type: 'STOCK_CHANGED', message: m.stockChanged }, current: change.stock });
      return { variantId, ...change.stock };
    },
  );

  api.post(
    '/sites/:siteId/inventory/:variantId/adjustments',
    {
      config: { apiScope: 'inventory.write' },
      schema: {
        summary: 'Lagerbestand um delta ändern (Wareneingang, Inventur)',
        description: 'Mit Idempotency-Key: eine wiederholte Anfrage bucht nicht doppelt.',
        tags: stockTags,
        security: [{ apiKey: ['inventory.write'] }],
        params: stockParams,
        body: stockAdjust,
        response: {
          200: stockSchema,
          ...errorResponses,
          409: errorSchema.describe('Unbegrenzter Bestand, Bestand würde negativ, oder laufende Anfrage'),
          422: errorSchema.describe('Idempotency-Key mit einer anderen Anfrage benutzt'),
        },
      },
    },
    async (request) => {
      const websiteId = apiWebsiteId(request);
      const { variantId } = request.params;
      // A sale between reading and writing makes setStock refuse; read again and retry (a few times).
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await currentStock(storage, websiteId, variantId);
        if (current.unlimited) throw new HttpError(409, 'STOCK_UNLIMITED', m.stockUnlimited);
        const qtyInStock = current.qtyInStock + request.body.delta;
        if (qtyInStock < 0) throw new HttpError(409, 'STOCK_BELOW_ZERO', m.stockBelowZero);
        const change = await setVariantStock(storage, websiteId, variantId, current, {
          unlimited: false,
          qtyInStock,
        });
        if (change.outcome === 'updated') return { variantId, ...change.stock };
        if (change.outcome === 'not-found') break;
      }
      throw new HttpError(409, 'STOCK_CHANGED', m.stockChanged);
    },
  );
}

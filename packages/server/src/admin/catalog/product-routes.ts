import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http-error.js';
import { websiteById } from '../../site-request.js';
import { parseInput } from '../admin-input.js';
import { accessedSite, requireSitePermission } from '../permissions.js';
import { catalogMessages as m } from './catalog-messages.js';
import {
  changeProduct,
  createProduct,
  deleteProduct,
  productOf,
  setVariantStock,
} from './product-commands.js';
import {
  listQuery,
  newProductInput,
  productChangesInput,
  productParams,
  stockChangeInput,
  variantParams,
} from './product-input.js';
import { productSummaryView, productView, stockRowView } from './product-views.js';
import { refuseNulCharacters } from './text-guard.js';

/*
 * Products of one website and their stock. Reading needs commerce.view; creating, changing and
 * deleting products commerce.products; setting stock commerce.inventory.
 */

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
      const created = await createProduct(storage, website, input);
      return reply.code(201).send({ product: productView(created, website.currency) });
    });

    admin.patch('/sites/:siteId/products/:productId', manageProducts, async (request) => {
      const { websiteId } = accessedSite(request);
      const { productId } = parseInput(productParams, request.params);
      const input = parseInput(productChangesInput, request.body);
      const website = await websiteById(storage, websiteId, m.productNotFound);
      const updated = await changeProduct(storage, website, productId, input);
      return { product: productView(updated, website.currency) };
    });

    admin.delete('/sites/:siteId/products/:productId', manageProducts, async (request) => {
      const { websiteId } = accessedSite(request);
      const { productId } = parseInput(productParams, request.params);
      await deleteProduct(storage, websiteId, productId);
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
      const change = await setVariantStock(storage, websiteId, variantId, expected, next);
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

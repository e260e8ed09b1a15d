import type { Storage, Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { couponInput } from '../admin/catalog/store-settings-input.js';
import { type StoredCoupon, storedCoupons } from '../admin/catalog/store-settings-routes.js';
import { orderMessages } from '../admin/orders/order-messages.js';
import { orderDetailView, orderSummaryView, statusOf } from '../admin/orders/order-views.js';
import { fulfilOrder } from '../fulfilment/fulfil-order.js';
import { HttpError } from '../http-error.js';
import { websiteById } from '../site-request.js';
import { siteBaseUrl } from '../site-url.js';
import { decodeCursor, encodeCursor } from './api-cursor.js';
import { apiMessages as m } from './api-messages.js';
import {
  discountSchema,
  errorResponses,
  errorSchema,
  idParam,
  orderSchema,
  orderSummarySchema,
  pageOf,
  pageQuery,
  siteParams,
} from './api-schemas.js';
import { apiWebsiteId } from './public-api.js';

/*
 * Orders and discount codes in the public API. Fulfilling goes through the editor's step (fulfilOrder): goods
 * still to ship leave as one parcel with the shopper's shipping mail, and webhooks hear of it the same way.
 * Unlike Shopify's fulfillment API (notifyCustomer defaults to false there), the shopper is told unless the
 * client says `notifyCustomer: false`: this call is the editor's "Ausgeführt", which tells the shopper, and
 * a client that forgets the flag should not leave a shopper waiting without word. Refunds are in
 * refund-api-routes.ts.
 */

const orderParams = siteParams.extend({ orderId: idParam });
const orderQuery = pageQuery.extend({
  status: z
    .enum(['open', 'fulfilled', 'cancelled'], {
      error: (i) => orderMessages.notAnExpectedOption(String(i.input)),
    })
    .optional(),
});
const discountParams = siteParams.extend({ code: z.string().max(40) });
const fulfilInput = z
  .object({
    notifyCustomer: z.boolean({ error: m.notifyCustomerInvalid }).optional().meta({
      description:
        'false: keine Versandbenachrichtigung an die Kundin (wenn dein System sie selbst schreibt). Standard: true.',
    }),
  })
  .strict()
  .optional();

const orderNotFound = () => new HttpError(404, 'ORDER_NOT_FOUND', m.orderNotFound);

const couponsOf = (website: Website) => {
  const stored = (website.settings as Record<string, unknown>).coupons;
  return Array.isArray(stored) ? (stored as StoredCoupon[]) : [];
};
const discountView = (c: StoredCoupon) => ({
  // An automatic discount (issue 23) has no code: '' here, and its kind and name say what it is.
  code: c.code ?? '',
  ...(c.id !== undefined ? { id: c.id } : {}),
  ...(c.automatic ? { automatic: true } : {}),
  ...(c.kind !== undefined ? { kind: c.kind } : {}),
  ...(c.name !== undefined ? { name: c.name } : {}),
  ...(c.usageLimit !== undefined ? { usageLimit: c.usageLimit } : {}),
  ...(c.usageLimitPerCustomer !== undefined ? { usageLimitPerCustomer: c.usageLimitPerCustomer } : {}),
  ...(c.percentOff !== undefined ? { percentOff: c.percentOff } : {}),
  ...(c.amountOffMinor !== undefined ? { amountOffMinor: c.amountOffMinor } : {}),
  ...(c.minimumSubtotalMinor !== undefined ? { minimumSubtotalMinor: c.minimumSubtotalMinor } : {}),
  validFrom: c.validFrom ?? null,
  validUntil: c.validUntil ?? null,
});

export function registerOrderApiRoutes(parent: FastifyInstance, storage: Storage) {
  const api = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bestellungen'];

  api.get(
    '/sites/:siteId/orders',
    {
      config: { apiScope: 'orders.read' },
      schema: {
        summary: 'Bestellungen auflisten (neueste zuerst)',
        tags,
        security: [{ apiKey: ['orders.read'] }],
        params: siteParams,
        querystring: orderQuery,
        response: { 200: pageOf(orderSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const websiteId = apiWebsiteId(request);
      const after = decodeCursor(request.query.cursor, { c: 'number', n: 'number' });
      const { orders } = await storage.orders.list(websiteId, {
        status: request.query.status,
        limit: request.query.limit + 1,
        ...(after ? { after: { createdAt: after.c, orderNumber: after.n } } : {}),
      });
      const page = orders.slice(0, request.query.limit);
      const last = page.at(-1);
      return {
        data: page.map(orderSummaryView),
        nextCursor:
          orders.length > page.length && last
            ? encodeCursor({ c: last.createdAt, n: last.orderNumber })
            : null,
      };
    },
  );

  api.get(
    '/sites/:siteId/orders/:orderId',
    {
      config: { apiScope: 'orders.read' },
      schema: {
        summary: 'Eine Bestellung mit ihren Positionen',
        tags,
        security: [{ apiKey: ['orders.read'] }],
        params: orderParams,
        response: { 200: z.object({ order: orderSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const order = await storage.orders.findById(apiWebsiteId(request), request.params.orderId);
      if (!order) throw orderNotFound();
      return { order: orderDetailView(order) };
    },
  );

  api.post(
    '/sites/:siteId/orders/:orderId/fulfil',
    {
      config: { apiScope: 'orders.write' },
      schema: {
        summary: 'Bestellung ausführen und die Kundin benachrichtigen',
        description: [
          'Wie „Ausgeführt“ im Editor. Hat die Bestellung noch Ware, die nicht in einer Sendung ist, geht alles ',
          'Übrige als eine Sendung ohne Versanddienstleister und Sendungsnummer hinaus: die Kundin bekommt die ',
          'Versandmail (einmal), der Verlauf der Bestellung zeigt die Sendung, der Webhook `order.fulfilled` ',
          'kommt einmal. Eine Bestellung ohne Versandware (Downloads, Dienstleistungen, Gutscheine) wird nur als ',
          'ausgeführt markiert, ohne Mail. Mit `{"notifyCustomer": false}` wird die Sendung ohne Mail erfasst. ',
          'Ein zweiter Aufruf für eine ausgeführte Bestellung antwortet 409 und schickt keine Mail. Wer ',
          'Versanddienstleister und Sendungsnummer kennt, erfasst die Sendung im Editor.',
        ].join(''),
        tags,
        security: [{ apiKey: ['orders.write'] }],
        params: orderParams,
        body: fulfilInput,
        'x-body-optional': true,
        response: {
          200: z.object({ order: orderSchema }),
          ...errorResponses,
          409: errorSchema.describe('Schon ausgeführt oder storniert'),
          422: errorSchema.describe('Idempotency-Key mit einer anderen Anfrage benutzt'),
        },
      },
    },
    async (request) => {
      const website = await websiteById(storage, apiWebsiteId(request));
      const change = await fulfilOrder(
        storage,
        website,
        request.params.orderId,
        siteBaseUrl(website, request.server.publicUrl),
        { notifyCustomer: request.body?.notifyCustomer },
      );
      if (change.outcome === 'not-found') throw orderNotFound();
      if (change.outcome === 'refused')
        throw statusOf(change.order) === 'cancelled'
          ? new HttpError(409, 'ORDER_CANCELLED', orderMessages.cannotFulfilCancelled)
          : new HttpError(409, 'ORDER_ALREADY_FULFILLED', orderMessages.alreadyFulfilled);
      return { order: orderDetailView(change.order) };
    },
  );

  const discountTags = ['Rabattcodes'];

  api.get(
    '/sites/:siteId/discounts',
    {
      config: { apiScope: 'discounts.read' },
      schema: {
        summary: 'Rabattcodes auflisten',
        tags: discountTags,
        security: [{ apiKey: ['discounts.read'] }],
        params: siteParams,
        response: { 200: z.object({ data: z.array(discountSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const website = await websiteById(storage, apiWebsiteId(request));
      return { data: couponsOf(website).map(discountView) };
    },
  );

  api.post(
    '/sites/:siteId/discounts',
    {
      config: { apiScope: 'discounts.write' },
      schema: {
        summary: 'Rabattcode anlegen',
        tags: discountTags,
        security: [{ apiKey: ['discounts.write'] }],
        params: siteParams,
        body: couponInput,
        response: {
          201: z.object({ discount: discountSchema }),
          ...errorResponses,
          409: errorSchema.describe('Den Code gibt es schon'),
          422: errorSchema.describe('Idempotency-Key mit einer anderen Anfrage benutzt'),
        },
      },
    },
    async (request, reply) => {
      const websiteId = apiWebsiteId(request);
      const website = await websiteById(storage, websiteId);
      const coupons = couponsOf(website);
      if (request.body.code && coupons.some((c) => c.code === request.body.code))
        throw new HttpError(409, 'DISCOUNT_EXISTS', m.discountExists(request.body.code ?? ''));
      const [created] = storedCoupons([request.body], website);
      await storage.websiteAdmin.update(websiteId, { settings: { coupons: [...coupons, created] } });
      return reply.code(201).send({ discount: discountView(created) });
    },
  );

  api.delete(
    '/sites/:siteId/discounts/:code',
    {
      config: { apiScope: 'discounts.write' },
      schema: {
        summary: 'Rabattcode löschen',
        tags: discountTags,
        security: [{ apiKey: ['discounts.write'] }],
        params: discountParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      const websiteId = apiWebsiteId(request);
      const website = await websiteById(storage, websiteId);
      const code = request.params.code.trim().toUpperCase();
      const coupons = couponsOf(website);
      if (!coupons.some((c) => c.code === code))
        throw new HttpError(404, 'DISCOUNT_NOT_FOUND', m.discountNotFound);
      await storage.websiteAdmin.update(websiteId, {
        settings: { coupons: coupons.filter((c) => c.code !== code) },
      });
      return { deleted: true as const };
    },
  );
}

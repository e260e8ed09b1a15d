import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../admin/admin-input.js';
import { refuseNulCharacters } from '../admin/catalog/text-guard.js';
import { orderParams } from '../admin/orders/order-input.js';
import { orderDetailView } from '../admin/orders/order-views.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';
import type { PaymentSetup } from '../payments/payment-setup.js';
import { websiteById } from '../site-request.js';
import { siteBaseUrl } from '../site-url.js';
import { fulfilmentView } from './fulfilment-view.js';
import { packingSlipFileName, packingSlipPdf } from './packing-slip.js';
import { recordReturn } from './return-service.js';
import { SHIPMENT_MESSAGES, shipOrder } from './shipment-service.js';

/*
 * After the sale, on the editor's order page (commerce.view to read, commerce.orders to change): shipments
 * with tracking, several orders shipped at once, the packing slip, returns, the timeline and notes.
 * Routes parse and answer; the services do the work (shipment-service.ts, return-service.ts).
 */

export const FULFILMENT_ROUTE_MESSAGES = {
  noteEmpty: 'Bitte schreib eine Notiz.',
  noteTooLong: 'Eine Notiz darf höchstens 2000 Zeichen haben.',
  tooManyOrders: 'Bitte wähle höchstens 100 Bestellungen auf einmal.',
  noOrders: 'Bitte wähle mindestens eine Bestellung.',
  quantity: 'Bitte gib eine ganze Zahl ab 0 an.',
} as const;
const msg = FULFILMENT_ROUTE_MESSAGES;

const id = z.string().min(1).max(64);
const quantity = z
  .number({ error: msg.quantity })
  .int(msg.quantity)
  .min(0, msg.quantity)
  .max(1_000_000, msg.quantity);
const shipInput = z
  .object({
    carrier: z.string().max(40),
    trackingNumber: z.string().max(100).optional(),
    /** Left out: everything not shipped yet. */
    lines: z
      .array(z.object({ orderItemId: id, quantity }).strict())
      .max(500)
      .optional(),
  })
  .strict();
const bulkShipInput = z
  .object({
    orderIds: z.array(id).min(1, msg.noOrders).max(100, msg.tooManyOrders),
    carrier: z.string().max(40),
    /** Per order id; orders without one are shipped without tracking. */
    trackingNumbers: z.record(z.string(), z.string().max(100)).optional(),
  })
  .strict();
const noteInput = z
  .object({ text: z.string().trim().min(1, msg.noteEmpty).max(2000, msg.noteTooLong) })
  .strict();
const returnInput = z
  .object({
    lines: z.array(z.object({ orderItemId: id, quantity, reason: z.string().max(40) }).strict()).max(500),
    withdrawalId: id.optional(),
    restock: z.boolean(),
    note: z.string().trim().max(2000, msg.noteTooLong).optional(),
    refund: z
      .object({
        amountMinor: z.number().int().positive(),
        iban: z.string().max(60).optional(),
        idempotencyKey: z.string().min(8).max(100),
      })
      .strict()
      .optional(),
  })
  .strict();
const slipsQuery = z.object({ ids: z.string().max(100 * 65) });

export function registerFulfilmentRoutes(
  parent: FastifyInstance,
  storage: Storage,
  payments: PaymentSetup | undefined,
) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const view = { preHandler: requireSitePermission('commerce.view') };
    const manage = { preHandler: requireSitePermission('commerce.orders') };

    const orderOr404 = async (websiteId: string, orderId: string) => {
      const order = await storage.orders.findById(websiteId, orderId);
      if (!order) throw new HttpError(404, 'ORDER_NOT_FOUND', SHIPMENT_MESSAGES.orderNotFound);
      return order;
    };
    const answer = async (websiteId: string, orderId: string) => {
      const order = await orderOr404(websiteId, orderId);
      const website = await websiteById(storage, websiteId);
      return {
        order: orderDetailView(order),
        fulfilment: await fulfilmentView(storage, order, website.locale),
      };
    };

    admin.get('/sites/:siteId/orders/:orderId/fulfilment', view, async (request) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(orderParams, request.params);
      return answer(websiteId, orderId);
    });

    admin.post('/sites/:siteId/orders/:orderId/shipments', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(orderParams, request.params);
      const input = parseInput(shipInput, request.body);
      const website = await websiteById(storage, websiteId);
      await shipOrder(
        storage,
        website,
        orderId,
        { carrier: input.carrier, trackingNumber: input.trackingNumber, lines: input.lines ?? 'rest' },
        siteBaseUrl(website, request.server.publicUrl),
      );
      return answer(websiteId, orderId);
    });

    // "Mehrere versenden": each order in full, with one carrier; every order is its own transaction, so one
    // refused order (cancelled, already shipped, a mistyped number) does not hold the others back.
    admin.post('/sites/:siteId/orders/bulk-ship', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(bulkShipInput, request.body);
      const website = await websiteById(storage, websiteId);
      const shopUrl = siteBaseUrl(website, request.server.publicUrl);
      const results: { orderId: string; orderNumber: number | null; ok: boolean; message?: string }[] = [];
      for (const orderId of [...new Set(input.orderIds)]) {
        try {
          const shipped = await shipOrder(
            storage,
            website,
            orderId,
            { carrier: input.carrier, trackingNumber: input.trackingNumbers?.[orderId], lines: 'rest' },
            shopUrl,
          );
          results.push({ orderId, orderNumber: shipped.order.orderNumber, ok: true });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          const order = await storage.orders.findById(websiteId, orderId);
          results.push({
            orderId,
            orderNumber: order?.orderNumber ?? null,
            ok: false,
            message: error.message,
          });
        }
      }
      return { results, shipped: results.filter((r) => r.ok).length };
    });

    admin.post('/sites/:siteId/orders/:orderId/notes', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(orderParams, request.params);
      const { text } = parseInput(noteInput, request.body);
      await orderOr404(websiteId, orderId);
      await storage.orderEvents.add(websiteId, { orderId, kind: 'note', data: { text } });
      return answer(websiteId, orderId);
    });

    admin.post('/sites/:siteId/orders/:orderId/returns', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(orderParams, request.params);
      const input = parseInput(returnInput, request.body);
      await recordReturn(storage, payments, websiteId, orderId, input, request.log);
      return answer(websiteId, orderId);
    });

    const sendSlips = async (
      websiteId: string,
      orderIds: string[],
      reply: import('fastify').FastifyReply,
    ) => {
      const website = await websiteById(storage, websiteId);
      const orders = [];
      for (const orderId of orderIds) orders.push(await orderOr404(websiteId, orderId));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${packingSlipFileName(orders)}"`)
        .header('cache-control', 'no-store')
        .send(await packingSlipPdf(website, orders));
    };

    admin.get('/sites/:siteId/orders/:orderId/packing-slip.pdf', view, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(orderParams, request.params);
      return sendSlips(websiteId, [orderId], reply);
    });

    // Several orders' slips in one PDF: `?ids=a,b,c` (at most 100).
    admin.get('/sites/:siteId/orders/packing-slips.pdf', view, async (request, reply) => {
      const { websiteId } = accessedSite(request);
      const ids = [...new Set(parseInput(slipsQuery, request.query).ids.split(',').filter(Boolean))];
      if (ids.length === 0) throw new HttpError(400, 'INVALID_INPUT', msg.noOrders);
      if (ids.length > 100) throw new HttpError(400, 'INVALID_INPUT', msg.tooManyOrders);
      return sendSlips(websiteId, ids, reply);
    });
  });
}

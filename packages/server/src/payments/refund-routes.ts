import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../admin/admin-input.js';
import { refuseNulCharacters } from '../admin/catalog/text-guard.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';
import type { PaymentSetup } from './payment-setup.js';
import { REFUND_ROUTE_MESSAGES, refundOrder, refundsView } from './refund-service.js';

/*
 * Refunds from the editor's order page (commerce.orders): the routes only parse and answer; the refund
 * itself (provider call, restock, mail, webhook, timeline) is refund-service.ts, which returns use too.
 * The editor sends an idempotency key per click, so a double click or a retried request refunds once.
 */

export { REFUND_ROUTE_MESSAGES, refundsView };

const msg = REFUND_ROUTE_MESSAGES;

const params = z.object({ siteId: z.string(), orderId: z.string().min(1).max(64) });
const refundInput = z
  .object({
    amountMinor: z.number({ error: msg.amountInvalid }).int(msg.amountInvalid).positive(msg.amountInvalid),
    restock: z.boolean().optional(),
    iban: z.string().max(60).optional(),
    idempotencyKey: z.string().min(8).max(100),
  })
  .strict();

export function registerRefundRoutes(parent: FastifyInstance, storage: Storage, setup: PaymentSetup) {
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const manage = { preHandler: requireSitePermission('commerce.orders') };

    admin.get('/sites/:siteId/orders/:orderId/refunds', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(params, request.params);
      const order = await storage.orders.findById(websiteId, orderId);
      if (!order) throw new HttpError(404, 'ORDER_NOT_FOUND', 'Diese Bestellung gibt es nicht.');
      return refundsView(storage, order);
    });

    admin.post('/sites/:siteId/orders/:orderId/refunds', manage, async (request) => {
      const { websiteId } = accessedSite(request);
      const { orderId } = parseInput(params, request.params);
      const input = parseInput(refundInput, request.body);
      const order = await storage.orders.findById(websiteId, orderId);
      if (!order) throw new HttpError(404, 'ORDER_NOT_FOUND', 'Diese Bestellung gibt es nicht.');
      return (await refundOrder(storage, setup, order, input, request.log)).view;
    });
  });
}

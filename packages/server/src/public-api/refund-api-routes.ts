import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http-error.js';
import type { PaymentSetup } from '../payments/payment-setup.js';
import { REFUND_ROUTE_MESSAGES, refundOrder } from '../payments/refund-service.js';
import { apiMessages as m } from './api-messages.js';
import { errorResponses, errorSchema, idParam, siteParams } from './api-schemas.js';
import { apiWebsiteId } from './public-api.js';

/*
 * Refunds in the public API: the editor's refund step (payments/refund-service.ts), so a refund from an ERP
 * goes through the provider, mails the shopper, tells webhooks and lands in the order's timeline exactly like
 * one from the order page. Money moves only once per `Idempotency-Key`, which this operation requires: a
 * client that retries after a lost answer must not refund twice.
 */

const orderParams = siteParams.extend({ orderId: idParam });

const refundInput = z
  .object({
    amountMinor: z
      .number({ error: REFUND_ROUTE_MESSAGES.amountInvalid })
      .int(REFUND_ROUTE_MESSAGES.amountInvalid)
      .positive(REFUND_ROUTE_MESSAGES.amountInvalid)
      .max(100_000_000, REFUND_ROUTE_MESSAGES.amountInvalid)
      .meta({ description: 'Betrag in der kleinsten Einheit der Währung (Cent)', example: 500 }),
    restock: z
      .boolean()
      .optional()
      .meta({ description: 'Die Ware der Bestellung zurück ins Lager buchen (einmal je Bestellung)' }),
    iban: z
      .string()
      .max(60)
      .optional()
      .meta({ description: 'Nur bei Vorkasse: die IBAN, auf die die Inhaberin das Geld überweist' }),
  })
  .strict();

const refundSchema = z
  .object({
    id: z.string(),
    amountMinor: z.number().int(),
    status: z.string().meta({ description: 'pending | succeeded | failed' }),
    method: z.string(),
    restocked: z.boolean(),
    createdAt: z.number().int(),
  })
  .meta({ id: 'Refund' });

export function registerRefundApiRoutes(parent: FastifyInstance, storage: Storage, payments: PaymentSetup) {
  const api = parent.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/sites/:siteId/orders/:orderId/refunds',
    {
      config: { apiScope: 'orders.write' },
      schema: {
        summary: 'Bestellung ganz oder teilweise erstatten (Idempotency-Key nötig)',
        tags: ['Bestellungen'],
        security: [{ apiKey: ['orders.write'] }],
        params: orderParams,
        // Loose: the other headers stay as they came (only this one is documented).
        headers: z.looseObject({
          'idempotency-key': z.string().optional().meta({
            description: 'Pflicht: dieselbe Erstattung mit demselben Schlüssel erstattet nur einmal',
          }),
        }),
        body: refundInput,
        response: {
          201: z.object({
            refund: refundSchema,
            refundedMinor: z.number().int(),
            refundableMinor: z.number().int(),
          }),
          ...errorResponses,
          409: errorSchema.describe('Nicht bezahlt oder Zahlungsanbieter nicht verbunden'),
          422: errorSchema.describe('Idempotency-Key mit einer anderen Anfrage benutzt'),
          502: errorSchema.describe('Der Zahlungsanbieter hat die Erstattung abgelehnt'),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key === '')
        throw new HttpError(400, 'IDEMPOTENCY_KEY_REQUIRED', m.refundNeedsIdempotencyKey);
      const websiteId = apiWebsiteId(request);
      const order = await storage.orders.findById(websiteId, request.params.orderId);
      if (!order) throw new HttpError(404, 'ORDER_NOT_FOUND', m.orderNotFound);
      const { view, refund } = await refundOrder(
        storage,
        payments,
        order,
        // Its own namespace: an editor click's key can never collide with an API client's.
        { ...request.body, idempotencyKey: `api-${key}` },
        request.log,
      );
      // The view has the refund as it ended (a provider refund leaves `pending` once the provider answered).
      const made = view.refunds.find((r) => r.id === refund?.id);
      if (!made) throw new Error('refundOrder answered without its refund');
      return reply.code(201).send({
        refund: {
          id: made.id,
          amountMinor: made.amountMinor,
          status: made.status,
          method: made.method,
          restocked: made.restocked,
          createdAt: made.createdAt,
        },
        refundedMinor: view.refundedMinor,
        refundableMinor: view.refundableMinor,
      });
    },
  );
}

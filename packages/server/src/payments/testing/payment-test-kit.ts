import type { Order, PaymentProviderName, Storage } from '@baukasten/storage';
import Fastify, { type FastifyInstance } from 'fastify';
import { HttpError } from '../../http-error.js';
import type { PaymentGateway } from '../payment-gateway.js';
import { paymentWebhookRoutes } from '../payment-webhook-routes.js';
import type { SettleHooks } from '../settle-payment.js';

/* What the provider integration tests share: a shop with an order to pay, and a listening webhook door. */

export async function createPayableOrder(storage: Storage, hostname: string, totalMinor = 4990) {
  const website = await storage.websites.create({
    title: 'Zahlladen',
    hostnames: [hostname],
    currency: 'EUR',
  });
  const place = async (grandTotalMinor = totalMinor): Promise<Order> => {
    const cart = await storage.carts.create(website.id, 'EUR');
    const result = await storage.orders.place(website.id, {
      cartId: cart.id,
      currency: 'EUR',
      customerEmail: 'kundin@example.de',
      data: { payment: { status: 'AWAITING_PAYMENT' } },
      subtotalMinor: grandTotalMinor,
      taxMinor: 0,
      shippingMinor: 0,
      discountMinor: 0,
      grandTotalMinor,
      items: [],
      stock: [],
    });
    if (result.outcome !== 'placed') throw new Error(result.outcome);
    return result.order;
  };
  return { websiteId: website.id, place };
}

/** Counts the paid transitions the way the checkout will use them: one mail, one gift card activation each. */
export function countingHooks() {
  const paidOrders: string[] = [];
  const hooks: SettleHooks = {
    async onPaid(_tx, order) {
      paidOrders.push(order.id);
    },
  };
  return { hooks, paidOrders };
}

/** The webhook routes on a real port (the fakes deliver by HTTP), with the app's error body shape. */
export async function listeningWebhookDoor(
  storage: Storage,
  gateways: Partial<Record<PaymentProviderName, PaymentGateway>>,
  hooks: SettleHooks,
): Promise<{ app: FastifyInstance; origin: string }> {
  const app = Fastify();
  app.setErrorHandler((error: Error & { statusCode?: number; type?: string }, _request, reply) => {
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    return reply.code(status).send({ error: { type: error.type ?? 'ERROR', message: error.message } });
  });
  await app.register(paymentWebhookRoutes, {
    storage,
    hooks,
    gatewayFor: async (_websiteId, provider) => gateways[provider],
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin };
}

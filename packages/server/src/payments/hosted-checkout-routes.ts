import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withQueryParam } from '../commerce/form-posts.js';
import { checkCrumb } from '../crumb.js';
import { siteOrigin } from '../pages/seo-routes.js';
import { websiteOf } from '../site-request.js';
import { type HostedPayments, type PaymentNotice, returnPath } from './hosted-checkout.js';
import { PaymentGatewayError } from './payment-gateway.js';

/*
 * The shopper's side of a provider payment: the return from Stripe's or PayPal's page, and "Zahlung erneut
 * versuchen" on the confirmation page. Both answer with a redirect, so they work without JavaScript.
 */

/** A paid or cancelled order has nothing left to pay. */
export const NOT_PAYABLE_MESSAGE = 'Diese Bestellung ist bereits bezahlt oder storniert.';

const orderQuery = z.object({ orderId: z.string().min(1).max(64) });
const orderParams = z.object({ orderId: z.string().min(1).max(64) });

const confirmationOf = (orderId: string, notice?: PaymentNotice) => {
  const path = withQueryParam('/checkout/bestaetigt', 'orderId', orderId);
  return notice ? withQueryParam(path, 'zahlung', notice) : path;
};

export function registerHostedCheckoutRoutes(site: FastifyInstance, hosted: HostedPayments) {
  for (const provider of ['stripe', 'paypal'] as const) {
    site.get(returnPath(provider), async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const query = orderQuery.safeParse(request.query);
      if (!query.success) return reply.redirect('/cart', 303);
      const website = websiteOf(request);
      const { orderId } = query.data;
      try {
        const outcome = await hosted.settleReturn(website, orderId);
        if (!outcome) return reply.redirect(confirmationOf(orderId), 303);
        switch (outcome.outcome) {
          case 'paid':
          case 'already-paid':
          case 'replayed':
            return reply.redirect(confirmationOf(orderId), 303);
          case 'not-paid':
            return reply.redirect(
              confirmationOf(orderId, outcome.state === 'paid' ? undefined : outcome.state),
              303,
            );
          case 'amount-mismatch':
            request.log.warn({ orderId }, 'payment amount mismatch');
            return reply.redirect(confirmationOf(orderId, 'amount_mismatch'), 303);
          default:
            return reply.redirect(confirmationOf(orderId), 303);
        }
      } catch (error) {
        // The provider could not be asked in time: the shopper may well have paid, so the page says it is
        // being checked (no second payment); the webhook or the reconciliation settles it later.
        if (!(error instanceof PaymentGatewayError)) throw error;
        request.log.warn({ kind: error.kind }, 'payment return could not be settled');
        return reply.redirect(confirmationOf(orderId, 'checking'), 303);
      }
    });
  }

  /**
   * "Zahlung erneut versuchen". A form post is answered with a redirect (to the provider, or back to the
   * confirmation with the German notice); a JSON caller gets `{paymentUrl}` or the failure's status (503 when
   * the provider is down or slow, 402 declined, 502 refused) with the German message, never a stack trace.
   * The order, with its lines and its stock reservation, stays as it is either way.
   */
  site.post('/api/commerce/orders/:orderId/payment', async (request, reply) => {
    checkCrumb(request);
    // Only a JSON caller gets JSON; the confirmation page's form (and anything else) gets redirects.
    const form = !String(request.headers['content-type'] ?? '').startsWith('application/json');
    const params = orderParams.safeParse(request.params);
    if (!params.success) return reply.redirect('/cart', 303);
    const website = websiteOf(request);
    const { orderId } = params.data;
    const order = await hosted.setup.storage.orders.findById(website.id, orderId);
    if (!order) return reply.redirect('/cart', 303);
    const payment = (order.data.payment ?? {}) as { status?: unknown };
    if (payment.status === 'PAID' || order.status === 'cancelled') {
      if (!form) {
        return reply.code(409).send({ error: { type: 'ORDER_NOT_PAYABLE', message: NOT_PAYABLE_MESSAGE } });
      }
      return reply.redirect(confirmationOf(orderId), 303);
    }
    try {
      // A subscription's first payment tried again saves the method for the renewals, as its first try
      // asked to (the shopper consented at the subscription checkout); without it nothing could renew.
      const startsSubscription = await hosted.setup.storage.subscriptions.findByOrder(website.id, orderId);
      const paymentUrl = await hosted.start(website, order, siteOrigin(request), {
        saveForFutureUse: startsSubscription !== undefined,
      });
      if (!form) return reply.send({ paymentUrl });
      return reply.redirect(paymentUrl, 303);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      request.log.warn({ kind: error.kind }, 'payment retry failed');
      if (!form) {
        return reply
          .code(error.status)
          .send({ error: { type: `PAYMENT_${error.kind.toUpperCase()}`, message: error.message } });
      }
      return reply.redirect(
        confirmationOf(orderId, error.kind === 'declined' ? 'failed' : 'unavailable'),
        303,
      );
    }
  });
}

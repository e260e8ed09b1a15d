import { formatIban, ibanProblem, normaliseIban, ProductType } from '@baukasten/commerce';
import type { Order, PaymentRefund, Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminInputError, parseInput } from '../admin/admin-input.js';
import { refuseNulCharacters } from '../admin/catalog/text-guard.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { voidGiftCardsOf } from '../gift-cards/gift-card-activation.js';
import { HttpError } from '../http-error.js';
import { websiteById } from '../site-request.js';
import { emitWebhook, orderEventData } from '../webhooks/webhook-events.js';
import { isHostedMethod } from './hosted-checkout.js';
import { refundEmail } from './payment-emails.js';
import { PaymentGatewayError } from './payment-gateway.js';
import type { PaymentSetup } from './payment-setup.js';
import { refundProviderPayment } from './settle-payment.js';

/*
 * Refunds from the editor's order page (commerce.orders): full or partial, through the provider's API for
 * Stripe and PayPal, and for Vorkasse recorded as a transfer the owner makes by hand to the shopper's IBAN.
 * The editor sends an idempotency key per click, so a double click or a retried request refunds once. The
 * provider is called outside any transaction; the optional restock and the mail follow a refund that went
 * through. A full refund voids the gift cards the order bought, as a cancellation does.
 */

export const REFUND_ROUTE_MESSAGES = {
  amountInvalid: 'Bitte gib einen Betrag größer als 0 an.',
  tooMuch: (text: string) => `Es können höchstens ${text} erstattet werden.`,
  notPaid: 'Diese Bestellung ist nicht bezahlt; es gibt nichts zu erstatten.',
  ibanNeeded: 'Für eine Vorkasse-Erstattung brauchen wir die IBAN der Kundin oder des Kunden.',
  providerMissing:
    'Der Zahlungsanbieter dieser Bestellung ist nicht mehr verbunden. Bitte verbinde ihn unter „Zahlungen“.',
  failed: 'Der Zahlungsanbieter hat die Erstattung abgelehnt. Es wurde nichts erstattet.',
  alreadyRestocked: 'Die Ware dieser Bestellung wurde schon zurückgebucht.',
} as const;
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

const STOCK_TAKING: ReadonlySet<unknown> = new Set([ProductType.PHYSICAL, ProductType.SERVICE]);
const paymentOf = (order: Order) => (order.data.payment ?? {}) as { method?: unknown; status?: unknown };
const dueOf = (order: Order) => order.grandTotalMinor - Number(order.data.giftCardMinor ?? 0);
const refundedOf = (refunds: PaymentRefund[]) =>
  refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountMinor, 0);

/** The order's refunds as the editor shows them. */
export async function refundsView(storage: Storage, order: Order) {
  const refunds = await storage.payments.listRefunds(order.websiteId, order.id);
  const refunded = refundedOf(refunds);
  return {
    refunds: refunds.map((r) => ({
      id: r.id,
      amountMinor: r.amountMinor,
      status: r.status,
      method: r.method,
      iban: r.iban ? formatIban(r.iban) : null,
      restocked: r.restocked,
      createdAt: r.createdAt,
    })),
    refundedMinor: refunded,
    refundableMinor: paymentOf(order).status === 'PAID' ? Math.max(0, dueOf(order) - refunded) : 0,
    restocked: refunds.some((r) => r.restocked && r.status !== 'failed'),
  };
}

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
      const website = await websiteById(storage, websiteId);
      const order = await storage.orders.findById(websiteId, orderId);
      if (!order) throw new HttpError(404, 'ORDER_NOT_FOUND', 'Diese Bestellung gibt es nicht.');
      const payment = paymentOf(order);
      const earlier = await storage.payments.listRefunds(websiteId, orderId);
      const repeated = earlier.find((r) => r.idempotencyKey === input.idempotencyKey);
      if (repeated) return refundsView(storage, order);
      if (payment.status !== 'PAID') throw new HttpError(409, 'ORDER_NOT_PAID', msg.notPaid);
      const left = dueOf(order) - refundedOf(earlier);
      if (input.amountMinor > left) {
        const text = new Intl.NumberFormat(website.locale, {
          style: 'currency',
          currency: order.currency,
        }).format(left / 100);
        throw new AdminInputError(msg.tooMuch(text), { amountMinor: msg.tooMuch(text) });
      }
      if (input.restock && earlier.some((r) => r.restocked && r.status !== 'failed')) {
        throw new AdminInputError(msg.alreadyRestocked, { restock: msg.alreadyRestocked });
      }

      const hosted = isHostedMethod(payment.method);
      let iban: string | undefined;
      if (!hosted) {
        const problem = input.iban ? ibanProblem(input.iban) : msg.ibanNeeded;
        if (problem) throw new AdminInputError(problem, { iban: problem });
        iban = normaliseIban(input.iban!);
      }
      const paid = hosted
        ? (await storage.payments.listByOrder(websiteId, orderId)).find((p) => p.status === 'paid')
        : undefined;
      const claimed = await storage.payments.claimRefund(websiteId, {
        orderId,
        ...(paid ? { paymentId: paid.id } : {}),
        method: String(payment.method ?? 'bank-transfer'),
        idempotencyKey: input.idempotencyKey,
        amountMinor: input.amountMinor,
        currency: order.currency,
        // Vorkasse: the owner transfers the money; recording it is the refund.
        status: hosted ? 'pending' : 'succeeded',
        ...(iban ? { iban } : {}),
        restocked: input.restock === true,
      });
      // Two requests with one key at once: the second finds the first's row and changes nothing.
      if (!claimed.created) return refundsView(storage, order);

      if (hosted && paid) {
        const gateway = await setup.gatewayFor(websiteId, paid.provider);
        if (!gateway) {
          await storage.payments.finishRefund(websiteId, claimed.refund.id, 'failed');
          throw new HttpError(409, 'PROVIDER_NOT_CONNECTED', msg.providerMissing);
        }
        try {
          const result = await refundProviderPayment(storage, gateway, {
            websiteId,
            providerPaymentId: paid.providerPaymentId,
            amountMinor: input.amountMinor,
            idempotencyKey: `refund-${input.idempotencyKey}`,
          });
          const status = result.state === 'failed' ? 'failed' : result.state;
          await storage.payments.finishRefund(websiteId, claimed.refund.id, status, result.refundId);
          if (status === 'failed') throw new HttpError(502, 'REFUND_FAILED', msg.failed);
        } catch (error) {
          if (error instanceof HttpError) throw error;
          await storage.payments.finishRefund(websiteId, claimed.refund.id, 'failed');
          if (error instanceof PaymentGatewayError)
            throw new HttpError(
              error.status === 402 ? 502 : error.status,
              `REFUND_${error.kind.toUpperCase()}`,
              error.message,
            );
          throw error;
        }
      } else if (hosted) {
        await storage.payments.finishRefund(websiteId, claimed.refund.id, 'failed');
        throw new HttpError(409, 'ORDER_NOT_PAID', msg.notPaid);
      }

      const complete = refundedOf(earlier) + input.amountMinor >= dueOf(order);
      await storage.transaction(async (tx) => {
        // Webhooks hear of the refund with the mail, in the same transaction (webhooks/webhook-events.ts).
        await emitWebhook(tx, websiteId, 'order.refunded', {
          ...orderEventData(order),
          refund: { amountMinor: input.amountMinor, currency: order.currency, complete },
        });
        if (input.restock) {
          await tx.payments.returnStock(
            websiteId,
            order.items
              .filter((item) => item.variantId && STOCK_TAKING.has(item.data.productType))
              .map((item) => ({ variantId: item.variantId!, quantity: item.quantity })),
          );
        }
        if (order.customerEmail) {
          await tx.outbox.enqueue(
            websiteId,
            refundEmail({
              order,
              siteTitle: website.title,
              locale: website.locale,
              amountMinor: input.amountMinor,
              ...(iban ? { iban: formatIban(iban) } : {}),
              complete,
            }),
          );
        }
      });
      // Money back in full: the gift cards the order bought stop working. A card already spent from refuses
      // (409); the refund stands, and the owner sees the card in the gift card list.
      if (complete) {
        await storage
          .transaction((tx) => voidGiftCardsOf(tx, websiteId, orderId))
          .catch((error: unknown) => request.log.warn({ err: error, orderId }, 'gift cards not voided'));
      }
      request.log.info({ websiteId, orderId, amountMinor: input.amountMinor }, 'order refunded');
      return refundsView(storage, order);
    });
  });
}

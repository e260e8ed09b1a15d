import { formatIban, ibanProblem, normaliseIban, ProductType } from '@baukasten/commerce';
import type { Order, PaymentRefund, Storage } from '@baukasten/storage';
import type { FastifyBaseLogger } from 'fastify';
import { AdminInputError } from '../admin/admin-input.js';
import { voidGiftCardsOf } from '../gift-cards/gift-card-activation.js';
import { HttpError } from '../http-error.js';
import { issueRefundInvoiceFor } from '../invoices/invoice-service.js';
import { websiteById } from '../site-request.js';
import { emitWebhook, orderEventData } from '../webhooks/webhook-events.js';
import { isHostedMethod } from './hosted-checkout.js';
import { refundEmail } from './payment-emails.js';
import { PaymentGatewayError } from './payment-gateway.js';
import type { PaymentSetup } from './payment-setup.js';
import { refundProviderPayment } from './settle-payment.js';

/*
 * Refunding an order, one function for every door: "Erstatten" on the order page (refund-routes.ts) and a
 * recorded return (fulfilment/return-service.ts). Full or partial, through the provider's API for Stripe
 * and PayPal, and for Vorkasse recorded as a transfer the owner makes by hand to the shopper's IBAN. The
 * idempotency key makes a double click or a retried request refund once. The provider is called outside
 * any transaction; the optional restock, the mail, the webhook and the timeline entry follow a refund that
 * went through, in one transaction. A full refund voids the gift cards the order bought, as a cancellation does.
 * The same transaction issues the Stornorechnung (all at once) or a correcting invoice (a part) (§ 14 UStG).
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

export interface RefundRequest {
  amountMinor: number;
  /** Every stock-taking line of the order goes back to stock (once per order). */
  restock?: boolean;
  iban?: string;
  idempotencyKey: string;
}

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

export type RefundsView = Awaited<ReturnType<typeof refundsView>>;

/**
 * Refunds `input.amountMinor` of the order; answers with the order's refunds and the refund this key made
 * (also when it was made by an earlier request with the same key). Throws HttpError/AdminInputError with a
 * German message when the order is not paid, the amount is too high or the provider refuses.
 */
export async function refundOrder(
  storage: Storage,
  setup: PaymentSetup,
  order: Order,
  input: RefundRequest,
  log?: FastifyBaseLogger,
): Promise<{ view: RefundsView; refund?: PaymentRefund }> {
  const websiteId = order.websiteId;
  const orderId = order.id;
  const website = await websiteById(storage, websiteId);
  const payment = paymentOf(order);
  const earlier = await storage.payments.listRefunds(websiteId, orderId);
  const repeated = earlier.find((r) => r.idempotencyKey === input.idempotencyKey);
  if (repeated) return { view: await refundsView(storage, order), refund: repeated };
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
  if (!claimed.created) return { view: await refundsView(storage, order), refund: claimed.refund };

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
    // The owner's timeline of the order (issue #23).
    await tx.orderEvents.add(websiteId, {
      orderId,
      kind: 'refunded',
      data: {
        amountMinor: input.amountMinor,
        currency: order.currency,
        complete,
        refundId: claimed.refund.id,
      },
    });
    await issueRefundInvoiceFor(tx, website, order, {
      id: claimed.refund.id,
      amountMinor: input.amountMinor,
      wholeOrder: complete && refundedOf(earlier) === 0 && !Number(order.data.giftCardMinor ?? 0),
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
      .catch((error: unknown) => log?.warn({ err: error, orderId }, 'gift cards not voided'));
  }
  log?.info({ websiteId, orderId, amountMinor: input.amountMinor }, 'order refunded');
  return { view: await refundsView(storage, order), refund: claimed.refund };
}

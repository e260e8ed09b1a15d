import { bankTransferDueAt, ProductType } from '@baukasten/commerce';
import type { ClaimedPaymentDeadline, Order, Storage, Website } from '@baukasten/storage';
import { voidGiftCardsOf } from '../gift-cards/gift-card-activation.js';
import { type PublicUrl, siteBaseUrl } from '../site-url.js';
import { emitWebhook, orderEventData } from '../webhooks/webhook-events.js';
import {
  EXPIRY_TEXTS,
  type ExpiryReason,
  latePaymentRefundedEmail,
  paymentExpiredEmail,
} from './payment-emails.js';
import { type PaymentGateway, PaymentGatewayError } from './payment-gateway.js';
import { paymentOptionsOf } from './payment-options.js';
import type { PaymentSetup } from './payment-setup.js';
import { refundProviderPayment, type SettleHooks, settleOnReturn } from './settle-payment.js';

/*
 * Stock taken at the checkout is only reserved while the order waits for its money (issue #20). Each order
 * placed unpaid gets a deadline (payment_deadlines): the owner's minutes for a payment at Stripe or PayPal,
 * the owner's days for Vorkasse. A background worker (every instance runs one; a lease on the row lets one
 * of them handle an order) first asks the provider once more, so a payment whose webhook got lost is settled
 * instead of cancelled; a SEPA-Lastschrift on its way keeps the reservation. Otherwise the order is cancelled
 * "Zahlung nicht abgeschlossen" in one transaction: stock back, gift-card credit back, the gift cards it
 * bought voided, the shopper mailed.
 *
 * Money that still arrives afterwards is kept when the stock allows (taken again, the order reopened and
 * paid as usual) and otherwise refunded in full automatically: never oversold. The refund is a deadline of
 * its own (`late-refund`), so a provider that is down when the money arrives is asked again later.
 */

/** Why an order was cancelled by its deadline; kept in `data.cancelledBecause`. */
export const EXPIRED_BECAUSE = 'payment-expired';
/** Provider unreachable at a deadline: ask again after this long, cancel nothing meanwhile. */
export const RETRY_UNREACHABLE_MS = 5 * 60_000;

/** Physical and service lines took stock at the checkout (digital goods and gift cards never run out). */
const STOCK_TAKING_TYPES: ReadonlySet<unknown> = new Set([ProductType.PHYSICAL, ProductType.SERVICE]);
export const stockTakenBy = (order: Order) =>
  order.items
    .filter((item) => item.variantId && STOCK_TAKING_TYPES.has(item.data.productType))
    .map((item) => ({ variantId: item.variantId!, quantity: item.quantity }));

const paymentOf = (order: Order) =>
  (order.data.payment ?? {}) as { method?: unknown; status?: unknown; paidAt?: unknown };

/** The deadline of an order placed unpaid (Stripe, PayPal, Vorkasse); none for one paid at once. */
export function deadlineOf(
  website: Pick<Website, 'settings'>,
  order: Order,
): { kind: ExpiryReason; dueAt: number } | undefined {
  const payment = paymentOf(order);
  if (payment.status !== 'AWAITING_PAYMENT') return undefined;
  const options = paymentOptionsOf(website);
  if (payment.method === 'bank-transfer') {
    return { kind: 'bank-transfer', dueAt: bankTransferDueAt(order.createdAt, options.bankTransferDays) };
  }
  if (payment.method === 'stripe' || payment.method === 'paypal') {
    return { kind: 'reservation', dueAt: order.createdAt + options.reservationMinutes * 60_000 };
  }
  return undefined;
}

/** In the order transaction: the unpaid order's stock is reserved until its deadline. */
export async function scheduleDeadlineFor(tx: Storage, website: Website, order: Order): Promise<void> {
  const deadline = deadlineOf(website, order);
  if (deadline) await tx.payments.scheduleDeadline(website.id, { orderId: order.id, ...deadline });
}

/** A payment started again keeps the stock for another full reservation from now. */
export async function extendReservation(
  storage: Storage,
  website: Website,
  orderId: string,
  now = Date.now(),
) {
  const minutes = paymentOptionsOf(website).reservationMinutes;
  await storage.payments.extendDeadline(website.id, orderId, now + minutes * 60_000);
}

export type ExpiryOutcome = 'expired' | 'already-settled';

/**
 * Cancels an order whose time to be paid ran out, once: under the order's row lock it is checked to be open
 * and unpaid, so a payment settling at the same moment either comes first (nothing is cancelled) or after
 * (and meets a cancelled order: kept or refunded, see `onLatePayment`).
 */
export async function expireUnpaidOrder(
  storage: Storage,
  website: Website,
  orderId: string,
  reason: ExpiryReason,
  shopUrl: string,
  now = Date.now(),
): Promise<ExpiryOutcome> {
  return storage.transaction(async (tx) => {
    await tx.payments.holdOrder(website.id, orderId);
    const order = await tx.orders.findById(website.id, orderId);
    if (order?.status !== 'open' || paymentOf(order).status === 'PAID') {
      await tx.payments.clearDeadline(website.id, orderId);
      return 'already-settled';
    }
    const cancelled = await tx.orders.cancel(website.id, orderId, stockTakenBy, now);
    await tx.payments.clearDeadline(website.id, orderId);
    if (cancelled.outcome !== 'changed') return 'already-settled';
    const data = {
      ...cancelled.order.data,
      cancelledBecause: EXPIRED_BECAUSE,
      cancelledReason: EXPIRY_TEXTS[reason],
    };
    await tx.payments.setOrderData(website.id, orderId, data);
    await tx.payments.returnGiftCardCredit(website.id, orderId, now);
    // Cards the order bought are still pending (never paid), so voiding them cannot meet a spent one.
    await voidGiftCardsOf(tx, website.id, orderId);
    if (order.customerEmail) {
      await tx.outbox.enqueue(
        website.id,
        paymentExpiredEmail({ order, siteTitle: website.title, reason, shopUrl }),
      );
    }
    return 'expired';
  });
}

/**
 * Inside the settlement transaction: money arrived for an order cancelled by its deadline. Kept when the
 * order neither used nor bought gift cards (their credit went back, the cards were voided) and every line's
 * stock can be taken again; otherwise a `late-refund` deadline, due now, gives the money back.
 */
export async function keepLatePayment(
  tx: Storage,
  order: Order,
  now = Date.now(),
): Promise<Order | undefined> {
  if (order.status !== 'cancelled' || order.data.cancelledBecause !== EXPIRED_BECAUSE) return undefined;
  const usedOrBoughtCards =
    Number(order.data.giftCardMinor ?? 0) > 0 ||
    (await tx.giftCards.listByOrder(order.websiteId, order.id)).length > 0;
  if (!usedOrBoughtCards && (await tx.payments.takeStockAgain(order.websiteId, stockTakenBy(order)))) {
    const { cancelledBecause: _because, cancelledReason: _reason, ...rest } = order.data;
    const data = { ...rest, payment: { ...paymentOf(order), status: 'PAID', paidAt: now } };
    if (await tx.payments.reopenOrder(order.websiteId, order.id, data)) {
      const { cancelledAt: _at, ...open } = order;
      return { ...open, status: 'open', data };
    }
  }
  await tx.payments.scheduleDeadline(
    order.websiteId,
    { orderId: order.id, kind: 'late-refund', dueAt: now },
    now,
  );
  return undefined;
}

/**
 * Gives back, in full, the money paid for an expired order that could not be kept. Exactly once: the refund
 * is claimed under a key of the payment (payment_refunds), booked against the payment before the provider is
 * asked (two callers at once: one refunds) and sent with the same idempotency key. Throws when the provider
 * cannot be reached; the deadline stays and is tried again.
 */
export async function refundLatePayments(
  storage: Storage,
  gateway: PaymentGateway,
  website: Website,
  orderId: string,
): Promise<number> {
  const order = await storage.orders.findById(website.id, orderId);
  if (!order) return 0;
  let refunded = 0;
  for (const payment of await storage.payments.listByOrder(website.id, orderId)) {
    if (payment.provider !== gateway.provider || payment.status !== 'paid') continue;
    const amountMinor = payment.amountMinor - payment.refundedMinor;
    if (amountMinor <= 0) continue;
    const key = `late-${payment.id}`;
    const claimed = await storage.payments.claimRefund(website.id, {
      orderId,
      paymentId: payment.id,
      method: payment.provider,
      idempotencyKey: key,
      amountMinor,
      currency: payment.currency,
      status: 'pending',
      restocked: false,
    });
    if (!claimed.created && claimed.refund.status === 'succeeded') continue;
    let result: Awaited<ReturnType<typeof refundProviderPayment>>;
    try {
      result = await refundProviderPayment(storage, gateway, {
        websiteId: website.id,
        providerPaymentId: payment.providerPaymentId,
        amountMinor,
        idempotencyKey: key,
      });
    } catch (error) {
      // Booked by another caller at this very moment: theirs is the refund.
      if (error instanceof PaymentGatewayError && error.providerCode === 'refund_exceeds_payment') continue;
      throw error;
    }
    await storage.payments.finishRefund(website.id, claimed.refund.id, result.state, result.refundId);
    if (result.state === 'failed') throw new PaymentGatewayError('rejected', 'late_refund_failed');
    refunded += amountMinor;
    await storage.transaction(async (tx) => {
      await emitWebhook(tx, website.id, 'order.refunded', {
        ...orderEventData(order),
        refund: { amountMinor, currency: order.currency, complete: true },
      });
      if (order.customerEmail) {
        await tx.outbox.enqueue(
          website.id,
          latePaymentRefundedEmail({ order, siteTitle: website.title, locale: website.locale, amountMinor }),
        );
      }
    });
  }
  await storage.payments.clearDeadline(website.id, orderId);
  return refunded;
}

/** The settlement hooks for money that comes after an order's deadline (composed into orderPaidHooks). */
export function latePaymentHooks(): Pick<SettleHooks, 'onLatePayment' | 'afterLatePayment'> {
  return {
    onLatePayment: (tx, order) => keepLatePayment(tx, order),
    async afterLatePayment(storage, gateway, payment) {
      const deadline = await storage.payments.findDeadline(payment.websiteId, payment.orderId);
      if (deadline?.kind !== 'late-refund') return;
      const website = await storage.websites.findById(payment.websiteId);
      if (!website) return;
      // Best effort at once; a provider that is down leaves the deadline for the worker.
      await refundLatePayments(storage, gateway, website, payment.orderId).catch(() => undefined);
    },
  };
}

export interface PaymentDeadlineWorkerOptions {
  storage: Storage;
  setup: PaymentSetup;
  hooks: SettleHooks;
  publicUrl: () => PublicUrl;
  /** How long a claimed deadline is this worker's; a crashed worker holds it at most this long. */
  leaseMs?: number;
  batchSize?: number;
  now?: () => number;
  onError?: (error: unknown, deadline?: ClaimedPaymentDeadline) => void;
}

export interface DeadlineRound {
  expired: number;
  settled: number;
  postponed: number;
  refunded: number;
}

/**
 * Handles due deadlines. Every instance may run one: a deadline is claimed with a lease by a conditional
 * UPDATE, and every change it makes is conditional again (order open and unpaid, refund booked once), so
 * two workers never cancel, mail or refund twice.
 */
export class PaymentDeadlineWorker {
  readonly #o: Required<Omit<PaymentDeadlineWorkerOptions, 'onError'>> &
    Pick<PaymentDeadlineWorkerOptions, 'onError'>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = false;

  constructor(options: PaymentDeadlineWorkerOptions) {
    this.#o = { leaseMs: 120_000, batchSize: 20, now: Date.now, ...options };
  }

  async runDue(): Promise<DeadlineRound> {
    const o = this.#o;
    const round: DeadlineRound = { expired: 0, settled: 0, postponed: 0, refunded: 0 };
    const claims = await o.storage.payments.claimDueDeadlines({
      now: o.now(),
      leaseMs: o.leaseMs,
      limit: o.batchSize,
    });
    for (const claim of claims) {
      try {
        const done = await this.#handle(claim);
        round[done] += 1;
      } catch (error) {
        o.onError?.(error, claim);
        await o.storage.payments.postponeDeadline(claim, o.now() + RETRY_UNREACHABLE_MS);
        round.postponed += 1;
      }
    }
    return round;
  }

  async #handle(claim: ClaimedPaymentDeadline): Promise<keyof DeadlineRound> {
    const o = this.#o;
    const website = await o.storage.websites.findById(claim.websiteId);
    if (!website) {
      await o.storage.payments.clearDeadline(claim.websiteId, claim.orderId);
      return 'settled';
    }
    if (claim.kind === 'late-refund') {
      const payments = await o.storage.payments.listByOrder(website.id, claim.orderId);
      for (const provider of new Set(payments.filter((p) => p.status === 'paid').map((p) => p.provider))) {
        const gateway = await o.setup.gatewayFor(website.id, provider);
        if (!gateway) throw new PaymentGatewayError('unavailable');
        await refundLatePayments(o.storage, gateway, website, claim.orderId);
      }
      await o.storage.payments.clearDeadline(website.id, claim.orderId);
      return 'refunded';
    }
    if (claim.kind === 'reservation') {
      const asked = await this.#reconcile(website, claim);
      if (asked) return asked;
    }
    const shopUrl = siteBaseUrl(website, o.publicUrl());
    const reason: ExpiryReason = claim.kind === 'bank-transfer' ? 'bank-transfer' : 'reservation';
    const outcome = await expireUnpaidOrder(o.storage, website, claim.orderId, reason, shopUrl, o.now());
    return outcome === 'expired' ? 'expired' : 'settled';
  }

  /**
   * The reconciliation: asks the provider about the order's open payments before the order lapses. Paid
   * (webhook lost, shopper never came back): settled like any return. A SEPA-Lastschrift on its way keeps the
   * reservation for another period. Undefined: nothing paid, the order may lapse.
   */
  async #reconcile(
    website: Website,
    claim: ClaimedPaymentDeadline,
  ): Promise<keyof DeadlineRound | undefined> {
    const o = this.#o;
    const open = (await o.storage.payments.listByOrder(website.id, claim.orderId)).filter((p) =>
      ['started', 'requires_action', 'pending', 'paid'].includes(p.status),
    );
    let pending = false;
    for (const payment of open.reverse()) {
      const gateway = await o.setup.gatewayFor(website.id, payment.provider);
      if (!gateway) continue;
      // Unreachable: throws, and runDue tries again in a few minutes without cancelling anything.
      const outcome = await settleOnReturn(
        o.storage,
        gateway,
        website.id,
        payment.providerPaymentId,
        o.hooks,
      );
      if (outcome.outcome === 'paid' || outcome.outcome === 'already-paid') {
        await o.storage.payments.clearDeadline(website.id, claim.orderId);
        return 'settled';
      }
      if (outcome.outcome === 'not-paid' && outcome.state === 'pending') pending = true;
    }
    if (!pending) return undefined;
    const minutes = paymentOptionsOf(website).reservationMinutes;
    await o.storage.payments.postponeDeadline(claim, o.now() + minutes * 60_000);
    return 'postponed';
  }

  /** Polls every intervalMs until stop(). */
  start(intervalMs = 30_000): void {
    this.#stopped = false;
    const tick = () => {
      if (this.#stopped) return;
      this.#running = this.runDue()
        .catch((error) => this.#o.onError?.(error))
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(tick, intervalMs);
        });
    };
    this.#timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }
}

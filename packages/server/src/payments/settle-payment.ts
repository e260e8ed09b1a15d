import type { Order, Payment, PaymentProviderName, PaymentStatus, Storage } from '@baukasten/storage';
import type {
  PaymentGateway,
  PaymentSnapshot,
  PaymentState,
  RefundResult,
  StartedPayment,
  StartPaymentInput,
  WebhookHeaders,
} from './payment-gateway.js';
import { PaymentGatewayError } from './payment-gateway.js';

/*
 * The one "payment settled" step (DESIGN.md, the money path). Two doors lead into it: the provider's webhook
 * (signature verified by the SDK or the provider) and the shopper's return, where we ask the provider
 * ourselves. Whichever comes first marks the order paid; the other, a redelivery, a replay or a second
 * server instance finds nothing left to do. That rests on the database, not on timing: the payment row is
 * keyed by (provider, provider payment id), its status changes to paid by one conditional UPDATE, and the
 * provider's event ids are kept so the same event is applied once.
 *
 * Provider calls (fetch, capture, refund) always happen before or after the transaction, never inside it:
 * a slow provider must not hold database locks.
 */

export type SettleOutcome =
  /** This call marked the order paid; `onPaid` ran in the same transaction. */
  | { outcome: 'paid'; payment: Payment; order: Order }
  /** Paid before, by the other door or another instance; nothing was changed. */
  | { outcome: 'already-paid'; payment: Payment }
  /** The money arrived but the order is cancelled: the owner has to refund it. */
  | { outcome: 'order-not-payable'; payment: Payment; order?: Order }
  /** This provider event was applied before (webhook redelivered or replayed). */
  | { outcome: 'replayed' }
  /** Not paid (yet): the state was recorded. */
  | { outcome: 'not-paid'; state: PaymentState; payment: Payment }
  /** The provider reports another amount or currency (or order) than ours: refused, never paid. */
  | { outcome: 'amount-mismatch'; payment: Payment }
  /** No payment of ours has this id on this website (an event for another integration of the account). */
  | { outcome: 'unknown-payment' };

export interface SettleHooks {
  /**
   * Runs inside the settlement transaction right after the order became paid, exactly once per order: write
   * the paid mail to the outbox, activate bought gift cards. Throwing rolls the settlement back.
   */
  onPaid?: (tx: Storage, order: Order, payment: Payment, snapshot?: PaymentSnapshot) => Promise<void>;
  /**
   * Runs inside the settlement transaction when money arrived for an order that is no longer payable
   * (cancelled). For an order whose reservation ran out it takes the stock again and answers the reopened
   * order, which then becomes paid as usual; otherwise it arranges the refund and answers undefined
   * (payment-deadlines.ts).
   */
  onLatePayment?: (tx: Storage, order: Order, payment: Payment) => Promise<Order | undefined>;
  /**
   * After the transaction, outside it (a provider call): gives back money that arrived for an expired order
   * it could not keep. Never throws; the deadline worker tries again.
   */
  afterLatePayment?: (storage: Storage, gateway: PaymentGateway, payment: Payment) => Promise<void>;
  /**
   * Runs inside the settlement transaction when the provider reports the payment failed (a SEPA-Lastschrift
   * returned by the bank). May run again for the same payment (reconciliation after the webhook): it must
   * act once by itself.
   */
  onFailed?: (tx: Storage, payment: Payment, snapshot: PaymentSnapshot) => Promise<void>;
}

export interface SettleInput {
  websiteId: string;
  provider: PaymentProviderName;
  snapshot: PaymentSnapshot;
  /** The provider's event id when the snapshot came from a webhook. */
  eventId?: string;
  now?: number;
}

const STATUS_OF: Record<Exclude<PaymentState, 'paid'>, Exclude<PaymentStatus, 'paid'>> = {
  pending: 'pending',
  requires_action: 'requires_action',
  failed: 'failed',
  cancelled: 'cancelled',
};

export async function settlePayment(
  storage: Storage,
  input: SettleInput,
  hooks: SettleHooks = {},
): Promise<SettleOutcome> {
  const { websiteId, provider, snapshot } = input;
  const now = input.now ?? Date.now();
  return storage.transaction(async (tx): Promise<SettleOutcome> => {
    const payment = await tx.payments.findByProviderPaymentId(
      websiteId,
      provider,
      snapshot.providerPaymentId,
    );
    if (!payment) return { outcome: 'unknown-payment' };
    // In the same transaction as the change it causes: an event whose settlement failed is applied again
    // when the provider redelivers it.
    if (
      input.eventId &&
      !(await tx.payments.recordEvent(websiteId, provider, input.eventId, payment.id, now))
    ) {
      return { outcome: 'replayed' };
    }
    if (payment.status === 'paid') return { outcome: 'already-paid', payment };

    if (snapshot.state !== 'paid') {
      await tx.payments.markStatus(
        websiteId,
        payment.id,
        STATUS_OF[snapshot.state],
        snapshot.failureCode,
        now,
      );
      if (snapshot.state === 'failed') await hooks.onFailed?.(tx, payment, snapshot);
      return {
        outcome: 'not-paid',
        state: snapshot.state,
        payment: { ...payment, status: STATUS_OF[snapshot.state] },
      };
    }

    const mismatch =
      snapshot.amountMinor !== payment.amountMinor ||
      snapshot.currency !== payment.currency ||
      (snapshot.orderId !== undefined && snapshot.orderId !== payment.orderId) ||
      (snapshot.websiteId !== undefined && snapshot.websiteId !== websiteId);
    if (mismatch) {
      const reported = `${snapshot.amountMinor} ${snapshot.currency}`;
      await tx.payments.markStatus(websiteId, payment.id, 'amount_mismatch', reported, now);
      return {
        outcome: 'amount-mismatch',
        payment: { ...payment, status: 'amount_mismatch', failure: reported },
      };
    }

    // The conditional UPDATE decides who settles: of two doors at once, the second waits for the first's
    // row lock (PostgreSQL) or its turn (SQLite) and then finds the payment paid.
    if (!(await tx.payments.markPaid(websiteId, payment.id, now))) {
      const current = await tx.payments.findByProviderPaymentId(
        websiteId,
        provider,
        snapshot.providerPaymentId,
      );
      return { outcome: 'already-paid', payment: current ?? payment };
    }
    const paid: Payment = { ...payment, status: 'paid', paidAt: now };
    const marked = await tx.orders.markPaid(websiteId, payment.orderId, now);
    if (marked.outcome === 'refused' && hooks.onLatePayment) {
      // The reservation ran out before the money came: kept when the stock still allows, else refunded.
      const reopened = await hooks.onLatePayment(tx, marked.order, paid);
      if (reopened) {
        await hooks.onPaid?.(tx, reopened, paid, snapshot);
        return { outcome: 'paid', payment: paid, order: reopened };
      }
    }
    if (marked.outcome !== 'changed') {
      // Already marked paid by the owner (a bank transfer on top?) or cancelled: the payment is recorded as
      // paid because the money is there, but no second paid mail and no second gift card activation.
      return marked.outcome === 'not-found'
        ? { outcome: 'order-not-payable', payment: paid }
        : { outcome: 'order-not-payable', payment: paid, order: marked.order };
    }
    // Paid: nothing of the order is due any more (its reservation or Vorkasse days).
    await tx.payments.clearDeadline(websiteId, payment.orderId);
    await hooks.onPaid?.(tx, marked.order, paid, snapshot);
    return { outcome: 'paid', payment: paid, order: marked.order };
  });
}

/** The idempotency key of an order's capture: a repeated capture (return and webhook) takes the money once. */
const captureKey = (providerPaymentId: string) => `capture-${providerPaymentId}`;

/** PayPal: an approved order is captured (outside any transaction) before it can be settled. */
async function capturedIfApproved(
  gateway: PaymentGateway,
  snapshot: PaymentSnapshot,
): Promise<PaymentSnapshot> {
  if (!snapshot.needsCapture || !gateway.capture) return snapshot;
  return gateway.capture(snapshot.providerPaymentId, captureKey(snapshot.providerPaymentId));
}

/**
 * Door 1: the shopper is back from the provider's page (success URL). We ask the provider ourselves; the
 * query string of the return is never trusted.
 */
export async function settleOnReturn(
  storage: Storage,
  gateway: PaymentGateway,
  websiteId: string,
  providerPaymentId: string,
  hooks?: SettleHooks,
): Promise<SettleOutcome> {
  const known = await storage.payments.findByProviderPaymentId(
    websiteId,
    gateway.provider,
    providerPaymentId,
  );
  if (!known) return { outcome: 'unknown-payment' };
  if (known.status === 'paid') return { outcome: 'already-paid', payment: known };
  const snapshot = await capturedIfApproved(gateway, await gateway.fetchPayment(providerPaymentId));
  return afterSettled(
    storage,
    gateway,
    await settlePayment(storage, { websiteId, provider: gateway.provider, snapshot }, hooks),
    hooks,
  );
}

/** Money for an order that can no longer take it: given back right away (outside the transaction). */
async function afterSettled(
  storage: Storage,
  gateway: PaymentGateway,
  outcome: SettleOutcome,
  hooks: SettleHooks | undefined,
): Promise<SettleOutcome> {
  if (outcome.outcome === 'order-not-payable')
    await hooks?.afterLatePayment?.(storage, gateway, outcome.payment);
  return outcome;
}

export type WebhookOutcome = SettleOutcome | { outcome: 'ignored'; type: string };

/**
 * Door 2: a webhook. Throws PaymentGatewayError('invalid_signature') (answer 400) for anything the provider
 * did not sign. Events about nothing we started are acknowledged and ignored.
 */
export async function settleFromWebhook(
  storage: Storage,
  gateway: PaymentGateway,
  websiteId: string,
  rawBody: Buffer | string,
  headers: WebhookHeaders,
  hooks?: SettleHooks,
): Promise<WebhookOutcome> {
  const event = await gateway.verifyWebhook(rawBody, headers);
  if (!event.providerPaymentId) return { outcome: 'ignored', type: event.type };
  const known = await storage.payments.findByProviderPaymentId(
    websiteId,
    gateway.provider,
    event.providerPaymentId,
  );
  if (!known) return { outcome: 'unknown-payment' };
  // PayPal's events only name the order; its state comes from our own query.
  const snapshot = await capturedIfApproved(
    gateway,
    event.payment ?? (await gateway.fetchPayment(event.providerPaymentId)),
  );
  return afterSettled(
    storage,
    gateway,
    await settlePayment(
      storage,
      { websiteId, provider: gateway.provider, snapshot, eventId: event.eventId },
      hooks,
    ),
    hooks,
  );
}

/**
 * Starts paying an order at the provider and records the payment, so both doors can find it. The provider is
 * called first, outside any transaction; the row is written before the shopper is sent to the provider's
 * page, so a webhook can never arrive for a payment we do not know yet.
 */
export async function startProviderPayment(
  storage: Storage,
  gateway: PaymentGateway,
  input: StartPaymentInput,
  testMode: boolean,
): Promise<StartedPayment & { payment: Payment }> {
  const started = await gateway.startPayment(input);
  const payment = await storage.payments.recordStarted(input.websiteId, {
    orderId: input.orderId,
    provider: gateway.provider,
    providerPaymentId: started.providerPaymentId,
    amountMinor: input.amountMinor,
    currency: input.currency,
    testMode,
    status: 'requires_action',
  });
  return { ...started, payment };
}

export const REFUND_MESSAGES = {
  tooMuch: 'Es kann höchstens der gezahlte und noch nicht erstattete Betrag erstattet werden.',
  notFound: 'Zu dieser Bestellung gibt es keine Zahlung bei diesem Anbieter.',
} as const;

/**
 * Refunds all or part of a paid payment. The amount is booked first (so two refunds at once cannot exceed
 * what was paid), then the provider is asked with the caller's idempotency key; a refused refund is
 * un-booked.
 */
export async function refundProviderPayment(
  storage: Storage,
  gateway: PaymentGateway,
  input: { websiteId: string; providerPaymentId: string; amountMinor: number; idempotencyKey: string },
): Promise<RefundResult> {
  const payment = await storage.payments.findByProviderPaymentId(
    input.websiteId,
    gateway.provider,
    input.providerPaymentId,
  );
  if (!payment) throw new PaymentGatewayError('not_found', undefined, REFUND_MESSAGES.notFound);
  if (!(await storage.payments.reserveRefund(input.websiteId, payment.id, input.amountMinor))) {
    throw new PaymentGatewayError('rejected', 'refund_exceeds_payment', REFUND_MESSAGES.tooMuch);
  }
  try {
    const result = await gateway.refund({
      providerPaymentId: input.providerPaymentId,
      amountMinor: input.amountMinor,
      currency: payment.currency,
      idempotencyKey: input.idempotencyKey,
    });
    if (result.state === 'failed')
      await storage.payments.releaseRefund(input.websiteId, payment.id, input.amountMinor);
    return result;
  } catch (error) {
    // Unreachable provider: the refund may or may not have happened. Un-booking lets the owner retry with the
    // same idempotency key, which the provider answers with the first result instead of refunding twice.
    await storage.payments.releaseRefund(input.websiteId, payment.id, input.amountMinor);
    throw error;
  }
}

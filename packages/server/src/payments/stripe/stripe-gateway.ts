import Stripe from 'stripe';
import {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentSnapshot,
  type PaymentState,
  type VerifiedWebhook,
} from '../payment-gateway.js';

/*
 * Stripe through its hosted Checkout page: we create a Checkout Session for the order's amount and send the
 * shopper there; Stripe collects card, SEPA-Lastschrift, Klarna, Apple Pay / Google Pay (the methods the
 * merchant switched on in the Dashboard, as no `payment_method_types` are named) and does 3-D Secure itself.
 * Card data never passes our server.
 */

export interface StripeGatewayOptions {
  secretKey: string;
  /** whsec_…: the signing secret of the webhook endpoint the merchant created for this site. */
  webhookSecret?: string;
  /** STRIPE_API_BASE: scheme, host and port of another Stripe API (a local fake in tests). */
  apiBase?: string;
  timeoutMs?: number;
  /** The SDK retries connection errors with the same idempotency key; tests set 0. */
  maxNetworkRetries?: number;
}

/**
 * The payment intent events of a renewal charged off-session (no Checkout Session): a SEPA-Lastschrift
 * that was `processing` succeeds or fails days later.
 */
const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.canceled',
]);

/** A renewal's payment is a PaymentIntent of its own; hosted payments are Checkout Sessions (cs_…). */
const isIntentId = (id: string) => id.startsWith('pi_');

/** The session events that change what we know of a payment. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/**
 * Starts an SDK request without a stack trace of its caller. The SDK formats one on every request
 * (`new Error().stack`, to name the call site should the request fail): measured, the biggest single piece of
 * a card checkout's Checkout Session in CPU (bench/cart/profile-checkout.mjs --card). Every SDK error becomes
 * one of ours (stripeFailure) that never shows that call site, so the synchronous start of the request (all
 * the SDK does before its first await) runs with no frames to collect; the limit is back before anything else
 * runs.
 */
function withoutCallSite<T>(request: () => Promise<T>): Promise<T> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return request();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export function stripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
    ...baseUrlOptions(options.apiBase),
  });

  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await withoutCallSite(request);
    } catch (error) {
      throw stripeFailure(error);
    }
  };

  const retrieve = (sessionId: string) =>
    call(() => stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));

  return {
    provider: 'stripe',

    async startPayment(input) {
      const metadata = {
        orderId: input.orderId,
        websiteId: input.websiteId,
        orderNumber: String(input.orderNumber),
      };
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amountMinor,
                  product_data: { name: input.description },
                },
              },
            ],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            client_reference_id: input.orderId,
            locale: 'de',
            metadata,
            payment_intent_data: {
              metadata,
              description: input.description,
              ...(input.saveForFutureUse ? { setup_future_usage: 'off_session' as const } : {}),
            },
            ...(input.saveForFutureUse ? { customer_creation: 'always' as const } : {}),
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentGatewayError('rejected', 'no_session_url');
      return { providerPaymentId: session.id, redirectUrl: session.url, state: 'requires_action' };
    },

    async fetchPayment(paymentId) {
      if (isIntentId(paymentId)) {
        return intentSnapshotOf(await call(() => stripe.paymentIntents.retrieve(paymentId)));
      }
      return snapshotOf(await retrieve(paymentId));
    },

    async refund(input) {
      const paymentIntent = isIntentId(input.providerPaymentId)
        ? input.providerPaymentId
        : idOf((await retrieve(input.providerPaymentId)).payment_intent);
      if (!paymentIntent) throw new PaymentGatewayError('rejected', 'no_payment_intent');
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: paymentIntent, amount: input.amountMinor },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return {
        refundId: refund.id,
        amountMinor: refund.amount,
        currency: refund.currency.toUpperCase(),
        state:
          refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending',
      };
    },

    async chargeOffSession(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const state: PaymentState =
          intent.status === 'succeeded' ? 'paid' : intent.status === 'processing' ? 'pending' : 'failed';
        return {
          providerPaymentId: intent.id,
          state,
          ...(state === 'failed' ? { failureCode: intent.last_payment_error?.code ?? intent.status } : {}),
        };
      } catch (error) {
        const failure = stripeFailure(error);
        // A decline (card_declined, authentication_required off-session) is an answer, not an outage.
        if (failure.kind !== 'declined') throw failure;
        const intentId = (error as { raw?: { payment_intent?: { id?: string } } }).raw?.payment_intent?.id;
        return {
          providerPaymentId: intentId ?? '',
          state: 'failed',
          failureCode: failure.providerCode ?? 'declined',
        };
      }
    },

    async verifyWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (!options.webhookSecret || typeof signature !== 'string') {
        throw new PaymentGatewayError('invalid_signature');
      }
      let event: Stripe.Event;
      try {
        // The SDK checks the HMAC over the raw bytes and refuses timestamps older than 5 minutes (replays).
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw new PaymentGatewayError('invalid_signature');
      }
      const verified: VerifiedWebhook = { eventId: event.id, type: event.type };
      if (SESSION_EVENTS.has(event.type)) {
        const session = event.data.object as Stripe.Checkout.Session;
        verified.providerPaymentId = session.id;
        const payment = snapshotOf(session);
        if (event.type === 'checkout.session.async_payment_failed') payment.state = 'failed';
        verified.payment = payment;
      } else if (INTENT_EVENTS.has(event.type)) {
        const intent = event.data.object as Stripe.PaymentIntent;
        verified.providerPaymentId = intent.id;
        verified.payment = intentSnapshotOf(intent);
      }
      return verified;
    },

    async checkKeys() {
      await call(() => stripe.balance.retrieve());
    },
  };
}

function baseUrlOptions(apiBase: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/**
 * A session's state: complete and paid is paid; complete but unpaid is a SEPA-Lastschrift still on its way;
 * an open session is decided by its payment intent (3-D Secure pending, declined); expired is cancelled.
 */
function stateOf(session: Stripe.Checkout.Session): { state: PaymentState; failureCode?: string } {
  if (session.status === 'complete') {
    return { state: session.payment_status === 'unpaid' ? 'pending' : 'paid' };
  }
  if (session.status === 'expired') return { state: 'cancelled' };
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  if (!intent) return { state: 'requires_action' };
  switch (intent.status) {
    case 'succeeded':
      return { state: 'paid' };
    case 'processing':
      return { state: 'pending' };
    case 'canceled':
      return { state: 'cancelled' };
    case 'requires_payment_method':
      return intent.last_payment_error
        ? { state: 'failed', failureCode: intent.last_payment_error.code ?? 'declined' }
        : { state: 'requires_action' };
    default:
      return { state: 'requires_action' };
  }
}

function snapshotOf(session: Stripe.Checkout.Session): PaymentSnapshot {
  const { state, failureCode } = stateOf(session);
  const snapshot: PaymentSnapshot = {
    providerPaymentId: session.id,
    state,
    amountMinor: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
  };
  if (session.metadata?.orderId) snapshot.orderId = session.metadata.orderId;
  const customerId = idOf(session.customer as string | { id: string } | null);
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const paymentMethodId = idOf(intent?.payment_method as string | { id: string } | null | undefined);
  if (customerId && paymentMethodId) {
    snapshot.customerId = customerId;
    snapshot.paymentMethodId = paymentMethodId;
  }
  if (session.metadata?.websiteId) snapshot.websiteId = session.metadata.websiteId;
  if (failureCode) snapshot.failureCode = failureCode;
  return snapshot;
}

/** A payment intent of its own (a renewal): its status is the state, its metadata our ids. */
function intentSnapshotOf(intent: Stripe.PaymentIntent): PaymentSnapshot {
  const state: PaymentState =
    intent.status === 'succeeded'
      ? 'paid'
      : intent.status === 'processing'
        ? 'pending'
        : intent.status === 'canceled'
          ? 'cancelled'
          : intent.last_payment_error
            ? 'failed'
            : 'requires_action';
  const snapshot: PaymentSnapshot = {
    providerPaymentId: intent.id,
    state,
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
  };
  if (intent.metadata?.websiteId) snapshot.websiteId = intent.metadata.websiteId;
  if (state === 'failed') snapshot.failureCode = intent.last_payment_error?.code ?? 'declined';
  return snapshot;
}

/** Stripe's error classes to our failure kinds; anything unexpected counts as "not reachable". */
export function stripeFailure(error: unknown): PaymentGatewayError {
  if (error instanceof PaymentGatewayError) return error;
  const errors = Stripe.errors;
  if (error instanceof errors.StripeCardError) return new PaymentGatewayError('declined', error.code);
  if (error instanceof errors.StripeAuthenticationError || error instanceof errors.StripePermissionError) {
    return new PaymentGatewayError('invalid_keys', error.code);
  }
  if (error instanceof errors.StripeInvalidRequestError) {
    return error.statusCode === 404 || error.code === 'resource_missing'
      ? new PaymentGatewayError('not_found', error.code)
      : new PaymentGatewayError('rejected', error.code);
  }
  if (error instanceof errors.StripeSignatureVerificationError)
    return new PaymentGatewayError('invalid_signature');
  // StripeConnectionError (timeout, refused), StripeAPIError (5xx), StripeRateLimitError and the unknown.
  return new PaymentGatewayError('unavailable', error instanceof errors.StripeError ? error.type : undefined);
}

import { Agent as HttpsAgent } from 'node:https';
import { connect as netConnect } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { minorToDecimalString, parseDecimalToMinor } from '@baukasten/commerce';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type Order,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalPaymentTokenCustomerType,
  PaypalPaymentTokenUsageType,
  PaypalWalletContextShippingPreference,
  type PaypalWalletVaultInstruction,
  PaypalWalletVaultStatus,
  StoreInVaultInstruction,
  UsagePattern,
} from '@paypal/paypal-server-sdk';
import {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  type OffSessionCharge,
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentSnapshot,
  type PaymentState,
} from '../payment-gateway.js';

/*
 * PayPal Orders v2 through the official server SDK: create an order for the amount (the shopper approves it
 * in PayPal's window), capture it when the shopper is back or when PayPal's webhook says it was approved,
 * refund captures. Webhooks are checked by PayPal's verify-webhook-signature API, which the SDK does not
 * wrap; that one call is made here with the SDK's own OAuth token.
 *
 * Subscriptions (issue #20, docs/decisions/020-paypal-vault-for-renewals.md): a first payment with
 * `saveForFutureUse` asks PayPal to vault the shopper's PayPal wallet with the purchase
 * (`attributes.vault.store_in_vault: ON_SUCCESS`, merchant usage, consumer); once captured, the order's
 * `payment_source.paypal.attributes.vault` names the payment token (`id`, status VAULTED) and PayPal's
 * customer. A renewal is one order created with that token as `payment_source.paypal.vault_id` and intent
 * CAPTURE, which PayPal completes at once, without the shopper.
 */

export interface PayPalGatewayOptions {
  clientId: string;
  clientSecret: string;
  /** The id of the webhook the merchant registered for this site (verify-webhook-signature needs it). */
  webhookId?: string;
  mode: 'test' | 'live';
  /** PAYPAL_API_BASE: scheme, host and port of another PayPal API (a local fake in tests). */
  apiBase?: string;
  timeoutMs?: number;
}

const API_BASE = { test: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

export function paypalGateway(options: PayPalGatewayOptions): PaymentGateway {
  const timeout = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
    },
    environment: options.mode === 'live' ? Environment.Production : Environment.Sandbox,
    timeout,
    httpClientOptions: {
      timeout,
      retryConfig: { maxNumberOfRetries: 0 },
      ...(options.apiBase ? { httpsAgent: new BaseUrlAgent(new URL(options.apiBase)) } : {}),
    },
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);
  const apiBase = options.apiBase?.replace(/\/$/, '') ?? API_BASE[options.mode];

  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw paypalFailure(error);
    }
  };

  const fetchOrder = async (id: string) => (await call(() => orders.getOrder({ id }))).result;

  return {
    provider: 'paypal',

    async startPayment(input) {
      const { result } = await call(() =>
        orders.createOrder({
          paypalRequestId: input.idempotencyKey,
          prefer: 'return=minimal',
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: input.orderId,
                customId: `${input.websiteId}:${input.orderId}`,
                invoiceId: `${input.websiteId}-${input.orderNumber}`,
                description: input.description.slice(0, 127),
                amount: {
                  currencyCode: input.currency,
                  value: minorToDecimalString(input.amountMinor, input.currency),
                },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: input.successUrl,
                  cancelUrl: input.cancelUrl,
                  userAction: PaypalExperienceUserAction.PayNow,
                  locale: 'de-DE',
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                },
                ...(input.saveForFutureUse
                  ? { attributes: { vault: vaultInstruction(input.description) } }
                  : {}),
              },
            },
          },
        }),
      );
      // payment_source.paypal answers PAYER_ACTION_REQUIRED with a "payer-action" link; the older
      // application_context flow called it "approve".
      const approve = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!result.id || !approve) throw new PaymentGatewayError('rejected', 'no_approve_link');
      return { providerPaymentId: result.id, redirectUrl: approve.href, state: 'requires_action' };
    },

    async fetchPayment(orderId) {
      return snapshotOf(await fetchOrder(orderId));
    },

    async capture(orderId, idempotencyKey) {
      try {
        const { result } = await orders.captureOrder({
          id: orderId,
          paypalRequestId: idempotencyKey,
          prefer: 'return=representation',
        });
        return snapshotOf(result);
      } catch (error) {
        const failure = paypalFailure(error);
        // Captured before (by the other door, or a request whose answer was lost): read what there is.
        if (failure.providerCode === 'ORDER_ALREADY_CAPTURED') return snapshotOf(await fetchOrder(orderId));
        if (failure.kind === 'declined') {
          const order = snapshotOf(await fetchOrder(orderId));
          return { ...order, state: 'failed', failureCode: failure.providerCode ?? 'DECLINED' };
        }
        throw failure;
      }
    },

    async chargeOffSession(input) {
      const request = {
        paypalRequestId: input.idempotencyKey,
        prefer: 'return=representation',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              ...(input.metadata.subscriptionId ? { referenceId: input.metadata.subscriptionId } : {}),
              // Only the website: the order of a renewal is placed after its charge, so there is no order id
              // to cross-check yet (snapshotOf reads `website:order` pairs only).
              ...(input.metadata.websiteId ? { customId: input.metadata.websiteId } : {}),
              description: input.description.slice(0, 127),
              amount: {
                currencyCode: input.currency,
                value: minorToDecimalString(input.amountMinor, input.currency),
              },
            },
          ],
          // The saved wallet alone: no payer, no experience context, nobody to approve.
          paymentSource: { paypal: { vaultId: input.paymentMethodId } },
        },
      };
      let order: Order;
      try {
        order = (await orders.createOrder(request)).result;
      } catch (error) {
        const failure = paypalFailure(error);
        // Declined by PayPal (INSTRUMENT_DECLINED, PAYER_ACTION_REQUIRED...): a failed charge, not an error.
        if (failure.kind === 'declined') return declinedCharge(failure.providerCode);
        throw failure;
      }
      // PayPal completes a vaulted order with intent CAPTURE in the create call; should it only approve it,
      // the capture follows with a key derived from ours (a repeat takes the money once).
      if (order.status === 'APPROVED' && order.id) {
        const id = order.id;
        try {
          order = (
            await orders.captureOrder({
              id,
              paypalRequestId: `${input.idempotencyKey}-capture`,
              prefer: 'return=representation',
            })
          ).result;
        } catch (error) {
          const failure = paypalFailure(error);
          if (failure.providerCode === 'ORDER_ALREADY_CAPTURED') order = await fetchOrder(id);
          else if (failure.kind === 'declined') return declinedCharge(failure.providerCode, id);
          else throw failure;
        }
      }
      const snapshot = snapshotOf(order);
      const charge: OffSessionCharge = {
        providerPaymentId: snapshot.providerPaymentId,
        // Anything but a completed or pending capture is no money: declined for the renewal's retries.
        state: snapshot.state === 'paid' || snapshot.state === 'pending' ? snapshot.state : 'failed',
      };
      if (charge.state === 'failed') charge.failureCode = snapshot.failureCode ?? order.status ?? 'DECLINED';
      return charge;
    },

    async refund(input) {
      const order = snapshotOf(await fetchOrder(input.providerPaymentId));
      if (!order.captureId) throw new PaymentGatewayError('rejected', 'no_capture');
      const { result } = await call(() =>
        payments.refundCapturedPayment({
          captureId: order.captureId!,
          paypalRequestId: input.idempotencyKey,
          prefer: 'return=representation',
          body: {
            amount: {
              currencyCode: input.currency,
              value: minorToDecimalString(input.amountMinor, input.currency),
            },
          },
        }),
      );
      const currency = result.amount?.currencyCode ?? input.currency;
      return {
        refundId: result.id ?? '',
        amountMinor: result.amount ? toMinor(result.amount.value, currency) : input.amountMinor,
        currency,
        state:
          result.status === 'COMPLETED'
            ? 'succeeded'
            : result.status === 'FAILED' || result.status === 'CANCELLED'
              ? 'failed'
              : 'pending',
      };
    },

    async verifyWebhook(rawBody, headers) {
      const text = Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody;
      const one = (name: string) => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const transmission = {
        auth_algo: one('paypal-auth-algo'),
        cert_url: one('paypal-cert-url'),
        transmission_id: one('paypal-transmission-id'),
        transmission_sig: one('paypal-transmission-sig'),
        transmission_time: one('paypal-transmission-time'),
      };
      let event: { id?: string; event_type?: string; resource?: Record<string, any> };
      try {
        event = JSON.parse(text);
      } catch {
        throw new PaymentGatewayError('invalid_signature');
      }
      if (!options.webhookId || Object.values(transmission).some((v) => !v) || !event.id) {
        throw new PaymentGatewayError('invalid_signature');
      }
      const token = await call(() => client.clientCredentialsAuthManager.fetchToken());
      let verification: { verification_status?: string };
      try {
        const response = await fetch(`${apiBase}/v1/notifications/verify-webhook-signature`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json' },
          // The event goes back exactly as received: PayPal checks the signature over its CRC32.
          body: `{${Object.entries({ ...transmission, webhook_id: options.webhookId })
            .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
            .join(',')},"webhook_event":${text}}`,
          signal: AbortSignal.timeout(timeout),
        });
        if (response.status === 401) throw new PaymentGatewayError('invalid_keys');
        if (!response.ok) throw new PaymentGatewayError(response.status >= 500 ? 'unavailable' : 'rejected');
        verification = (await response.json()) as { verification_status?: string };
      } catch (error) {
        throw error instanceof PaymentGatewayError ? error : new PaymentGatewayError('unavailable');
      }
      if (verification.verification_status !== 'SUCCESS') throw new PaymentGatewayError('invalid_signature');
      return {
        eventId: event.id,
        type: event.event_type ?? '',
        ...(orderIdOf(event) ? { providerPaymentId: orderIdOf(event) } : {}),
      };
    },

    async checkKeys() {
      await call(() => client.clientCredentialsAuthManager.fetchToken());
    },
  };
}

/** The order an event is about: the order itself (CHECKOUT.ORDER.*) or the capture's order (PAYMENT.CAPTURE.*). */
function orderIdOf(event: { event_type?: string; resource?: Record<string, any> }): string | undefined {
  if (event.event_type?.startsWith('CHECKOUT.ORDER.')) return event.resource?.id;
  if (event.event_type?.startsWith('PAYMENT.CAPTURE.'))
    return event.resource?.supplementary_data?.related_ids?.order_id;
  return undefined;
}

const toMinor = (value: string, currency: string): number => {
  const minor = parseDecimalToMinor(value, currency);
  return typeof minor === 'number' ? minor : Number.NaN;
};

function snapshotOf(order: Order): PaymentSnapshot {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  const money = capture?.amount ?? unit?.amount;
  const currency = money?.currencyCode ?? '';
  let state: PaymentState;
  switch (order.status) {
    case 'COMPLETED':
      state =
        capture?.status === 'COMPLETED'
          ? 'paid'
          : capture?.status === 'DECLINED' || capture?.status === 'FAILED'
            ? 'failed'
            : 'pending';
      break;
    case 'APPROVED':
      state = 'pending';
      break;
    case 'VOIDED':
      state = 'cancelled';
      break;
    default:
      // CREATED, SAVED, PAYER_ACTION_REQUIRED: the shopper has not approved yet.
      state = 'requires_action';
  }
  const snapshot: PaymentSnapshot = {
    providerPaymentId: order.id ?? '',
    state,
    amountMinor: money ? toMinor(money.value, currency) : 0,
    currency,
  };
  const [websiteId, orderId] = (unit?.customId ?? '').split(':');
  if (websiteId && orderId) {
    snapshot.websiteId = websiteId;
    snapshot.orderId = orderId;
  }
  if (capture?.id) snapshot.captureId = capture.id;
  if (order.status === 'APPROVED') snapshot.needsCapture = true;
  if (state === 'failed') snapshot.failureCode = capture?.status ?? 'DECLINED';
  // A payment made with `saveForFutureUse`: the vaulted wallet, once PayPal has stored it. APPROVED or
  // CREATED means PayPal has not finished; the renewal asks again later (subscription-renewals.ts).
  const vault = order.paymentSource?.paypal?.attributes?.vault;
  if (vault?.id && vault.status === PaypalWalletVaultStatus.Vaulted) {
    snapshot.paymentMethodId = vault.id;
    if (vault.customer?.id) snapshot.customerId = vault.customer.id;
  }
  return snapshot;
}

/**
 * Vault with purchase (PayPal "save payment methods", Orders v2): stored only when the payment succeeds,
 * for charges the merchant starts, for a consumer. Each subscription gets a token of its own
 * (`permit_multiple_payment_tokens`): the shopper is a guest to us, with no PayPal customer id to pass.
 */
function vaultInstruction(description: string): PaypalWalletVaultInstruction {
  return {
    storeInVault: StoreInVaultInstruction.OnSuccess,
    usageType: PaypalPaymentTokenUsageType.Merchant,
    customerType: PaypalPaymentTokenCustomerType.Consumer,
    usagePattern: UsagePattern.SubscriptionPrepaid,
    permitMultiplePaymentTokens: true,
    description: description.slice(0, 127),
  };
}

const declinedCharge = (code: string | undefined, providerPaymentId = ''): OffSessionCharge => ({
  providerPaymentId,
  state: 'failed',
  failureCode: code ?? 'DECLINED',
});

/** PayPal's error body (`{name, message, details: [{issue}]}`) and HTTP status to our failure kinds. */
export function paypalFailure(error: unknown): PaymentGatewayError {
  if (error instanceof PaymentGatewayError) return error;
  if (error instanceof ApiError) {
    const body = parseBody(error.body);
    const issue: string | undefined = body?.details?.[0]?.issue ?? body?.name ?? body?.error;
    if (error.statusCode === 401 || error.statusCode === 403)
      return new PaymentGatewayError('invalid_keys', issue);
    if (error.statusCode === 404) return new PaymentGatewayError('not_found', issue);
    if (
      error.statusCode === 422 &&
      issue &&
      /DECLINED|INSTRUMENT|PAYER_CANNOT_PAY|TRANSACTION_REFUSED|PAYER_ACTION_REQUIRED|PAYEE_BLOCKED_TRANSACTION|COMPLIANCE_VIOLATION/.test(
        issue,
      )
    ) {
      return new PaymentGatewayError('declined', issue);
    }
    if (error.statusCode >= 500 || error.statusCode === 429)
      return new PaymentGatewayError('unavailable', issue);
    return new PaymentGatewayError('rejected', issue);
  }
  // Timeouts and refused connections come from the HTTP client below the SDK.
  return new PaymentGatewayError('unavailable');
}

function parseBody(body: unknown): Record<string, any> | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * The SDK takes its API address from the environment (sandbox or live) and has no base URL option, but it
 * does take an https agent. This one opens its connections to PAYPAL_API_BASE instead: plain TCP for an
 * http:// base (a local fake), TLS with that host's name for an https:// one (staging). Path and headers of
 * the requests stay exactly what the SDK sends.
 */
class BaseUrlAgent extends HttpsAgent {
  constructor(private readonly base: URL) {
    super({ keepAlive: false });
  }

  override createConnection(): Duplex {
    const secure = this.base.protocol === 'https:';
    const port = Number(this.base.port || (secure ? 443 : 80));
    return secure
      ? tlsConnect({ host: this.base.hostname, port, servername: this.base.hostname })
      : netConnect({ host: this.base.hostname, port });
  }
}

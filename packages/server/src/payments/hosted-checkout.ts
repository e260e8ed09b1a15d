import type {
  Order,
  Payment,
  PaymentProviderName,
  PaymentProviderSettings,
  Storage,
  Website,
} from '@baukasten/storage';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { testPaymentsAllowed } from '../commerce/test-mode.js';
import { HttpError } from '../http-error.js';
import { keptWithWebsite } from '../kept-with-website.js';
import { extendReservation } from './payment-deadlines.js';
import { PAYMENT_MESSAGES, type PaymentGateway, PaymentGatewayError } from './payment-gateway.js';
import type { PaymentSetup } from './payment-setup.js';
import {
  type SettleHooks,
  type SettleOutcome,
  settleOnReturn,
  startProviderPayment,
} from './settle-payment.js';

/*
 * Paying an order at Stripe or PayPal from the shop's checkout. The order is placed first (payment
 * AWAITING_PAYMENT, stock taken, cart bought); then, outside any transaction, the provider is asked for a
 * payment and the shopper is sent to its page. Nothing of the card or the PayPal login passes our server.
 * The shopper comes back to `/checkout/zahlung/<provider>?orderId=…`, where we ask the provider ourselves
 * (the query string is never trusted); the provider's webhook is the other door, and whichever is first
 * marks the order paid (settle-payment.ts).
 *
 * A provider that is down answers the shopper in German on the confirmation page, where the order (the
 * cart as it was bought) waits with a "Zahlung erneut versuchen" button; nothing was charged.
 */

/** An order placed this recently still has the full reservation its transaction scheduled. */
const FRESH_ORDER_MS = 5_000;

export const HOSTED_PROVIDERS: readonly PaymentProviderName[] = ['stripe', 'paypal'];
export const isHostedMethod = (method: unknown): method is PaymentProviderName =>
  method === 'stripe' || method === 'paypal';

/** The path the provider sends the shopper back to. */
export const returnPath = (provider: PaymentProviderName) => `/checkout/zahlung/${provider}`;
/** The form the confirmation page posts to try the payment again. */
export const retryPath = (orderId: string) => `/api/commerce/orders/${encodeURIComponent(orderId)}/payment`;

/**
 * A hosted provider inside the checkout: placing the order takes no money yet (AWAITING_PAYMENT); the
 * payment itself starts after the order transaction.
 */
export function hostedProvider(id: PaymentProviderName, testMode: boolean): PaymentProvider {
  return {
    id,
    testMode,
    async authorize() {
      return { ok: true, reference: `${id}-pending`, status: 'AWAITING_PAYMENT' };
    },
    async release() {},
  };
}

/** What the confirmation page tells about a provider payment that is not paid yet. */
export const PAYMENT_STATE_TEXTS = {
  requires_action:
    'Die Zahlung ist noch nicht abgeschlossen. Du kannst sie beim Zahlungsanbieter fortsetzen.',
  started: 'Die Zahlung ist noch nicht abgeschlossen. Du kannst sie beim Zahlungsanbieter fortsetzen.',
  pending:
    'Zahlung in Bearbeitung: Deine Zahlung wird gerade bestätigt (zum Beispiel eine SEPA-Lastschrift). Downloads und Gutscheincodes bekommst du, sobald sie eingegangen ist – wir schicken dir dann eine E-Mail.',
  /** Back from the provider, but it did not answer our question in time: the webhook will tell. */
  checking:
    'Wir prüfen deine Zahlung gerade beim Zahlungsanbieter. Bitte zahle nicht noch einmal – wir schicken dir eine E-Mail, sobald sie bestätigt ist.',
  failed: PAYMENT_MESSAGES.declined,
  cancelled:
    'Die Zahlung wurde abgebrochen. Deine Bestellung ist gespeichert – du kannst sie jetzt bezahlen.',
  amount_mismatch: PAYMENT_MESSAGES.amountMismatch,
  unavailable: PAYMENT_MESSAGES.unavailable,
} as const;

export type PaymentNotice = keyof typeof PAYMENT_STATE_TEXTS;

export class HostedPayments {
  constructor(
    private readonly storage: Storage,
    readonly setup: PaymentSetup,
    readonly hooks: SettleHooks,
    private readonly serverTestMode: boolean,
  ) {}

  /**
   * The website's provider settings, read once per website object. A checkout asks which providers to offer
   * and then starts the payment, both with its request's website: one read instead of two. Storage hands out
   * the same website object only while nothing of the site changed (saving keys is such a change, here or,
   * relayed, on another instance) and for at most `websiteCacheMs`, so what is remembered with it is never
   * older than the website the request runs on.
   */
  readonly #keptSettings = keptWithWebsite(
    (storage, website): Promise<PaymentProviderSettings[]> =>
      storage.payments.listProviderSettings(website.id),
  );
  #settingsOf(website: Website): Promise<PaymentProviderSettings[]> {
    return this.#keptSettings(this.storage, website);
  }

  /**
   * The connected providers a shopper of this website may choose. Keys in test mode (sandbox, sk_test_)
   * are test payments: offered only where test payments are allowed (test-mode.ts).
   */
  async providersFor(website: Website): Promise<PaymentProvider[]> {
    const allowTest = testPaymentsAllowed(website, this.serverTestMode);
    return this.setup
      .connectedIn(await this.#settingsOf(website))
      .filter((c) => allowTest || c.mode === 'live')
      .map((c) => hostedProvider(c.provider, c.mode === 'test'));
  }

  /** The provider's gateway from the settings read with the website (PaymentSetup keeps the built ones). */
  async #gatewayFor(website: Website, provider: PaymentProviderName): Promise<PaymentGateway | undefined> {
    const settings = (await this.#settingsOf(website)).find((s) => s.provider === provider);
    return this.setup.gatewayOf(website.id, settings);
  }

  /**
   * Starts (or resumes) paying an order at its provider; answers the provider's page to send the shopper
   * to. The same order without a failed attempt gets the same payment back (idempotency key), so a double
   * click or a retry after a lost answer never opens a second payment.
   */
  async start(
    website: Website,
    order: Order,
    shopUrl: string,
    options: {
      /** A subscription's first payment: the method is saved, with the shopper's consent, for the renewals. */
      saveForFutureUse?: boolean;
      /** The order was placed by this very request (CheckoutService.placeOrder): it has no attempts yet. */
      placedNow?: boolean;
    } = {},
  ): Promise<string> {
    const method = (order.data.payment as { method?: unknown } | undefined)?.method;
    if (!isHostedMethod(method)) throw new HttpError(409, 'NOT_A_PROVIDER_ORDER', PAYMENT_MESSAGES.rejected);
    const gateway = await this.#gatewayFor(website, method);
    if (!gateway) throw new PaymentGatewayError('unavailable');
    const earlier = options.placedNow ? [] : await this.storage.payments.listByOrder(website.id, order.id);
    // Starting (again) keeps the stock for a full reservation from now: the shopper is about to pay. The
    // checkout's own start, moments after the order transaction set that reservation, skips the write (a
    // commit, with its fsync, on every card checkout) for the few milliseconds it would add.
    const now = Date.now();
    if (earlier.length > 0 || !(now - order.createdAt < FRESH_ORDER_MS)) {
      await extendReservation(this.storage, website, order.id, now);
    }
    const spent = earlier.filter((p) => ['failed', 'cancelled', 'amount_mismatch'].includes(p.status)).length;
    const orderQuery = `orderId=${encodeURIComponent(order.id)}`;
    const started = await startProviderPayment(
      this.storage,
      gateway,
      {
        websiteId: website.id,
        orderId: order.id,
        orderNumber: order.orderNumber,
        amountMinor: order.grandTotalMinor - Number(order.data.giftCardMinor ?? 0),
        currency: order.currency,
        description: `Bestellung ${order.orderNumber} – ${website.title}`,
        successUrl: `${shopUrl}${returnPath(method)}?${orderQuery}${method === 'stripe' ? '&session_id={CHECKOUT_SESSION_ID}' : ''}`,
        cancelUrl: `${shopUrl}/checkout/bestaetigt?${orderQuery}&zahlung=cancelled`,
        ...(order.customerEmail ? { customerEmail: order.customerEmail } : {}),
        idempotencyKey: `start-${order.id}-${spent}`,
        ...(options.saveForFutureUse ? { saveForFutureUse: true } : {}),
      },
      order.testMode,
    );
    return started.redirectUrl;
  }

  /** The order's latest payment at the provider (the one the shopper is coming back from). */
  async latestPayment(websiteId: string, orderId: string): Promise<Payment | undefined> {
    return (await this.storage.payments.listByOrder(websiteId, orderId)).at(-1);
  }

  /** Door 1: the shopper is back. Asks the provider about the order's latest payment and settles it. */
  async settleReturn(website: Website, orderId: string): Promise<SettleOutcome | undefined> {
    const payment = await this.latestPayment(website.id, orderId);
    if (!payment) return undefined;
    const gateway = await this.setup.gatewayFor(website.id, payment.provider);
    if (!gateway) throw new PaymentGatewayError('unavailable');
    return settleOnReturn(this.storage, gateway, website.id, payment.providerPaymentId, this.hooks);
  }
}

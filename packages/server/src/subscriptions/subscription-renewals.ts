import { formatMoney } from '@baukasten/commerce';
import type {
  ClaimedSubscriptionRenewal,
  NewEmail,
  PaymentProviderName,
  Storage,
  Subscription,
  Website,
} from '@baukasten/storage';
import { CartService } from '../commerce/cart-service.js';
import { CheckoutService } from '../commerce/checkout-service.js';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { html } from '../email/email-templates.js';
import { HttpError } from '../http-error.js';
import { RETRY_UNREACHABLE_MS } from '../payments/payment-deadlines.js';
import { type PaymentGateway, PaymentGatewayError } from '../payments/payment-gateway.js';
import { paymentOptionsOf } from '../payments/payment-options.js';
import type { PaymentSetup } from '../payments/payment-setup.js';
import { type PublicUrl, siteBaseUrl } from '../site-url.js';
import { renewalNotPlacedEmails } from './renewal-notices.js';
import {
  renewalProviderOf,
  type SavedPaymentMethod,
  savedMethodFrom,
  savedMethodOf,
} from './saved-payment-method.js';
import { addBillingPeriods } from './subscription-schedule.js';

/*
 * Subscription renewals (issue #20). The first payment saved the shopper's method with their consent — at
 * Stripe (`setup_future_usage: off_session`) or PayPal (the wallet vaulted with the purchase, decision 020)
 * — and each later period is charged off-session by this worker, through the same steps for both.
 * Every instance may run one: the period's row in `subscription_renewals` exists once (primary key on
 * subscription and period) and is claimed with a lease by a conditional UPDATE, the charge carries the
 * idempotency key `renew-<subscription>-<period>` (a worker that lost its lease mid-charge gets the provider's
 * first answer back, never a second charge; after a decline the next attempt carries `-try-<n>`, so a
 * provider that remembers its answers does not simply repeat the decline), and the period's order is placed from the period's own cart through
 * the normal checkout (a second placement answers the first order). The provider is called by the checkout's
 * `authorize`, before its transaction, never inside one.
 *
 * A declined charge mails the shopper and is tried again after `retryDelayMs`; after the owner's number of
 * attempts (`renewalAttempts`, payment settings) the subscription ends with a last mail. A provider that
 * cannot be reached counts no attempt: the renewal is simply due again a few minutes later.
 *
 * The period costs what the shopper agreed to when subscribing (the subscription's `priceMinor`), not what
 * the product costs today. A SEPA-Lastschrift answers `processing`: the order then waits for its money like
 * any Stripe order (payment row, webhook, reconciliation; renewal-notices.ts for a failure). A period whose
 * order cannot be placed (product deleted or sold out) is refunded if it was charged, once (idempotency key
 * `renew-refund-<subscription>-<period>`), and the subscription is past due with a mail to owner and shopper.
 */

export const RENEWAL_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;

export { type SavedPaymentMethod, savedMethodOf } from './saved-payment-method.js';

export interface SubscriptionRenewalWorkerOptions {
  storage: Storage;
  setup: PaymentSetup;
  publicUrl: () => PublicUrl;
  /** Between a declined charge and the next try (a day; tests set less). */
  retryDelayMs?: number;
  leaseMs?: number;
  batchSize?: number;
  now?: () => number;
  serverTestMode?: boolean;
  onError?: (error: unknown, renewal?: ClaimedSubscriptionRenewal) => void;
}

export interface RenewalRound {
  renewed: number;
  declined: number;
  ended: number;
  postponed: number;
  /** The order could not be placed (product gone or sold out): refunded if charged, subscription past due. */
  notPlaced: number;
}

/** Why a period's order could not be placed, as kept on the renewal (`last_error`). */
export type NotPlacedReason = 'product-unavailable' | 'sold-out';

/** The checkout's refusals that mean "this product cannot be ordered now", not "try again in a minute". */
const NOT_PLACEABLE: Record<string, NotPlacedReason> = {
  OUT_OF_STOCK: 'sold-out',
  CUSTOM_FORM_RENDER_ERROR_OUT_OF_STOCK: 'sold-out',
  VARIANT_UNAVAILABLE: 'product-unavailable',
  NO_VARIANT_SELECTED: 'product-unavailable',
};

type Outcome = keyof RenewalRound;

const money = (minor: number, subscription: Subscription, website: Website) =>
  formatMoney(minor, subscription.currency, website.locale);

export function renewalFailedEmail(
  website: Website,
  subscription: Subscription,
  attemptsLeft: number,
  shopUrl: string,
): NewEmail {
  const subject = `Zahlung für dein Abo „${subscription.productName}“ fehlgeschlagen`;
  const paragraphs = [
    'Hallo,',
    `die Zahlung über ${money(subscription.priceMinor * subscription.quantity, subscription, website)} für dein Abo „${subscription.productName}“ bei ${website.title} wurde abgelehnt.`,
    `Wir versuchen es in Kürze noch einmal (noch ${attemptsLeft} ${attemptsLeft === 1 ? 'Versuch' : 'Versuche'}). Bitte sorge dafür, dass dein Zahlungsmittel gedeckt ist.`,
    `Fragen? ${shopUrl}`,
  ];
  return {
    kind: 'subscription-renewal-failed',
    to: subscription.customerEmail,
    subject,
    text: paragraphs.join('\n\n'),
    html: html(subject, paragraphs),
  };
}

export function subscriptionEndedEmail(
  website: Website,
  subscription: Subscription,
  shopUrl: string,
): NewEmail {
  const subject = `Dein Abo „${subscription.productName}“ wurde beendet`;
  const paragraphs = [
    'Hallo,',
    `die Zahlung für dein Abo „${subscription.productName}“ bei ${website.title} ist wiederholt fehlgeschlagen. Das Abo ist deshalb beendet; es wird nichts mehr abgebucht.`,
    `Du kannst es jederzeit neu abschließen: ${shopUrl}`,
  ];
  return {
    kind: 'subscription-ended',
    to: subscription.customerEmail,
    subject,
    text: paragraphs.join('\n\n'),
    html: html(subject, paragraphs),
  };
}

/** What the renewal's checkout did at Stripe, for the worker to act on when the order then fails. */
interface RenewalCharge {
  cartId?: string;
  made?: { providerPaymentId: string; amountMinor: number; currency: string; state: string };
}

/** What became of a charge whose order could not be placed; the mails say it as it is. */
export type UnplacedChargeRefund = 'none' | 'refunded' | 'pending-charge';

class RenewalDeclined extends Error {
  constructor(readonly code: string) {
    super(`renewal declined: ${code}`);
  }
}

export class SubscriptionRenewalWorker {
  readonly #o: Required<Omit<SubscriptionRenewalWorkerOptions, 'onError'>> &
    Pick<SubscriptionRenewalWorkerOptions, 'onError'>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = false;

  constructor(options: SubscriptionRenewalWorkerOptions) {
    this.#o = {
      retryDelayMs: RENEWAL_RETRY_DELAY_MS,
      leaseMs: 120_000,
      batchSize: 20,
      now: Date.now,
      serverTestMode: false,
      ...options,
    };
  }

  async runDue(): Promise<RenewalRound> {
    const o = this.#o;
    const round: RenewalRound = { renewed: 0, declined: 0, ended: 0, postponed: 0, notPlaced: 0 };
    const claims = await o.storage.subscriptions.claimDueRenewals({
      now: o.now(),
      leaseMs: o.leaseMs,
      limit: o.batchSize,
    });
    for (const claim of claims) {
      try {
        round[await this.#handle(claim)] += 1;
      } catch (error) {
        o.onError?.(error, claim);
        await o.storage.subscriptions.postponeRenewal(claim, o.now() + RETRY_UNREACHABLE_MS);
        round.postponed += 1;
      }
    }
    return round;
  }

  async #handle(claim: ClaimedSubscriptionRenewal): Promise<Outcome> {
    const o = this.#o;
    const { storage } = o;
    const website = await storage.websites.findById(claim.websiteId);
    const subscription = await storage.subscriptions.findById(claim.websiteId, claim.subscriptionId);
    if (!website || !subscription || subscription.status !== 'ACTIVE') {
      await storage.subscriptions.renewalGaveUp(claim, 'subscription-inactive', o.now());
      return 'ended';
    }
    const provider = renewalProviderOf(subscription);
    const gateway = await o.setup.gatewayFor(website.id, provider);
    if (!gateway?.chargeOffSession) throw new PaymentGatewayError('unavailable');
    const saved =
      savedMethodOf(subscription) ?? (await this.#lookUpSavedMethod(gateway, provider, subscription));
    // Paid by Vorkasse or the test card: nothing saved to charge, the renewal waits (no attempt counted).
    if (!saved) {
      await storage.subscriptions.postponeRenewal(claim, o.now() + o.retryDelayMs);
      return 'postponed';
    }
    const shopUrl = siteBaseUrl(website, o.publicUrl());
    const charge: RenewalCharge = {};
    try {
      await this.#placeRenewalOrder(website, subscription, claim, gateway, saved, shopUrl, charge, provider);
      return 'renewed';
    } catch (error) {
      const notPlaced = error instanceof HttpError ? NOT_PLACEABLE[error.type] : undefined;
      if (notPlaced) {
        // Outside the checkout and its transaction: a charge made for an order that cannot be placed goes
        // back (a throw here postpones the renewal; the retry's refund carries the same key, so Stripe
        // refunds once). Then owner and shopper hear why; nothing more is charged until the owner acts.
        const refund = await this.#refundUnplacedCharge(website, subscription, claim, gateway, charge);
        return storage.transaction(async (tx): Promise<Outcome> => {
          if (!(await tx.subscriptions.renewalNotPlaced(claim, notPlaced, o.now()))) return 'postponed';
          const mails = await renewalNotPlacedEmails(
            tx,
            website,
            subscription,
            notPlaced,
            shopUrl,
            refund,
            provider,
          );
          for (const mail of mails) await tx.outbox.enqueue(website.id, mail);
          return 'notPlaced';
        });
      }
      const declined =
        error instanceof RenewalDeclined ||
        (error instanceof HttpError && error.type === 'PAYMENT_DECLINED') ||
        (error instanceof PaymentGatewayError && error.kind === 'declined');
      if (!declined) throw error;
      const code = error instanceof RenewalDeclined ? error.code : 'declined';
      const allowed = paymentOptionsOf(website).renewalAttempts;
      const attempts = claim.attempts + 1;
      return storage.transaction(async (tx): Promise<Outcome> => {
        if (attempts >= allowed) {
          if (!(await tx.subscriptions.renewalGaveUp(claim, code, o.now()))) return 'postponed';
          await tx.outbox.enqueue(website.id, subscriptionEndedEmail(website, subscription, shopUrl));
          return 'ended';
        }
        const retryAt = o.now() + o.retryDelayMs;
        if (!(await tx.subscriptions.renewalDeclined(claim, code, retryAt, o.now()))) return 'postponed';
        await tx.outbox.enqueue(
          website.id,
          renewalFailedEmail(website, subscription, allowed - attempts, shopUrl),
        );
        return 'declined';
      });
    }
  }

  /** The period's order through the normal checkout, its money taken off-session in `authorize`. */
  async #placeRenewalOrder(
    website: Website,
    subscription: Subscription,
    claim: ClaimedSubscriptionRenewal,
    gateway: PaymentGateway,
    saved: SavedPaymentMethod,
    shopUrl: string,
    charge: RenewalCharge,
    providerName: PaymentProviderName,
  ) {
    const o = this.#o;
    const { storage } = o;
    let cartId = claim.cartId;
    if (!cartId) {
      const additionalFields = subscription.data.additionalFields;
      const { cart } = await new CartService(storage).startOwnCart(
        website,
        {
          itemId: subscription.itemId,
          sku: subscription.sku,
          quantity: subscription.quantity,
          ...(typeof additionalFields === 'string' ? { additionalFields } : {}),
          ...(subscription.subscriptionOptionId
            ? { subscriptionOptionId: subscription.subscriptionOptionId }
            : {}),
        },
        { checkout: 'subscription-renewal', subscriptionId: subscription.id, period: claim.period },
        // The price agreed when subscribing, whatever the product costs today.
        subscription.priceMinor,
      );
      cartId = cart.id;
      if (!(await storage.subscriptions.setRenewalCart(claim, cartId))) {
        throw new Error('renewal claim lost');
      }
    }
    const connection = (await o.setup.connected(website.id)).find((c) => c.provider === providerName);
    charge.cartId = cartId;
    // A new key per declined attempt (the first keeps the plain period key): a repeat within one attempt
    // answers the first charge, a retry after a decline is a new charge.
    const idempotencyKey = `renew-${subscription.id}-${claim.period}${claim.attempts > 0 ? `-try-${claim.attempts + 1}` : ''}`;
    const provider: PaymentProvider = {
      id: providerName,
      testMode: connection?.mode !== 'live',
      async authorize(request) {
        const result = await gateway.chargeOffSession!({
          customerId: saved.customerId,
          paymentMethodId: saved.paymentMethodId,
          amountMinor: request.amountMinor,
          currency: request.currency,
          description: `Abo „${subscription.productName}“ – ${website.title}`,
          metadata: {
            websiteId: website.id,
            subscriptionId: subscription.id,
            period: String(claim.period),
          },
          idempotencyKey,
        });
        if (result.state === 'failed') throw new RenewalDeclined(result.failureCode ?? 'declined');
        charge.made = {
          providerPaymentId: result.providerPaymentId,
          amountMinor: request.amountMinor,
          currency: request.currency,
          state: result.state,
        };
        return {
          ok: true,
          reference: result.providerPaymentId,
          status: result.state === 'paid' ? 'PAID' : 'AWAITING_PAYMENT',
        };
      },
      // Nothing here: whether a charge goes back depends on why the order failed, which only the worker
      // knows (a lost claim means another worker places the order with this very charge).
      async release() {},
    };
    const shipping = subscription.data.shippingAddress;
    const nextBillingAt =
      subscription.numBillingCycles === 0 || claim.period < subscription.numBillingCycles
        ? addBillingPeriods(subscription.startedAt, subscription.billingPeriod, claim.period)
        : undefined;
    return new CheckoutService(storage, [], o.serverTestMode).checkout(
      website,
      cartId,
      {
        email: subscription.customerEmail,
        ...(shipping && typeof shipping === 'object' ? { shippingAddress: shipping as never } : {}),
        paymentMethod: providerName,
        giftCardCodes: [],
      },
      {
        shopUrl,
        hostedProviders: [provider],
        whenPlaced: async (tx, order) => {
          // Paid and the subscription moved on commit with the order; a lost claim undoes it all.
          if (!(await tx.subscriptions.renewalPaid(claim, order.id, nextBillingAt, o.now()))) {
            throw new Error('renewal claim lost');
          }
          // The charge as a payment of the order: a SEPA-Lastschrift still `processing` is settled by
          // Stripe's webhook or the reconciliation (payment-deadlines.ts) like any order, and refunds
          // from the editor find the payment.
          const payment = order.data.payment as { reference?: string; status?: string };
          const made = charge.made;
          if (made && payment.reference) {
            const recorded = await tx.payments.recordStarted(
              website.id,
              {
                orderId: order.id,
                provider: providerName,
                providerPaymentId: payment.reference,
                amountMinor: made.amountMinor,
                currency: made.currency,
                testMode: order.testMode,
                status: 'pending',
              },
              o.now(),
            );
            if (payment.status === 'PAID') await tx.payments.markPaid(website.id, recorded.id, o.now());
          }
        },
      },
    );
  }

  /**
   * Gives back the charge of a period whose order could not be placed, once (idempotency key of the
   * period). Money of an order that exists after all (another worker placed it) stays. A SEPA-Lastschrift
   * still `processing` cannot be refunded yet: the owner is told to refund it when it has arrived.
   */
  async #refundUnplacedCharge(
    website: Website,
    subscription: Subscription,
    claim: ClaimedSubscriptionRenewal,
    gateway: PaymentGateway,
    charge: RenewalCharge,
  ): Promise<UnplacedChargeRefund> {
    const made = charge.made;
    if (!made?.providerPaymentId) return 'none';
    const placed = charge.cartId
      ? await this.#o.storage.orders.findByCart(website.id, charge.cartId)
      : undefined;
    if ((placed?.data.payment as { reference?: unknown } | undefined)?.reference === made.providerPaymentId) {
      return 'none';
    }
    if (made.state !== 'paid') return 'pending-charge';
    await gateway.refund({
      providerPaymentId: made.providerPaymentId,
      amountMinor: made.amountMinor,
      currency: made.currency,
      idempotencyKey: `renew-refund-${subscription.id}-${claim.period}`,
    });
    return 'refunded';
  }

  /**
   * Nothing saved with the first payment (its webhook came before the method was known, or PayPal had not
   * finished vaulting the wallet): the saved method is asked of the provider once, and kept.
   */
  async #lookUpSavedMethod(
    gateway: PaymentGateway,
    provider: PaymentProviderName,
    subscription: Subscription,
  ): Promise<SavedPaymentMethod | undefined> {
    const payments = await this.#o.storage.payments.listByOrder(subscription.websiteId, subscription.orderId);
    const paid = payments.find((p) => p.provider === provider && p.status === 'paid');
    if (!paid) return undefined;
    const saved = savedMethodFrom(provider, await gateway.fetchPayment(paid.providerPaymentId));
    if (!saved) return undefined;
    await this.#o.storage.subscriptions.mergeData(subscription.websiteId, subscription.id, {
      [provider]: saved,
    });
    return saved;
  }

  /** Polls every intervalMs until stop(). */
  start(intervalMs = 60_000): void {
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

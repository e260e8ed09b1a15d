import type { PaymentProviderName } from '@baukasten/storage';

/*
 * One interface for the hosted payment providers (Stripe Checkout, PayPal Orders v2). The shopper pays on
 * the provider's page, so card data never reaches our server; we only start a payment, ask the provider
 * what became of it, and read its signed webhooks. Every answer is normalised to one of five states with
 * the amount in integer minor units, so the settlement step (settle-payment.ts) knows nothing of either
 * provider's vocabulary.
 */

/**
 * paid: the money is the merchant's. pending: paid with a method that confirms later (SEPA-Lastschrift), or
 * approved at PayPal and waiting for our capture. requires_action: the shopper still has to do something
 * (approve at PayPal, 3-D Secure). failed: declined. cancelled: abandoned or expired.
 */
export type PaymentState = 'paid' | 'pending' | 'requires_action' | 'failed' | 'cancelled';

export interface StartPaymentInput {
  websiteId: string;
  orderId: string;
  orderNumber: number;
  /** What the provider is asked to collect: the order's grand total minus gift cards, in minor units. */
  amountMinor: number;
  currency: string;
  /** One line for the provider's page and the shopper's statement, e.g. "Bestellung 1042 – Kaffeerösterei". */
  description: string;
  /** Where the provider sends the shopper back; Stripe fills `{CHECKOUT_SESSION_ID}` in. */
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** Same key for a repeated start of the same order: the provider creates one payment, not two. */
  idempotencyKey: string;
  /**
   * A subscription's first payment: the shopper agrees (consent text at the checkout) that the method is
   * kept for the renewals, charged without them (Stripe `setup_future_usage: off_session`, SEPA mandate).
   */
  saveForFutureUse?: boolean;
}

/** A renewal charged without the shopper, against the method saved with their first payment. */
export interface OffSessionChargeInput {
  /** Stripe: the customer of the saved method. PayPal: PayPal's customer of the vaulted wallet (not sent). */
  customerId: string;
  /** Stripe: the saved payment method. PayPal: the vaulted wallet's payment token, sent as `vault_id`. */
  paymentMethodId: string;
  amountMinor: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  /** One per (subscription, period): a repeated charge answers the first one. */
  idempotencyKey: string;
}

export interface OffSessionCharge {
  providerPaymentId: string;
  /** paid, pending (SEPA on its way) or failed (declined). */
  state: PaymentState;
  failureCode?: string;
}

export interface StartedPayment {
  providerPaymentId: string;
  /** The provider's hosted page the shopper is sent to. */
  redirectUrl: string;
  state: PaymentState;
}

export interface PaymentSnapshot {
  providerPaymentId: string;
  state: PaymentState;
  amountMinor: number;
  currency: string;
  /** Our ids as we gave them to the provider (metadata / custom_id); for cross-checking. */
  orderId?: string;
  websiteId?: string;
  /** The provider's code for a decline (card_declined, INSTRUMENT_DECLINED), for the owner's order view. */
  failureCode?: string;
  /** PayPal: the capture id, which refunds refer to. */
  captureId?: string;
  /** PayPal: the shopper approved; the money is ours only after `capture`. */
  needsCapture?: boolean;
  /** Stripe, a payment made with `saveForFutureUse`: the customer and saved method (never card data). */
  customerId?: string;
  /**
   * PayPal, a payment made with `saveForFutureUse` once the wallet is VAULTED: `customerId` is PayPal's
   * customer and `paymentMethodId` the payment token (`payment_source.paypal.attributes.vault.id`).
   */
  paymentMethodId?: string;
}

export interface RefundInput {
  providerPaymentId: string;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
}

export interface RefundResult {
  refundId: string;
  amountMinor: number;
  currency: string;
  state: 'succeeded' | 'pending' | 'failed';
}

/** A webhook whose signature the provider (or its SDK) confirmed. */
export interface VerifiedWebhook {
  eventId: string;
  type: string;
  /** The payment the event is about, when it is about one we start (Checkout Session, PayPal order). */
  providerPaymentId?: string;
  /**
   * The payment's state as the signed event tells it (Stripe); absent when the event only names the payment
   * and the settlement has to ask the provider (PayPal).
   */
  payment?: PaymentSnapshot;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentGateway {
  readonly provider: PaymentProviderName;
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /** Our own server-side question to the provider: what became of this payment? */
  fetchPayment(providerPaymentId: string): Promise<PaymentSnapshot>;
  /** PayPal: takes the approved money. Repeating it for a captured order answers with the paid state. */
  capture?(providerPaymentId: string, idempotencyKey: string): Promise<PaymentSnapshot>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** Stripe: charges a saved method off-session (subscription renewals); throws only when unreachable. */
  chargeOffSession?(input: OffSessionChargeInput): Promise<OffSessionCharge>;
  /** Throws PaymentGatewayError('invalid_signature') for anything the provider did not sign. */
  verifyWebhook(rawBody: Buffer | string, headers: WebhookHeaders): Promise<VerifiedWebhook>;
  /** One cheap authenticated call: resolves when the keys work, throws invalid_keys when they do not. */
  checkKeys(): Promise<void>;
}

/**
 * unavailable: timeout, connection refused, 5xx: try again later. declined: the shopper's method was
 * refused. invalid_keys: the provider does not accept the merchant's keys. invalid_signature: a webhook
 * that was not signed by the provider. rejected: the provider refused the request itself (our bug or
 * an odd order). not_found: no such payment at the provider.
 */
export type PaymentFailureKind =
  | 'unavailable'
  | 'declined'
  | 'invalid_keys'
  | 'invalid_signature'
  | 'rejected'
  | 'not_found';

export const PAYMENT_MESSAGES = {
  unavailable:
    'Der Zahlungsanbieter ist gerade nicht erreichbar. Deine Bestellung ist gespeichert – bitte versuche die Zahlung in ein paar Minuten erneut.',
  declined: 'Die Zahlung wurde abgelehnt. Bitte wähle eine andere Zahlungsart oder versuche es erneut.',
  invalidKeys: 'Der Zahlungsanbieter hat die Zugangsdaten abgelehnt. Bitte prüfe die Schlüssel.',
  invalidSignature: 'Die Signatur der Benachrichtigung ist ungültig.',
  rejected: 'Der Zahlungsanbieter hat die Zahlung nicht angenommen. Bitte versuche es erneut.',
  notFound: 'Diese Zahlung ist beim Zahlungsanbieter unbekannt.',
  amountMismatch:
    'Der gezahlte Betrag stimmt nicht mit der Bestellung überein. Die Bestellung wurde nicht als bezahlt markiert.',
  unknownPayment: 'Zu dieser Zahlung gibt es keine Bestellung.',
} as const;

const MESSAGE_OF: Record<PaymentFailureKind, string> = {
  unavailable: PAYMENT_MESSAGES.unavailable,
  declined: PAYMENT_MESSAGES.declined,
  invalid_keys: PAYMENT_MESSAGES.invalidKeys,
  invalid_signature: PAYMENT_MESSAGES.invalidSignature,
  rejected: PAYMENT_MESSAGES.rejected,
  not_found: PAYMENT_MESSAGES.notFound,
};

/** HTTP status a route answers with for each failure (webhook with a forged signature: 400). */
export const FAILURE_STATUS: Record<PaymentFailureKind, number> = {
  unavailable: 503,
  declined: 402,
  invalid_keys: 502,
  invalid_signature: 400,
  rejected: 502,
  not_found: 404,
};

/** What went wrong at the provider, with the German text the checkout or the editor shows. */
export class PaymentGatewayError extends Error {
  readonly status: number;
  constructor(
    readonly kind: PaymentFailureKind,
    /** The provider's own code (card_declined, INSTRUMENT_DECLINED), never shown to the shopper as is. */
    readonly providerCode?: string,
    message: string = MESSAGE_OF[kind],
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
    this.status = FAILURE_STATUS[kind];
  }
}

/** How long we wait for a provider before telling the shopper it is not reachable. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 20_000;

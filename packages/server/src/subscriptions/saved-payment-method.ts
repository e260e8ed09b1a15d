import type { PaymentProviderName, Subscription } from '@baukasten/storage';

/*
 * The payment method a subscription's renewals are charged with, saved with the shopper's consent at the
 * first payment (issue #20). Ids only, never card data or a PayPal login, kept in the subscription's data
 * under the provider's name (payments/order-paid.ts writes it when the first payment is settled):
 *
 *   stripe: { customerId, paymentMethodId }  the Stripe customer and its saved card or SEPA mandate
 *   paypal: { customerId, paymentMethodId }  PayPal's customer and the payment token of the vaulted wallet
 *                                            (the `vault_id` of the renewals' orders)
 *
 * See docs/decisions/020-paypal-vault-for-renewals.md for why PayPal's token lives there and not in a column.
 */

/** The providers that can charge a later period without the shopper. */
export const RENEWING_PROVIDERS: readonly PaymentProviderName[] = ['stripe', 'paypal'];

export interface SavedPaymentMethod {
  /** Stripe: the customer. PayPal: PayPal's customer of the vaulted wallet (not needed to charge it). */
  customerId: string;
  /** Stripe: the payment method (card, SEPA mandate). PayPal: the payment token id (`vault_id`). */
  paymentMethodId: string;
}

/** The provider whose saved method pays this subscription's renewals. */
export function renewalProviderOf(subscription: Subscription): PaymentProviderName {
  if (savedUnder(subscription, 'paypal')) return 'paypal';
  if (savedUnder(subscription, 'stripe')) return 'stripe';
  // Not saved yet (the first payment's webhook came before anything was stored): the method it was paid with.
  return subscription.data.paymentMethod === 'paypal' ? 'paypal' : 'stripe';
}

/** The method saved for the renewals, when there is one. */
export const savedMethodOf = (subscription: Subscription): SavedPaymentMethod | undefined =>
  savedUnder(subscription, renewalProviderOf(subscription));

const savedUnder = (subscription: Subscription, provider: PaymentProviderName) =>
  savedMethodFrom(provider, subscription.data[provider] as Partial<SavedPaymentMethod> | undefined);

/**
 * A saved method as stored or as the provider reports it after a paid first payment; undefined when there is
 * none (yet). Stripe charges a method only with its customer; PayPal's token is enough on its own.
 */
export function savedMethodFrom(
  provider: PaymentProviderName,
  found: { customerId?: string; paymentMethodId?: string } | undefined,
): SavedPaymentMethod | undefined {
  return found?.paymentMethodId && (provider === 'paypal' || found.customerId)
    ? { customerId: found.customerId ?? '', paymentMethodId: found.paymentMethodId }
    : undefined;
}

/** How the owner's mails name the provider. */
export const PROVIDER_TITLES: Record<PaymentProviderName, string> = { stripe: 'Stripe', paypal: 'PayPal' };

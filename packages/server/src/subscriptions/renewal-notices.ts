import { formatMoney } from '@baukasten/commerce';
import type {
  NewEmail,
  Order,
  Payment,
  PaymentProviderName,
  Storage,
  Subscription,
  Website,
} from '@baukasten/storage';
import { html } from '../email/email-templates.js';
import { shopReplyTo } from '../email/shop-sender.js';
import { stockTakenBy } from '../payments/payment-deadlines.js';
import type { PaymentSnapshot } from '../payments/payment-gateway.js';
import { type PublicUrl, siteBaseUrl } from '../site-url.js';
import { PROVIDER_TITLES } from './saved-payment-method.js';
import type { NotPlacedReason, UnplacedChargeRefund } from './subscription-renewals.js';

/*
 * What owner and shopper hear when a renewal goes wrong after the charge was asked for (issue #20): its order
 * could not be placed (product deleted or sold out; the money went back), or the SEPA-Lastschrift that was
 * `processing` failed at the bank. Either way the subscription is past due: nothing more is charged until the
 * owner sorts it out, and both know why.
 */

const REASON_TEXTS: Record<NotPlacedReason, string> = {
  'product-unavailable': 'Der Artikel ist im Shop nicht mehr erhältlich.',
  'sold-out': 'Der Artikel war zum Verlängerungstermin ausverkauft.',
};

/** The German reason for a renewal that failed, as the owner's mail and the order show it. */
export const notPlacedReasonText = (reason: NotPlacedReason) => REASON_TEXTS[reason];

const periodAmount = (subscription: Subscription, website: Website) =>
  formatMoney(subscription.priceMinor * subscription.quantity, subscription.currency, website.locale);

function mail(kind: string, to: string, subject: string, paragraphs: string[]): NewEmail {
  return { kind, to, subject, text: `${paragraphs.join('\n\n')}\n`, html: html(subject, paragraphs) };
}

/** Owner and shopper: the period's order could not be placed, and what became of its charge. */
export async function renewalNotPlacedEmails(
  storage: Storage,
  website: Website,
  subscription: Subscription,
  reason: NotPlacedReason,
  shopUrl: string,
  refund: UnplacedChargeRefund = 'none',
  /** Who took the period's money (and refunded it). */
  provider: PaymentProviderName = 'stripe',
): Promise<NewEmail[]> {
  const title = PROVIDER_TITLES[provider];
  const why = notPlacedReasonText(reason);
  const amount = periodAmount(subscription, website);
  const shopperMoney = {
    none: 'Es wurde nichts abgebucht.',
    refunded: `Die bereits abgebuchten ${amount} haben wir dir vollständig erstattet.`,
    'pending-charge':
      provider === 'stripe'
        ? `Die Lastschrift über ${amount} war schon unterwegs; der Shop erstattet sie dir, sobald sie eingegangen ist.`
        : `Die Zahlung über ${amount} war schon unterwegs; der Shop erstattet sie dir, sobald sie eingegangen ist.`,
  }[refund];
  const ownerMoney = {
    none: 'Es wurde nichts abgebucht.',
    refunded: `Die bereits eingezogenen ${amount} wurden automatisch über ${title} erstattet.`,
    'pending-charge':
      provider === 'stripe'
        ? `Die Lastschrift über ${amount} ist bei Stripe noch in Bearbeitung und kann erst danach erstattet werden: Bitte erstatte sie im Stripe-Dashboard, sobald sie eingegangen ist.`
        : `Die Zahlung über ${amount} ist bei PayPal noch in Bearbeitung und kann erst danach erstattet werden: Bitte erstatte sie in deinem PayPal-Geschäftskonto, sobald sie eingegangen ist.`,
  }[refund];
  const mails = [
    mail(
      'subscription-renewal-not-placed',
      subscription.customerEmail,
      `Dein Abo „${subscription.productName}“ konnte nicht verlängert werden`,
      [
        'Hallo,',
        `dein Abo „${subscription.productName}“ bei ${website.title} konnte nicht verlängert werden. ${why}`,
        `${shopperMoney} Es wird nichts weiter abgebucht, bis der Shop sich bei dir meldet.`,
        `Fragen? ${shopUrl}`,
      ],
    ),
  ];
  const owner = await shopReplyTo(storage, website);
  if (owner) {
    mails.push(
      mail(
        'subscription-renewal-not-placed-owner',
        owner,
        `Abo-Verlängerung nicht möglich: ${subscription.productName}`,
        [
          `Die Verlängerung des Abos „${subscription.productName}“ von ${subscription.customerEmail} konnte nicht bestellt werden.`,
          `Grund: ${why}`,
          ownerMoney,
          'Das Abo ist überfällig und wird nicht weiter abgebucht, bis du den Artikel wieder anbietest und dich bei der Kundin oder dem Kunden meldest.',
        ],
      ),
    );
  }
  return mails;
}

/**
 * Settlement hook (payments/order-paid.ts): a renewal's SEPA-Lastschrift failed at the bank. Once (the
 * renewal answers only the first call): the waiting order is cancelled with its stock back, the subscription
 * is past due, and shopper and owner get a German notice. Other orders' failed payments are left as they are
 * (the shopper can pay again from the confirmation page).
 */
export async function whenRenewalPaymentFailed(
  tx: Storage,
  payment: Payment,
  snapshot: PaymentSnapshot,
  publicUrl: () => PublicUrl,
  now = Date.now(),
): Promise<void> {
  const code = snapshot.failureCode ?? 'failed';
  const paypal = payment.provider === 'paypal';
  const renewal = await tx.subscriptions.renewalPaymentFailed(payment.websiteId, payment.orderId, code, now);
  if (!renewal) return;
  const website = await tx.websites.findById(payment.websiteId);
  const subscription = await tx.subscriptions.findById(payment.websiteId, renewal.subscriptionId);
  if (!website || !subscription) return;
  const cancelled = await tx.orders.cancel(website.id, payment.orderId, stockTakenBy, now);
  await tx.payments.clearDeadline(website.id, payment.orderId);
  const order: Order | undefined = cancelled.outcome === 'changed' ? cancelled.order : undefined;
  if (order) {
    await tx.payments.setOrderData(website.id, order.id, {
      ...order.data,
      cancelledReason: paypal
        ? 'Die PayPal-Zahlung für diese Abo-Verlängerung ist fehlgeschlagen.'
        : 'Die Lastschrift für diese Abo-Verlängerung ist fehlgeschlagen.',
    });
  }
  const shopUrl = siteBaseUrl(website, publicUrl());
  const amount = periodAmount(subscription, website);
  // A PayPal renewal whose capture was pending (PayPal's review, an eCheck) and then denied.
  const shopperSubject = paypal
    ? `Zahlung für dein Abo „${subscription.productName}“ fehlgeschlagen`
    : `Lastschrift für dein Abo „${subscription.productName}“ fehlgeschlagen`;
  const shopperWhat = paypal
    ? `die PayPal-Zahlung über ${amount} für dein Abo „${subscription.productName}“ bei ${website.title} konnte nicht abgeschlossen werden (PayPal hat sie abgelehnt).`
    : `die SEPA-Lastschrift über ${amount} für dein Abo „${subscription.productName}“ bei ${website.title} konnte nicht eingezogen werden (die Bank hat sie zurückgegeben).`;
  await tx.outbox.enqueue(
    website.id,
    mail('subscription-payment-failed', subscription.customerEmail, shopperSubject, [
      'Hallo,',
      shopperWhat,
      'Dein Abo ist deshalb überfällig: Wir liefern und buchen nichts weiter ab, bis die Zahlung geklärt ist. Bitte melde dich beim Shop.',
      `Zum Shop: ${shopUrl}`,
    ]),
  );
  const owner = await shopReplyTo(tx, website);
  if (owner) {
    await tx.outbox.enqueue(
      website.id,
      mail(
        'subscription-payment-failed-owner',
        owner,
        `${paypal ? 'Abo-Zahlung' : 'Abo-Lastschrift'} fehlgeschlagen: ${subscription.productName}`,
        [
          `Die ${paypal ? 'PayPal-Zahlung' : 'SEPA-Lastschrift'} über ${amount} für das Abo „${subscription.productName}“ von ${subscription.customerEmail} ist fehlgeschlagen (Grund laut ${paypal ? 'PayPal' : 'Stripe'}: ${code}).`,
          'Die Bestellung dieser Verlängerung wurde storniert, der Bestand zurückgebucht. Das Abo ist überfällig und wird nicht weiter abgebucht.',
        ],
      ),
    );
  }
}

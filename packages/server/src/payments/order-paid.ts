import type { Order, Storage, Website } from '@baukasten/storage';
import { recordPurchase } from '../analytics/purchase-event.js';
import { activateGiftCardsOf } from '../gift-cards/gift-card-activation.js';
import { issueInvoiceFor } from '../invoices/invoice-service.js';
import { type PublicUrl, siteBaseUrl } from '../site-url.js';
import { whenRenewalPaymentFailed } from '../subscriptions/renewal-notices.js';
import { savedMethodFrom } from '../subscriptions/saved-payment-method.js';
import { emitOrderEvent } from '../webhooks/webhook-events.js';
import { latePaymentHooks } from './payment-deadlines.js';
import { paymentReceivedEmail } from './payment-emails.js';
import type { SettleHooks } from './settle-payment.js';

/*
 * "The order became paid", one function for every door: the provider's webhook, the shopper's return, the
 * owner's "Zahlung erhalten" for Vorkasse. It runs inside the transaction that marked the order paid, so
 * each piece happens exactly once with it: bought gift cards get their codes and go out, and the shopper
 * gets the "Zahlung eingegangen" mail with the download links that open from now on and the invoice PDF.
 */
export async function whenOrderPaid(
  tx: Storage,
  website: Website,
  order: Order,
  shopUrl: string,
): Promise<void> {
  // The invoice takes its number in this transaction: paid and invoiced commit together (§ 14 UStG).
  const invoice = await issueInvoiceFor(tx, website, order);
  // Paid: the order's reservation or Vorkasse days end here (payment-deadlines.ts).
  await tx.payments.clearDeadline(website.id, order.id);
  await activateGiftCardsOf(tx, website, order, shopUrl);
  // Issue 23: the paid order counts as a purchase with its revenue, once (analytics/purchase-event.ts).
  await recordPurchase(tx, website, order);
  await emitOrderEvent(tx, 'order.paid', order);
  // The owner's timeline of the order (issue #23), with the change it tells about.
  await tx.orderEvents.add(website.id, { orderId: order.id, kind: 'paid' });
  if (order.customerEmail) {
    await tx.outbox.enqueue(website.id, {
      ...paymentReceivedEmail({ order, siteTitle: website.title, locale: website.locale, shopUrl }),
      // Issue 21: the invoice PDF, rendered by the outbox worker when it sends the mail.
      ...(invoice ? { attachments: [{ kind: 'invoice' as const, number: invoice.number }] } : {}),
    });
  }
}

/** The settlement hooks: the website and its address are looked up from the order the payment belongs to. */
export function orderPaidHooks(publicUrl: () => PublicUrl): SettleHooks {
  return {
    // Money after the order's reservation ran out: kept when the stock allows, else refunded.
    ...latePaymentHooks(),
    // A renewal's SEPA-Lastschrift returned by the bank: its order is cancelled, the subscription past due.
    onFailed: (tx, payment, snapshot) => whenRenewalPaymentFailed(tx, payment, snapshot, publicUrl),
    async onPaid(tx, order, payment, snapshot) {
      const website = await tx.websites.findById(order.websiteId);
      if (!website) return;
      // A subscription's first payment at Stripe or PayPal: its saved method (ids only, never card data or a
      // PayPal login) for the renewals, under the provider's name (subscriptions/saved-payment-method.ts).
      const saved = savedMethodFrom(payment.provider, snapshot);
      if (saved) {
        const subscription = await tx.subscriptions.findByOrder(order.websiteId, order.id);
        if (subscription) {
          await tx.subscriptions.mergeData(order.websiteId, subscription.id, { [payment.provider]: saved });
        }
      }
      await whenOrderPaid(tx, website, order, siteBaseUrl(website, publicUrl()));
    },
  };
}

import { formatMoney } from '@baukasten/commerce';
import type { NewEmail, Order } from '@baukasten/storage';
import { escapeHtml, html } from './email-templates.js';

/*
 * Order confirmation and gift card emails. Checkout enqueues them in its order transaction
 * (`tx.outbox.enqueue(website.id, orderConfirmationEmail(...))`) so an order never lacks its mail.
 */

export interface OrderConfirmationInput {
  order: Order;
  siteTitle: string;
  locale: string;
  /** Link to the order status page, when the shop has one. */
  orderStatusUrl?: string;
}

export function orderConfirmationEmail({
  order,
  siteTitle,
  locale,
  orderStatusUrl,
}: OrderConfirmationInput): NewEmail {
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const subject = `Deine Bestellung Nr. ${order.orderNumber} bei ${siteTitle}`;
  const lines = order.items.map(
    (item) =>
      `${item.quantity} × ${item.productName} (${item.sku}): ${money(item.quantity * item.unitPriceMinor)}`,
  );
  const totals = [
    `Zwischensumme: ${money(order.subtotalMinor)}`,
    ...(order.discountMinor > 0 ? [`Rabatt: −${money(order.discountMinor)}`] : []),
    `Versand: ${money(order.shippingMinor)}`,
    `Steuern: ${money(order.taxMinor)}`,
    `Gesamtsumme: ${money(order.grandTotalMinor)}`,
  ];
  const intro = [
    'Hallo,',
    `vielen Dank für deine Bestellung bei ${siteTitle}! Wir haben sie erhalten und bearbeiten sie jetzt.`,
    ...(order.testMode ? ['Dies ist eine Testbestellung; es wurde nichts berechnet.'] : []),
  ];
  const text = [...intro, lines.join('\n'), totals.join('\n')].join('\n\n');
  const link = orderStatusUrl ? { href: orderStatusUrl, label: 'Bestellstatus ansehen' } : undefined;
  return {
    kind: 'order-confirmation',
    to: order.customerEmail ?? '',
    subject,
    text: `${text}\n${orderStatusUrl ? `\nBestellstatus: ${orderStatusUrl}\n` : ''}`,
    html: html(subject, [...intro, lines.join('\n'), totals.join('\n')], link),
  };
}

export interface GiftCardInput {
  to: string;
  siteTitle: string;
  locale: string;
  code: string;
  amountMinor: number;
  currency: string;
  /** Name of whoever bought it, when it is a present. */
  fromName?: string;
  shopUrl: string;
}

export function giftCardEmail(input: GiftCardInput): NewEmail {
  const amount = formatMoney(input.amountMinor, input.currency, input.locale);
  const subject = `Dein Gutschein über ${amount} für ${input.siteTitle}`;
  const lines = [
    'Hallo,',
    input.fromName
      ? `${input.fromName} schenkt dir einen Gutschein über ${amount} für ${input.siteTitle}.`
      : `hier ist dein Gutschein über ${amount} für ${input.siteTitle}.`,
    `Dein Gutscheincode: ${input.code}`,
    'Gib den Code an der Kasse ein; ein Restbetrag bleibt für deinen nächsten Einkauf erhalten.',
  ];
  return {
    kind: 'gift-card',
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\nZum Shop: ${input.shopUrl}\n`,
    html: html(subject, lines, { href: input.shopUrl, label: 'Zum Shop' }).replace(
      escapeHtml(input.code),
      `<strong>${escapeHtml(input.code)}</strong>`,
    ),
  };
}

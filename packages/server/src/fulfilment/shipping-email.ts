import { carrierName, trackingUrlOf } from '@baukasten/commerce';
import type { NewEmail, Order, Shipment } from '@baukasten/storage';
import { html } from '../email/email-templates.js';

/*
 * "Deine Bestellung ist unterwegs": one mail per shipment, queued in the transaction that records it.
 * Built with the same helpers as every other shop mail (email-templates.ts), so a restyling of the mails
 * reaches this one too. The tracking link is the carrier's public page; the status link opens the
 * shop's order page, which lists every parcel of the order.
 */
export function shippingEmail(input: {
  order: Order;
  shipment: Shipment;
  siteTitle: string;
  /** Absolute link to the shop's order status page. */
  orderStatusUrl: string;
  /** The order now fully shipped (this was the last parcel). */
  complete: boolean;
}): NewEmail {
  const { order, shipment, siteTitle } = input;
  const carrier = carrierName(shipment.carrier);
  const trackingUrl = trackingUrlOf(shipment.carrier, shipment.trackingNumber);
  const subject = input.complete
    ? `Deine Bestellung Nr. ${order.orderNumber} ist unterwegs`
    : `Ein Teil deiner Bestellung Nr. ${order.orderNumber} ist unterwegs`;
  const lines = shipment.lines.map((line) => {
    const item = order.items.find((i) => i.id === line.orderItemId);
    return `– ${line.quantity} × ${item?.productName ?? 'Artikel'}`;
  });
  const paragraphs = [
    'Hallo,',
    input.complete
      ? `${siteTitle} hat deine Bestellung Nr. ${order.orderNumber} mit ${carrier} verschickt.`
      : `${siteTitle} hat einen Teil deiner Bestellung Nr. ${order.orderNumber} mit ${carrier} verschickt; der Rest folgt in einer weiteren Sendung.`,
    `In diesem Paket:\n${lines.join('\n')}`,
    shipment.trackingNumber
      ? `Sendungsnummer: ${shipment.trackingNumber}${trackingUrl ? `\nSendung verfolgen: ${trackingUrl}` : ''}`
      : `Für diese Sendung gibt es keine Sendungsnummer.`,
    `Den Stand deiner Bestellung siehst du jederzeit hier: ${input.orderStatusUrl}`,
  ];
  return {
    kind: 'shipping',
    to: order.customerEmail ?? '',
    subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: html(
      subject,
      paragraphs,
      trackingUrl ? { href: trackingUrl, label: `Sendung bei ${carrier} verfolgen` } : undefined,
    ),
  };
}

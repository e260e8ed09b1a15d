import { carrierName, trackingUrlOf } from '@baukasten/commerce';
import type { NewEmail, Order, Shipment } from '@baukasten/storage';
import { shopMailHtml } from '../email/email-templates.js';
import type { MailBlock, MailItem } from '../email/mail-content.js';

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
  const items = shipment.lines.flatMap((line): MailItem[] => {
    const item = order.items.find((i) => i.id === line.orderItemId);
    return [
      {
        name: item?.productName ?? 'Artikel',
        quantity: line.quantity,
        ...(item?.sku ? { detail: `Art.-Nr. ${item.sku}` } : {}),
        ...(item ? { itemId: item.itemId } : {}),
      },
    ];
  });
  // A parcel sent without naming the carrier ("Ausgeführt", fulfil-order.ts) has no carrier to name.
  const by = carrier ? ` mit ${carrier}` : '';
  const paragraphs = [
    'Hallo,',
    input.complete
      ? `${siteTitle} hat deine Bestellung Nr. ${order.orderNumber}${by} verschickt.`
      : `${siteTitle} hat einen Teil deiner Bestellung Nr. ${order.orderNumber}${by} verschickt; der Rest folgt in einer weiteren Sendung.`,
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
    // The shop's layout: the parcel's items as a table, the tracking link as the next step.
    html: shopMailHtml(
      subject,
      [
        ...paragraphs.slice(0, 2).map((text): MailBlock => ({ kind: 'text', text })),
        { kind: 'heading', text: 'In diesem Paket' },
        { kind: 'items', items },
        ...paragraphs.slice(3).map((text): MailBlock => ({ kind: 'text', text })),
        trackingUrl
          ? { kind: 'button', href: trackingUrl, label: `Sendung bei ${carrier} verfolgen` }
          : { kind: 'button', href: input.orderStatusUrl, label: 'Bestellstatus ansehen' },
      ],
      { shopName: siteTitle, shopUrl: input.orderStatusUrl },
    ),
  };
}
